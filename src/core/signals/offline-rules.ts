/**
 * The offline (rule-based) feedback signal detector: no model, English and Chinese phrasing,
 * and conversation context (who spoke before, what the user asked first, which tool failed).
 *
 * Each rule is a named object with a description and an example so the rules document
 * themselves (`OFFLINE_SIGNAL_RULES`, docs/signal-rules.md). The rules live in user-rules.ts
 * and agent-rules.ts; this file runs them and settles conflicts within a message.
 */
import { AGENT_SIGNAL_RULES } from "./agent-rules.js";
import { GRADED_SIGNAL_RULES } from "./graded-rules.js";
import { GRADED_SUCCESS_RULES } from "./graded-success-rules.js";
import { IMPLICIT_SIGNAL_RULES } from "./implicit-rules.js";
import type { OfflineSignalRule, RuleMatch } from "./rule-context.js";
import { ConversationView } from "./rule-context.js";
import type { DetectedSignal, SignalMessage, SignalMessageRole } from "./signal-types.js";
import { FEEDBACK_SIGNAL_SOURCES, FEEDBACK_SIGNAL_TYPES } from "./signal-types.js";
import { USER_SIGNAL_RULES } from "./user-rules.js";

export { GRADED_CONFIDENCE } from "./graded-confidence.js";
export type { OfflineSignalRule, RuleContext, RuleMatch } from "./rule-context.js";
export { RESTATEMENT_SIMILARITY } from "./user-rules.js";

/**
 * Signals at or above this confidence are confident: learning (task experiences, lessons) reads
 * only these, and it is the default floor of `detectSignalsOffline`.
 */
export const CONFIDENT_SIGNAL_FLOOR = 0.5;

/**
 * The floor of graded output: `tacit signals detect` and live signals report signals from here
 * up, weak cues included (a bare "No,", a request to search again, a dislike).
 */
export const GRADED_SIGNAL_FLOOR = 0.1;

/** Options of `detectSignalsOffline`. */
export interface OfflineDetectOptions {
  /** Signals under this confidence are dropped. Default {@link CONFIDENT_SIGNAL_FLOOR}. */
  minConfidence?: number;
}

/** Every offline rule. Within a message, findings are settled and reported in a fixed order. */
export const OFFLINE_SIGNAL_RULES: readonly OfflineSignalRule[] = [
  ...USER_SIGNAL_RULES,
  ...GRADED_SIGNAL_RULES,
  ...GRADED_SUCCESS_RULES,
  ...IMPLICIT_SIGNAL_RULES,
  ...AGENT_SIGNAL_RULES,
];

const RULES_BY_ROLE: Readonly<Record<SignalMessageRole, readonly OfflineSignalRule[]>> = {
  user: OFFLINE_SIGNAL_RULES.filter((rule) => rule.roles.includes("user")),
  assistant: OFFLINE_SIGNAL_RULES.filter((rule) => rule.roles.includes("assistant")),
  tool: OFFLINE_SIGNAL_RULES.filter((rule) => rule.roles.includes("tool")),
  system: [],
};

interface Finding {
  rule: OfflineSignalRule;
  match: RuleMatch;
}

function overlaps(first: RuleMatch, second: RuleMatch): boolean {
  return first.start < second.end && second.start < first.end;
}

/** True when `first` beats `second` for the same (type, source): more confident, earlier, smaller id. */
function stronger(first: Finding, second: Finding): boolean {
  if (first.match.confidence !== second.match.confidence)
    return first.match.confidence > second.match.confidence;
  if (first.match.start !== second.match.start) return first.match.start < second.match.start;
  return first.rule.id < second.rule.id;
}

/** Report order within a message: by type, then source, in the vocabulary's order. */
function typeOrder(finding: Finding): number {
  return (
    FEEDBACK_SIGNAL_TYPES.indexOf(finding.rule.type) * FEEDBACK_SIGNAL_SOURCES.length +
    FEEDBACK_SIGNAL_SOURCES.indexOf(finding.rule.source)
  );
}

/**
 * Resolve conflicts between the findings on one message:
 * - a confident correction implies a reject, so user rejects are dropped, and so is a constraint
 *   whose text is the correction itself ("别用 npm，用 pnpm"); a graded one (a polite request) does not;
 * - success and reject together: the later one wins ("之前失败了，现在可以了" is a success), but a
 *   weak one (under the confident floor) never outweighs a confident one.
 * Several findings of one type may remain (every cue); `strongest` keeps one per type.
 */
function resolve(findings: Finding[]): Finding[] {
  let kept = findings;
  // A confident correction settles the rejects; a graded one (a polite request) sits beside them.
  const corrections = kept.filter(
    (finding) => finding.rule.type === "correction" && finding.match.confidence >= CONFIDENT_SIGNAL_FLOOR,
  );
  if (corrections.length > 0) {
    kept = kept.filter(
      (finding) =>
        finding.rule.type !== "reject" &&
        !(finding.rule.type === "constraint" && corrections.some((c) => overlaps(c.match, finding.match))),
    );
  }
  const success = strongest(kept.filter((finding) => finding.rule.type === "success"))[0];
  const reject = strongest(kept.filter((finding) => finding.rule.type === "reject"))[0];
  if (success && reject) {
    const weakReject = reject.match.confidence < CONFIDENT_SIGNAL_FLOOR;
    const weakSuccess = success.match.confidence < CONFIDENT_SIGNAL_FLOOR;
    const later = success.match.start >= reject.match.start ? "reject" : "success";
    const loser = weakReject === weakSuccess ? later : weakReject ? "reject" : "success";
    kept = kept.filter((finding) => finding.rule.type !== loser);
  }
  return kept;
}

/**
 * One finding per (type, source), the most confident; ties go to the earlier match, then the
 * rule id, so the order of the rules does not matter. Reported by type, then source.
 */
function strongest(findings: readonly Finding[]): Finding[] {
  const best = new Map<string, Finding>();
  for (const finding of findings) {
    const key = `${finding.rule.type}/${finding.rule.source}`;
    const current = best.get(key);
    if (current === undefined || stronger(finding, current)) best.set(key, finding);
  }
  return [...best.values()].sort((first, second) => typeOrder(first) - typeOrder(second));
}

/** Dissatisfaction and success: the two sides a cue can take in a turn's satisfaction. */
function polarity(finding: Finding): string {
  if (finding.rule.type === "success") return "satisfied";
  return finding.rule.type === "reject" ||
    finding.rule.type === "correction" ||
    finding.rule.type === "confusion"
    ? "dissatisfied"
    : finding.rule.type;
}

/**
 * The findings that are separate pieces of evidence: of findings on the same side whose matched
 * text overlaps ("不是这个文件，应该是 config.yaml" read as an opener, a correction phrase and a
 * replaced detail), only the strongest is kept, so one phrase is never counted twice. Findings
 * about the whole message (a restated request, a reply after a shortfall) match no text and stay.
 */
function distinctCues(findings: readonly Finding[]): Finding[] {
  const ordered = [...findings].sort((first, second) => (stronger(first, second) ? -1 : 1));
  const kept: Finding[] = [];
  for (const finding of ordered) {
    const side = polarity(finding);
    if (!kept.some((other) => polarity(other) === side && overlaps(other.match, finding.match)))
      kept.push(finding);
  }
  return kept.sort((first, second) => typeOrder(first) - typeOrder(second));
}

function asSignal(turn: number, { rule, match }: Finding): DetectedSignal {
  return {
    turn,
    type: rule.type,
    source: rule.source,
    confidence: Math.round(match.confidence * 100) / 100,
    evidence: match.evidence,
    rule: rule.id,
  };
}

/** What `detectOffline` finds: the reported signals and every cue behind them. */
export interface OfflineDetection {
  /** One signal per message, type and source, the strongest, at or above the floor. */
  signals: DetectedSignal[];
  /**
   * Every cue found, conflicts resolved (a correction's reject and a success or reject that lost
   * are gone), several per type possible, no floor. What a turn's satisfaction combines.
   */
  cues: DetectedSignal[];
}

/**
 * Run the offline rules over a conversation: the signals (see `detectSignalsOffline`) and every
 * cue behind them. Pure and synchronous.
 */
export function detectOffline(
  messages: readonly SignalMessage[],
  options: OfflineDetectOptions = {},
): OfflineDetection {
  const minConfidence = options.minConfidence ?? CONFIDENT_SIGNAL_FLOOR;
  const view = new ConversationView(messages);
  const signals: DetectedSignal[] = [];
  const cues: DetectedSignal[] = [];
  messages.forEach((message, index) => {
    const rules = RULES_BY_ROLE[message.role];
    if (rules.length === 0 || message.content.trim().length === 0) return;
    const findings: Finding[] = [];
    for (const rule of rules) {
      const match = rule.detect({ view, index, message });
      if (match !== undefined) findings.push({ rule, match });
    }
    const resolved = resolve(findings);
    for (const finding of distinctCues(resolved)) cues.push(asSignal(index, finding));
    for (const finding of strongest(resolved)) {
      const signal = asSignal(index, finding);
      if (signal.confidence >= minConfidence) signals.push(signal);
    }
  });
  return { signals, cues };
}

/**
 * Detect feedback signals in a conversation with the offline rules. Pure and synchronous.
 * Returns signals in message order; `turn` indexes `messages`. Confidence is rounded to
 * two decimals; signals under `minConfidence` (default {@link CONFIDENT_SIGNAL_FLOOR}) are dropped.
 */
export function detectSignalsOffline(
  messages: readonly SignalMessage[],
  options: OfflineDetectOptions = {},
): DetectedSignal[] {
  return detectOffline(messages, options).signals;
}
