/**
 * When a convention applies: the occasion its words name ("Every time you touch .gitlab-ci.yml",
 * "Before committing", 提交之前), used as its trigger before its kind of work. Pure.
 */
import { tellsDecision } from "../lexicon/decisions.js";
import { saysUpdate } from "../lexicon/update-cues.js";

/** Words that open an occasion, and the verbs that start the instruction said after it. */
const OPENS = "(before|after|when(?:ever)?|every ?time|each time)";
const STARTS = "run|use|do|make sure|check|add|put|ask|tell";

/**
 * The situation of a rule: up to a clause break (a "." inside ".gitlab-ci.yml" is not one) or the
 * verb that starts the instruction ("every time you touch .gitlab-ci.yml | run glab ci lint").
 */
const OCCASION = new RegExp(
  String.raw`\b${OPENS}\s+((?:(?!\s(?:(?:you|we)\s+)?(?:${STARTS}|always|never|please|don'?t|dont)\s)(?:[^,.;!?]|[.!?](?=\S))){3,60})`,
  "i",
);
/** An occasion said first and ended by a comma: all of it, whatever verbs it holds ("when you add an endpoint, …"). */
const OCCASION_FIRST = new RegExp(
  String.raw`^\W*(?:and\s+|also\s+)?${OPENS}\s+((?:(?!\s(?:you|we)\s+(?:always\s+|never\s+)?(?:${STARTS})\s)[^,;!?]){3,60}?),`,
  "i",
);
/**
 * A change told after the event that led to it ("after the code review with Ravi we're switching
 * private fields to _camelCase"): "after" then tells the story of the change, not when it applies.
 */
const tellsChangeAfter = (word: string, text: string): boolean =>
  word.toLowerCase() === "after" && (saysUpdate(text) || tellsDecision(text));

/** Someone did a thing, once: "we switched to …", "the team moved off …". */
const PAST_EVENT =
  /^\s*(?:we|they|i|the team|it)\s+(?:(?:just|finally|already|first)\s+)?(?:[a-z]+ed|went|made|broke|took|got|did)\b/i;

const ZH_OCCASION = /(?:每次|在)([^，,。；;！？!?]{2,30}?)(之前|前|之后|后|时|的时候)/;

/** The occasion a rule names ("Before committing", "提交之前"), or null. */
export function occasionOf(text: string, zh: boolean): string | null {
  if (zh) {
    const found = ZH_OCCASION.exec(text);
    return found ? `${found[1]}${/时|的时候/.test(found[2] ?? "") ? "" : found[2]}` : null;
  }
  const found = OCCASION_FIRST.exec(text) ?? OCCASION.exec(text);
  if (!found) return null;
  // "before you tell me something is done" says when it is checked, not a situation to recall in.
  const clause = text.slice(found.index ?? 0).split(/[,;!?]|\.(?!\S)/)[0] ?? "";
  if (/\b(?:done|finished|complete)\b/i.test(clause)) return null;
  // "Before you" names no situation.
  if (/^(?:you|we|i|it|they)$/i.test((found[2] ?? "").trim())) return null;
  const word = found[1] ?? "";
  if (tellsChangeAfter(word, text)) return null;
  // "moved when we switched to the otel prometheus exporter": when a thing happened, not when the rule applies.
  if (/^(?:when|after)$/i.test(word) && PAST_EVENT.test(found[2] ?? "")) return null;
  return `${word.charAt(0).toUpperCase()}${word.slice(1)} ${(found[2] ?? "").trim()}`;
}
