/**
 * What the words of a unit say, for the convention rule (convention-rule.ts): the part that states
 * the rule, its clean text, whether it reads as a directive, names a thing to use or drop, or is
 * about work with no word for the work. Pure.
 */
import { announcementRest } from "../lexicon/announcements.js";
import { namesCode, sentenceCase } from "../lexicon/code-terms.js";
import { droppedThings } from "../lexicon/dropped-things.js";
import { isInstruction, opensWithAnyVerb } from "../lexicon/imperative-verbs.js";
import { kindsOfWork } from "../lexicon/kinds-of-work.js";
import { languageOf } from "../lexicon/language.js";
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { BANS_AFTER_REASON, forbids } from "../lexicon/negations.js";
import { statesNorm } from "../lexicon/norms.js";
import { ruleShape, THINGS_WE_MAKE } from "../lexicon/rule-shapes.js";
import { withoutTaskTail } from "../lexicon/task-headings.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { withdrawalIn } from "../lexicon/withdrawals.js";
import { answersOnlyWork, workLabel, workMeets } from "../lexicon/work-groups.js";
import { escapeRegExp } from "../regexp.js";
import { dropsAThing } from "./convention-announcements.js";
import type { AgentReply } from "./convention-echoes.js";
import type { ConventionFinding } from "./convention-reading.js";
import { valuesWritten } from "./named-values.js";
import { memberNamed, memberSlotsNamed, readSlots, type SlotFinding } from "./slot-rule.js";

/**
 * The part of a sentence that states the rule, when a dash sets it apart from a story ("so I merged
 * the settings migration this morning — settings live in kestrel.toml now"), with the parts that
 * name what it drops and the code that spells it out; without a request for now said after it.
 */
export function ruleOf(said: string): string {
  // A request for now said after the rule in its sentence is not part of it ("…，先帮我把依赖装一下").
  const text = withoutTaskTail(said);
  const parts = text.split(/\s+[—–]\s+/);
  // A withdrawal spans its dash ("the # Examples rule — please drop it"): it is all one part.
  if (parts.length < 2 || withdrawalIn(text) !== null) return text;
  const states = parts.map(
    (part) =>
      readsAsDirective(part, languageOf(part) === "zh") ||
      readSlots(part).some((slot) => slot.value !== null),
  );
  if (!states.includes(true)) return text;
  // What the sentence drops may be named in a part of its own ("dbg_printf is going away — use
  // rtt_log()"), and code named right after a stating part spells it out ("use the fixed-width
  // types — uint32_t, uint16_t and friends"), as does what to do right after it ("never call
  // GetComponent inside Update — cache it in Awake").
  const dropped = [...preferenceTerms(text).avoid];
  return parts
    .filter(
      (part, index) =>
        states[index] ||
        dropped.some((term) => part.toLowerCase().includes(term.toLowerCase())) ||
        // A ban beside the part that says what to do instead ("no `!` unwraps — use guard let").
        ((forbids(part) || BANS_AFTER_REASON.test(part)) && kindsOfWork(part).size > 0) ||
        (states[index - 1] === true && (namesCode(part) || opensWithAnyVerb(part))),
    )
    .join(" — ");
}

/** A rule's text as stored: without lead-ins or a final stop, sentence-cased unless Chinese. */
export function clean(text: string): string {
  // A quote relayed from someone else closes after the rule's last stop ("…too many.'").
  const stripped = stripLeadIns(text)
    .replace(/[.。!！:：]+['"”’]?$|\s+[—–]$/, "")
    .trim();
  return languageOf(stripped) === "zh" ? stripped : sentenceCase(stripped);
}

/**
 * True when a sentence tells the agent what to do (see `isInstruction`) or states a norm ("names
 * should end with…", 都要).
 */
export function readsAsDirective(text: string, zh: boolean): boolean {
  return isInstruction(text, zh) || statesNorm(text);
}

/** True when a sentence is about how answers are written and nothing else ("Keep your answers short"). */
export function answersOnly(text: string, work: readonly string[]): boolean {
  return answersOnlyWork(work) && !namesCode(text);
}

/** True when a rule names a thing to use or to drop (see use-and-avoid.ts). */
export function namesATerm(text: string): boolean {
  const { use, avoid } = preferenceTerms(text);
  return use.size + avoid.size > 0;
}

/**
 * True when words with no word for the work are about it: they name code, or, in a rule's shape,
 * a thing to use or drop ("we replaced viper with koanf") or things the team makes ("every
 * resource we create needs…", see rule-shapes.ts).
 */
export function namesWorkThing(text: string, shape: boolean): boolean {
  return namesCode(text) || (shape && (namesATerm(text) || THINGS_WE_MAKE.test(text)));
}

/** A tool named alone, a word or two ("slog.", "vitest please"): its slot with the tool as value, else null. */
function bareMember(text: string): SlotFinding | null {
  // Words in Chinese are not counted by spaces: a Chinese sentence says its verb (用 pnpm).
  if (wordCount(text) > 2 || /\p{Script=Han}/u.test(text)) return null;
  const found = memberNamed(text);
  return found?.value != null ? found : null;
}

const wordCount = (text: string) =>
  text
    .replace(/[.!。！]+$/u, "")
    .trim()
    .split(/\s+/).length;

/**
 * The tool a terse correction chooses: its sentences are a tool named alone, a drop or a
 * prohibition, and at most a few words more ("slog. structured fields. no log.Printf.", "pnpm. not
 * npm."). Null for anything longer or with no drop.
 */
export function terseChoice(units: readonly { text: string }[]): SlotFinding | null {
  if (units.length < 2 || units.length > 4 || units.some((unit) => wordCount(unit.text) > 4)) return null;
  const bare = units.map((unit) => bareMember(unit.text)).filter((found) => found !== null);
  const drops = units.some((unit) => dropsAThing(unit.text) || ruleShape(unit.text) === "prohibition");
  return bare.length === 1 && drops ? (bare[0] as SlotFinding) : null;
}

/**
 * The tool the agent names right after a terse drop that says no replacement ("ugh, not pandas." →
 * "Sorry — the project is on polars."): a value of a slot of the dropped tool, read from the reply's
 * words before any code. Null when the message is longer, names a replacement, or the reply names none.
 */
export function replacementNamedBack(
  units: readonly { text: string }[],
  reply: { text: string } | null,
): SlotFinding | null {
  if (reply === null || units.length > 2 || units.some((unit) => wordCount(unit.text) > 6)) return null;
  return replacementInReply(units.map((unit) => unit.text).join(" "), reply);
}

/**
 * The tool the agent names in `reply` in place of those a drop (`message`) names, a value of one of
 * their slots ("no ky, no axios anywhere" → "anything HTTP goes through apiFetch<T>()"); null when
 * `message` does more than drop, or the reply names none.
 */
export function replacementInReply(message: string, reply: { text: string }): SlotFinding | null {
  if (!dropsOnly(message)) return null;
  const slots = memberSlotsNamed(message);
  if (slots.length === 0) return null;
  const dropped = preferenceTerms(message).avoid;
  const said = reply.text.split("```")[0] ?? "";
  return (
    readSlots(said).find(
      (found) => found.value !== null && slots.includes(found.slot) && !dropped.has(found.value),
    ) ?? null
  );
}

/** True when a rule only says what to stop using ("@Audited is being retired"). */
export function dropsOnly(text: string): boolean {
  const terms = preferenceTerms(text);
  // A name template said beside the drop is what is used instead ("别带 feature/ 前缀了，直接 <jira号>-简短描述").
  const template = valuesWritten(text).some((value) => value.shape === "template");
  return terms.avoid.size > 0 && terms.use.size === 0 && !template;
}

/**
 * True when `text` says a thing changed, or announces that it does, without saying to what
 * ("对象拷贝我们也改了，BeanUtils 是反射", "错误码前缀改一下，ERR_ 太泛了", "we changed how we copy objects,
 * BeanUtils is too slow"): the rule that follows says it.
 */
export function changesWithoutValue(text: string): boolean {
  // An announcement with a value after it says what it changed to ("… aligning with it: constants are k_PascalCase").
  const rest = announcementRest(text);
  return (
    (ruleShape(text) === "change" || (rest !== null && valuesWritten(rest).length === 0)) &&
    preferenceTerms(text).use.size === 0 &&
    readSlots(text).every((slot) => slot.value === null)
  );
}

/** True when `text` only drops things: it names no code besides them ("constants.py 拆掉了", not "every job class subclasses KestrelTask, we never …"). */
export function onlyDrops(text: string): boolean {
  if (!dropsOnly(text)) return false;
  const words = droppedThings(text).flat();
  // Whole words only: "never a public field" leaves the `[SerializeField]` of its rule.
  const rest = words.reduce(
    (left, word) => left.replace(new RegExp(`(?<![\\w@$])${escapeRegExp(word)}(?![\\w$])`, "gi"), " "),
    text,
  );
  return !namesCode(rest) && valuesWritten(rest).length === 0;
}

/** The rule of a terse drop and the replacement the agent named back: "Use polars, not pandas", 用 polars，不用 pandas. */
export function namedBack(message: string, slot: SlotFinding, reply: string): ConventionFinding {
  const zh = languageOf(message) === "zh";
  const value = slot.value as string;
  const written = new RegExp(escapeRegExp(value), "i").exec(reply)?.[0] ?? value;
  // Every thing it drops, as the message writes it ("no ky, no axios anywhere" → ky or axios).
  const was = droppedThings(message)
    .map((name) => name.join(" "))
    .map((dropped) => new RegExp(escapeRegExp(dropped), "i").exec(message)?.[0] ?? dropped)
    .join(zh ? "、" : " or ");
  return {
    rule: zh ? `用 ${written}，不用 ${was}` : `Use ${written}, not ${was}`,
    quote: message.trim(),
    kind: "prefer",
    slot,
    work: slot.work,
    trigger: workLabel(slot.work[0], zh),
    language: zh ? "zh" : "en",
  };
}

/**
 * A rule that only drops tools, when no rule of the message sets their slot: with the replacement
 * the agent named back ("… no ky, no axios anywhere." → "anything HTTP goes through apiFetch<T>()").
 */
export function withReplacementNamedBack(
  item: ConventionFinding,
  found: readonly ConventionFinding[],
  reply: AgentReply,
): ConventionFinding {
  // Only a rule that drops and says nothing else ("no ky, no axios anywhere"), not a longer one
  // that also drops ("Every composable gets a @Preview …. we removed Gson last year").
  if (item.slot !== null || !onlyDrops(item.quote)) return item;
  const slots = memberSlotsNamed(item.quote);
  if (found.some((other) => other.slot?.value != null && slots.includes(other.slot.slot))) return item;
  const named = replacementInReply(item.quote, reply);
  return named === null ? item : namedBack(item.quote, named, reply.text);
}

/**
 * A finding that takes a rule back by its name sets no value with the words of that name ("re the
 * @traced decorator rule: drop it" is no rule to use @traced): it drops what it names.
 */
export function withoutWithdrawnValue(finding: ConventionFinding): ConventionFinding {
  const name = withdrawalIn(finding.quote)?.name ?? [];
  const value = finding.slot?.value;
  if (value == null || !name.some((word) => word.includes(value))) return finding;
  return { ...finding, slot: null, kind: "avoid" };
}

/**
 * True when two findings name a kind of work in common, or either names none; a drop's work is read
 * from its own first clause ("fly's out too, their postgres gave us grief" names no database work).
 */
export function sameWorkOrUnknown(drop: ConventionFinding, rule: ConventionFinding): boolean {
  return workMeets(kindsOfWork(drop.quote.split(/[,，;；]/)[0] ?? ""), rule.work);
}

/**
 * One convention per slot value in a message: the last saying of it ("this repo is a pnpm
 * workspace. Use pnpm install, never npm install" → the instruction).
 */
export function lastPerSlotValue(found: readonly ConventionFinding[]): ConventionFinding[] {
  const key = (item: ConventionFinding) => (item.slot ? `${item.slot.slot}=${item.slot.value}` : null);
  return found.filter(
    (item, index) => key(item) === null || !found.slice(index + 1).some((later) => key(later) === key(item)),
  );
}
