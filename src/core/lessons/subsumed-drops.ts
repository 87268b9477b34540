/**
 * Drops a change leaves behind: "lg_ is out" said beside "from now on variables use acct_", "Don't
 * use Model or Dto anymore" beside "so we settled on Payload", "do not add thiserror derives" beside
 * "we have moved from thiserror to snafu". Once a convention has replaced the rules that used a
 * thing, a lesson that only drops that thing says nothing the convention does not, and recalled on
 * its own it would put the old names back in front of the agent. The convention supersedes it
 * (docs/lessons.md#drops-a-change-leaves-behind). Pure.
 */
import { valuesWritten } from "../conventions/named-values.js";
import { slotWork } from "../conventions/slot-rule.js";
import { codeWordsOf, droppedThings } from "../lexicon/dropped-things.js";
import { kindsOfWork } from "../lexicon/kinds-of-work.js";
import { ruleShape } from "../lexicon/rule-shapes.js";
import { sharedCount, tokens } from "../lexicon/tokenizer.js";
import { saysWord } from "../regexp.js";
import { contradicts, preferenceTerms, slotOfLesson } from "./contradiction.js";
import type { Lesson } from "./lesson.js";
import { saidTogether } from "./supersession.js";

type Held = Pick<Lesson, "id" | "rule" | "slot" | "supersededById"> & Partial<Pick<Lesson, "convention">>;

/** True when a lesson only says what to stop using: it names things to drop, none to use, and sets no value. */
export function dropsOnlyLesson(lesson: Pick<Lesson, "rule" | "slot">): boolean {
  const terms = preferenceTerms(lesson.rule);
  // A value its words do not name is not one it sets: a clause read with the sentence it was said in
  // ("lint 已经不用 eslint 了，…我们换成 biome 了") may carry that sentence's slot.
  const value = slotOfLesson(lesson)?.value;
  // A value written as code that it does not drop is one it uses ("New hooks live in
  // src/features/<feature>/hooks/, not the global src/hooks/ anymore").
  const dropped = [...terms.avoid];
  const writes = valuesWritten(lesson.rule).some(
    (written) => !dropped.some((term) => term.includes(written.key) || written.key.includes(term)),
  );
  return (
    terms.avoid.size > 0 &&
    terms.use.size === 0 &&
    !writes &&
    (value == null || !saysWord(lesson.rule, value)) &&
    !statesMore(lesson.rule)
  );
}

/**
 * True when a clause of `rule` states a rule of its own beside the drop: "Branch names are just the
 * ticket key plus a slug now, …, no feat/ prefix anymore" says what branch names are.
 */
function statesMore(rule: string): boolean {
  return rule.split(/[,;:.—–]\s+/).some((clause) => {
    const shape = ruleShape(clause);
    return (shape === "norm" || shape === "choice") && preferenceTerms(clause).avoid.size === 0;
  });
}

/** The lessons `id` superseded, and the ones those superseded, among `lessons`. */
export function replacedBy(id: string, lessons: readonly Held[]): Held[] {
  const found = new Map<string, Held>();
  let fresh = [id];
  while (fresh.length > 0) {
    const next = lessons.filter(
      (lesson) =>
        lesson.supersededById !== null &&
        fresh.includes(lesson.supersededById as string) &&
        !found.has(lesson.id),
    );
    for (const lesson of next) found.set(lesson.id, lesson);
    fresh = next.map((lesson) => lesson.id);
  }
  return [...found.values()];
}

/**
 * True when `convention` is no drop itself and every thing `drop` drops is named by a rule it
 * replaced: one in `replaced` (what it supersedes, at any remove), or one in `retired` (what the
 * drop itself overturned) that the convention overturns too — or, said in the same message
 * (`together`) and naming what to use instead, any of them or the convention itself ("…so we
 * settled on Payload. Don't use Model or Dto anymore").
 */
export function subsumesDrop(
  convention: Held,
  drop: Held,
  replaced: readonly Held[],
  retired: readonly Held[],
  together = false,
): boolean {
  if (convention.convention !== true || convention.id === drop.id || !dropsOnlyLesson(drop)) return false;
  if (dropsOnlyLesson(convention)) return false;
  const instead =
    together && (preferenceTerms(convention.rule).use.size > 0 || slotOfLesson(convention) !== null);
  // Said together, the change may name what it replaces itself ("eslint+prettier 太慢了，我们换成 biome 了").
  const gone = [
    ...replaced,
    ...retired.filter(
      (lesson) => (instead && sameWork(convention, lesson)) || contradicts(convention, lesson),
    ),
    ...(instead ? [convention] : []),
  ];
  // Each thing by its code-like words when it has some, else its first word: "the _val suffix" is
  // named by "_val", not by every rule that speaks of a suffix; "thiserror derives" by "thiserror".
  return droppedThings(drop.rule).every((name) => {
    const code = codeWordsOf(name);
    return (code.length > 0 ? code : name.slice(0, 1)).every((word) =>
      gone.some((lesson) => saysWord(lesson.rule, word)),
    );
  });
}

/**
 * True when two rules name a kind of work in common, or either names none: "zerolog is out, slog
 * now" said beside "we dropped the feat/ prefix" replaces no branch rule.
 */
function sameWork(one: Held, two: Held): boolean {
  const work = (lesson: Held) => {
    const slot = slotOfLesson(lesson);
    return new Set([...kindsOfWork(lesson.rule), ...(slot === null ? [] : slotWork(slot.id))]);
  };
  const [mine, theirs] = [work(one), work(two)];
  return mine.size === 0 || theirs.size === 0 || [...mine].some((kind) => theirs.has(kind));
}

/** At least this share of a lesson's words in a convention said in the same message: it says nothing more. */
const RESTATED_SHARE = 0.75;

/**
 * True when `lesson`, no convention, was read from the message `convention` was, and nearly every
 * word of its rule is the convention's: the correction "vi.fn(), vi.mock() — no jest.* anywhere.
 * update that test" beside the convention "Tests run on vitest since last week. vi.fn(), vi.mock() —
 * no jest.* anywhere". Recalled on its own it would say part of the rule without its subject; the
 * convention supersedes it (docs/lessons.md#drops-a-change-leaves-behind).
 */
export function restatedBeside(
  convention: Pick<Lesson, "rule" | "evidence" | "convention">,
  lesson: Pick<Lesson, "rule" | "evidence" | "convention">,
): boolean {
  if (convention.convention !== true || lesson.convention === true) return false;
  if (!saidTogether(convention, lesson, { byId: true }) && !saidTogether(lesson, convention, { byId: true }))
    return false;
  const mine = tokens(lesson.rule, { stem: true });
  return (
    mine.size > 0 && sharedCount(mine, tokens(convention.rule, { stem: true })) / mine.size >= RESTATED_SHARE
  );
}
