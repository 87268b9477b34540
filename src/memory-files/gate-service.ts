/**
 * The memory gate as a service: decides a turn given directly (`tacit gate decide`, the MCP tool)
 * or a stored one (its window read from the store), with the configured model or the offline
 * rules, applies the user's corrections, and records every decision with its model, latency,
 * tokens and (when configured) the raw reply. A model that fails leaves the decision to the offline
 * rules, with a warning that is returned and stored.
 */
import { ulid } from "ulid";
import { NotFoundError } from "../core/errors.js";
import { applyCorrections } from "../core/memory-gate/corrections.js";
import { decide, ownWords } from "../core/memory-gate/decide.js";
import {
  type FutureCorrection,
  GATE_DECISIONS,
  type GateDecision,
  type GateMessage,
  type GateTurn,
  type GateVerdict,
  OFFLINE_GATE_MODEL,
} from "../core/memory-gate/gate-decision.js";
import { createRedactor, type Redactor } from "../core/redaction.js";
import type { ModelGate } from "../models/model-gate.js";
import type { GateDecisionRecord, StoredTurn, WindowMessage } from "../store/gate-decision-store.js";
import type { Store } from "../store/store.js";
import { decideWithModel } from "./gate-model.js";
import { DEFAULT_MEMORY_GATE_SETTINGS, type GateMode, type MemoryGateSettings } from "./gate-settings.js";

/** What the gate service needs. */
export interface MemoryGateOptions {
  store: Pick<Store, "gateDecisions" | "getSession">;
  gate: ModelGate;
  now: () => number;
  settings?: Partial<MemoryGateSettings>;
  /**
   * The user's behaviour corrections to apply to future candidates (the write guardian's
   * `listFutureCorrections({ workspace })`); none when omitted.
   */
  corrections?: () => Promise<readonly FutureCorrection[]>;
  /** Redacts secrets from every message before the gate reads or stores it. Default: the built-in rules. */
  redact?: Redactor;
}

/** A decision as recorded, with what degraded on the way. */
export interface GateDecisionResult {
  record: GateDecisionRecord;
  /** Model fallbacks and provider warnings, for the caller to show. */
  warnings: string[];
}

/** What `decidePending` did. */
export interface GateRunSummary {
  /** False when the gate is disabled in the settings: nothing was decided. */
  enabled: boolean;
  decided: number;
  decisions: Record<GateDecision, number>;
  warnings: string[];
}

/** One message of a decision's context window. */
export interface GateContextMessage extends GateMessage {
  /** Its position in the session, for a stored turn; null for a turn given directly. */
  seq: number | null;
}

/** A verdict with who made it and at what cost, before it is recorded. */
export interface GateJudgement
  extends Pick<
    GateDecisionRecord,
    "model" | "latencyMs" | "promptTokens" | "completionTokens" | "rawResponse" | "warning"
  > {
  verdict: GateVerdict;
  /** Model fallbacks and provider warnings. */
  warnings: string[];
}

/** The memory gate service. */
export interface MemoryGate {
  readonly settings: MemoryGateSettings;
  /** Decides a turn without recording it (labelled sets); the turn is read as given. */
  judge(turn: GateTurn, options?: { mode?: GateMode }): Promise<GateJudgement>;
  /** Decides a turn given directly; `sessionId` must name a stored session when given. */
  decide(turn: GateTurn, options?: { sessionId?: string; mode?: GateMode }): Promise<GateDecisionResult>;
  /** Decides a stored turn from its window in the store. */
  decideStoredTurn(turnId: string, options?: { mode?: GateMode }): Promise<GateDecisionResult>;
  /**
   * Decides a stored turn the gate has not decided yet, once: null when it has a decision already
   * (another process may have decided it meanwhile; its decision stands and nothing is recorded).
   */
  decideNewTurn(turnId: string, options?: { mode?: GateMode }): Promise<GateDecisionResult | null>;
  /** Decides the stored turns not decided yet, oldest first (nothing when the gate is disabled). */
  decidePending(
    filter: { sessionId?: string; since?: number; limit: number },
    options?: { mode?: GateMode },
  ): Promise<GateRunSummary>;
  /** The window a decision read: the turn's messages from the store, or the input it was given. */
  context(record: GateDecisionRecord): Promise<GateContextMessage[]>;
}

/** Where a decision's turn came from. */
interface TurnOrigin {
  turnId: string | null;
  sessionId: string | null;
  contextStartSeq: number | null;
  contextEndSeq: number | null;
  input: GateTurn | null;
}

/** Creates the gate service. */
export function createMemoryGate(options: MemoryGateOptions): MemoryGate {
  const settings: MemoryGateSettings = { ...DEFAULT_MEMORY_GATE_SETTINGS, ...options.settings };
  const redact = options.redact ?? createRedactor();
  const clean = (text: string) => redact(text).text;
  const recentLimit = Math.max(0, settings.windowSize - 2);
  const { store, gate } = options;

  async function judge(turn: GateTurn, mode: GateMode): Promise<GateJudgement> {
    const corrections = (await options.corrections?.()) ?? [];
    const words = ownWords(turn.currentUserMessage);
    const warnings: string[] = [];
    const useModel = mode === "model" || (mode === "auto" && gate.model !== undefined);
    let rawResponse: string | null = null;
    let warning: string | null = null;
    if (useModel && words !== "") {
      const answer = await decideWithModel(gate, turn);
      warnings.push(...answer.warnings);
      if (answer.rawResponse !== null && settings.storeRawResponse) rawResponse = clean(answer.rawResponse);
      if (answer.ok) {
        const verdict = applyCorrections(answer.verdict, corrections, words);
        return {
          verdict: {
            ...verdict,
            candidateFact: verdict.candidateFact === null ? null : clean(verdict.candidateFact),
          },
          model: answer.model,
          latencyMs: answer.latencyMs,
          promptTokens: answer.promptTokens,
          completionTokens: answer.completionTokens,
          rawResponse,
          warning,
          warnings,
        };
      }
      warning = `the model did not decide (${answer.reason}: ${answer.detail}); the offline rules did`;
      warnings.push(`memory gate: ${warning}`);
    }
    const began = performance.now();
    const verdict = decide(turn, corrections);
    return {
      verdict,
      model: OFFLINE_GATE_MODEL,
      latencyMs: performance.now() - began,
      promptTokens: null,
      completionTokens: null,
      rawResponse,
      warning,
      warnings,
    };
  }

  /** The decision on a turn, as it will be recorded. */
  async function decision(turn: GateTurn, origin: TurnOrigin, mode: GateMode): Promise<GateDecisionResult> {
    const { verdict, warnings, ...fields } = await judge(turn, mode);
    const record: GateDecisionRecord = {
      id: ulid(options.now()),
      ...origin,
      decision: verdict.decision,
      reason: clean(verdict.reason),
      candidateFact: verdict.candidateFact,
      decidedBy: verdict.decidedBy,
      confidence: verdict.confidence,
      ...fields,
      createdAt: options.now(),
    };
    return { record, warnings };
  }

  async function decideAndRecord(turn: GateTurn, origin: TurnOrigin, mode: GateMode) {
    const result = await decision(turn, origin, mode);
    await store.gateDecisions.recordGateDecision(result.record);
    return result;
  }

  async function storedTurn(turnId: string): Promise<{ turn: GateTurn; origin: TurnOrigin }> {
    const window = await store.gateDecisions.turnWindow(turnId, settings.windowSize);
    if (window === null) throw new NotFoundError("turn", turnId);
    const { turn: stored, userSeq } = window;
    const before = window.messages.filter(
      (message) =>
        (userSeq === null || message.seq < userSeq) && !(message.role === "user" && isHarness(message)),
    );
    const recent = lastOf(before, recentLimit);
    return {
      turn: {
        recentMessages: recent.map((message) => ({ role: message.role, message: clean(message.content) })),
        currentUserMessage: clean(stored.userMessageContent),
        currentAgentReply: clean(stored.agentMessageContent),
      },
      origin: {
        turnId: stored.id,
        sessionId: stored.sessionId,
        contextStartSeq: recent[0]?.seq ?? userSeq ?? stored.contextStartSeq,
        contextEndSeq: stored.endSeq,
        input: null,
      },
    };
  }

  return {
    settings,
    judge: (turn, judgeOptions = {}) => judge(turn, judgeOptions.mode ?? settings.mode),
    async decide(turn, decideOptions = {}) {
      const sessionId = decideOptions.sessionId ?? null;
      if (sessionId !== null && (await store.getSession(sessionId)) === null)
        throw new NotFoundError("session", sessionId);
      const redacted: GateTurn = {
        recentMessages: lastOf(turn.recentMessages, recentLimit).map((message) => ({
          role: message.role,
          message: clean(message.message),
        })),
        currentUserMessage: clean(turn.currentUserMessage),
        currentAgentReply: clean(turn.currentAgentReply),
      };
      return decideAndRecord(
        redacted,
        { turnId: null, sessionId, contextStartSeq: null, contextEndSeq: null, input: redacted },
        decideOptions.mode ?? settings.mode,
      );
    },
    async decideStoredTurn(turnId, decideOptions = {}) {
      const { turn, origin } = await storedTurn(turnId);
      return decideAndRecord(turn, origin, decideOptions.mode ?? settings.mode);
    },
    async decideNewTurn(turnId, decideOptions = {}) {
      const { turn, origin } = await storedTurn(turnId);
      const result = await decision(turn, origin, decideOptions.mode ?? settings.mode);
      const recorded = await store.gateDecisions.recordTurnDecision({ ...result.record, turnId });
      return recorded ? result : null;
    },
    async decidePending(filter, decideOptions = {}) {
      const decisions = Object.fromEntries(GATE_DECISIONS.map((decision) => [decision, 0])) as Record<
        GateDecision,
        number
      >;
      const summary: GateRunSummary = { enabled: settings.enabled, decided: 0, decisions, warnings: [] };
      if (!settings.enabled) return summary;
      const turns: StoredTurn[] = await store.gateDecisions.turnsWithoutGateDecision(filter);
      for (const turn of turns) {
        const result = await this.decideNewTurn(turn.id, decideOptions);
        if (result === null) continue;
        const { record, warnings } = result;
        summary.decided += 1;
        decisions[record.decision] += 1;
        summary.warnings.push(...warnings);
      }
      return summary;
    },
    async context(record) {
      if (record.input !== null) {
        const { recentMessages, currentUserMessage, currentAgentReply } = record.input;
        return [
          ...recentMessages.map((message) => ({ ...message, seq: null })),
          { role: "user" as const, message: currentUserMessage, seq: null },
          ...(currentAgentReply === ""
            ? []
            : [{ role: "assistant" as const, message: currentAgentReply, seq: null }]),
        ];
      }
      if (record.sessionId === null || record.contextStartSeq === null || record.contextEndSeq === null)
        return [];
      const messages = await store.gateDecisions.windowMessages(
        record.sessionId,
        record.contextStartSeq,
        record.contextEndSeq,
      );
      return messages.map((message) => ({ role: message.role, message: message.content, seq: message.seq }));
    },
  };
}

/** A user row that is harness text (a command expansion, local command output), not the user's words. */
function isHarness(message: WindowMessage): boolean {
  return message.isMeta || ownWords(message.content) === "";
}

/** The last `count` items of `items` (none for 0). */
function lastOf<T>(items: readonly T[], count: number): T[] {
  return count === 0 ? [] : items.slice(-count);
}
