/**
 * Narrowings: a rule named by its name, said to hold for less than before or changed — "the @openapi
 * rule only applies to routes/public/ now", "the #Preview rule is only for views under Features/ now",
 * "num_workers=0 那条现在只针对 notebooks/ 目录", "yml 文档那条放宽了：只有 marts/ 下面的模型必须写 yml",
 * "seed 那条也改一下，…". The new version replaces the one it names: recalled for work outside its new
 * scope, the old one would say the opposite of what holds (see docs/lessons.md#narrowed-rules). Each
 * entry captures the words that name the rule. Pure.
 */
import { compiledEntries, defineLexicon } from "./define-lexicon.js";

/** What people call a rule: "the queue_test rule", "the JSDoc requirement", "the tflint-before-push habit". */
export const RULE_WORD = "(?:rule|requirement|convention|guideline|policy|habit|practice|thing)";
/** A rule named in English, its name in group 1: "the @openapi rule" ("the whole suffix rule" is named "suffix"). */
export const NAMED_RULE = String.raw`\b(?:the|our|that)\s+(?:(?:whole|entire|old|same)\s+)?((?:\S+\s+){0,3}?\S+)\s+${RULE_WORD}\s+`;
/**
 * The name of a rule said in Chinese before the word that points at it, as capture group 1: a name
 * in Latin letters or code, then a few Chinese characters, at least `least` of them.
 */
export const zhRuleName = (least: 0 | 1): string =>
  String.raw`((?:[A-Za-z0-9_.=@#/-]+\s*)?[^\s，。：:,]{${least},8}?)`;
/** A rule named in Chinese, its name in group 1: "num_workers=0 那条", "yml 文档这条规定". */
export const NAMED_RULE_ZH = String.raw`${zhRuleName(0)}\s*(?:(?:那条|这条)(?:规矩|规定|规则|规范|约定|要求)?|(?:那个|这个)(?:规矩|规定|规则|规范|约定|要求))`;

/** Every wording of a narrowing, English then Chinese; group 1 is the rule's name. */
export const NARROWINGS = defineLexicon("narrowings", [
  {
    pattern: new RegExp(
      String.raw`${NAMED_RULE}(?:now\s+)?(?:only|just)\s+(?:applies|holds|counts|matters)\s+(?:to|for|in|under|inside)\b`,
    ),
    example: "the @openapi rule only applies to routes/public/ now",
  },
  {
    pattern: new RegExp(
      String.raw`${NAMED_RULE}is\s+(?:now\s+)?(?:only|just)\s+(?:for|in|under|inside|about)\b`,
    ),
    example: "the #Preview rule is only for views under Features/ now",
  },
  {
    pattern: new RegExp(`${NAMED_RULE_ZH}(?:现在)?(?:只针对|只适用于|只管|只限于?|只用在|放宽了|收窄了)`),
    example: "num_workers=0 那条现在只针对 notebooks/ 目录",
  },
  // A rule named and changed: what follows is its new version ("seed 那条也改一下，不要固定 42 了").
  {
    pattern: new RegExp(`${NAMED_RULE_ZH}(?:也|又)?(?:改一下|改了|变了|调整一下|调整了|更新一下)`),
    example: "seed 那条也改一下，不要固定 42 了，从 cfg.seed 读",
  },
  {
    pattern: new RegExp(String.raw`${NAMED_RULE}(?:has\s+)?(?:changed|changes|is changing)\b`),
    example: "the @Timed rule changed: only on public controller methods",
  },
]);

const ENTRIES = compiledEntries(NARROWINGS);

/** A rule named in a text: where the words that name it stand, and those words, lower case. */
export interface NamedRule {
  index: number;
  end: number;
  name: string[];
}

/**
 * Where the first of `entries` (each capturing a rule's name) matches `text`, with the name's words
 * split at `apart`, lower case; null when none does. Narrowings and withdrawals name rules alike.
 */
export function namedRuleIn(
  entries: ReadonlyArray<{ pattern: RegExp }>,
  text: string,
  apart: RegExp,
): NamedRule | null {
  for (const { pattern } of entries) {
    const found = pattern.exec(text);
    const name = found
      ?.slice(1)
      .find((group) => group !== undefined)
      ?.trim();
    if (found && name)
      return {
        index: found.index,
        end: found.index + found[0].length,
        name: name
          .toLowerCase()
          .split(apart)
          .filter((word) => word.length > 0),
      };
  }
  return null;
}

/** The words that name the rule a text narrows, lower case, or null when it narrows none. */
export function narrowedRuleName(text: string): string[] | null {
  return namedRuleIn(ENTRIES, text, /[\s=]+/)?.name ?? null;
}

/** What opens a Chinese rule's name, or only says how strongly it holds: 另外, 必须, 统一 ("另外注释必须中文那条"). */
const ZH_NAME_FILLER = /^(?:另外|还有|此外|再就是|以及)|必须|一定要?|一律|统一|都要|需要/gu;

/** The Chinese words of a rule's name without filler ("注释中文" of "另外注释必须中文"), or "" when too short to name a rule. */
const hanCore = (word: string): string => {
  const core = word.replace(ZH_NAME_FILLER, "");
  return core.length >= 3 && core !== word ? core : "";
};

/** True when every character of `core` is in `text` in the same order: "注释中文" in "注释写中文". */
function inOrder(core: string, text: string): boolean {
  if (core === "") return false;
  let at = 0;
  for (const char of core) {
    at = text.indexOf(char, at);
    if (at < 0) return false;
    at += char.length;
  }
  return true;
}

/**
 * True when `text` says the Chinese name of a rule: as written, or its words without filler in the
 * same order ("另外注释必须中文那条" names "注释写中文").
 */
export function saysZhName(name: string, text: string): boolean {
  return text.includes(name) || inOrder(hanCore(name), text);
}
