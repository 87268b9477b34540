/**
 * What the memory gate decides about one conversation turn: whether anything in it belongs in a
 * long-term memory file, which file, and the fact to write. The types every part of the gate
 * shares (rules, the model's answer, corrections, the labelled sets). Pure.
 */

/** The six decisions, in the order listings show them. */
export const GATE_DECISIONS = [
  "NO_WRITE",
  "UPDATE_MEMORY",
  "UPDATE_USER",
  "UPDATE_SOUL",
  "UPDATE_IDENTITY",
  "UPDATE_TOOLS",
] as const;

/** One of {@link GATE_DECISIONS}. */
export type GateDecision = (typeof GATE_DECISIONS)[number];

/** A decision that writes: every one but NO_WRITE. */
export type WriteDecision = Exclude<GateDecision, "NO_WRITE">;

/** The memory file each writing decision targets. */
export const MEMORY_FILE_OF_DECISION: Readonly<Record<WriteDecision, string>> = {
  UPDATE_MEMORY: "MEMORY.md",
  UPDATE_USER: "USER.md",
  UPDATE_SOUL: "SOUL.md",
  UPDATE_IDENTITY: "IDENTITY.md",
  UPDATE_TOOLS: "TOOLS.md",
};

/**
 * The writing decision for a memory file name: "USER.md", "user.md" and "USER" all give
 * UPDATE_USER; anything else gives undefined.
 */
export function decisionForFile(name: string): WriteDecision | undefined {
  const stem = name.trim().replace(/\.md$/i, "").toUpperCase();
  const decision = `UPDATE_${stem}`;
  return decision in MEMORY_FILE_OF_DECISION ? (decision as WriteDecision) : undefined;
}

/** True for the five decisions that write. */
export function isWriteDecision(decision: GateDecision): decision is WriteDecision {
  return decision !== "NO_WRITE";
}

/** Who said a message of the window. */
export type GateRole = "user" | "assistant" | "system" | "tool";

/** One message of the window before the current turn. */
export interface GateMessage {
  role: GateRole;
  message: string;
}

/**
 * One turn as the gate reads it: the messages before it (oldest first, already cut to the
 * window), what the user said and what the agent replied.
 */
export interface GateTurn {
  recentMessages: readonly GateMessage[];
  currentUserMessage: string;
  currentAgentReply: string;
}

/** What one rule found in a turn. */
export interface GateFinding {
  /** The rule that found it. */
  ruleId: string;
  decision: GateDecision;
  /** How sure the rule is, 0..1; findings are combined by it (see `combineFindings`). */
  confidence: number;
  /** Why, in a sentence a reader understands without the rule's source. */
  reason: string;
  /** The fact to write (writing decisions only). */
  candidateFact?: string;
}

/** The gate's answer for one turn. */
export interface GateVerdict {
  decision: GateDecision;
  /** A clean, standalone fact; null for NO_WRITE. */
  candidateFact: string | null;
  reason: string;
  /** The rule whose finding decided, or `model`, or `correction:<index>`; null when nothing fired. */
  decidedBy: string | null;
  /** Confidence of the deciding finding (1 for a correction), null for a model's answer. */
  confidence: number | null;
  /** Every finding of every rule, strongest first (empty for a model's answer). */
  findings: readonly GateFinding[];
}

/**
 * A behaviour correction the user asked to apply to future candidates: when a candidate is
 * similar to `pattern`, the gate writes or refuses it as corrected. Stored by the write guardian;
 * the gate only reads them.
 */
export interface FutureCorrection {
  /** The text a future candidate is compared with (usually the corrected candidate fact). */
  pattern: string;
  correctedStatus: "written" | "refused";
  /** The memory file the candidate belongs in instead ("USER.md", or "USER"). */
  correctedTargetFile?: string;
  /** The fact to write instead. */
  correctedFact?: string;
  /** The file the corrected candidate was aimed at: the correction applies to candidates for it only. */
  originalFile?: string | null;
  /** When the user made it, epoch ms: of two corrections that match equally, the newer applies. */
  correctedAt?: number;
}

/** The name the offline rules are recorded under, in place of a model's name. */
export const OFFLINE_GATE_MODEL = "offline-rules/v1";
