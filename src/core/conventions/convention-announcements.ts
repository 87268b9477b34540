/**
 * Announced changes: "sorry, change of plan on the table prefix. raw_ clashes with the data lake's
 * raw zone, so forget raw_. it's lz_ for every landing table going forward" states one rule, the
 * last sentence; the first only announces it (see lexicon/announcements.ts) and is no rule of its
 * own. What it announces is a change, so the rule after it replaces what was said before: it is
 * read as an update (a rule that names a value is lasting and says what to do), and the sentences
 * between that name what is dropped ("forget raw_", "Forget what I said about WebClient") stay
 * with it, so that the lesson book archives the rule built on the dropped thing. Pure.
 */
import { addsNothing, announcementRest } from "../lexicon/announcements.js";
import { namesCode } from "../lexicon/code-terms.js";
import { languageOf } from "../lexicon/language.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { withdrawalIn } from "../lexicon/withdrawals.js";
import { readSlots } from "./slot-rule.js";

/** True when a sentence names a value to do or use: code, a slot's value, a term after "use", a Latin word in Chinese. */
export function namesAValue(text: string): boolean {
  return (
    namesCode(text) ||
    readSlots(text).some((slot) => slot.value !== null) ||
    preferenceTerms(text).use.size > 0 ||
    (languageOf(text) === "zh" && /[A-Za-z0-9]/.test(text)) ||
    // A value quoted alone, after the heading that names what it is for: "…on class names: 'Tq'".
    /^\W*['"‘“`][\w@$.<>-]{1,30}['"’”`]\W*$/.test(text)
  );
}

/**
 * True when a sentence only announces a change or a topic ("change of plan on the table prefix",
 * "Forget what I said about WebClient, it's too slow", 规范有两处调整): after the announcement it
 * adds nothing, or only words that name no value.
 */
export function announcesOnly(text: string): boolean {
  const rest = announcementRest(text);
  // "about the @Preview rule for screens, forget it" takes the rule it names back.
  if (rest === null || withdrawalIn(text) !== null) return false;
  return addsNothing(rest) || (/^\s*[,，;；—–-]/.test(rest) && !namesAValue(rest));
}

/** True when a sentence names a thing that is dropped ("forget raw_", "no longer WebClient", "we dropped testify last week"). */
export function dropsAThing(text: string): boolean {
  return preferenceTerms(text).avoid.size > 0;
}
