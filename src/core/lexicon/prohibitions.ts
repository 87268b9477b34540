/**
 * Prohibitions: the words that make a rule forbid rather than prescribe — "never …", "don't …",
 * "must not …", "no new dependencies", 不要, 别, 禁止, 不再. A rule that forbids is an `avoid` lesson
 * unless it also says what to do instead. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** Every prohibition, English then Chinese. */
export const PROHIBITIONS = defineLexicon("prohibitions", [
  { pattern: /\b(?:must not|mustn'?t|must never)\b/, example: "it must not run as root" },
  {
    pattern: /\b(?:should not|shouldn'?t|should never|may not)\b/,
    example: "tests should never hit the network",
  },
  { pattern: /\bnever\b(?!\s*mind)/, example: "never force-push to main" },
  { pattern: /\b(?:don'?t|do not|dont)\b/, example: "don't use print for debugging" },
  { pattern: /\b(?:cannot|can'?t|can not)\b/, example: "you can't deploy on fridays" },
  { pattern: /\bnot allowed\b|\bavoid\b|\bwithout\b/, example: "avoid default exports" },
  { pattern: /\bstop using\b|\bno (?:more|longer)\b/, example: "no more conda, it's uv now" },
  {
    pattern: /\bno (?:new |extra |external )?(?:dependencies|deps|packages|sudo|root)\b/,
    example: "no new dependencies without asking",
  },
  { pattern: /不能|不要|别|禁止|不许|不准|不得|严禁|不可以|不允许|避免/, example: "不要直接发 prod" },
  { pattern: /不再|不引入|不增加|不加|不超过/, example: "不再发 staging" },
]);

/** True for a rule that forbids ("must not", "never", "without", "不能", "不要", "禁止"…). */
export function forbids(text: string): boolean {
  return PROHIBITIONS.test(text);
}

/** What to do instead, after a prohibition: "…, rebase onto main instead", "别用 moment，用 dayjs". */
const INSTEAD =
  /\b(?:instead|rather)\b|[,;]\s*(?:always\s+)?(?:use|run|rebase|call|pass)\b|(?<![不别])(?:要用|改用|只能用|用)(?![户途处])/i;

/** True when a rule says what to do instead of what it forbids (a `prefer`, not an `avoid`). */
export function saysWhatInstead(text: string): boolean {
  return INSTEAD.test(text);
}
