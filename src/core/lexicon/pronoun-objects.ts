/**
 * Sentences whose whole object is a pronoun: "Prefer that everywhere.", "Do it that way from now
 * on.", "Keep it like that for all new modules", "Same for every new service.", "以后都这样。",
 * "就按这个来". Such a sentence says nothing by itself: it confirms the sentence before it as a
 * standing rule. The convention rule reads the two together (the rule is the sentence before,
 * marked as standing) and never stores the pronoun sentence as a rule; the other rules leave it out
 * as a sentence with nothing to keep. Each entry matches the whole sentence (its lead-ins such as
 * "ok," stripped first), its scope and standing marker included. Lower case, read with the `i`
 * flag. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";
import { stripLeadIns } from "./lead-in-words.js";

/** A pronoun standing for what was just said, with the word for a way of doing it that may follow. */
const PRONOUN = String.raw`(?:it|that|this|them|those|these|the same)(?:\s+(?:one|way|approach|pattern|style|format|convention|setup|structure|layout|naming|rule))?`;
/** "like that", "that way": how it was done. */
const MANNER = `(?:like (?:that|this)|(?:that|this) way|the same way|as is)`;
/**
 * What may follow the object: where or how long it holds ("everywhere", "from now on", "for all
 * new modules", "in every repo", "too"), what it replaces ("instead of the Google style I told you"),
 * and courtesy.
 */
const SCOPE = String.raw`(?:\s*,?\s*(?:everywhere|always|in general|generally|from now on|going forward|from here on(?: out)?|in (?:the )?future|henceforth|too|as well|please|pls|then|across the (?:board|codebase|repo|project)|(?:for|in|on|across|with) (?:all|every|each|any|the rest of(?: the)?|our|future|other)(?:\s+(?:of\s+)?(?:the|our))?(?:\s+new)?(?:\s+[\w./-]+){1,2}|(?:for|in) (?:the )?(?:whole|entire) [\w./-]+|(?:here|in this (?:repo|project|codebase))|(?:instead of|rather than|not) [^.!?。！]{1,60}?))*`;
/** The end of the sentence. */
const END = String.raw`\s*[.!。！]*\s*$`;
/** A word that says it holds beyond this request ("Use it." alone confirms nothing lasting). */
const LASTING = String.raw`(?=.*\b(?:always|everywhere|from now on|going forward|from here on|future|henceforth|all|every|each|any|whole|entire|across|rest|in general|generally)\b)`;

/** Every pronoun-object form, English then Chinese. */
export const PRONOUN_OBJECTS = defineLexicon("pronoun-objects", [
  {
    // A verb whose object is the pronoun: "Prefer that everywhere", "Use that for all new services".
    pattern: new RegExp(
      String.raw`^${LASTING}(?:(?:always|please|pls|and)\s+)*(?:prefer|use|keep|do|follow|apply|repeat|copy|stick (?:to|with)|go with|make|write|name|structure|format)\s+${PRONOUN}(?:\s+${MANNER})?${SCOPE}${END}`,
    ),
    example: "Prefer that everywhere.",
  },
  {
    // "Do it that way from now on", "Keep it like that for all new modules", "Always do it like this".
    pattern: new RegExp(
      String.raw`^${LASTING}(?:(?:always|please|pls|and)\s+)*(?:do|keep|leave|write|have|build|set up|name|structure|format)\s+(?:it|them|everything|things|all of them)\s+${MANNER}${SCOPE}${END}`,
    ),
    example: "Keep it like that for all new modules",
  },
  {
    // "Same for every new service.", "Same going forward", "Likewise everywhere".
    pattern: new RegExp(`^${LASTING}(?:the )?(?:same|likewise|ditto)${SCOPE}${END}`),
    example: "Same for every new service.",
  },
  {
    // "That's the way from now on", "This is how we do it going forward", "So that's the docstring rule from now on".
    pattern: new RegExp(
      String.raw`^${LASTING}(?:that|this)(?:'s| is| should be| will be)\s+(?:how (?:we|you|i) (?:do|want|like|write) (?:it|things|them|(?:my |the |our |your )?(?:answers|replies|responses|code|commits|tests))|(?:the|our) (?:[\w-]+\s+){0,2}?(?:way|rule|standard|default|convention|pattern)(?: to go)?)${SCOPE}${END}`,
    ),
    example: "This is how we do it going forward.",
  },
  {
    // "That goes for everything under fw/", "This applies to every service too".
    pattern: new RegExp(
      String.raw`^(?:and\s+)?(?:that|this|the same)(?:'s| is)?\s+(?:goes|go|holds|applies)\s+(?:for|to)\s+(?:everything|every|all|each|any)\b[^.!?。！]{0,40}${END}`,
    ),
    example: "That goes for everything under fw/.",
  },
  {
    // What every thing of a kind has, as "one" or "it": "every public function gets one", "all
    // handlers need them".
    pattern: new RegExp(
      String.raw`^(?:and\s+)?(?:every|each|all|any)\s+(?:[\w./-]+\s+){1,3}?(?:gets?|needs?|has|have|should (?:get|have)|must (?:get|have)|wants?|requires?)\s+(?:one|it|them)(?:\s+(?:too|as well))?${SCOPE}${END}`,
    ),
    example: "every public function gets one.",
  },
  {
    pattern: new RegExp(
      `^make (?:that|this|it) (?:the|our) (?:default|standard|rule|convention|norm)${SCOPE}${END}`,
    ),
    example: "Make that the default.",
  },
  {
    // 以后都这样。以后所有新模块都这样写。就按这个来。照这个写。
    pattern:
      /^(?=.*(?:以后|今后|往后|从现在|从今天|所有|每个|全部|一律|统一|都))(?:(?:以后|今后|往后|从现在(?:开始|起)|从今天(?:开始|起))[，,]?)?(?:(?![不别没])[^，。,！!？?]){0,8}?(?:就|都|也|一律|统一)*(?:按|照|像|用)?(?:这样|这么|这个|那样|那么|这种|同样|一样)(?:的)?(?:方式|写法|做法|格式|风格)?(?:来|写|做|办|弄|处理|搞|命名)?(?:吧|了|哈|啊|哦)?[。！!]*\s*$/u,
    example: "以后都这样。",
  },
]);

/** True when a sentence's whole object is a pronoun: it confirms the sentence before it ("Prefer that everywhere."). */
export function pointsBackOnly(sentence: string): boolean {
  return PRONOUN_OBJECTS.test(stripLeadIns(sentence));
}

/**
 * A replacement that points back at what the sentence before dropped: "…, so @Timed is out. Put
 * @Observed on public service methods instead.", 老的那套废弃了。改用 @audit_log。 The convention
 * rule reads the drop and the replacement as one rule.
 */
export const REPLACES_WHAT_CAME_BEFORE = defineLexicon("replaces-what-came-before", [
  { pattern: /\binstead\b(?!\s+of\b)/, example: "Put @Observed on public service methods instead" },
  { pattern: /\bin (?:its|their) place\b/, example: "use structlog in its place" },
  { pattern: /^(?:那就|现在)?(?:改用|换成|改成)/u, example: "改用 @audit_log" },
]);
