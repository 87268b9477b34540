/**
 * `write_guardian_decision` samples: what the guardian decided about each candidate fact (written
 * or refused) with the file's content at the time, labelled by what the user did about it: a
 * correction or an early rollback makes a negative with the corrected decision; a decision nobody
 * corrected for the waiting days makes a positive.
 */
import type { SampleDraft } from "../core/dataset/assess-sample.js";
import type { ContentOf } from "../core/dataset/sample-types.js";
import type { CollectContext } from "./gate-samples.js";
import { type AuditVerdict, auditVerdict, factKey, fileContentWhenDecided } from "./guardian-verdicts.js";

/** Audits read per collection (every audit of a store is far fewer). */
const MAX_AUDITS = 1_000_000;

type Correction = NonNullable<ContentOf<"write_guardian_decision">["userCorrection"]>;

function correctionOf(verdict: AuditVerdict): Correction | null {
  const { correction, rollback } = verdict;
  if (correction !== null)
    return {
      originalDecision: verdict.decided,
      correctedDecision: correction.correctedStatus,
      correctedFact: correction.correctedStatus === "refused" ? null : correction.correctedFact,
      reason: correction.reason,
    };
  if (rollback !== null && verdict.rolledBackEarly)
    return {
      originalDecision: "written",
      correctedDecision: "refused",
      correctedFact: null,
      reason: rollback.reason ?? `rolled back by ${rollback.rolledBackBy}`,
    };
  return null;
}

/** Every guardian sample from the audits in the window. */
export async function guardianDrafts(context: CollectContext): Promise<SampleDraft[]> {
  const { store, settings, filter } = context;
  const audits = await store.listAudits({
    limit: MAX_AUDITS,
    status: ["written", "refused", "rolled_back"],
    ...(filter.since !== undefined ? { since: filter.since } : {}),
    ...(filter.until !== undefined ? { until: filter.until } : {}),
    ...(filter.sessionId !== undefined ? { sessionId: filter.sessionId } : {}),
  });
  // A correction's own write is the user's decision, not the guardian's.
  const corrections = await store.listCorrections({ limit: MAX_AUDITS });
  const appliedByUser = new Set(corrections.map((correction) => correction.appliedAuditId));
  const drafts: SampleDraft[] = [];
  for (const audit of audits.reverse()) {
    if (appliedByUser.has(audit.id)) continue;
    const verdict = await auditVerdict(store, audit, {
      waitDays: settings.criteria.positive.notRolledBackWithinDays,
      now: context.now,
    });
    if (verdict === null) continue;
    // A rollback forgets the fact everywhere (the audit and the gate's decision): never brought back.
    const fact = verdict.fact;
    if (fact === null) {
      context.leaveOut("the rollback forgot the fact");
      continue;
    }
    const userCorrection = correctionOf(verdict);
    if (userCorrection !== null && !settings.criteria.negative.hasBehaviorCorrection) {
      context.leaveOut("corrections are not collected");
      continue;
    }
    if (userCorrection === null && verdict.rollback !== null) {
      context.leaveOut("rolled back after it stood");
      continue;
    }
    if (userCorrection === null && !verdict.settled) {
      context.leaveOut(`decided less than ${settings.criteria.positive.notRolledBackWithinDays} days ago`);
      continue;
    }
    const content: ContentOf<"write_guardian_decision"> = {
      type: "write_guardian_decision",
      candidateFact: fact,
      targetFile: audit.targetFile,
      currentFileContent: await fileContentWhenDecided(store, audit),
      decision: verdict.decided,
      reason: audit.reason,
      rule: audit.rule,
      ...(userCorrection ? { userCorrection } : {}),
    };
    drafts.push({
      type: "write_guardian_decision",
      sourceKey: `audit:${audit.id}`,
      polarity: userCorrection ? "negative" : "positive",
      strategy: userCorrection ? (verdict.correction ? "manual_correction" : "rolled_back") : "auto_positive",
      turnId: audit.turnId,
      decisionId: audit.decisionId,
      auditId: audit.id,
      sessionId: audit.sessionId,
      taskId: null,
      lessonId: null,
      content,
      evidence: {
        confidence: null,
        humanJudged: userCorrection !== null,
        stood: userCorrection === null && verdict.decided === "written",
      },
      userFeedback: false,
      objection: false,
      patternKey: `${userCorrection?.correctedDecision ?? verdict.decided}:${audit.targetFile}:${factKey(fact)}`,
      sourceAt: audit.createdAt,
    });
  }
  return drafts;
}
