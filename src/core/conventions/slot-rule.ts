/**
 * Reads the slots a rule governs with the slot lexicon (core/lexicon/slots.ts): "always start
 * variable names with 'z_'" → `naming.variable.prefix` = `z_`; "we switched the whole monorepo to
 * pnpm" → `package-manager` = `pnpm`; "以后一律先发 qa-gw" → `deploy-target` = `qa-gw`. Pure.
 */

import { withoutChangeSources } from "../lexicon/change-sources.js";
import { namesDataStore } from "../lexicon/data-stores.js";
import { compiledEntries } from "../lexicon/define-lexicon.js";
import type { SlotEntry } from "../lexicon/slot-entry.js";
import {
  ANY_WHAT,
  DEFAULT_WHAT,
  SLOTS,
  saidOfEveryOne,
  slotFamily,
  WHAT_WORK,
  whatOf,
} from "../lexicon/slots.js";
import { COMMAND_SLOT_IDS } from "../lexicon/slots-commands.js";
import { DESCRIBED_SLOTS } from "../lexicon/slots-described.js";
import { SUBJECT_SLOTS } from "../lexicon/slots-subjects.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import type { LearningRule } from "./learning-rule.js";
import { AVOIDED_BEFORE, clauseAt, dropsValue, readValue } from "./slot-value-reading.js";

/** A slot a rule governs, the value it sets there (null when it cannot be read) and where it is named. */
export interface SlotFinding {
  slot: string;
  value: string | null;
  /** The kinds of work the slot governs (activity names). */
  work: readonly string[];
  /** Offset of the words that name it. */
  index: number;
  /** True when a subject is paired with the value, as a description of the stack says it ("logging is pino"). */
  described?: true;
}

const ENTRIES = compiledEntries(SLOTS).map(({ entry, pattern }) => ({
  entry,
  pattern: new RegExp(pattern.source, `${pattern.flags}g`),
}));
const SUBJECT_ENTRIES = compiledEntries(SUBJECT_SLOTS);

/**
 * The slot of a subject no entry of the lexicon names ("all UI animation in this repo goes through
 * gsap" → tool-for.uianimation = gsap; see slots-subjects.ts), when the words name its tool.
 */
function subjectSlot(text: string): SlotFinding | null {
  for (const { entry, pattern } of SUBJECT_ENTRIES) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const value = readValue(entry, match, text);
    // A prefix or suffix is a name's part, which the naming slots read ("前缀改成 HY_DSP_ 了"), no tool.
    if (value === null || /^_|_$/.test(value) || dropsValue(text, value)) continue;
    const words = match[entry.what as number] as string;
    const slot = knownSlotOf(words, value) ?? entry.slot.replace("{what}", whatOf(entry, words));
    return { slot, value, work: entry.work, index: match.index };
  }
  return null;
}

/** Described slots, read on their own: which one a subject names. */
const DESCRIBED = DESCRIBED_SLOTS.map((entry) => new RegExp(entry.pattern.source, "iu"));

/**
 * The slot the lexicon knows for a subject said in words of its own ("以后图标改用 uni-icons": 图标
 * is `icons`), read by saying the subject with its value plainly; null when none knows it.
 */
function knownSlotOf(subject: string, value: string): string | null {
  const said = /\p{Script=Han}/u.test(subject) ? `${subject}用 ${value}` : `${subject} is ${value}`;
  const at = DESCRIBED.findIndex((pattern) => pattern.test(said));
  return at === -1 ? null : (DESCRIBED_SLOTS[at] as SlotEntry).slot;
}

/** Every slot `text` names, the first naming of each slot kept. */
export function readSlots(said: string): SlotFinding[] {
  const text = withoutChangeSources(said);
  const found = new Map<string, SlotFinding>();
  // Slots whose value was read in a clause that says to avoid it ("no longer the @retry decorator").
  const avoided = new Set<string>();
  // Words read as one slot name no other ("NumPy-style docstrings" is the style, not docstrings).
  const spans: Array<[number, number, string]> = [];
  for (const { entry, pattern } of ENTRIES) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const [from, to] = [match.index ?? 0, (match.index ?? 0) + match[0].length];
      // An empty match would be found again at the same place forever (matchAll steps past it; exec does not).
      if (to === from) pattern.lastIndex = from + 1;
      const named = entry.what === undefined ? undefined : match[entry.what];
      const what = named === undefined ? (DEFAULT_WHAT[entry.slot] ?? ANY_WHAT) : whatOf(entry, named);
      const slot = entry.slot.replace("{what}", what);
      const inside = ([start, end, other]: [number, number, string]) =>
        other !== slot && from >= start && to <= end && to - from < end - start;
      if (spans.some(inside)) continue;
      const dropped =
        entry.value.from === "group" && AVOIDED_BEFORE.test(clauseAt(text, match.index ?? 0).before);
      // A dropped value may hide the one said after it in the same words ("scratch the z_ thing, use wr_ now for variable names").
      if (dropped) pattern.lastIndex = from + 1;
      const described = entry.value.from === "described";
      const earlier = found.get(slot);
      // The same value read another way is described too ("HTTP calls use undici": a member and a subject).
      if (described && earlier !== undefined && earlier.value === readValue(entry, match, text))
        found.set(slot, { ...earlier, described: true });
      // A value said to be dropped gives way to the one said instead ("…, now it's @timer on all methods").
      if (found.has(slot) && (!avoided.has(slot) || dropped)) continue;
      if (dropped) avoided.add(slot);
      else avoided.delete(slot);
      const value = readValue(entry, match, text);
      // A tool mentioned, not chosen ("npm run lint"), or words of no shape, govern no slot.
      if (value === null && entry.value.from !== "group" && entry.value.from !== "polarity") continue;
      // A value the rule drops sets nothing ("eu-west-1 gets drained over Q1", "the Dto suffix is gone").
      if (entry.value.from === "group" && value !== null && dropsValue(text, value)) continue;
      // A tool of another kind of work is no value here ("报错都发到 Sentry" names no deploy target).
      if (entry.value.from === "group" && value !== null && toolOfOtherWork(value, entry.work)) continue;
      // …and a slot read inside these words gives way ("annotate … methods with @Audited").
      for (const [start, end, other] of spans)
        if (other !== slot && start >= from && end <= to && end - start < to - from) found.delete(other);
      spans.push([from, to, slot]);
      found.set(slot, {
        slot,
        value,
        work: WHAT_WORK[what] ?? entry.work,
        index: match.index ?? 0,
        ...(described ? { described: true as const } : {}),
      });
    }
  }
  // A value only said to be dropped, with none said instead, sets nothing ("never put new stuff in
  // eu-west-1 anymore" cut before what comes instead).
  for (const slot of avoided) if (found.get(slot)?.value !== "avoid") found.delete(slot);
  // A value said of no thing and of a thing is the thing's ("改成 @Observed，service 方法统一加 @Observed").
  for (const [slot, finding] of found)
    if (
      slot.includes(`.${ANY_WHAT}`) &&
      [...found.values()].some(
        (other) =>
          other !== finding && other.value === finding.value && slotFamily(slot).includes(other.slot),
      )
    )
      found.delete(slot);
  // A practice gives way to the tool that does it, named in the same words ("assertions switch to Shouldly").
  for (const [slot, tool] of TOOL_OF_PRACTICE) if (found.get(tool)?.value != null) found.delete(slot);
  // A command opened by a tool of its work is that tool ("Tests: just `pytest -q`" → the runner, pytest).
  for (const [slot, finding] of found) {
    if (!COMMAND_SLOT_IDS.has(slot) || finding.value === null) continue;
    const head = finding.value.split(" ")[0] as string;
    const tool = [...(MEMBER_SLOTS.get(head) ?? [])].find((other) =>
      slotWork(other).some((kind) => finding.work.includes(kind)),
    );
    if (tool === undefined) continue;
    found.delete(slot);
    if (!found.has(tool)) found.set(tool, { ...finding, slot: tool, value: head, work: slotWork(tool) });
  }
  // A launcher (no tool of the slot) read as the tool of a description gives way to the command it opens ("tests run with
  // `uv run pytest -q`" sets the test command, not uv as the test runner).
  const commands = [...found.values()].filter((finding) => COMMAND_SLOT_IDS.has(finding.slot));
  for (const [slot, finding] of found)
    if (
      finding.described === true &&
      finding.value !== null &&
      MEMBER_SLOTS.get(finding.value)?.has(slot) !== true &&
      commands.some((command) => command.value?.startsWith(`${finding.value} `) === true)
    )
      found.delete(slot);
  const subject = found.size === 0 ? subjectSlot(text) : null;
  if (subject !== null) found.set(subject.slot, subject);
  const read = [...found.values()].map(asMemberSlot).sort((first, second) => first.index - second.index);
  // A value read as a member and as a description is one finding ("everything deploys with kamal").
  return read.filter(
    (finding, index) =>
      !read.slice(0, index).some((other) => other.slot === finding.slot && other.value === finding.value),
  );
}

/** Each practice slot whose tools have a slot of their own → that slot. */
const TOOL_OF_PRACTICE = new Map(
  SLOTS.entries.flatMap((entry) =>
    entry.value.from === "polarity" && entry.value.toolSlot !== undefined
      ? [[entry.slot, entry.value.toolSlot] as const]
      : [],
  ),
);

/** The tool slots each tool belongs to, by the value it is stored as ("west" → firmware-build). */
const MEMBER_SLOTS = new Map<string, Set<string>>();
/** Every slot of a tool a project has one of (a `members` entry). */
const MEMBER_SLOT_IDS = new Set<string>();
for (const entry of SLOTS.entries)
  if (entry.value.from === "member") {
    MEMBER_SLOT_IDS.add(entry.slot);
    for (const value of Object.values(entry.value.members))
      MEMBER_SLOTS.set(value, (MEMBER_SLOTS.get(value) ?? new Set()).add(entry.slot));
  }

/** True when `value` is a tool of a slot whose kinds of work are none of `work` ("sentry" for deploy). */
function toolOfOtherWork(value: string, work: readonly string[]): boolean {
  const slots = MEMBER_SLOTS.get(value);
  return (
    slots !== undefined && [...slots].every((slot) => !slotWork(slot).some((kind) => work.includes(kind)))
  );
}

/**
 * A described value that is a tool of a slot of its own, for the same kind of work, keeps that
 * slot, so "build 统一用 west" and "这个 repo 用 PlatformIO" govern one slot (firmware-build),
 * whichever words named it.
 */
function asMemberSlot(found: SlotFinding): SlotFinding {
  const slots = found.described === true && found.value !== null ? MEMBER_SLOTS.get(found.value) : undefined;
  if (slots === undefined || slots.size !== 1 || slots.has(found.slot)) return found;
  const slot = [...slots][0] as string;
  // Only a slot of the same kind of work: "单测用 pnpm test:unit" runs tests, it picks no package manager.
  return slotWork(slot).some((kind) => found.work.includes(kind)) ? { ...found, slot } : found;
}

/** The slot rule: what a rule governs and the value it sets. */
export const slotRule: LearningRule<{ text: string }, SlotFinding[]> = {
  id: "slot",
  describe:
    "Reads what a rule governs and the value it sets, by the slot lexicon: \"always start variable names with 'z_'\" → naming.variable.prefix = z_.",
  learn: ({ text }) => readSlots(text),
};

/** See lexicon/slots.ts. */
export { saidOfEveryOne, slotFamily };

/** The first slot a text names, or null. */
export function slotOf(text: string): SlotFinding | null {
  return readSlots(text)[0] ?? null;
}

/** The kinds of work a slot governs: `naming.branch.prefix` → git, `package-manager` → dependencies. */
export function slotWork(slot: string): readonly string[] {
  const what = /^naming\.([^.]+)\./.exec(slot)?.[1] ?? /^[^:]+:(.+)$/.exec(slot)?.[1];
  if (what !== undefined && WHAT_WORK[what] !== undefined) return WHAT_WORK[what];
  // The port or host of a data store governs the work on its data ("port:redis"), not every run.
  if (what !== undefined && !slot.startsWith("naming.") && namesDataStore(what)) return ["database"];
  return entryOfSlot(slot)?.work ?? [];
}

/** The slot lexicon's entry for a slot id (`decorator.function` → the `decorator.{what}` entry). */
function entryOfSlot(slot: string): SlotEntry | undefined {
  return SLOTS.entries.find((candidate) => {
    const [head, tail] = candidate.slot.split("{what}");
    return tail === undefined
      ? candidate.slot === slot
      : slot.startsWith(head as string) && slot.endsWith(tail);
  });
}

/** True when a project may hold several values of a slot at once (see `SlotEntry.several`). */
export function holdsSeveral(slot: string): boolean {
  return entryOfSlot(slot)?.several === true;
}

/**
 * The slot of a tool a project has one of (package manager, HTTP client, date library…) that
 * `text` chooses a member of, or null: "应使用 dayjs，而不是 moment" → date-library = dayjs.
 */
export function toolChoice(text: string): SlotFinding | null {
  return readSlots(text).find((found) => found.value !== null && MEMBER_SLOT_IDS.has(found.slot)) ?? null;
}

/**
 * The one tool a rule names, as the value of its slot, when it names one member of one tool slot
 * and does not drop it, used or only mentioned: "New features ship behind LaunchDarkly flags"
 * names the feature-flag tool. An older rule read this way is replaced by a newer one that sets
 * another member (see contradiction.ts); a newer rule is read only as {@link readSlots} reads it.
 */
export function memberNamed(text: string): SlotFinding | null {
  const avoided = preferenceTerms(text).avoid;
  const named: SlotFinding[] = [];
  for (const { entry, pattern } of ENTRIES) {
    if (entry.value.from !== "member") continue;
    const { members, neutralAfter } = entry.value;
    pattern.lastIndex = 0;
    const found = new Set(
      [...text.matchAll(pattern)]
        // A command that runs inside whatever holds the slot names none ("pip install -e .").
        .filter((match) => !neutralAfter?.test(text.slice((match.index ?? 0) + match[0].length)))
        .map((match) => members[match[0].toLowerCase()])
        .filter((member): member is string => member !== undefined && !avoided.has(member)),
    );
    if (found.size === 1)
      named.push({ slot: entry.slot, value: [...found][0] as string, work: entry.work, index: 0 });
  }
  return named.length === 1 ? (named[0] as SlotFinding) : null;
}

/**
 * The tool slots a rule names a member of, whether it uses or drops it: "No more wandb logging"
 * names the experiment tracker.
 */
export function memberSlotsNamed(text: string): string[] {
  // A file named after a tool names it too ("the Jenkinsfile is gone").
  const filesOf = [...text.matchAll(/\b([a-z][\w-]{2,})file\b/gi)].map((found) =>
    (found[1] as string).toLowerCase(),
  );
  return ENTRIES.filter(({ entry, pattern }) => {
    pattern.lastIndex = 0;
    if (entry.value.from !== "member") return false;
    const { members } = entry.value;
    return pattern.test(text) || filesOf.some((name) => members[name] !== undefined);
  }).map(({ entry }) => entry.slot);
}
