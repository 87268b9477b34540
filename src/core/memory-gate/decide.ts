/**
 * The memory gate's offline decision for one turn: which memory file, if any, something the user
 * said belongs in, with the fact to write and why. Reads only the user's own words (not the
 * agent's reply, tool output or harness text: only the user's words are facts about the user);
 * the window before the turn supplies the agent's last question. Runs every rule on every sentence
 * (`write-rules.ts`, `veto-rules.ts`), combines the findings (`combine-findings.ts`) and applies the
 * user's corrections (`corrections.ts`). Pure.
 */
import { userGoalText } from "../compaction/history.js";
import { languageOf } from "../lexicon/language.js";
import { splitSentences } from "../lexicon/tokenizer.js";
import { maskText } from "../signals/signal-text.js";
import { combineFindings } from "./combine-findings.js";
import { applyCorrections } from "./corrections.js";
import { asksToRemember, sentenceContext } from "./gate-context.js";
import type { FutureCorrection, GateFinding, GateTurn, GateVerdict } from "./gate-decision.js";
import type { GateRule } from "./gate-rule.js";
import { VETO_RULES } from "./veto-rules.js";
import { WRITE_RULES } from "./write-rules.js";

/** Every offline rule of the gate; their order does not matter. */
export const GATE_RULES: readonly GateRule[] = [...WRITE_RULES, ...VETO_RULES];

/** The reason of a NO_WRITE when the turn has no words of the user's own. */
export const NO_USER_WORDS =
  "no words of the user's own in this turn (empty, harness text or a command without arguments)";

/** The user's own words in a message: harness text, interrupt markers and empty text give "". */
export function ownWords(message: string): string {
  return userGoalText({ role: "user", content: message }) ?? "";
}

/**
 * Decides one turn offline. `corrections` are the user's behaviour corrections to apply to future
 * candidates (an empty list when there are none); `rules` default to {@link GATE_RULES}.
 */
export function decide(
  turn: GateTurn,
  corrections: readonly FutureCorrection[],
  rules: readonly GateRule[] = GATE_RULES,
): GateVerdict {
  const words = ownWords(turn.currentUserMessage);
  if (words === "") {
    return {
      decision: "NO_WRITE",
      candidateFact: null,
      reason: NO_USER_WORDS,
      decidedBy: null,
      confidence: null,
      findings: [],
    };
  }
  const sentences = splitSentences(words);
  const shared = {
    turn,
    words,
    language: languageOf(words),
    remember: asksToRemember(maskText(words)),
    previousAgentMessage:
      [...turn.recentMessages].reverse().find((message) => message.role === "assistant")?.message ?? "",
    sentenceCount: sentences.length,
  };
  const perSentence: GateFinding[][] = sentences.map((sentence, index) => {
    const context = sentenceContext(shared, sentence, index);
    return rules.flatMap((rule) => rule.decide(context) ?? []);
  });
  return applyCorrections(combineFindings(perSentence), corrections, words);
}
