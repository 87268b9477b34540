/**
 * Values named back: a change that names a value an older convention of the project holds, and
 * gives another value written in the same shape, replaces that value ("WH_ANALYTICS was shared and
 * always queued; dbt dev runs now use WH_DBT_SMALL" after "Dev runs go on the WH_ANALYTICS
 * warehouse"; "`kind` is being renamed to `variant`"; "ApiResult 名字太长…最终版叫 Resp<T>";
 * "feature/ 不用了，统一用 story/…"). The older rule's own words say what the value is for, so no slot
 * lexicon has to know its subject: this is how a project's own names change over
 * (docs/lessons.md#values-named-back). Pure.
 */
import {
  names,
  tellsChange,
  valuesWritten,
  type WrittenValue,
  written,
} from "../conventions/named-values.js";
import { changedPairs } from "../lexicon/change-sources.js";
import { droppedThings } from "../lexicon/dropped-things.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { withdrawalIn } from "../lexicon/withdrawals.js";
import type { Lesson, LessonSlot } from "./lesson.js";

/** True when one of `terms` is the value or starts with it (a branch prefix used as `story/<ticket>`). */
const among = (terms: ReadonlySet<string>, value: WrittenValue) =>
  [...terms].some((term) => term === value.key || (value.shape === "path" && term.startsWith(value.key)));

/** One value an older rule holds, and what a newer one replaces it with. */
export interface ValueNamedBack {
  /** As a rule writes it: the newer one, or for another version of a tool the older one. */
  old: string;
  /** As the newer rule writes it. */
  fresh: string;
}

type Rule = Pick<Lesson, "rule"> & Partial<Pick<Lesson, "convention" | "kind">>;

/**
 * The values `newer`, a convention, replaces in `older`, a convention or a lesson to use something:
 * each a value `newer` names back, as a word of `older`, with another value of the same shape that
 * `older` does not name. `newer` must tell of a change (a word of change, a decision, a change's
 * shape or a thing it drops) and say which way it goes: it drops the old value, uses the new one, or
 * names the old one first ("pkg_ 太长，大家投票定成 x_ 了" does not put pkg_ in place of x_). A value
 * `older` forbids, or `newer` still uses, is none it replaces; a shape with several new values (which
 * replaces which?) replaces nothing; a withdrawal replaces nothing (withdrawn-rules.ts takes it back).
 */
export function valuesNamedBack(newer: Rule, older: Rule): ValueNamedBack[] {
  // The older one may be a lesson that says to use the value ("prefer `pkg_`"), as well as a convention.
  if (newer.rule === older.rule) return [];
  if (older.convention !== true && older.kind !== "prefer") return [];
  // The newer one is a convention that tells of a change and writes values (mayNameValuesBack).
  if (!mayNameValuesBack(newer) || withdrawalIn(newer.rule) !== null) return [];
  const said = valuesWritten(newer.rule);
  const terms = preferenceTerms(newer.rule);
  const forbidden = preferenceTerms(older.rule).avoid;
  const theirs = valuesWritten(older.rule);
  const kept = (value: WrittenValue) => !among(terms.use, value) && !among(forbidden, value);
  // A value is named back as either rule writes it: "改叫 pre" holds the name pre, and "pre 跟别的
  // 团队的叫法冲突，现在预发统一叫 uat" names it back as a plain word.
  const olds = [
    ...said.filter((value) => names(older.rule, value.name) && kept(value)),
    ...theirs.filter(
      (value) => !said.some((mine) => mine.key === value.key) && names(newer.rule, value.name) && kept(value),
    ),
  ];
  const found: ValueNamedBack[] = [];
  // Another version of a tool the older rule names with a version: "moved to clang-format 18".
  for (const fresh of said)
    for (const old of theirs)
      if (
        fresh.tool !== undefined &&
        old.tool === fresh.tool &&
        old.key !== fresh.key &&
        !among(forbidden, old)
      )
        found.push({ old: old.name, fresh: fresh.name });
  // A change said outright, whatever the values' shapes: "tfsec got folded into trivy".
  for (const { from, to } of changedPairs(newer.rule))
    if (names(older.rule, from) && !names(older.rule, to) && !forbidden.has(from.toLowerCase()))
      found.push({ old: from, fresh: to });
  // A value built on a word the change renames: "the dev flavor got renamed to staging, so local
  // builds are assembleStagingDebug now" renames assembleDevDebug.
  for (const old of theirs)
    if (!names(newer.rule, old.name) && !among(forbidden, old)) {
      const fresh = said.filter(
        (value) => partRenamed(old, value, newer.rule) && !names(older.rule, value.name),
      );
      if (fresh.length === 1 && !among(terms.avoid, fresh[0] as WrittenValue))
        found.push({ old: old.name, fresh: (fresh[0] as WrittenValue).name });
    }
  for (const old of olds.filter((value) => value.tool === undefined)) {
    const fresh = said.filter(
      (value) => value.shape === old.shape && value.key !== old.key && !names(older.rule, value.name),
    );
    const used = fresh.filter((value) => among(terms.use, value));
    const only = fresh.length === 1 ? fresh[0] : used.length === 1 ? used[0] : undefined;
    if (only === undefined || among(terms.avoid, only)) continue;
    const oldFirst = firstAt(newer.rule, old.name) < firstAt(newer.rule, only.name);
    if (oldFirst || among(terms.avoid, old) || among(terms.use, only))
      found.push({ old: old.name, fresh: only.name });
  }
  // One replacement for each old value, the first read.
  return found.filter(
    (pair, index) => found.findIndex((other) => other.old.toLowerCase() === pair.old.toLowerCase()) === index,
  );
}

/** The parts of a value: its words in camel case, snake case, or a path ("assembleDevDebug" → assemble, dev, debug). */
const partsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_/.-]+/)
    .filter((part) => part !== "");

/**
 * True when `fresh` is `old` with one part in another's place, and `text` names that part of `old`
 * as a word of its own: the change renames the part, and so the value built on it.
 */
function partRenamed(old: WrittenValue, fresh: WrittenValue, text: string): boolean {
  if (old.shape !== fresh.shape || old.key === fresh.key) return false;
  const [mine, theirs] = [partsOf(old.name), partsOf(fresh.name)];
  if (mine.length !== theirs.length || mine.length < 2) return false;
  const differing = mine.flatMap((part, index) => (part === theirs[index] ? [] : [part]));
  // The part may be said in the singular: "service objects are now interactors" renames app/services.
  const part = differing[0] as string;
  return (
    differing.length === 1 &&
    (names(text, part) || (/[a-z]{3}s$/.test(part) && names(text, part.slice(0, -1))))
  );
}

/** Where `text` first names the value `name`, or its length when it does not. */
function firstAt(text: string, name: string): number {
  const at = written(name).exec(text)?.index;
  return at ?? text.length;
}

/**
 * True when `rule` could name a value back: a convention that tells of a change and writes a value
 * (with the old one, a version, or a value built on a part the change renames).
 */
export function mayNameValuesBack(lesson: Rule): boolean {
  const said = valuesWritten(lesson.rule);
  return (
    lesson.convention === true &&
    (said.length > 0 || changedPairs(lesson.rule).length > 0) &&
    tellsChange(lesson.rule)
  );
}

/**
 * `older` as edited for the values `newer` names back: its rule with each written as `newer` writes
 * the new one ("Dev runs go on the WH_DBT_SMALL warehouse, set via the target in your profile") —
 * the rest of it still holds — and its slot's value renamed when it was one of them. Null when it
 * replaces none, or `older` itself tells of a change (a change overturned is archived, not rewritten).
 */
export function renamedBack(newer: Rule, older: Rule & Partial<Pick<Lesson, "slot">>): RenamedBack | null {
  const replaced = valuesNamedBack(newer, older);
  if (replaced.length === 0 || tellsChange(older.rule)) return null;
  const rule = replaced.reduce(
    (text, { old, fresh }) => text.replace(written(old, "giu"), fresh),
    older.rule,
  );
  // Still naming a thing the change drops, it would put that thing back: it is archived instead.
  // …by its first word too ("the RBX keys are dead" drops the `RBX-412` of its example).
  const dropped = [
    ...preferenceTerms(newer.rule).avoid,
    ...droppedThings(newer.rule).map((name) => name[0] ?? ""),
  ];
  if (dropped.some((term) => term !== "" && names(rule, term))) return null;
  const slot = older.slot;
  const value = slot?.value?.toLowerCase();
  const renamed = replaced.find((pair) => pair.old.toLowerCase() === value);
  return slot != null && renamed !== undefined
    ? { rule, slot: { ...slot, value: renamed.fresh.toLowerCase() } }
    : { rule };
}

/** An older rule rewritten with the values named back, and its slot when its value was one. */
export interface RenamedBack {
  rule: string;
  slot?: LessonSlot;
}
