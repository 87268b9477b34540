/**
 * Words that open a sentence without being part of what it says: acknowledgements and
 * interjections ("okay,", "whoa wait"), connectives ("and", "also", 而且), the order of a list
 * ("Firstly,", 首先), a greeting ("Hi Oliver,"), "by the way", "just so you know", "please remember
 * that", "from now on", an announcement ("One update before I forget:"), a scope ("in this repo,"),
 * "对了", "记住：". Each entry is anchored at the start and is stripped repeatedly, and says what kind
 * of opening it is, since its readers keep different ones: a stated rule keeps "from now on" (its
 * standing marker is read after) and a request to remember ("never forget to …" is the rule); a
 * candidate fact of the memory gate keeps an announcement and a scope ("in this repo, we use pnpm").
 * Lower case, read with the `i` flag: the gate runs it on masked text. Pure.
 */
import { ANNOUNCEMENTS } from "./announcements.js";
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";
import { LINE_MARKER } from "./list-markers.js";
import { withdrawalIn } from "./withdrawals.js";

/**
 * What an opening is: `filler` (acknowledgements, interjections, connectives, list order,
 * greetings, asides), `standing` ("from now on", 以后), `request` (to remember), `announcement`
 * ("a few rules:", 习惯：) or `scope` ("in this repo,").
 */
export type LeadInKind = "filler" | "standing" | "request" | "announcement" | "scope";

/** One opening wording. */
export interface LeadIn extends LexiconEntry {
  kind: LeadInKind;
}

const lead = (kind: LeadInKind, pattern: RegExp, example: string): LeadIn => ({ kind, pattern, example });

/** Every opening, English then Chinese; longer wordings before the words they start with. */
export const LEAD_IN_WORDS = defineLexicon("lead-in-words", [
  lead(
    "filler",
    /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|morning|welcome(?: aboard)?)(?:\s+[a-z][\w-]*)?[,!.]\s*/,
    "Hi Oliver, we use tabs",
  ),
  lead(
    "filler",
    /^(?:ok(?:ay)?|alright|so|and|but|also|oh|well|hey|hi|yeah|yes|right|actually|anyway|great|cool|nice|perfect|thanks|thank you|one more thing|quick note|heads up|important)\b[\s,.!:;—-]*/,
    "Okay, thanks. I prefer tea.",
  ),
  lead(
    "filler",
    /^(?:by the way|btw|fyi|just so you know|for the record|for future reference|for your information|(?:please )?note(?: that)?|keep in mind(?: that)?|bear in mind(?: that)?|good to know)\b[\s,:;—-]*/,
    "Just so you know, I'm vegetarian.",
  ),
  lead(
    "filler",
    /^(?:i should (?:mention|say|add|tell you)|i forgot to (?:mention|say|tell you)|let me (?:mention|tell you|add)|i want you to know|you should know|you need to know)(?: that)?\b[\s,:;—-]*/,
    "I should mention I'm diabetic.",
  ),
  lead(
    "request",
    /^(?:please )?(?:remember|don'?t forget|never forget|make a note|note down|save|store)(?: (?:that|this))?\b[\s,:;—-]*/,
    "Please remember that I'm vegetarian.",
  ),
  lead(
    "request",
    /^(?:(?:can|could|would|will) you (?:please )?|i (?:want|need) you to |i'?d like you to )(?:remember|note|keep in mind|make a note|know)(?: that)?\b[\s,:;—-]*/,
    "Can you remember that I'm vegan?",
  ),
  lead(
    "standing",
    /^(?:from now on|going forward|in the future|from here on(?: out)?|henceforth|by default)\b[\s,:;—-]*/,
    "From now on, reply in English.",
  ),
  // How general the rule is, said before it: its standing marker is read from the words as said.
  lead(
    "filler",
    /^(?:basically|essentially|generally(?: speaking)?|in general|as a (?:general )?rule|in principle|overall|in short|to be clear|for context)\b[\s,:;—-]*/,
    "Generally: API errors carry a machine-readable code",
  ),
  // A word that only announces what follows, before a colon: "news: …", "quick update: …".
  lead(
    "filler",
    /^(?:(?:some |big |bigger |good |bad )?news|(?:quick |small |short )?update|announcement|context|reminder)\s*[:：]\s*/,
    "news: the team moved to pnpm",
  ),
  // A verdict on what the agent did, before what the user goes on to say: "looks good, but heads up: …".
  lead(
    "filler",
    /^(?:(?:that |this |it )?(?:looks|sounds|seems) (?:good|great|fine|right|ok(?:ay)?)|lgtm)\b[\s,.!:;—-]*/,
    "looks good, but heads up: we dropped the gb_ prefix",
  ),
  lead("filler", /^please\b[\s,]*/, "Please always cite your sources."),
  lead("filler", /^(?:no+|nope|nah|ok(?:ay)?|yes)[,.!:]\s*/, "no, use pnpm"),
  lead(
    "filler",
    /^(?:no{2,}|oh|ah+|hey|yeah|yep|whoa|woah|wait|hmm+|ugh|sorry|hold on|wtf|omg|dude|man|bro|well)[,.!:]?\s+/,
    "whoa wait, that's the wrong redis",
  ),
  lead(
    "filler",
    /^(?:plus|pls|plz|just|then|oh and)\b[,:]?\s*/,
    "plus, function names should end with '_fn'",
  ),
  // A list marker opening a rule is no part of it (see list-markers).
  lead("filler", new RegExp(LINE_MARKER.source), "3) tests are pytest, always run with --strict-markers"),
  lead(
    "filler",
    /^(?:firstly|secondly|thirdly|fourthly|lastly|additionally|moreover|furthermore|besides)\b[,:]?\s*/,
    "Firstly, always start variable names with 'z_'",
  ),
  lead(
    "filler",
    /^(?:first(?: of all)?|second|third|next|finally|last but not least|on top of that|one more thing|another thing)[,:]\s*/,
    "finally, never push to main",
  ),
  lead(
    "announcement",
    // The colon ends a heading, not a command's word ("knex migrate:make", "(`npm run db:push`)").
    /^(?:[^:：.!?`()]{0,60}?\s(?:rules?|conventions?|practices?|things?|notes?|updates?|changes?|reminders?|requests?|heads[- ]up|fyi)\b[^:：.!?`()]{0,40}|(?:rules?|conventions?|notes?|updates?|changes?|reminders?|heads[- ]up|fyi))(?::(?=\s|$)|：)\s*/,
    "One update before I forget: from now on, variable names start with 'wr_'",
  ),
  // A heading that points at what follows: "our lead read the style guide and we're aligning with it: …".
  lead(
    "announcement",
    /^[^:：.!?`()]{0,120}?\b(?:with|to|on|about|by) (?:it|this|that|them)\s*[:：]\s*/,
    "our lead read the new style guide and we're aligning with it: constants are k_PascalCase now",
  ),
  // Words a teammate left, relayed before their quote: the quote is the rule.
  lead(
    "announcement",
    /^(?:[\w-]+ )?(?:left|posted|wrote|added|dropped) (?:a (?:comment|note|review)|this|the following)(?: (?:on|in|under) [^:：'"“‘]{1,40}?)?(?:,? (?:copying|pasting|quoting|forwarding) it(?: here| below)?)?\s*[:：]\s*['"“‘]?/,
    "Lena left a comment on your sync PR, copying it here: 'We're dropping Alamofire.'",
  ),
  // The same forwarded: "forwarding Priya's review comment on the FX PR, she owns the style guide: '…'".
  lead(
    "announcement",
    /^(?:(?:i'?m |just )?(?:forwarding|relaying|passing (?:on|along)|quoting|copying|pasting) )(?:[\w-]+['’]s |the |a |this |our |my )?(?:[\w-]+ )?(?:review(?: comments?)?|comments?|notes?|feedback)(?: (?:on|in|for|from|under) [^:：'"“‘]{1,60}?)?(?:,[^:："“]{0,80})?\s*[:：]\s*['"“‘]?/,
    "forwarding Priya's review comment on the FX PR, she's the one who owns the style guide: \"We don't do underscore-prefixed helper functions anymore.\"",
  ),
  lead(
    "announcement",
    /^(?:our|the|one|a|my) (?:house |team |golden |main |only |standing )?(?:conventions?|rule|norm|standard|policy)(?: here| in this (?:repo|project|team|codebase))? (?:is|says)(?: that| to)?\b[\s,:;—-]*/,
    "Our convention is to use Google-style docstrings",
  ),
  lead(
    "announcement",
    /^(?:(?:another|one (?:more|last)|the last|last) (?:thing|one(?=\s*[:,—–-]))(?: (?:i want you to|to) (?:keep in mind|remember|know))?(?: is)?(?: that)?|(?:it'?s|it is) (?:important|essential|crucial) (?:that|to)(?: you)?|(?:a |one )?(?:quick |friendly )?reminder(?: that)?|i'?d (?:also )?like you to|i (?:also )?want you to|we(?:'ve| have) decided(?: that)?)\b[\s,:;—-]*/,
    "Another thing I want you to keep in mind is that function names end with '_v2'",
  ),
  lead(
    "announcement",
    /^(?:change of plans?(?: (?:on|for|about) [\w\s-]{1,30}?)?|scratch that|forget (?:what i said|that)|correction|(?:a |one |quick )?update|new rule)\s*[,:;—-]+\s*/,
    "Change of plan: variable names start with 'n_'",
  ),
  // Any announcement before a colon is a heading: "更正一下：表前缀改成 lz_ 了".
  lead(
    "announcement",
    new RegExp(`(?:${ANNOUNCEMENTS.pattern.source})\\s*[:：]\\s*`),
    "更正一下：表前缀改成 lz_ 了",
  ),
  // …or before an aside that ends it, a promise or an emoji: "ok last change on this one, promise 😅 base_ kept …".
  lead(
    "announcement",
    new RegExp(
      `(?:${ANNOUNCEMENTS.pattern.source})(?:,?\\s+(?:i\\s+)?(?:promise|swear))?\\s*(?:[\\uD83C-\\uDBFF][\\uDC00-\\uDFFF]|[\\u2600-\\u27BF])+\\s*`,
    ),
    "last change on this one, promise 😅 base_ kept getting confused, so staging models are src_ now",
  ),
  lead(
    "announcement",
    /^[^：:，。]{0,20}(?:习惯|规范|规矩|约定|规定|要求|变化|调整|改动|说明)(?:[^：:，。]{0,6}|[，,][^：:，。]{0,12})[：:]\s*/,
    "说下咱们的约定哈：组件文件名用大驼峰",
  ),
  lead(
    "scope",
    /^(?:in (?:this|our|the) (?:repo(?:sitory)?|project|codebase|api|service|app)\b[,:]?\s*|(?:locally|here)\b[,:]?\s*)/,
    "in this repo, squash before merging",
  ),
  // A reason said first, then "so" and what to do: the reason is why, the rule what follows. Not
  // news of a change ("we moved off fly, so deploy with kamal"): the change is part of the rule.
  lead(
    "filler",
    /^(?![^,;]*\b(?:moved|switch\w*|migrat\w*|dropp\w*|gone|replac\w*|no longer|any ?more|deprecated|removed|standardi[sz]\w*|settled on|agreed on|adopt\w*)\b)(?:[^,;.!?]|\.(?=\S)){12,160}?,\s*(?:so|which is why|that'?s why|hence)\s+(?=(?:in (?:this|our) (?:repo(?:sitory)?|project|codebase)\b[,:]?\s*)?(?:please\s+)?(?:always|never|use|run|don'?t|do not|make sure|keep|prefer|stick)\b)/,
    "The gradle on my PATH is an old 7.2 that a legacy project still needs, so in this repository please always use the wrapper",
  ),
  lead(
    "filler",
    /^(?:(?:哦|噢)?对了(?:[，,]?\s*(?:刚才)?忘了说)?|忘了说|顺便说一下|顺便说一句|顺便|另外|还有|补充一下|提醒一下|说一下|我?(?:跟|和|给)你说(?:一下|一声|下)?|告诉你(?:一下|一声)?|麻烦|好的|嗯|哦|那个)[，,：:\s]*/,
    "对了，我对花生过敏",
  ),
  lead(
    "filler",
    /^(?:总的来说|一般来说|基本上|原则上|通知一下|同步一下|多说一句|提一句|提一下)[，,：:]\s*/,
    "同步一下：接口文档已经挪到 Apifox 了",
  ),
  lead(
    "request",
    /^(?:请|你要|帮我)?(?:记住|记一下|记下来|别忘了|不要忘了|记得)(?:了|哦|啊)?[，,：:\s]*/,
    "记住：我不吃香菜",
  ),
  lead("standing", /^(?:以后|今后|从现在(?:开始|起)|往后)[，,：:\s]*/, "以后，回答简洁一点"),
  lead("filler", /^请(?![求问教])[，,\s]*/, "请用中文回答"),
  lead(
    "filler",
    /^(?:而且|并且|但是|但|同时|也(?!许)|然后|首先|其次|再次|第[一二三四五六]|最后|此外|说个事|有个变化|跟你说一下)[，,:：\s]*/,
    "而且，每个函数都要有类型注解",
  ),
]);

function only(name: string, kinds: readonly LeadInKind[]) {
  return defineLexicon(
    name,
    LEAD_IN_WORDS.entries.filter((entry) => kinds.includes(entry.kind)),
  );
}

/** The openings a stated rule is stored without: not "from now on" nor a request to remember. */
export const RULE_LEAD_INS = only("rule-lead-ins", ["filler", "announcement", "scope"]);

/** The openings a candidate fact is stored without: not an announcement nor a scope. */
export const FACT_LEAD_INS = only("fact-lead-ins", ["filler", "standing", "request"]);

const STANDING_LEAD_INS = only("standing-lead-ins", ["standing"]);

/** `text` without a standing opening ("going forward, tuning values live in …" → "tuning values live in …"). */
export function withoutStandingLeadIn(text: string): string {
  const found = STANDING_LEAD_INS.pattern.exec(text.trim());
  return found === null ? text.trim() : text.trim().slice(found[0].length);
}

/** `text` without the openings a stated rule drops: "Firstly, always start…" → "always start…". */
export function stripLeadIns(text: string): string {
  let rest = text.trim();
  for (let found = RULE_LEAD_INS.pattern.exec(rest); found !== null && found[0].length > 0; ) {
    // A heading that names the rule a withdrawal points back to is part of it: "about the LG
    // thing: we don't need that rule any more".
    if ((withdrawalIn(rest)?.index ?? Number.POSITIVE_INFINITY) < found[0].length) break;
    rest = rest.slice(found[0].length).trimStart();
    found = RULE_LEAD_INS.pattern.exec(rest);
  }
  return rest.trim();
}
