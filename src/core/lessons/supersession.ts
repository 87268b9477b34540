/**
 * Supersession: a newer rule overturns an older one — an opposite rule ("Use pnpm, not yarn" after
 * "Use yarn") or a rule for the same slot with another value (z_ → wr_ → n_, staging → qa-gw). The
 * older one is archived ("superseded by …") — or, when it states more than the value replaced, amended
 * to the new value ("amended by …") — its history keeps both versions, and the newest
 * statement wins whatever order sessions are learnt in; a superseded rule stated again comes back.
 * Pure: the lesson book reads the lessons and writes what this decides.
 */
import { valuesWritten } from "../conventions/named-values.js";
import { slotFamily } from "../conventions/slot-rule.js";
import { PRACTICE_VALUES } from "../conventions/slot-value-reading.js";
import { kindsOfWork } from "../lexicon/kinds-of-work.js";
import { sharedCount, tokens } from "../lexicon/tokenizer.js";
import { withdrawalIn } from "../lexicon/withdrawals.js";
import { answersOnlyWork } from "../lexicon/work-groups.js";
import {
  amendedRule,
  contradicts,
  dropsSomething,
  namesWhatItDrops,
  replacesInSlot,
  slotOfLesson,
  slotsOfRule,
} from "./contradiction.js";
import type { DedupWrite } from "./dedup.js";
import type { ChangeContext, LessonChangeResult, LessonEvent } from "./history.js";
import type { Lesson } from "./lesson.js";
import { archiveLesson, editLesson, quotedRule, reinstateLesson, supersedeLesson } from "./lifecycle.js";
import { renamedBack } from "./values-named-back.js";
import { withdrawalApplied, withdrawsOnly, withoutWithdrawn } from "./withdrawn-rules.js";

/** When a lesson was last said: its latest evidence, else its creation. */
export function saidAt(lesson: Pick<Lesson, "evidence" | "createdAt">): number {
  return lesson.evidence.reduce((latest, item) => Math.max(latest, item.at), 0) || lesson.createdAt;
}

/** True when both lessons govern a slot, and not the same one: different rules, however alike. */
export function governsAnotherSlot(candidate: Lesson, other: Lesson): boolean {
  const theirs = slotOfLesson(other);
  return (
    candidate.slot !== undefined && theirs !== null && !slotFamily(candidate.slot.id).includes(theirs.id)
  );
}

/**
 * True when `candidate` is a convention that sets a value in a slot and `other` sets none: the
 * embedder finds "We're off fly.io, everything deploys with kamal now" near "Billing deploys
 * everything since last month", but they are different rules.
 */
export function setsWhatOtherDoesNot(candidate: Lesson, other: Lesson): boolean {
  return (
    candidate.convention === true &&
    candidate.slot?.value != null &&
    !slotFamily(candidate.slot.id).some((id) => readsSlot(other, id))
  );
}

/** True when `lesson` sets a value in slot `id`: its own, or one its rule states. */
function readsSlot(lesson: Lesson, id: string): boolean {
  return slotOfLesson(lesson)?.id === id || slotsOfRule(lesson.rule).some((slot) => slot.id === id);
}

/** Below this share of the shorter rule's words in common, two conventions state different rules. */
const SAME_RULE_OVERLAP = 0.5;

/**
 * True when both lessons are conventions whose rules share too few words to be one rule ("Logging
 * goes through structlog" and "Staging tables are raw_ now"), or one drops a thing the other does
 * not name: the kind of work in their triggers makes short rules look alike to the embedder, but
 * they are two conventions, not one said twice.
 */
export function statesAnotherRule(candidate: Lesson, other: Lesson): boolean {
  if (candidate.convention !== true || other.convention !== true) return false;
  // A rule that drops a thing is another rule than one that does not name it ("stop using mocks in
  // integration tests, localstack now" and "integration tests run with pytest -m integration").
  for (const [one, two] of [
    [candidate, other],
    [other, candidate],
  ] as const)
    if (dropsSomething(one) && !namesWhatItDrops(one.rule, two.rule)) return true;
  // Two withdrawals of rules by other names take back two rules ("we don't need that rule any more"
  // about the LG prefix, and "we don't need the g_ rule any more").
  const [mineNamed, theirsNamed] = [withdrawalIn(candidate.rule), withdrawalIn(other.rule)];
  if (mineNamed !== null && theirsNamed !== null && mineNamed.name.join(" ") !== theirsNamed.name.join(" "))
    return true;
  // Rules that write values of one shape, none the same, are two ("… under app/services" and
  // "… in app/interactors"): the newer may replace the older, never merge into it.
  if (writeOtherValues(candidate.rule, other.rule)) return true;
  const mine = tokens(candidate.rule, { stem: true });
  const theirs = tokens(other.rule, { stem: true });
  const smaller = Math.min(mine.size, theirs.size);
  if (smaller === 0) return false;
  return sharedCount(mine, theirs) / smaller < SAME_RULE_OVERLAP;
}

/** True when both rules write values of a shape (paths, prefixes, calls…) and share none of them. */
function writeOtherValues(one: string, two: string): boolean {
  const [mine, theirs] = [valuesWritten(one), valuesWritten(two)];
  if (mine.some((value) => theirs.some((other) => other.key === value.key))) return false;
  return mine.some((value) => theirs.some((other) => other.shape === value.shape));
}

/**
 * The lessons a candidate overturns: its near neighbours with an opposite rule, and every lesson
 * of its scope that sets another value in its slot (`holders`). Never an archived lesson, never the
 * candidate's own content.
 */
export function overturnedBy(
  candidate: Lesson,
  neighbours: readonly Lesson[],
  holders: readonly Lesson[],
): Lesson[] {
  const found = new Map<string, Lesson>();
  for (const lesson of neighbours)
    if (contradicts(candidate, lesson) && !aboutOtherWork(candidate, lesson)) found.set(lesson.id, lesson);
  for (const lesson of holders) if (replacesInSlot(candidate, lesson)) found.set(lesson.id, lesson);
  return [...found.values()].filter(
    (lesson) =>
      lesson.contentHash !== candidate.contentHash &&
      lesson.status !== "archived" &&
      !standsBeside(candidate, lesson) &&
      !saidBeside(candidate, lesson),
  );
}

/**
 * The live lessons (`live`) that hold the value a lesson `overturned` holds in its slot: versions of
 * one rule. "Docstrings are Google style, every public function gets one", amended to numpy style
 * when numpydoc came, gives way with the numpy rule to "the numpydoc thing didn't stick … reST". A
 * practice's value ("use") names no version. Never the candidate, nor a rule said beside it.
 */
export function holdersOfOverturnedValues(
  candidate: Lesson,
  overturned: readonly Lesson[],
  live: readonly Lesson[],
): Lesson[] {
  const held = new Set(
    overturned.flatMap(({ slot }) =>
      slot?.value && !PRACTICE_VALUES.has(slot.value) ? [`${slot.id}\u0000${slot.value}`] : [],
    ),
  );
  if (held.size === 0) return [];
  return live.filter(
    (lesson) =>
      lesson.slot?.value != null &&
      held.has(`${lesson.slot.id}\u0000${lesson.slot.value}`) &&
      lesson.id !== candidate.id &&
      lesson.contentHash !== candidate.contentHash &&
      !overturned.some((other) => other.id === lesson.id) &&
      !saidBeside(candidate, lesson),
  );
}

/**
 * True when `other` was first stated in the message `candidate` was read from, known by its id:
 * rules said in one message are meant to hold together ("all new workloads go to eu-central-1 from
 * now on. existing us-east-1 stuff stays put until the migration project"), so neither overturns the
 * other. A drop that a change said beside it leaves behind still gives way to it (subsumed-drops.ts).
 */
export function saidBeside(candidate: Lesson, other: Lesson): boolean {
  return saidTogether(candidate, other, { byId: true });
}

/**
 * True when `candidate` withdraws a rule by its name and `other` was first stated in the same
 * message (see {@link saidTogether}): a withdrawal takes back only what was said before it ("we
 * don't need the g_ rule any more. … don't add new g_ globals" keeps the second).
 */
export function standsBeside(candidate: Lesson, other: Lesson): boolean {
  return withdrawalIn(candidate.rule) !== null && saidTogether(candidate, other);
}

/**
 * True when `other` was first stated in the message `candidate` was read from: the same message id,
 * or, when neither has one (lessons learnt before messages were named), the same time; with
 * `byId`, only the same message id. A rule stated before and only echoed in that message was not.
 */
export function saidTogether(
  candidate: Pick<Lesson, "evidence">,
  other: Pick<Lesson, "evidence">,
  options: { byId?: boolean } = {},
): boolean {
  const first = other.evidence.reduce<Lesson["evidence"][number] | undefined>(
    (earliest, item) => (earliest === undefined || item.at < earliest.at ? item : earliest),
    undefined,
  );
  return (
    first !== undefined &&
    candidate.evidence.some(
      (mine) =>
        mine.sessionId === first.sessionId &&
        (mine.messageId !== undefined && first.messageId !== undefined
          ? mine.messageId === first.messageId
          : // Neither named (learnt before messages were): said at one time. One named: two messages.
            options.byId !== true &&
            mine.messageId === undefined &&
            first.messageId === undefined &&
            mine.at === first.at),
    )
  );
}

/**
 * True when one lesson is about how answers are written and the other about the project's work,
 * not answers: what one says not to use for commit messages ("提交信息…不再用中文") does not overturn
 * how answers are written ("跟我说话用中文"), nor the other way round.
 */
function aboutOtherWork(candidate: Lesson, other: Lesson): boolean {
  const mine = kindsOfWork(`${candidate.trigger}\n${candidate.rule}`);
  const theirs = kindsOfWork(`${other.trigger}\n${other.rule}`);
  return (
    (answersOnlyWork(mine) && theirs.size > 0 && !theirs.has("answers")) ||
    (answersOnlyWork(theirs) && mine.size > 0 && !mine.has("answers"))
  );
}

/** One lesson superseded: before and after, and its history event. */
export interface Superseded {
  before: Lesson;
  after: Lesson;
  event: LessonEvent;
}

/**
 * Settles a learnt lesson against the ones it overturns: when one of them was said later, the
 * learnt lesson is the one superseded (the newest statement wins); otherwise it supersedes them
 * all, and, when it restates a superseded rule, comes back first. Changes `write` in place (its
 * lesson and events) and returns the lessons superseded.
 */
export function settleSupersession(
  write: Pick<DedupWrite, "lesson" | "events">,
  input: {
    candidate: Lesson;
    target: Lesson | null;
    overturned: readonly Lesson[];
    /** A convention whose change already says what the candidate only drops (see subsumed-drops.ts). */
    subsumedBy?: Lesson | null;
    /** A withdrawal in the candidate's words that was applied already (see withdrawn-rules.ts). */
    applied?: Lesson | null;
  },
  context: ChangeContext,
): Superseded[] {
  const apply = (result: LessonChangeResult) => {
    if (!result.ok) return;
    write.lesson = result.lesson;
    write.events.push(result.event);
  };
  const said = saidAt(input.candidate);
  const latest = input.overturned
    .filter((lesson) => saidAt(lesson) > said)
    .sort((first, second) => saidAt(second) - saidAt(first))[0];
  if (latest !== undefined) {
    if (write.lesson.status !== "archived") apply(supersedeLesson(write.lesson, latest, context));
    return [];
  }
  const { target } = input;
  if (target?.status === "archived" && target.supersededById !== null) {
    // The user states a superseded rule again (z_ → wr_ → z_): it comes back.
    apply(
      reinstateLesson(write.lesson, {
        ...context,
        reason: "stated again; supersedes the rule that replaced it",
      }),
    );
  }
  const superseded = input.overturned.flatMap((lesson) => {
    if (lesson.id === write.lesson.id) return [];
    // A convention that states more than the value replaced keeps the rest: it is amended.
    // So does one whose value was named back with no slot the lexicon reads: its words say what the
    // value is for, and nothing else does (values-named-back.ts).
    const rule = amendedRule(write.lesson, lesson);
    const renamed =
      rule !== null || replacesInSlot(write.lesson, lesson) ? null : renamedBack(write.lesson, lesson);
    const amended = rule ?? renamed?.rule ?? withoutWithdrawn(write.lesson, lesson);
    // An amended rule holds the new value in the slot it was learnt with, when that is the one changed:
    // a later change of that slot finds it ("clap" → "argh" → back to "clap").
    const moved =
      rule !== null && write.lesson.slot && lesson.slot?.id === write.lesson.slot.id
        ? write.lesson.slot
        : undefined;
    const slot = renamed?.slot ?? moved;
    const replaced =
      amended === null
        ? supersedeLesson(lesson, write.lesson, context)
        : editLesson(
            lesson,
            { rule: amended, ...(slot === undefined ? {} : { slot }) },
            { ...context, reason: `amended by ${write.lesson.id}: ${quotedRule(write.lesson.rule)}` },
          );
    return replaced.ok ? [{ before: lesson, after: replaced.lesson, event: replaced.event }] : [];
  });
  // What it overturns stays overturned; the drop itself gives way to the change that implies it.
  const by = input.subsumedBy;
  if (by != null && by.id !== write.lesson.id && write.lesson.status !== "archived")
    apply(supersedeLesson(write.lesson, by, context));
  // A withdrawal that took its rule back, or one said in the words of a withdrawal applied already,
  // has said all it had to (withdrawn-rules.ts).
  const applied = input.applied ?? null;
  if (
    (superseded.length > 0 || applied !== null) &&
    write.lesson.status !== "archived" &&
    withdrawsOnly(write.lesson.rule)
  )
    apply(
      archiveLesson(write.lesson, {
        ...context,
        reason: withdrawalApplied(
          superseded.map((item) => item.before.id),
          applied?.id ?? null,
        ),
      }),
    );
  return superseded;
}
