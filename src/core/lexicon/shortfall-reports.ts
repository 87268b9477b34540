/**
 * Reports of what falls short. The assistant reporting that it could not find or do what was
 * asked: "I'm sorry, there are no trains", "Unfortunately I couldn't book it", "没有找到" — what the
 * user says next is read against it. And the user reporting what the code does wrong now, with
 * what one fix should do: "the export button does nothing on Safari, it should download the CSV",
 * "登录页在手机上错位了，应该居中" — a task, not a standing rule (see {@link reportsShortfall}).
 */
import { cueLexicon, defineLexicon } from "./define-lexicon.js";

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

/** A thing of the product or the code, as a bug report opens ("the export button", "our invoice footer"). */
const THING = String.raw`(?:the|our|my|this|that|a|an|some)\s+(?:[\w.'/-]+\s+){0,4}?`;
/** The same, its determiner left out ("login page overlaps on mobile"). */
const BARE_THING = String.raw`(?:(?:the|our|my|this|that|a|an|some)\s+)?(?:[\w.'/-]+\s+){0,4}?`;

/**
 * What the code does wrong now, as the first clause of a report. Each entry reads from the start of
 * the sentence, so "…, so from now on always use path.join" is read after it (see
 * {@link reportsShortfall}).
 */
export const PRESENT_SHORTFALLS = defineLexicon(
  "present-shortfalls",
  [
    {
      // Something that does not work: "does nothing", "doesn't load", "is broken", "overlaps".
      pattern: new RegExp(
        String.raw`^${BARE_THING}[\w.'/-]+\s+(?:(?:still|sometimes|now|just|randomly)\s+)?(?:does nothing|doesn'?t (?:work|load|render|show|save|open|close|respond|scroll|update|refresh|do anything|fire|submit|download)|won'?t (?:load|open|close|save|render|submit|download)|(?:is|are) (?:broken|misaligned|cut off|blank|empty|garbled|unreadable|off by one|missing|not (?:working|loading|showing|rendering|saving|updating|clickable))|overlaps?|overflows?|crash(?:es)?|freezes|hangs|flickers|spins forever|(?:shows?|displays?|returns?|prints?|sends?|renders?) (?:the wrong|a wrong|wrong|(?:an? )?(?:error|[45]\d\d\b|blank)|nothing|nan|undefined|null\b|duplicates?|stale|garbage))`,
      ),
      example: "The export button does nothing on Safari",
    },
    {
      // What it does now, then what it should do: "The invoice footer shows USD for everyone, it should use …".
      pattern: new RegExp(
        String.raw`^${THING}[\w.'/-]+\s+(?:(?:still|always|currently|now|just)\s+)?(?:shows?|displays?|returns?|prints?|sends?|renders?|uses?|puts?|sorts?|rounds?|formats?|opens?|redirects?|logs?|charges?|emails?|counts?|defaults? to|falls? back to)\b[^,;.!?]{0,80}[,;]\s*(?:but\s+)?(?:it|they|that|this)\s+(?:should|needs? to|is supposed to|ought to|must)\b`,
      ),
      example: "The invoice footer shows USD for everyone, it should use the account currency",
    },
    {
      // What it gives now in place of what it should, after what the task is: "first task is small:
      // GET /bookings/{ref} returns 500 instead of 404 for an unknown reference".
      pattern:
        /^(?:[^:：.!?]{0,40}[:：]\s*)?(?:\S+\s+){1,5}?(?:returns|gives|shows|displays|throws|renders|sends|prints|responds with)\s+[^,;.!?]{1,40}?\s+instead of\b/,
      example: "first task is small: GET /bookings/{ref} returns 500 instead of 404 for an unknown reference",
    },
    {
      // 错位了, 没反应, 显示不全, 乱码, 白屏, 崩了, 报错, 不生效
      pattern:
        /^[^，。,；;！!？?]{0,30}?(?:错位|没反应|没有反应|没响应|不显示|显示不(?:出来|全|对)|乱码|白屏|闪退|崩了|崩溃|卡死|卡住|报错|不生效|失效|坏了|点不了|打不开|加载不出|重叠|溢出|显示成|变成了|有问题|有\s*bug|出错|不对劲)/u,
      example: "登录页在手机上错位了，应该居中",
    },
  ],
  "iu",
);

/**
 * True when a sentence opens with a report of what the code does wrong now ("the export button does
 * nothing on Safari, it should download the CSV"): it asks for one fix, not a standing rule. Not
 * when the words after the report carry a standing marker of their own (`standing`: "…, so from now
 * on always use path.join").
 */
export function reportsShortfall(sentence: string, standing: (text: string) => boolean): boolean {
  const found = PRESENT_SHORTFALLS.pattern.exec(sentence.trim());
  if (found === null) return false;
  const report = found[0].split(/[,;，；]/)[0] ?? found[0];
  return !standing(sentence.trim().slice(report.length));
}
