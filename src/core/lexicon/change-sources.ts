/**
 * Change sources: how a change of value names the value it is from — "from z_ to wr_", "Hilt is
 * being replaced by Koin", "we swapped axios for ky", "logrus → zap", 常量前缀从 C_ 换成 K_. The slot
 * rule blanks the value a change is from, so the value it is to is the one read, whichever slot
 * entry reads it ("switch the variable prefix from z_ to wr_" sets wr_, not z_). Pure.
 */
import { memoizeText } from "../memo.js";
import { defineLexicon } from "./define-lexicon.js";

/** A value a change is from, as written (group: the value). */
const CHANGED = String.raw`['"‘“\x60]?([\w@$#./-]+)['"’”\x60]?`;

/** Every wording of where a change comes from, English then Chinese. */
export const CHANGE_SOURCES = defineLexicon(
  "change-sources",
  [
    {
      pattern: new RegExp(
        String.raw`\bfrom\s+(?:the\s+|our\s+)?${CHANGED}\s+(?:to|onto|into)\s+(?=(?!(?:all|every|each|the|our|any|a|an)\b)['"‘“\x60]?[\w@$#./-])`,
      ),
      example: "move our assertions from Hamcrest to AssertJ",
    },
    {
      pattern: new RegExp(
        String.raw`(?<![\w@$#./-])${CHANGED}\s+(?:is|are|was|were|got|gets|is being|are being|has been|have been|will be)\s+(?:replaced|superseded|swapped out)\s+(?:by|with|for)\s+`,
      ),
      example: "Hilt is being replaced by Koin",
    },
    {
      pattern: new RegExp(
        String.raw`(?<![\w@$#./-])${CHANGED}\s+(?:is|are|was|were|got|gets|is being|has been|have been)\s+(?:folded|absorbed)\s+into\s+`,
      ),
      example: "tfsec got folded into trivy",
    },
    {
      pattern: new RegExp(String.raw`\bswap(?:ped|ping|s)?\s+(?:out\s+)?(?:the\s+)?${CHANGED}\s+for\s+`),
      example: "we swapped axios for ky",
    },
    { pattern: new RegExp(String.raw`(?<![\w@$#./-])${CHANGED}\s*(?:->|→|=>)\s*`), example: "logrus → zap" },
    {
      pattern: new RegExp(
        String.raw`\brenam(?:e|ed|es|ing)\s+(?:the\s+|our\s+)?${CHANGED}\s+(?:to|as|into)\s+`,
      ),
      example: "finance renamed cost_center to billing_code",
    },
    {
      pattern: new RegExp(
        String.raw`(?<![\w@$#./-])${CHANGED}\s+(?:is|are|was|were|got|gets|is being|are being|has been|have been|will be)\s+renamed\s+(?:to|as)\s+`,
      ),
      example: "`kind` is being renamed to `variant`",
    },
    {
      pattern: new RegExp(String.raw`\breplac(?:e|ed|es|ing)\s+(?:the\s+|our\s+)?${CHANGED}\s+with\s+`),
      example: "we replaced moment with dayjs",
    },
    {
      pattern: new RegExp(
        String.raw`从\s*${CHANGED}\s*(?=(?:换成|改成|改为|换到|切到|切换到|迁到|迁移到|升级到|到)\s*['"‘“\x60]?[\w@$#./-])`,
      ),
      example: "常量前缀从 C_ 换成 K_",
    },
    {
      pattern: new RegExp(
        String.raw`把\s*${CHANGED}\s*(?=(?:换成|改成|改为|改名为|改名成|重命名为|替换成|替换为)\s*['"‘“\x60]?[\w@$#./-])`,
      ),
      example: "把 cost_center 改名为 billing_code",
    },
    {
      pattern: new RegExp(
        String.raw`(?<![\w@$#./-])${CHANGED}\s*(?=(?:改名为|改名成|改名叫|重命名为|更名为)\s*['"‘“\x60]?[\w@$#./-])`,
      ),
      example: "cost_center 改名为 billing_code",
    },
  ],
  "iu",
);

const SOURCES = new RegExp(CHANGE_SOURCES.pattern.source, "giu");

/** The value a change is to, after its source: past a Chinese verb of change and a quote. */
const CHANGED_TO =
  /^(?:换成|改成|改为|换到|切到|切换到|迁到|迁移到|升级到|改名为|改名成|改名叫|重命名为|更名为|替换成|替换为|到)?\s*['"‘“\x60]?([\w@$#./-]*[\w@$#/-])/u;

/** A change said outright: the value it is from, and the value it is to, as written. */
export interface ChangedPair {
  from: string;
  to: string;
}

/**
 * Every change `text` says outright, each from one value to another ("tfsec got folded into trivy",
 * "logrus → zap", "从 C_ 换成 K_"): what an older rule that names the first value now names instead.
 * Remembered: the lesson book asks it of one rule against every live lesson. Shared: not to be mutated.
 */
export const changedPairs: (text: string) => readonly ChangedPair[] = memoizeText((text) =>
  [...text.matchAll(SOURCES)].flatMap((found) => {
    const from = found
      .slice(1)
      .find((group) => group !== undefined)
      ?.replace(/[.]+$/, "");
    const after = CHANGED_TO.exec(text.slice((found.index ?? 0) + found[0].length));
    const to = after?.[1];
    // A value cut short where a long rule was clipped ("ChargeCustomerOperat…") is none.
    const clipped =
      after !== null && text.startsWith("…", (found.index ?? 0) + found[0].length + after[0].length);
    return from === undefined || to === undefined || clipped || from.toLowerCase() === to.toLowerCase()
      ? []
      : [{ from, to }];
  }),
);

/** What an English source becomes before the value it is to. */
const USE = "use ";

/**
 * `text` with the values a change is from blanked out, at the same length so offsets hold; an
 * English source long enough to hold it becomes "use " before the value it is to ("a->b" is only
 * blanked).
 */
export function withoutChangeSources(text: string): string {
  return text.replace(SOURCES, (source) =>
    /\p{Script=Han}|^[\w@$#./-]+\s*$/u.test(source) || source.length < USE.length
      ? " ".repeat(source.length)
      : `${" ".repeat(source.length - USE.length)}${USE}`,
  );
}
