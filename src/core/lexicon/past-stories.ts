/**
 * Stories of the past, and the words that say what holds now after one: a sentence with a rule's
 * shape told of another time or place ("at my old job we used to deploy with capistrano") is no
 * rule of this project, unless it tells what holds now (see `isNotARule`). Pure.
 */
import { compiledEntries, defineLexicon, type LexiconEntry } from "./define-lexicon.js";
import { NOT_A_RULE } from "./rule-shapes.js";

/** A story of the past (see `isNotARule`). */
interface PastStory extends LexiconEntry {
  /** Only a time in the past ("last week"): a change or decision told then still holds now. */
  told?: true;
}

/** Words that say what holds now, after a story of the past ("we used to use yarn, pnpm now"). */
export const NOW_WORDS = defineLexicon(
  "now-words",
  [
    { pattern: /\b(?:now|from here on|going forward|any ?more)\b/, example: "we used to use yarn, pnpm now" },
    { pattern: /现在|以后|今后|从今天/u, example: "以前用 yarn，现在用 pnpm" },
  ],
  "iu",
);

/**
 * Stories of the past: "last week we always deployed on fridays", "at my old job we used yarn".
 * One that tells of a change or a decision ("we dropped testify last week", "上周架构组定了，接口返回
 * 改成 ApiResponse 了") says what holds now, and is read as a rule.
 */
export const PAST_STORIES = defineLexicon<PastStory>(
  "past-stories",
  [
    {
      pattern:
        /(?<!\b(?:since|as of) )\b(?:last|previous) (?:week|month|year|sprint|quarter)\b|\bback (?:then|when|in)\b/,
      example: "last week we always deployed on fridays",
      told: true,
    },
    { pattern: /(?:以前|之前我们|上周|上个月|去年)/u, example: "以前我们都是手动部署", told: true },
    {
      pattern:
        /\b(?:last|previous|old) (?:job|company|team|place)\b|\bat my (?:last|old|previous)\b|\bused to\b/,
      example: "at my old job we used to deploy with capistrano",
    },
    {
      pattern: /上一?家公司|(?:以前|之前)(?:那家|的)?公司|老东家|前公司/u,
      example: "我上家公司 mysql 全是 docker 跑的",
    },
  ],
  "iu",
);

const STORIES = compiledEntries(PAST_STORIES);

/**
 * True when a sentence reads as a story of the past, other people's habits, a guess or a failure
 * report. A story told of a time is a rule after all when it tells what holds now (`holdsNow`: a
 * change, a decision, a drop or a standing marker).
 */
export function isNotARule(text: string, holdsNow: (text: string) => boolean): boolean {
  if (NOT_A_RULE.test(text)) return true;
  const stories = STORIES.filter(({ pattern }) => pattern.test(text));
  if (stories.length === 0 || NOW_WORDS.test(text)) return false;
  return stories.some(({ entry }) => entry.told !== true) || !holdsNow(text);
}
