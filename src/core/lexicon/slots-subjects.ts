/**
 * Slots of a subject no other slot entry names: "all UI animation in this repo goes through gsap",
 * "we're moving all UI animation to anime.js", "atlas packing is done with spritesmith now". The
 * subject's words are the slot (`tool-for.{what}`, what = the words without spaces, lower case), the
 * tool named after the lead its value, so a later rule about the same subject supersedes the earlier
 * one whatever verb it uses. Read only when no entry of the slot lexicon (slots.ts) names a slot in
 * the same words (see `readSlots`): a slot the lexicon knows is always the one stored. Each entry
 * needs words that say the rule holds for the whole subject (all, every, "we're moving", "now"), so
 * "move the button to the left" names no slot. See docs/learning.md (Slots). Pure.
 */
import { defineLexicon } from "./define-lexicon.js";
import type { SlotEntry } from "./slot-entry.js";

/** The subject: one to three words, no article (capture group 1). */
const SUBJECT = String.raw`(?:(?:the|our|of the|of our)\s+)?((?:[A-Za-z][\w-]*\s+){0,2}?[A-Za-z][\w-]*)`;
/** Where a Chinese subject starts: a clause's start, then a connective that is no part of it. */
const ZH_START = String.raw`(?:^|(?<=[，。,；;：:\s]))(?:所以|因此|现在|以后|然后|那)?`;
/** A subject in Chinese: two to six characters (capture group 1), not who decided (组里决定换成 …). */
const SUBJECT_ZH = String.raw`(?![把将给帮请让])([\u4e00-\u9fff]{2,6}?)(?<!决定|打算|准备|计划|已经|商量)`;
/** The tool (capture group 2): a backticked term or a name, not a function word. */
const TOOL = String.raw`(?:the\s+)?(?!(?:the|a|an|it|them|this|that|here|there|now|left|right|top|bottom|same|one|code|hand)\b)(?=[\w@./+#\x60-]*[A-Za-z])(\x60[^\x60]{1,40}\x60|[A-Za-z0-9@][\w@./+#-]*[\w+#])`;
/** Where a subject holds: "in this repo", "across the app". */
const WHERE = String.raw`(?:(?:in|for|across|throughout) (?:this|the|our) (?:repo|project|codebase|app|game|service|monorepo)\s+)?`;
/** A lead that pairs a subject with the tool it is done with. */
const LEAD = String.raw`(?:goes|go|runs?|is done|are done|is handled|are handled|is written|are written|is built|are built|happens|is made|are made)\s+(?:through|with|via|in|using|by|on)`;

const subject = (pattern: string, example: string): SlotEntry => ({
  slot: "tool-for.{what}",
  what: 1,
  whats: {},
  work: ["code"],
  pattern: new RegExp(pattern),
  value: { from: "group", value: 2 },
  example,
});

/** Subjects said with the tool they are done with (see the file comment). */
export const SUBJECT_SLOTS = defineLexicon<SlotEntry>("subject-slots", [
  subject(
    String.raw`\b(?:all|every|each|any)\s+${SUBJECT}\s+${WHERE}${LEAD}\s+${TOOL}(?![\w@/-])`,
    "all UI animation in this repo goes through gsap",
  ),
  subject(
    String.raw`\bwe(?:'re|'ve| are| have)?\s+(?:(?:now|just|finally|officially)\s+)?(?:mov|switch|migrat|port)\w*\s+(?:all\s+)?${SUBJECT}\s+(?:over\s+)?(?:to|onto)\s+${TOOL}(?![\w@/-])`,
    "we're moving all UI animation to anime.js",
  ),
  subject(
    String.raw`^\W*${SUBJECT}\s+${LEAD}\s+${TOOL}\s+(?:now|from now on|these days|going forward)\b`,
    "atlas packing is done with spritesmith now",
  ),
  // A Chinese subject said first, then who uses what or what it changes to: "动画我们用 DOTween",
  // "所以动画全部换成 PrimeTween".
  subject(
    String.raw`${ZH_START}${SUBJECT_ZH}(?:我们|咱们)(?:都|统一|一律)?(?:用|使用|走)\s*${TOOL}`,
    "动画我们用 DOTween",
  ),
  subject(
    String.raw`${ZH_START}${SUBJECT_ZH}(?:全部|都|统一|一律)?(?:换成|改成|改用|切到|迁到|换用)\s*${TOOL}`,
    "所以动画全部换成 PrimeTween，零 GC 分配",
  ),
]);
