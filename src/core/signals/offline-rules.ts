/**
 * The offline (rule-based) feedback signal detector: no model, English and Chinese phrasing,
 * and conversation context (who spoke before, what the user asked first, which tool failed).
 *
 * Each rule is a named object with a description and an example so the rules document
 * themselves (`OFFLINE_SIGNAL_RULES`, docs/signal-rules.md). The rules live in user-rules.ts
 * and agent-rules.ts; this file runs them and settles conflicts within a message.
 */
import { AGENT_SIGNAL_RULES } from "./agent-rules.js";
import type { OfflineSignalRule, RuleMatch } from "./rule-context.js";
import { ConversationView } from "./rule-context.js";
import type { DetectedSignal, SignalMessage, SignalMessageRole } from "./signal-types.js";
import { USER_SIGNAL_RULES } from "./user-rules.js";

export type { OfflineSignalRule, RuleContext, RuleMatch } from "./rule-context.js";
export { RESTATEMENT_SIMILARITY } from "./user-rules.js";

/** Options of `detectSignalsOffline`. */
export interface OfflineDetectOptions {
  /** Signals under this confidence are dropped. Default 0.5 (the seed's extraction floor). */
  minConfidence?: number;
}

/** Every offline rule, in the order findings are reported within a message. */
export const OFFLINE_SIGNAL_RULES: readonly OfflineSignalRule[] = [
  ...USER_SIGNAL_RULES,
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

/**
 * Settle findings on one user message:
 * - a correction implies a reject, so user rejects are dropped, and so is a constraint whose
 *   text is the correction itself ("别用 npm，用 pnpm");
 * - success and reject together: the later one wins ("之前失败了，现在可以了" is a success);
 * - one signal per (type, source), the most confident.
 */
function settle(findings: Finding[]): Finding[] {
  let kept = findings;
  const corrections = kept.filter((finding) => finding.rule.type === "correction");
  if (corrections.length > 0) {
    kept = kept.filter(
      (finding) =>
        finding.rule.type !== "reject" &&
        !(finding.rule.type === "constraint" && corrections.some((c) => overlaps(c.match, finding.match))),
    );
  }
  const success = kept.find((finding) => finding.rule.type === "success");
  const reject = kept.find((finding) => finding.rule.type === "reject");
  if (success && reject) {
    const loser = success.match.start >= reject.match.start ? "reject" : "success";
    kept = kept.filter((finding) => finding.rule.type !== loser);
  }
  const best = new Map<string, Finding>();
  for (const finding of kept) {
    const key = `${finding.rule.type}/${finding.rule.source}`;
    const current = best.get(key);
    if (current === undefined || finding.match.confidence > current.match.confidence) best.set(key, finding);
  }
  return [...best.values()];
}

/**
 * Detect feedback signals in a conversation with the offline rules. Pure and synchronous.
 * Returns signals in message order; `turn` indexes `messages`. Confidence is rounded to
 * two decimals; signals under `minConfidence` (default 0.5) are dropped.
 */
export function detectSignalsOffline(
  messages: readonly SignalMessage[],
  options: OfflineDetectOptions = {},
): DetectedSignal[] {
  const minConfidence = options.minConfidence ?? 0.5;
  const view = new ConversationView(messages);
  const signals: DetectedSignal[] = [];
  messages.forEach((message, index) => {
    const rules = RULES_BY_ROLE[message.role];
    if (rules.length === 0 || message.content.trim().length === 0) return;
    const findings: Finding[] = [];
    for (const rule of rules) {
      const match = rule.detect({ view, index, message });
      if (match !== undefined) findings.push({ rule, match });
    }
    for (const { rule, match } of settle(findings)) {
      const confidence = Math.round(match.confidence * 100) / 100;
      if (confidence < minConfidence) continue;
      signals.push({
        turn: index,
        type: rule.type,
        source: rule.source,
        confidence,
        evidence: match.evidence,
        rule: rule.id,
      });
    }
  });
  return signals;
}
