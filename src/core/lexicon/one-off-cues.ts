/**
 * What holds for this request only: "this time", "for now", "for this button", "the blue one",
 * "tonight", "never mind, leave it like that", "这次", "暂时", "这个按钮". A preference said with one
 * is a tactic for the task at hand, which the memory gate never writes ("I prefer the blue one for
 * this button"); an instruction said with one is no standing rule and no convention ("use --port
 * 3001 this time"). Lower case, read with the `i` flag: the gate runs it on masked text, stated
 * rules on the sentence as written. Pure.
 */
import { withoutAsides } from "./asides.js";
import { defineLexicon } from "./define-lexicon.js";
import { TOOK_EFFECT } from "./update-cues.js";

/** Things a statement holds for right now, not for good. */
export const ONE_OFF_CUES = defineLexicon("one-off-cues", [
  {
    pattern:
      /\bthis (?:time|once|one time|round)\b|\bjust (?:this once|for (?:now|today|once))\b|\bjust once\b/,
    example: "Use the dark theme this time.",
  },
  {
    pattern:
      /\bfor now\b|\bright now\b|\bat the moment\b|\bfor the moment\b|\btemporarily\b|\btonight\b|\btomorrow\b/,
    example: "Skip the tests for now.",
  },
  // A day said as the time of the work, not as when a change took effect ("as of this morning",
  // "since today") nor when a thing happened ("testify got removed from go.mod this week", "Kenji's
  // deleting it this week").
  {
    pattern: new RegExp(
      String.raw`(?<!\b(?:${TOOK_EFFECT}|from|until)\s)(?<!\b(?:\w+ed|got|went|made|took|came|split|shipped|(?:re|are|is|['’]s) \w+ing)\b(?:[^,.;:!?]|\.(?=\w)){0,40})\b(?:today|this (?:morning|afternoon|evening|weekend|week))\b`,
    ),
    example: "Use the staging database today.",
  },
  {
    pattern:
      /\b(?:for|on|in|to) (?:this|that) (?!repo\b|repository\b|monorepo\b|project\b|codebase\b|api\b|service\b|app\b|team\b|company\b|org\b|machine\b|laptop\b|computer\b|server\b|box\b|mac\b|kind\b|type\b|sort\b|way\b)[a-z]+\b/,
    example: "I prefer the blue one for this button.",
  },
  {
    pattern:
      // "this one" as the thing acted on, not a subject ("the go services and this one share a tool").
      /\b(?:this|that) (?:one(?=\s*(?:$|[,.;:!?)]|(?:for|in|on|please|instead|too|then|now|again|here|there)\b))|button|page|component|function|method|line|case|pr|ticket|variable)\b(?!\s+names?\b)/,
    example: "fix this function so it returns early",
  },
  {
    // A request for the agent to do a thing now: 帮我给借书接口加个测试 (not 帮我记一下，以后都用 pnpm).
    pattern: /^(?:帮我|麻烦(?:你)?(?:帮我)?)(?!记)(?![^。]*?(?:以后|今后|一律|从今))/,
    example: "帮我给借书接口加个测试：超过 5 本不能再借",
  },
  {
    // Fixing a thing named is one task, whatever marker its description carries ("just fix the
    // off-by-one in report.py, the last student never gets printed").
    pattern:
      /^(?:(?:no|ok|okay|so|and|now|just|please|pls|can you|could you)[,\s]+)*fix (?:the|this|that|a|an|my|our) /,
    example: "just fix the off-by-one in grainbook/report.py, the last student never gets printed",
  },
  {
    pattern:
      /(?<!\b(?:like|than|as) )\b(?:the|this|that) (?:blue|red|green|black|white|dark|light|first|second|third|last|other|left|right|top|bottom|bigger|smaller|shorter|longer|cheaper|new|old) (?:one|version|option)\b/,
    example: "Let's go with the second one.",
  },
  {
    pattern:
      /\b(?:appointment|meeting|call|flight|train|bus|reservation|interview|class|lesson|date)s? (?:at \d|in (?:an?|\d+|ten|five|twenty) (?:hour|minute|min)|tomorrow|today|tonight|this|later|soon|is (?:delayed|cancell?ed|late|early))/,
    example: "I have a dentist appointment at 3.",
  },
  {
    pattern: /\blike (?:this|that)\b|\b(?:this|that) way\b|\bnever ?mind\b/,
    example: "never mind, leave it like that",
  },
  {
    pattern:
      /这次|这一次|这回|本次|暂时|临时|先这样|目前先|(?<!从)今天(?!起|开始|[^，。,]{0,8}?了)|今晚|明天|(?:别|不要)(?:这样|这么|那样)(?![长短多少大小快慢啰嗦复杂详细正式])/,
    example: "这次用蓝色的吧",
  },
  // What is left alone for now: "老接口先不用改", "老的页面先不动".
  { pattern: /先不(?:用|要)?(?:动|改|管|迁|换)/, example: "老接口先不用改" },
  {
    pattern: /这个\s*(?:按钮|页面|文件|函数|段落|版本|方案|图|表|PR|MR|分支|需求|任务)|这一(?:段|行|版|页)/i,
    example: "这个按钮用蓝色",
  },
  { pattern: /(?:以后|回头|改天|下次|晚点|等会儿?)再(?:说|聊|看|弄|处理)/, example: "这个以后再说吧" },
  { pattern: /(?:就|选|要)(?:第[一二三四五六七八九十\d]+|最后)(?:个|一个|种|版)/, example: "就第二个吧" },
]);

/** Words an aside needs to be a statement of its own rather than a qualifier ("(for now)"). */
const LONG_ASIDE = 5;

/** True for what holds only for the work at hand ("this time", "for now", 这次). */
export function isOneOff(text: string): boolean {
  // An aside of its own says nothing of the rule around it ("… go through zap (the sugared logger is fine for now)").
  return ONE_OFF_CUES.test(withoutAsides(text, LONG_ASIDE));
}
