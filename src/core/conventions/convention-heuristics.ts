/**
 * Conventions among a task's heuristics. The other rules read corrections, constraints and
 * standing instructions in their own words ("Use `pnpm install`, not `npm install`"); this step
 * marks the ones the user stated as conventions (with their slot, and a trigger naming their kind
 * of work when the rule had only the task's title — which may be a greeting), strips lead-ins
 * ("Firstly,"), splits a heuristic that holds several conventions (one per slot), and adds the
 * conventions no rule read. Pure.
 */
import { MAX_HEURISTIC_EVIDENCE_CHARS, MAX_RULE_CHARS } from "../learning/experience-limits.js";
import { preferenceScope } from "../learning/experience-text.js";
import type { TransferableHeuristic } from "../learning/offline-experience.js";
import { clip, isActionCall, type TaskMessage, toolCommand, userWords } from "../learning/task-message.js";
import { activityTrigger } from "../learning/topics.js";
import { announcementRest } from "../lexicon/announcements.js";
import { withoutAsides } from "../lexicon/asides.js";
import { kindsOfWork } from "../lexicon/kinds-of-work.js";
import { hasHan } from "../lexicon/language.js";
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { withoutReasons } from "../lexicon/reason-clauses.js";
import { isSmallTalk } from "../lexicon/small-talk-cues.js";
import { splitSentences } from "../lexicon/tokenizer.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import type { AgentReply } from "./convention-echoes.js";
import { headsRulesGlued } from "./convention-headings.js";
import { type ConventionFinding, readConventions } from "./convention-rule.js";
import { saysWord } from "./convention-threads.js";
import { answersOnly } from "./convention-words.js";
import { type HeldValues, valuesWritten } from "./named-values.js";
import { toolChoice } from "./slot-rule.js";
import { writtenForms } from "./slot-values.js";

/**
 * A rule within MAX_RULE_CHARS: a longer one loses its long asides first ("(wraps xcodebuild archive
 * + the altool upload)"), so that what it says after them ("No more beta tags") is kept, then what
 * only announces it ("A change the board approved on Friday: …"), then its sentences that say
 * nothing the others do not: what a sentence drops is kept before what it adds, since it is how
 * the rule overturns an older one (docs/learning.md#conventions-slots-and-supersession). Then it is cut.
 */
function ruleWithin(rule: string): string {
  if (rule.length <= MAX_RULE_CHARS) return rule;
  // A long rule first loses what only says why ("…, platform wanted one pipeline"), then its asides.
  const sentences = splitSentences(rule).map(({ text: sentence }) => {
    // What ends the sentence stays when its last clause is the reason cut.
    const stop = /[.!?。！？]$/.exec(sentence)?.[0] ?? "";
    const kept = tidy(withoutAnnouncement(withoutAsides(withoutReasons(sentence), 3))).replace(
      /[\s,;，；]+$/,
      "",
    );
    return kept.endsWith(stop) ? kept : `${kept}${stop}`;
  });
  const kept = fitted(sentences.filter((sentence) => sentence.length > 1));
  // A first sentence too long for the rest to fit is the one cut, so that a drop after it stays.
  const rest = kept.slice(1).join(" ");
  const room = MAX_RULE_CHARS - rest.length - 1;
  // Never before what it drops itself ("… @Observable macro instead of ObservableObject, no more @Published").
  const first = kept[0] ?? "";
  const dropsLater = kept.slice(1).some((sentence) => preferenceTerms(sentence).avoid.size > 0);
  if (dropsLater && first.length > room && room >= MIN_CUT_FIRST && droppedUpTo(first) <= room)
    return `${clip(first, room)} ${rest}`;
  return clip(kept.join(" "), MAX_RULE_CHARS);
}

/** The shortest a first sentence is cut to, to keep the drops said after it. */
const MIN_CUT_FIRST = 60;

const tidy = (text: string): string =>
  text
    .replace(/\s+([.,;:!?，。；：])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();

/** A sentence without what only announces it before a colon ("A change the board approved: …"). */
function withoutAnnouncement(sentence: string): string {
  const colon = sentence.search(/[:：]\s/);
  if (colon < 0) return sentence;
  const rest = announcementRest(sentence.slice(0, colon));
  if (rest === null) return sentence;
  const after = sentence.slice(colon + 1).trimStart();
  return `${after.charAt(0).toUpperCase()}${after.slice(1)}`;
}

/** Where the last thing `sentence` drops ends in it; 0 when it drops nothing. */
function droppedUpTo(sentence: string): number {
  const lower = sentence.toLowerCase();
  return Math.max(
    0,
    ...[...preferenceTerms(sentence).avoid].map((thing) => lower.lastIndexOf(thing) + thing.length),
  );
}

/**
 * The sentences of a long rule worth keeping, in their order: the first and the ones that drop a
 * thing (not one a kept sentence drops already) always; one that drops nothing only when it still
 * leaves room for them, or comes after them all (the clip then cuts what does not fit).
 */
function fitted(sentences: readonly string[]): string[] {
  const dropped = new Set<string>();
  const needed = sentences.map((sentence, index) => {
    const drops = [...preferenceTerms(sentence).avoid];
    const fresh = drops.filter((thing) => !dropped.has(thing));
    for (const thing of drops) dropped.add(thing);
    if (index === 0) return true;
    // Null: it drops nothing, and is kept as room allows.
    return drops.length === 0 ? null : fresh.length > 0;
  });
  const last = needed.lastIndexOf(true);
  let room =
    MAX_RULE_CHARS -
    sentences.reduce((sum, sentence, index) => sum + (needed[index] === true ? sentence.length + 1 : 0), 0);
  return sentences.filter((sentence, index) => {
    if (needed[index] !== null) return needed[index];
    if (index > last) return true;
    if (sentence.length + 1 > room) return false;
    room -= sentence.length + 1;
    return true;
  });
}

/**
 * Where a convention holds: how a person wants answers, said in the first person, is theirs in
 * every project; anything else keeps `otherwise`.
 */
function scopeOf(
  found: ConventionFinding,
  otherwise: TransferableHeuristic["scopeHint"],
): TransferableHeuristic["scopeHint"] {
  // The person is read from what the rule says to do, not from its reasons ("…, I read the diff anyway").
  return answersOnly(found.rule, found.work) ? preferenceScope(withoutReasons(found.quote)) : otherwise;
}

function asHeuristic(found: ConventionFinding): TransferableHeuristic {
  const zh = found.language === "zh";
  return {
    kind: found.kind,
    trigger: found.trigger,
    rule: ruleWithin(found.rule),
    why: zh ? "用户明确提出的项目规范" : "A convention the user stated",
    evidence: clip(found.quote, MAX_HEURISTIC_EVIDENCE_CHARS),
    scopeHint: scopeOf(found, "project"),
    confidence: 0.75,
    ...(found.slot && found.slot.value !== null
      ? { slot: { id: found.slot.slot, value: found.slot.value } }
      : {}),
    convention: true,
  };
}

/** A text as compared: spaces squashed, lower case, without the stop that ends a sentence. */
const squash = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.。!！]+$/, "")
    .toLowerCase();

/** True when a heuristic was read from the words a convention was read from. */
function readFrom(heuristic: TransferableHeuristic, found: ConventionFinding): boolean {
  const [evidence, quote] = [squash(heuristic.evidence), squash(found.quote)];
  return evidence.includes(quote) || quote.includes(evidence);
}

/** True when a heuristic was read from part of a convention's words. */
function within(heuristic: TransferableHeuristic, found: ConventionFinding): boolean {
  const evidence = squash(heuristic.evidence);
  return evidence.length > 0 && squash(found.quote).includes(evidence);
}

/** A heuristic marked as the convention it was read from. */
function marked(
  heuristic: TransferableHeuristic,
  found: ConventionFinding,
  title: string,
): TransferableHeuristic {
  // The convention may hold more of the user's words than the heuristic did ("no new Koin modules"
  // with the "let's switch to Hilt" said next to it): the convention's text is the rule then.
  if (squash(found.quote).length > squash(heuristic.evidence).length) return asHeuristic(found);
  // …or the heuristic kept the heading of the rules it was said under ("A couple of things we care
  // about, …: anything that shows in the inspector is [SerializeField] private"): the convention's
  // rule is said without it.
  if (headsRulesGlued(heuristic.rule)) return asHeuristic(found);
  // So may the convention's rule, when the heuristic kept only a clause that does not name the value
  // the convention sets ("we're moving to Mapster, the config lives in …" read as where the config
  // lives): the value is what a later change of the slot supersedes.
  const slot = found.slot;
  if (
    slot?.value != null &&
    heuristic.slot === undefined &&
    !writtenForms(slot.slot, slot.value).some((form) => saysWord(heuristic.rule, form))
  )
    return asHeuristic(found);
  // …and when it drops a thing the heuristic's rule does not name ("m_ 不要了，成员变量统一用后缀下划线"
  // kept as "优先使用 后缀下划线", "@traced is going away, handlers use @observe instead" as "Use
  // `@observe`"): what it drops is what a change of the older rule is known by.
  // Without a slot, only a value written as code counts: it is what a later change names back.
  const values = new Set(valuesWritten(found.rule).map((value) => value.key));
  if (
    [...preferenceTerms(found.rule).avoid].some(
      (term) => (found.slot?.value != null || values.has(term)) && !saysWord(heuristic.rule, term),
    )
  )
    return asHeuristic(found);
  const rule = stripLeadIns(heuristic.rule);
  // The task's title stands in when a rule names no activity, and the task's activity ("Writing
  // and running tests") when the convention's words name another kind of work ("money is Decimal
  // end to end", said while tests ran): a convention holds for the work its own words name.
  const activity = activityTrigger(heuristic.trigger, hasHan(heuristic.trigger)) === heuristic.trigger;
  const own = kindsOfWork(found.quote);
  const titled =
    isSmallTalk(heuristic.trigger) ||
    (heuristic.trigger === title && activityTrigger(title, false) === null) ||
    (activity && [...kindsOfWork(heuristic.trigger)].some((kind) => !own.has(kind)));
  return {
    ...heuristic,
    rule: hasHan(rule) ? rule : rule.charAt(0).toUpperCase() + rule.slice(1),
    trigger: titled ? found.trigger : heuristic.trigger,
    scopeHint: scopeOf(found, heuristic.scopeHint),
    ...((heuristic.slot ?? (found.slot && found.slot.value !== null))
      ? { slot: heuristic.slot ?? { id: found.slot?.slot as string, value: found.slot?.value as string } }
      : {}),
    convention: true,
  };
}

/**
 * What the agent did right after the user row at `index` (and any user rows sent right after it):
 * its text reply, or the command it ran ("unit tests are `make test-unit`" → it runs `make test-unit`).
 */
function replyTo(rows: readonly TaskMessage[], index: number): AgentReply | null {
  // Messages sent one after another are answered together ("Got it — thiserror in libraries, …").
  let at = index + 1;
  while (rows[at] !== undefined && userWords(rows[at] as TaskMessage) !== null) at += 1;
  // What it only looked at before replying is no reply ("ugh, not pandas." → reads pyproject.toml → "Sorry — the project is on polars").
  while (
    rows[at] !== undefined &&
    (rows[at] as TaskMessage).kind !== "text" &&
    !isActionCall(rows[at] as TaskMessage)
  )
    at += 1;
  const next = rows[at];
  if (next === undefined) return null;
  const command = isActionCall(next) ? toolCommand(next) : null;
  if (command !== null) return { text: command, ran: true };
  return next.role === "assistant" && next.kind === "text" ? { text: next.content } : null;
}

/**
 * `heuristics` with the conventions the user stated in `rows` (see `readConventions`): a heuristic
 * read from a convention's words is marked as that convention, several conventions in one
 * heuristic's words replace it (one each), a convention another rule already marked as one (a
 * stated fact) is left as it is, and a convention no heuristic holds is added. `title`
 * is the trigger rules fall back to (the task's title); `projectValues` the values the project's conventions
 * hold (a message that changes one is a convention: see named-values.ts).
 */
export function withConventions(
  rows: readonly TaskMessage[],
  heuristics: readonly TransferableHeuristic[],
  title: string,
  projectValues?: HeldValues,
): TransferableHeuristic[] {
  const result = [...heuristics];
  let lastCommand: string | null = null;
  for (const [index, row] of rows.entries()) {
    if (isActionCall(row)) lastCommand = toolCommand(row);
    const words = userWords(row);
    if (words === null) continue;
    const findings = readConventions(words, lastCommand, replyTo(rows, index), projectValues);
    lastCommand = null;
    const held = new Map<number, ConventionFinding[]>();
    const absorbed = new Set<number>();
    for (const found of findings) {
      // Another rule already read these words as a convention (a fact about a service of the project).
      if (heuristics.some((heuristic) => heuristic.convention === true && readFrom(heuristic, found)))
        continue;
      const at = result.findIndex((heuristic) => heuristic.convention !== true && readFrom(heuristic, found));
      if (at === -1) result.push(asHeuristic(found));
      else held.set(at, [...(held.get(at) ?? []), found]);
      // Other rules' readings of part of the convention's words are the convention, said once.
      result.forEach((heuristic, index) => {
        if (index !== at && heuristic.convention !== true && within(heuristic, found)) absorbed.add(index);
      });
    }
    for (const at of held.keys()) absorbed.delete(at);
    const edits = [...held.keys(), ...absorbed].sort((first, second) => second - first);
    for (const at of edits) {
      const found = held.get(at);
      const heuristic = result[at] as TransferableHeuristic;
      const replacement =
        found === undefined
          ? []
          : found.length > 1
            ? found.map(asHeuristic)
            : [marked(heuristic, found[0] as ConventionFinding, title)];
      result.splice(at, 1, ...replacement);
    }
  }
  return result.map((heuristic) => asToolChoice(heuristic, rows));
}

/**
 * A correction in the user's words that chooses a tool a project has one of ("不对，日期处理用
 * dayjs，不要 moment", "use httpx, not requests") is a convention of the project: it holds for
 * every task of the tool's kind, like "we use dayjs". A person's taste (global scope) and what a
 * failed call taught are not.
 */
function asToolChoice(heuristic: TransferableHeuristic, rows: readonly TaskMessage[]): TransferableHeuristic {
  if (heuristic.convention === true || heuristic.scopeHint === "global") return heuristic;
  if (heuristic.kind === "verify" || heuristic.kind === "clarify") return heuristic;
  const evidence = squash(heuristic.evidence);
  const said = evidence.length > 0 && rows.some((row) => squash(userWords(row) ?? "").includes(evidence));
  const choice = said ? toolChoice(heuristic.rule) : null;
  if (choice === null || choice.value === null) return heuristic;
  return { ...heuristic, slot: heuristic.slot ?? { id: choice.slot, value: choice.value }, convention: true };
}
