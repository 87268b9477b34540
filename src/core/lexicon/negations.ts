/**
 * Negations: the words that say no. Read two ways, each entry saying which: a rule that `forbids`
 * rather than prescribes ("never …", "don't …", "must not …", "no new dependencies", 不要, 别, 禁止,
 * 不再) — an `avoid` lesson unless it also says what to do instead; and a reply that `refuses`
 * what was offered without saying what is wrong ("Not at this time", "I don't care as long as
 * it's cheap", "that won't work", "不用了") — the weakest graded cue of dissatisfaction. Lower
 * case, read with the `i` flag (the graded signals run it on masked text). Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/** How a negation reads: in a rule that forbids, or in a reply that refuses. */
export type NegationReading = "forbids" | "refuses";

/** One negation wording, and the readings it serves. */
export interface Negation extends LexiconEntry {
  readings: readonly NegationReading[];
}

const negation = (readings: readonly NegationReading[], pattern: RegExp, example: string): Negation => ({
  readings,
  pattern,
  example,
});
const FORBIDS = ["forbids"] as const;
const REFUSES = ["refuses"] as const;
const BOTH = ["forbids", "refuses"] as const;

/** Every negation, English then Chinese. */
export const NEGATIONS = defineLexicon("negations", [
  negation(FORBIDS, /\b(?:must not|mustn'?t|must never)\b/, "it must not run as root"),
  negation(
    FORBIDS,
    /\b(?:should not|shouldn'?t|should never|may not)\b/,
    "tests should never hit the network",
  ),
  negation(FORBIDS, /\bnever\b(?!\s*mind)/, "never force-push to main"),
  negation(BOTH, /\b(?:don'?t|do not|dont)\b/, "I don't care as long as it leaves after 21:15."),
  negation(REFUSES, /\b(?:doesn'?t|does not|didn'?t|did not)\b/, "That doesn't suit me."),
  negation(BOTH, /\b(?:cannot|can'?t|can not)\b/, "you can't deploy on fridays"),
  negation(
    REFUSES,
    /\b(?:won'?t|will not|wouldn'?t|would not|isn'?t|wasn'?t|couldn'?t)\b/,
    "That won't work for me.",
  ),
  negation(REFUSES, /\bnot\b/, "Not at this time. Could I get the address?"),
  negation(REFUSES, /\bno\b(?! (?:problem|worries|rush)\b)/, "There is no way I can leave that early."),
  negation(FORBIDS, /\bnot allowed\b|\bavoid\b|\bwithout\b/, "avoid default exports"),
  negation(FORBIDS, /\bno (?:more|longer)\b/, "no more conda, it's uv now"),
  // Anything to stop doing: "stop using mocks", "so stop hardcoding seeds".
  negation(
    FORBIDS,
    /\b(?:stop|quit) (?!being\b)[a-z]+ing\b/,
    "we're putting the pipeline under DVC, so stop hardcoding seeds",
  ),
  negation(
    FORBIDS,
    /\bno (?:new |extra |external )?(?:dependencies|deps|packages|sudo|root)\b/,
    "no new dependencies without asking",
  ),
  negation(
    FORBIDS,
    /^(?:pls |please )?no (?!problem|worries|rush|idea|thanks|way|clue|need)[@`'"\w]/,
    "no new Koin modules please",
  ),
  negation(FORBIDS, /不能|不要|别|禁止|不许|不准|不得|严禁|不可以|不允许|避免/, "不要直接发 prod"),
  negation(FORBIDS, /不再|不引入|不增加|不加|不超过/, "不再发 staging"),
  negation(REFUSES, /不用了|不要了|不需要|没必要|不行/, "不用了，我自己来"),
  negation(REFUSES, /(?<![是还])不是(?![吗呢])/, "咱们这边 clickhouse 不是默认端口"),
]);

function reading(name: string, wanted: NegationReading) {
  return defineLexicon(
    name,
    NEGATIONS.entries.filter((entry) => entry.readings.includes(wanted)),
  );
}

/** The negations of a rule that forbids ("must not", "never", "without", "不能", "不要", "禁止"…). */
export const PROHIBITIONS = reading("prohibitions", "forbids");

/** The negations of a reply that refuses ("not", "won't", "no", "不用了"). */
export const PUSHBACK_CUES = reading("pushback-cues", "refuses");

/** True for a rule that forbids ("must not", "never", "without", "不能", "不要", "禁止"…). */
export function forbids(text: string): boolean {
  return PROHIBITIONS.test(text);
}

/** What "no" bans after a reason: a thing, not a courtesy ("so no problem", "which means no worries"). */
const BANNED_THING = String.raw`(?!problem|worries|rush|idea|thanks|way|need|one\b)[@\x60'"\w]`;

/**
 * A ban said as what follows from a reason, in a clause of its own: "SwiftLint runs in CI with
 * force_unwrapping enabled, so no `!` unwraps". Not read as a prohibition everywhere ("Everything is
 * local, no globals except M" states a fact): only where a dash sets a rule's parts apart (ruleOf).
 */
export const BANS_AFTER_REASON = defineLexicon("bans-after-reason", [
  {
    pattern: new RegExp(String.raw`[,;]\s*so\s+no\s+${BANNED_THING}`),
    example: "SwiftLint runs in CI with force_unwrapping enabled, so no `!` unwraps",
  },
  {
    pattern: new RegExp(String.raw`[,;]\s*(?:hence|which means|that means)\s+no\s+${BANNED_THING}`),
    example: "the lint runs with strict mode on, which means no `any` casts",
  },
]);

/** What to do instead, after a prohibition: "…, rebase onto main instead", "别用 moment，用 dayjs". */
const INSTEAD =
  /\b(?:instead|rather)\b|[,;]\s*(?:always\s+)?(?:use|run|rebase|call|pass)\b|(?<![不别])(?:要用|改用|只能用|用)(?![户途处])/i;

/** True when a rule says what to do instead of what it forbids (a `prefer`, not an `avoid`). */
export function saysWhatInstead(text: string): boolean {
  return INSTEAD.test(text);
}

/** Where a prohibition holds when it holds everywhere: "no force unwraps anywhere in the app", 任何地方都不要. */
export const EVERYWHERE_SCOPES = defineLexicon("everywhere-scopes", [
  { pattern: /\b(?:anywhere|everywhere|ever|at all)\b/i, example: "no force unwraps anywhere in the app" },
  {
    pattern: /\bin (?:any|every|all) (?:file|module|class|screen|view|package|service|code)s?\b/i,
    example: "never print in any module",
  },
  { pattern: /任何地方|任何时候|所有地方|全项目|整个项目/, example: "任何地方都不要用强制解包" },
]);

/**
 * True for a prohibition said of everywhere ("no force unwraps anywhere in the app"): a rule
 * complete by itself, not a drop waiting for the thing that replaces it.
 */
export function forbidsEverywhere(text: string): boolean {
  return forbids(text) && EVERYWHERE_SCOPES.test(text);
}
