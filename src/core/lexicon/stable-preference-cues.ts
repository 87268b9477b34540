/**
 * A user stating a lasting preference of their own: "I prefer morning check-ins", "I'd rather get
 * one summary a day", "I hate long meetings", "my favourite editor is Helix", "我喜欢早上沟通".
 * The memory gate reads them as facts for USER.md. Objects that point at the conversation ("I
 * like this one", "I love it") are left out: that is a reaction, not a preference.
 */
import { cueLexicon } from "./define-lexicon.js";

/** Words for what is being reacted to right now, not a kind of thing one prefers. */
const DEICTIC = String.raw`(?:it|that|this|them|these|those|your|how you|what you|the (?:first|second|third|last|new|other|one|idea|way|result|answer|draft|change))\b`;

/** A preference the user states about themselves. */
export const STABLE_PREFERENCE_CUES = cueLexicon("stable-preference-cues", [
  {
    pattern: /\bi (?:really |strongly |generally |usually |always |much |definitely )?(?:prefer|favou?r)\b/,
    example: "I prefer morning check-ins.",
  },
  {
    pattern: /\bi(?:'d| would) (?:much |really )?(?:rather|prefer)\b/,
    example: "I'd rather get one summary a day than many pings.",
  },
  {
    pattern: new RegExp(
      String.raw`\bi (?:really |absolutely |just |genuinely )?(?:love|like|enjoy|adore)\b(?! ${DEICTIC})`,
    ),
    example: "I love spicy food.",
  },
  {
    pattern: new RegExp(
      String.raw`\bi (?:really |just )?(?:don'?t|do not|never) (?:really )?(?:like|enjoy|eat|drink|use|watch|read|want to (?:get|receive|see|hear))\b(?! ${DEICTIC})`,
    ),
    example: "I never drink coffee after noon.",
  },
  {
    pattern: new RegExp(
      String.raw`\bi (?:really |just |absolutely |honestly |truly )?(?:hate|can'?t stand|dislike|detest|loathe)\b(?! ${DEICTIC})`,
    ),
    example: "I hate long meetings.",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:(?:i'?m )?not (?:a|much of a) (?:big |huge )?fan of|(?:i'?m )?not into|big fan of|huge fan of)\b/,
    example: "Not a fan of cilantro, never have been.",
  },
  {
    pattern: /\bmy (?:favou?rite|preferred|go-to|usual|default)\b/,
    example: "My favourite editor is Helix.",
  },
  {
    pattern: /\b(?:works?|suits?) (?:best|better) for me\b/,
    example: "Short bullet lists work best for me.",
  },
  {
    pattern:
      /\bi (?:always|usually|normally|generally|tend to|typically|mostly|never|rarely|seldom) (?!\w+ed\b)/,
    example: "I usually work from 7 to 3.",
  },
  {
    pattern: /\bi(?:'m| am) (?:always|usually|never|generally|normally|rarely|typically|mostly) (?!sure\b)/,
    example: "I'm usually offline on weekends.",
  },
  {
    pattern:
      /我(?:比较|更|一直|通常|平时|特别|很|非常|最|还是)?(?:喜欢|偏好|偏爱|习惯|爱)(?!这个|那个|这种|那种|你这|它)/,
    example: "我喜欢早上沟通",
  },
  {
    pattern: /我(?:比较|一直|平时|从来)?(?:不喜欢|讨厌|受不了|不吃|不喝|不用|不看)(?!这个|那个|这种|那种|它)/,
    example: "我不喝咖啡",
  },
  { pattern: /我(?:宁愿|宁可|更愿意)/, example: "我宁愿早点开会" },
  {
    pattern: /我(?:平时|一般|通常|习惯)(?:都)?(?:用|看|喝|吃|听|玩|走|坐|穿|住|去)/,
    example: "我平时用微信比较多",
  },
  {
    pattern: /我(?:一般|通常|平时)?每(?:天|周|晚|个月|个周末|周[一二三四五六日天])/,
    example: "我每天早上七点起床",
  },
]);
