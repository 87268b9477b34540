/**
 * Announcements: the words that announce a change or a topic instead of stating the rule — "sorry,
 * change of plan on the table prefix.", "Forget what I said about WebClient.", "quick update on
 * branch naming", "two changes to the conventions", 规范有两处调整, 更正一下, 之前说的那条作废了,
 * 有个变化, 几条硬性规定. The rule is what follows ("it's lz_ for every landing table going
 * forward"); the announcement says that it replaces what was said before. Each entry matches an
 * announcement from the start of a sentence (its lead-ins such as "sorry," already stripped),
 * including the topic it names ("on the table prefix"), so that what is left says whether the
 * sentence states anything more (see `announcementRest`). Lower case, read with the `i` flag. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/**
 * A topic named after an announcement ("on the table prefix"): a few words up to a clause break,
 * none a verb or a word that starts a rule ("changes to the API need a changelog entry" is a rule).
 */
const TOPIC = String.raw`(?:(?!(?:is|are|was|were|be|must|should|shall|need|needs|go|goes|get|gets|have|has|live|lives|use|uses|start|starts|end|ends|stay|stays|now|always|never|we|it|it's|will|can|please|so|and|but)\b)[^\s.,;:!?，。；：！？—–]+\s*){1,6}`;
/** A topic named in Chinese: a few characters, none that starts what is to be done (改, 用, 都…). */
const ZH_TOPIC = "(?:(?![改换用都要是以走叫放统一律])[^，。：:,；;！？!?]){1,12}";
/** A meeting or a vote that decides how work is done. */
const MEETING = `(?:retro(?:spective)?|vote|poll|meeting|sync|stand-?up|discussion|design review|arch(?:itecture)? review|guild(?: meeting)?|planning|rfc|adr|huddle|offsite)`;
/** Words that say what the announcement is about. */
const ABOUT = "(?:on|to|about|regarding|re|for|in|with)";
/** What people call the rules a change touches, in Chinese. */
const ZH_RULES = "(?:规范|约定|规定|规矩|习惯|命名|写法|要求|流程|标准|惯例)";

/** Every announcement form, English then Chinese. */
export const ANNOUNCEMENTS = defineLexicon("announcements", [
  {
    pattern: new RegExp(
      String.raw`^(?:(?:a|one|another|small|quick|slight|big)\s+)*change (?:of|in) plans?(?:\s+${ABOUT}\s+${TOPIC})?`,
    ),
    example: "change of plan on the table prefix",
  },
  {
    pattern: new RegExp(
      String.raw`^(?:please\s+)?(?:forget|ignore|scratch|disregard)\s+(?:what i (?:said|told you|wrote)|everything i said|my (?:earlier|last|previous) (?:notes?|rules?|messages?|comments?|instructions?))(?:\s+(?:earlier|before|yesterday|last time))?(?:\s+${ABOUT}\s+${TOPIC})?`,
    ),
    example: "Forget what I said about WebClient",
  },
  {
    pattern: new RegExp(
      String.raw`^(?:(?:a|an|one|another|two|three|a few|a couple of|some|more|small|quick|slight|minor|big|important|last|final|naming|style|convention)\s+)*(?:updates?|changes?|corrections?|tweaks?|amendments?|revisions?)(?:\s+${ABOUT}\s+${TOPIC})?`,
    ),
    example: "two changes to the conventions",
  },
  {
    // News of a topic, its name first: "tween news, last time I promise", "quick naming update".
    pattern:
      /^(?:(?:some|more|big|quick|small)\s+)?(?!(?:please|pls|to|can|could|and|then|also|just)\b)(?:[\w-]+\s+)?(?:news|update)(?=\s*(?:[,:;.!—–-]|$))(?:,?\s+(?:last time,?\s+)?i promise)?/,
    example: "tween news, last time I promise",
  },
  {
    // The last word on a topic, as a heading: "Final, final word on class names, I promise:",
    // "final answer, signed off by the platform lead:".
    pattern: new RegExp(
      String.raw`^(?:(?:my|the|our)\s+)?(?:final|last)(?:,?\s+final)?\s+(?:word|answer|call|decision|version|verdict)(?:\s+${ABOUT}\s+${TOPIC})?(?:,?\s+(?:i promise|for real|this time|signed off by [^:.;]{1,40}))?(?=\s*[:：—–]|\s*$)`,
    ),
    example: "Final, final word on class names, I promise",
  },
  {
    pattern: new RegExp(
      String.raw`^(?:i(?:'ve| have)? changed my mind|i was wrong|i misspoke|i got (?:that|it) wrong|my bad)(?:\s+${ABOUT}\s+${TOPIC})?`,
    ),
    example: "I changed my mind about the logger",
  },
  {
    pattern:
      /^(?:the |our )?(?:[\w-]+ ){0,4}(?:rule|convention|naming|policy|standard|setup|prefix|suffix|format)s? (?:has |have )?(?:changed|is changing|are changing|is different now)(?: (?:once more|again|one more time))?/,
    example: "the table prefix rule changed",
  },
  {
    // A thing said to be switched, with nothing of what it became: "we switched formatter." (what
    // follows says to what; not "we switched to pnpm").
    pattern:
      /^(?:so |and |also )?(?:we|i)(?:'ve| have)? (?:just |finally )?(?:switched|changed|swapped|replaced|renamed) (?:the |our )?(?!(?:to|from|over|off|away|back|it|them|that|this|things)\b)[\w-]+(?: (?!(?:to|from|for|with|over)\b)[\w-]+)?(?=\s*(?:[.!:：]|$))/,
    example: "we switched formatter.",
  },
  {
    // What the team changed, as a heading before a colon: "We renamed the pattern after the guild meeting:".
    pattern:
      /^(?:so |and |also )?(?:we|i)(?:'ve| have)? (?:just |finally )?(?:switched|changed|swapped|replaced|renamed|reworked|redid|redesigned) (?:the |our |how )[^:：.!?]{1,60}(?=\s*[:：—–])/,
    example: "We renamed the pattern after the guild meeting:",
  },
  {
    // Any thing said to have changed, as a heading before a colon or a dash: what follows is its news.
    pattern: new RegExp(
      String.raw`^(?:and\s+|also\s+|oh\s+)?(?:the |our )${TOPIC}(?:has |have )?changed(?: (?:once more|again|one more time|yet again))?(?=\s*[:：—–])`,
    ),
    example: "the warehouse changed one more time:",
  },
  {
    pattern: new RegExp(
      String.raw`^(?:(?:a|one|two|some|a few)\s+)?(?:new|updated|revised) (?:rules?|conventions?|policy|naming)(?:\s+${ABOUT}\s+${TOPIC})?`,
    ),
    example: "new rule for migrations",
  },
  {
    // What a meeting or a vote decided, as a heading: "Outcome of the retro:", "Retro takeaway:".
    pattern: new RegExp(
      String.raw`^(?:the\s+)?(?:(?:outcome|results?|decisions?|takeaways?|action items?|conclusions?|verdict)\s+(?:of|from)\s+(?:the\s+|our\s+|this week'?s\s+|last week'?s\s+|today'?s\s+|yesterday'?s\s+)?${MEETING}|${MEETING}\s+(?:outcome|results?|decisions?|takeaways?|action items?|conclusions?|verdict))|^(?:(?:(?:an?\s+|quick\s+)?(?:updates?|news|notes?)\s+)?from|per|after)\s+(?:the\s+|our\s+|today'?s\s+|yesterday'?s\s+)?(?:[\w-]+\s+){0,2}?${MEETING}`,
    ),
    example: "Outcome of the retro",
  },
  {
    pattern: new RegExp(String.raw`^(?:about|regarding|re|as for|on the subject of)\s+${TOPIC}`),
    example: "About the logging setup.",
  },
  {
    pattern: new RegExp(
      `^[^，。：:,]{0,12}${ZH_RULES}[^，。：:,]{0,8}(?:调整|变化|变动|改动|变更|更新|修改|改一下|改了|有变)(?:一下)?`,
    ),
    example: "规范有两处调整",
  },
  {
    pattern:
      /^(?:之前|刚才|上次|前面|昨天)(?:说|讲|定)的[^，。,]{0,20}?(?:作废|不算数?|不要了|取消|忘了吧|算了|有变|要改)(?:了|吧)?/,
    example: "之前说的 WebClient 那条作废了",
  },
  {
    pattern: new RegExp(`^(?:更正|纠正|修正|调整|更新|补充|改)一下(?:[^，。,]{0,10}${ZH_RULES})?`),
    example: "更正一下",
  },
  {
    pattern: new RegExp(`^(?:说下|说一下|讲下|讲一下|聊下)[^，。：:,]{0,8}${ZH_RULES}`),
    example: "说下咱们的约定",
  },
  { pattern: new RegExp(`^关于${ZH_TOPIC}`), example: "关于表前缀" },
  {
    // A topic, then that it changes: 错误码前缀改一下, 对象拷贝我们也改了, 分支命名又调整了一次.
    pattern: new RegExp(
      `^${ZH_TOPIC}(?:我们|咱们)?(?:也|又|又要|要)?(?:改一下|调整一下|变一下|换一下|改了|变了|换了|调整了(?:一次|一下)?|要变)`,
    ),
    example: "错误码前缀改一下",
  },
  {
    pattern:
      /^(?:(?:今天|昨天|上周|本周)?的?)?(?:复盘|会议|周会|例会|评审|投票|讨论|技术委员会)(?:的)?(?:结论|结果|决定|决议)/,
    example: "复盘结论",
  },
  {
    // A thing pointed at, then that the team talked it over: what follows is what they decided.
    pattern: new RegExp(
      `^${ZH_TOPIC}(?:那个|这个|那条|这条|的事)[，,]?\\s*(?:我们|咱们|大家)?(?:组里|团队|这边|内部)?(?:讨论|商量|开会|评审|复盘|碰)(?:了一下|了下|过了|了)`,
    ),
    example: "g_ 全局变量那个我们组里讨论了一下",
  },
  {
    pattern: new RegExp(
      `^(?:有|这)?(?:几|两|三|一)?(?:个|条|处|点)[^，。：:,]{0,4}(?:变化|调整|改动|${ZH_RULES})`,
    ),
    example: "几条硬性规定",
  },
]);

const ENTRIES = ANNOUNCEMENTS.entries.map((entry) => new RegExp(entry.pattern.source, ANNOUNCEMENTS.flags));

/** Words that add nothing after an announcement: particles, courtesy, punctuation. */
const NOTHING =
  /^(?:[\s.,;:!?，。；：！？~…—–-]|please|sorry|thanks|ok(?:ay)?|guys|folks|everyone|哈|啊|吧|了|哦|呀|嘛|呢|喔)*$/i;

/**
 * What a sentence says after the announcement it opens with ("change of plan on the table prefix,
 * it's too slow" → ", it's too slow"), or null when it opens with none.
 */
export function announcementRest(text: string): string | null {
  const trimmed = text.trim();
  let longest = -1;
  for (const pattern of ENTRIES) {
    const found = pattern.exec(trimmed);
    if (found !== null && found[0].length > longest) longest = found[0].length;
  }
  return longest < 0 ? null : trimmed.slice(longest);
}

/** True when `rest` (see {@link announcementRest}) adds no words: particles and punctuation at most. */
export function addsNothing(rest: string): boolean {
  return NOTHING.test(rest);
}
