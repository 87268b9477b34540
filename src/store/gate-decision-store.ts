/**
 * The storage port of the memory gate: its decision log, the stats over it, and the stored turns
 * it reads (a turn with the window of messages before it).
 */
import type { GateDecision, GateTurn } from "../core/memory-gate/gate-decision.js";
import type { MessageKind, MessageRole } from "../core/types.js";

/** One decision of the gate, as stored. */
export interface GateDecisionRecord {
  /** ULID. */
  id: string;
  /** The stored turn decided on; null for a turn given directly (stdin, MCP). */
  turnId: string | null;
  /** The stored session of the turn, or null. */
  sessionId: string | null;
  decision: GateDecision;
  reason: string;
  /**
   * The fact to write; null for NO_WRITE, and once forgotten (the guardian's write of it was rolled
   * back: the fact, the reason quoting the user, the model's reply and a direct turn's input go).
   */
  candidateFact: string | null;
  /** The offline rule that decided, `model`, or `correction:N`; null when nothing fired. */
  decidedBy: string | null;
  /** The deciding rule's confidence (offline), else null. */
  confidence: number | null;
  /** The model's id, or `offline-rules/v1`. */
  model: string;
  latencyMs: number | null;
  promptTokens: number | null;
  completionTokens: number | null;
  /** The model's reply as it came (redacted), when raw responses are kept. */
  rawResponse: string | null;
  /** What degraded (the model failed and the offline rules decided), or null. */
  warning: string | null;
  /** The message range of the window read, for a stored turn. */
  contextStartSeq: number | null;
  contextEndSeq: number | null;
  /** The window read, for a turn given directly (redacted). */
  input: GateTurn | null;
  createdAt: number;
}

/** Which decisions a listing or the stats cover. */
export interface GateDecisionFilter {
  /** Epoch ms, inclusive. */
  since?: number;
  /** Epoch ms, exclusive. */
  until?: number;
  decisions?: readonly GateDecision[];
  sessionId?: string;
}

/** How stats are grouped: one row overall, or per UTC day, per week (from Monday), per session. */
export type GateStatsGrouping = "all" | "day" | "week" | "session";

/** One row of gate stats. */
export interface GateStatsRow {
  /** "all", a day (2026-11-23), the Monday a week starts on, or a session id ("-" for none). */
  period: string;
  total: number;
  decisions: Record<GateDecision, number>;
  /** Decided by a model, and of all, how many fell back to the offline rules with a warning. */
  byModel: number;
  fallbacks: number;
  avgLatencyMs: number | null;
  promptTokens: number;
  completionTokens: number;
}

/** A stored conversation turn (table conversation_turns). */
export interface StoredTurn {
  id: string;
  sessionId: string;
  turnNumber: number;
  userMessageId: string | null;
  userMessageContent: string;
  agentMessageContent: string;
  contextStartSeq: number;
  endSeq: number;
  createdAt: number;
}

/** A message of a turn's window. */
export interface WindowMessage {
  seq: number;
  role: MessageRole;
  kind: MessageKind;
  content: string;
  isMeta: boolean;
  createdAt: number;
}

/** A stored turn with the conversation messages up to its end, oldest first. */
export interface TurnWindow {
  turn: StoredTurn;
  /** The last `size` user and assistant text messages with seq ≤ the turn's end (no sidechains). */
  messages: WindowMessage[];
  /** seq of the turn's user message, when it is stored. */
  userSeq: number | null;
}

/** Where gate decisions are kept. */
export interface GateDecisionStore {
  recordGateDecision(record: GateDecisionRecord): Promise<void>;
  /**
   * Records a decision on a stored turn unless the turn has one already (another process decided it
   * first): false then, and nothing is recorded.
   */
  recordTurnDecision(record: GateDecisionRecord & { turnId: string }): Promise<boolean>;
  getGateDecision(id: string): Promise<GateDecisionRecord | null>;
  /** Newest first. */
  listGateDecisions(filter: GateDecisionFilter & { limit: number }): Promise<GateDecisionRecord[]>;
  /** Every decision matching `filter`, oldest first, a page at a time (for exports). */
  iterateGateDecisions(filter: GateDecisionFilter): Iterable<GateDecisionRecord>;
  gateStats(filter: GateDecisionFilter & { groupBy: GateStatsGrouping }): Promise<GateStatsRow[]>;
  /**
   * Stored turns the gate has not decided on yet, oldest first. Only turns where the user spoke:
   * never a subagent's session (its prompts come from the parent agent) or a sidechain message.
   */
  turnsWithoutGateDecision(filter: {
    sessionId?: string;
    since?: number;
    limit: number;
  }): Promise<StoredTurn[]>;
  /**
   * Writing decisions on stored turns, made before `before` and still holding their fact, that no
   * write-guardian audit names yet (the memory pipeline stopped between deciding and writing),
   * oldest first.
   */
  unwrittenDecisions(filter: {
    sessionId?: string;
    before: number;
    limit: number;
  }): Promise<GateDecisionRecord[]>;
  /** A turn and its window of `size` messages; null when there is no such turn. */
  turnWindow(turnId: string, size: number): Promise<TurnWindow | null>;
  /** The user and assistant text messages of a session with seq in [from, to]. */
  windowMessages(sessionId: string, from: number, to: number): Promise<WindowMessage[]>;
}
