/**
 * Samples from the memory gate's decisions: `memory_gate_positive` (a proposed fact was written and
 * stood), `memory_gate_negative` (the guardian refused it for the fact itself, the user corrected or
 * rolled it back, or the gate said NO_WRITE and the user asked to remember much the same later), and
 * `annotated_turn` (a stored turn with both the gate's and the guardian's step labelled).
 */
import type { SampleDraft } from "../core/dataset/assess-sample.js";
import type { DatasetSettings } from "../core/dataset/dataset-settings.js";
import { factContainment } from "../core/dataset/quality.js";
import type { ContentOf, ConversationMessage } from "../core/dataset/sample-types.js";
import { wrongFile } from "../core/memory-files/file-routing.js";
import { ownWords } from "../core/memory-gate/decide.js";
import { decisionForFile, type GateDecision, isWriteDecision } from "../core/memory-gate/gate-decision.js";
import type { SourceFilter } from "../store/dataset-store.js";
import type { GateDecisionRecord } from "../store/gate-decision-store.js";
import type { Store } from "../store/store.js";
import { type AuditVerdict, auditVerdict, factKey, fileContentWhenDecided } from "./guardian-verdicts.js";

/** What collecting from one source needs. */
export interface CollectContext {
  store: Store;
  settings: DatasetSettings;
  now: number;
  filter: SourceFilter;
  /** Counts a source left out, by reason. */
  leaveOut(reason: string): void;
}

/** Guardian refusals that say the gate was wrong about the fact, and the decision it should have made. */
const GATE_MISTAKES: Readonly<Record<string, "NO_WRITE" | "named file">> = {
  sensitive: "NO_WRITE",
  "too-long": "NO_WRITE",
  temporary: "NO_WRITE",
  correction: "NO_WRITE",
  "wrong-file": "named file",
};

/** The share of a later fact's words the earlier message must hold to count as the same request. */
const SIMILAR_REQUEST = 0.6;

/** The gate's label of a decision, from what became of its write. */
type GateLabel =
  | { polarity: "positive"; strategy: string; humanJudged: boolean; stood: boolean; confirmed: boolean }
  | {
      polarity: "negative";
      strategy: string;
      humanJudged: boolean;
      correctDecision: GateDecision;
      correctFact: string | null;
      reason: string;
    };

/** The conversation a decision read: the user's own words and the agent's replies. */
async function conversationOf(store: Store, record: GateDecisionRecord): Promise<ConversationMessage[]> {
  const messages: Array<{ role: string; message: string; isMeta?: boolean }> = record.input
    ? [
        ...record.input.recentMessages,
        { role: "user", message: record.input.currentUserMessage },
        { role: "assistant", message: record.input.currentAgentReply },
      ]
    : record.sessionId !== null && record.contextStartSeq !== null && record.contextEndSeq !== null
      ? (
          await store.gateDecisions.windowMessages(
            record.sessionId,
            record.contextStartSeq,
            record.contextEndSeq,
          )
        ).map((message) => ({ role: message.role, message: message.content, isMeta: message.isMeta }))
      : [];
  return messages.flatMap((message): ConversationMessage[] => {
    if (message.isMeta) return [];
    if (message.role === "user") {
      const words = ownWords(message.message);
      return words === "" ? [] : [{ role: "user", message: words }];
    }
    return message.role === "assistant" && message.message.trim() !== ""
      ? [{ role: "agent", message: message.message }]
      : [];
  });
}

function labelOf(
  record: GateDecisionRecord,
  verdict: AuditVerdict,
  settings: DatasetSettings,
): GateLabel | string {
  const { positive, negative } = settings.criteria;
  const { correction, audit } = verdict;
  if (correction !== null) {
    if (!negative.hasBehaviorCorrection) return "corrections are not collected";
    if (correction.correctedStatus === "refused")
      return {
        polarity: "negative",
        strategy: "manual_correction",
        humanJudged: true,
        correctDecision: "NO_WRITE",
        correctFact: null,
        reason: correction.reason,
      };
    const file = correction.correctedFile ?? audit.targetFile;
    // The decision's fact is forgotten when the correction rolled its write back; a correction
    // that only moved it wrote it again (the verdict's fact).
    const proposed = record.candidateFact ?? verdict.fact;
    const fact = correction.correctedFact ?? proposed;
    const decision = decisionForFile(file) ?? record.decision;
    if (decision === record.decision && factKey(fact) === factKey(proposed))
      return {
        polarity: "positive",
        strategy: "manual_correction",
        humanJudged: true,
        stood: false,
        confirmed: true,
      };
    return {
      polarity: "negative",
      strategy: "manual_correction",
      humanJudged: true,
      correctDecision: decision,
      correctFact: fact,
      reason: correction.reason,
    };
  }
  if (verdict.rollback !== null) {
    if (!verdict.rolledBackEarly) return "rolled back after it stood";
    if (!negative.hasBehaviorCorrection) return "corrections are not collected";
    return {
      polarity: "negative",
      strategy: "rolled_back",
      humanJudged: true,
      correctDecision: "NO_WRITE",
      correctFact: null,
      reason: verdict.rollback.reason ?? `rolled back by ${verdict.rollback.rolledBackBy}`,
    };
  }
  if (verdict.decided === "refused") {
    if (!(negative.gateProposedWrite && negative.guardianRefused)) return "refusals are not collected";
    const mistake = GATE_MISTAKES[audit.rule ?? ""];
    if (mistake === undefined) return "refused for the file's state, not the fact";
    const routed = mistake === "named file" ? wrongFile(audit.targetFile, record.candidateFact ?? "") : null;
    const correctDecision =
      mistake === "NO_WRITE" ? "NO_WRITE" : routed ? decisionForFile(routed.belongsIn) : undefined;
    if (correctDecision === undefined || correctDecision === record.decision)
      return "refused without a better file named";
    return {
      polarity: "negative",
      strategy: "guardian_refused",
      humanJudged: false,
      correctDecision,
      correctFact: correctDecision === "NO_WRITE" ? null : record.candidateFact,
      reason: audit.reason,
    };
  }
  if (!positive.wasWritten) return "positives are not collected";
  if (!verdict.settled) return `written less than ${positive.notRolledBackWithinDays} days ago`;
  return {
    polarity: "positive",
    strategy: "auto_positive",
    humanJudged: false,
    stood: true,
    confirmed: false,
  };
}

/** The oldest audit of the decision that judged its fact (corrections' own writes come later). */
async function guardianVerdict(
  context: CollectContext,
  record: GateDecisionRecord,
): Promise<AuditVerdict | null> {
  const audits = await context.store.listAudits({ decisionId: record.id, limit: 100 });
  for (const audit of audits.reverse()) {
    const verdict = await auditVerdict(context.store, audit, {
      waitDays: context.settings.criteria.positive.notRolledBackWithinDays,
      now: context.now,
    });
    if (verdict !== null) return verdict;
  }
  return null;
}

function baseDraft(record: GateDecisionRecord, verdict: AuditVerdict | null) {
  return {
    turnId: record.turnId,
    decisionId: record.id,
    auditId: verdict?.audit.id ?? null,
    sessionId: record.sessionId,
    taskId: null,
    lessonId: null,
    sourceAt: record.createdAt,
  };
}

/** Objection and feedback in the turn after the decision's turn. */
async function followingFeedback(store: Store, turnId: string | null) {
  const signals = turnId === null ? [] : await store.datasets.signalsAfterTurn(turnId);
  return {
    objection: signals.some((signal) => signal.type === "correction" || signal.type === "reject"),
    feedback: signals.some((signal) => ["constraint", "preference", "confusion"].includes(signal.type)),
  };
}

async function writeDecisionDrafts(
  context: CollectContext,
  record: GateDecisionRecord,
): Promise<SampleDraft[]> {
  const verdict = await guardianVerdict(context, record);
  if (verdict === null) {
    context.leaveOut("no guardian outcome yet");
    return [];
  }
  const label = labelOf(record, verdict, context.settings);
  if (typeof label === "string") {
    context.leaveOut(label);
    return [];
  }
  const conversation = await conversationOf(context.store, record);
  const fact = record.candidateFact ?? "";
  const following =
    label.polarity === "positive" && !label.humanJudged
      ? await followingFeedback(context.store, record.turnId)
      : { objection: false, feedback: false };
  const evidence = {
    confidence: record.confidence,
    humanJudged: label.humanJudged,
    stood: label.polarity === "positive" && label.stood,
  };
  const content: ContentOf<"memory_gate_positive" | "memory_gate_negative"> =
    label.polarity === "positive"
      ? {
          type: "memory_gate_positive",
          conversation,
          correctDecision: record.decision,
          correctFact: fact,
          reason: record.reason,
          evidence: { wasWritten: true, ...(label.confirmed ? { userFeedback: "confirmed" as const } : {}) },
        }
      : {
          type: "memory_gate_negative",
          conversation,
          incorrectDecision: record.decision,
          incorrectFact: record.candidateFact ?? verdict.fact,
          correctDecision: label.correctDecision,
          correctFact: label.correctFact,
          rejectionReason: label.reason,
        };
  const drafts: SampleDraft[] = [
    {
      ...baseDraft(record, verdict),
      type: content.type,
      sourceKey: `decision:${record.id}`,
      polarity: label.polarity,
      strategy: label.strategy,
      content,
      evidence,
      userFeedback: following.feedback,
      objection: following.objection,
      patternKey:
        label.polarity === "positive"
          ? `${record.decision}:${factKey(fact)}`
          : `${record.decision}>${label.correctDecision}:${factKey(fact)}`,
    },
  ];
  if (record.turnId !== null) drafts.push(await annotatedTurn(context, record, verdict, label, conversation));
  return drafts;
}

async function annotatedTurn(
  context: CollectContext,
  record: GateDecisionRecord,
  verdict: AuditVerdict,
  label: GateLabel,
  conversation: ConversationMessage[],
): Promise<SampleDraft> {
  const { audit, correction, rollback } = verdict;
  const window = await context.store.gateDecisions.turnWindow(record.turnId as string, 2);
  const fact = verdict.fact ?? "";
  const output = { decision: verdict.decided, targetFile: audit.targetFile, fact, reason: audit.reason };
  const correctedGuardian = correction
    ? {
        decision: correction.correctedStatus,
        targetFile: correction.correctedFile ?? audit.targetFile,
        fact: correction.correctedStatus === "refused" ? null : (correction.correctedFact ?? fact),
        reason: correction.reason,
      }
    : rollback && verdict.rolledBackEarly
      ? {
          decision: "refused" as const,
          targetFile: audit.targetFile,
          fact: null,
          reason: rollback.reason ?? "rolled back",
        }
      : undefined;
  const gateLabel = label.polarity === "positive" ? "correct" : label.humanJudged ? "corrected" : "incorrect";
  const content: ContentOf<"annotated_turn"> = {
    type: "annotated_turn",
    conversationId: record.sessionId ?? "",
    turnNumber: window?.turn.turnNumber ?? 0,
    context: conversation,
    memoryGate: {
      output: { decision: record.decision, candidateFact: record.candidateFact, reason: record.reason },
      label: gateLabel,
      ...(label.polarity === "negative"
        ? { correctedOutput: { decision: label.correctDecision, candidateFact: label.correctFact } }
        : {}),
    },
    writeGuardian: {
      input: {
        candidateFact: fact,
        targetFile: audit.targetFile,
        currentContent: await fileContentWhenDecided(context.store, audit),
      },
      output,
      label: correctedGuardian ? "corrected" : "correct",
      ...(correctedGuardian ? { correctedOutput: correctedGuardian } : {}),
    },
  };
  return {
    ...baseDraft(record, verdict),
    type: "annotated_turn",
    sourceKey: `turn:${record.id}`,
    polarity: gateLabel === "correct" && !correctedGuardian ? "positive" : "negative",
    strategy: label.strategy,
    content,
    evidence: {
      confidence: record.confidence,
      humanJudged: label.humanJudged,
      stood: label.polarity === "positive" && label.stood,
    },
    userFeedback: false,
    objection: false,
    patternKey: `${record.decision}:${verdict.decided}:${factKey(fact)}`,
  };
}

/** Whether `next` decided a later turn than `record` (by position in the session, else by time). */
function comesAfter(next: GateDecisionRecord, record: GateDecisionRecord): boolean {
  if (next.contextEndSeq !== null && record.contextEndSeq !== null)
    return next.contextEndSeq > record.contextEndSeq;
  return next.createdAt > record.createdAt;
}

/** NO_WRITE decisions the user contradicted by asking to remember much the same later in the session. */
function missedRequests(
  record: GateDecisionRecord,
  later: readonly GateDecisionRecord[],
  conversation: ConversationMessage[],
): GateDecisionRecord | null {
  const said = conversation.filter((message) => message.role === "user").at(-1)?.message ?? "";
  if (said === "") return null;
  return (
    later.find(
      (next) =>
        comesAfter(next, record) &&
        isWriteDecision(next.decision) &&
        next.candidateFact !== null &&
        factContainment(next.candidateFact, said) >= SIMILAR_REQUEST,
    ) ?? null
  );
}

/** Every gate sample from the decisions in the window, oldest first. */
export async function gateDrafts(context: CollectContext): Promise<SampleDraft[]> {
  const records = [...context.store.gateDecisions.iterateGateDecisions(context.filter)];
  const bySession = new Map<string, GateDecisionRecord[]>();
  for (const record of records)
    if (record.sessionId !== null && isWriteDecision(record.decision))
      bySession.set(record.sessionId, [...(bySession.get(record.sessionId) ?? []), record]);
  const drafts: SampleDraft[] = [];
  for (const record of records) {
    if (isWriteDecision(record.decision)) {
      drafts.push(...(await writeDecisionDrafts(context, record)));
      continue;
    }
    if (!context.settings.criteria.negative.userLaterRequestedSimilar || record.sessionId === null) continue;
    const conversation = await conversationOf(context.store, record);
    const later = missedRequests(record, bySession.get(record.sessionId) ?? [], conversation);
    if (later === null) continue;
    drafts.push({
      ...baseDraft(record, null),
      type: "memory_gate_negative",
      sourceKey: `decision:${record.id}`,
      polarity: "negative",
      strategy: "user_later_requested_similar",
      content: {
        type: "memory_gate_negative",
        conversation,
        incorrectDecision: "NO_WRITE",
        incorrectFact: null,
        correctDecision: later.decision,
        correctFact: later.candidateFact,
        rejectionReason: `the user asked to remember much the same later: "${later.candidateFact}"`,
      },
      evidence: { confidence: 0.8, humanJudged: false, stood: false },
      userFeedback: false,
      objection: false,
      patternKey: `NO_WRITE>${later.decision}:${factKey(later.candidateFact)}`,
    });
  }
  return drafts;
}
