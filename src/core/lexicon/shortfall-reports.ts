/**
 * The assistant reporting that it could not find or do what was asked: "I'm sorry, there are no
 * trains", "Unfortunately I couldn't book it", "没有找到". What the user says next is read against it.
 */
import { cueLexicon } from "./define-lexicon.js";

/** An assistant message that reports a shortfall. */
export const SHORTFALL_REPORTS = cueLexicon("shortfall-reports", [
  {
    pattern: /\b(?:sorry|unfortunately|apologi[sz]e|my apologies|i'?m afraid)\b/,
    example: "I'm sorry, there are no trains at that time.",
  },
  {
    pattern:
      /\b(?:couldn'?t|could not|can'?t|cannot|unable to|wasn'?t able to|was not able to|failed to) (?:find|locate|book|reserve|get|make|do|complete|see|match)\b/,
    example: "I couldn't find any hotels in the north.",
  },
  {
    pattern:
      /\b(?:there (?:are|is|were|was)|i (?:have|found|see|show)|we have) (?:no|not any|nothing)\b|\bno (?:results?|matches|availability)\b/,
    example: "There are no cheap restaurants in the east.",
  },
  {
    pattern: /\b(?:nothing|none) (?:matches|match|found|available|fits)\b|\bnot available\b|\bfully booked\b/,
    example: "That hotel is fully booked.",
  },
  {
    pattern: /抱歉|对不起|不好意思|没有找到|找不到|查不到|无法|没办法|没有(?:符合|满足)/,
    example: "抱歉，没有找到符合条件的酒店",
  },
]);
