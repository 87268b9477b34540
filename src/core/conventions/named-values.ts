/**
 * Named values: the values a rule writes in a shape a project names things by (value-shapes.ts),
 * and whether a message names a value the project's conventions hold back, with another of the same
 * shape, as a change ("LOAD_XS keeps timing out, so nightly loads now use LOAD_M"): such a message
 * changes a convention even with no marker of its own, and the older convention gives way to it
 * (core/lessons/values-named-back.ts, docs/learning.md). Pure.
 */
import { tellsDecision } from "../lexicon/decisions.js";
import { ruleShape } from "../lexicon/rule-shapes.js";
import { isStopWord } from "../lexicon/stop-words.js";
import { saysUpdate } from "../lexicon/update-cues.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { VALUE_SHAPES, type ValueShape } from "../lexicon/value-shapes.js";
import { memoizeText } from "../memo.js";
import { escapeRegExp } from "../regexp.js";
import { PRACTICE_VALUES } from "./slot-value-reading.js";

/** A value as a rule writes it: its shape, its bare name (no quotes, no type arguments) and its key. */
export interface WrittenValue {
  shape: ValueShape["shape"];
  /** As written, without quotes or type arguments: `Resp` for "Resp<T>". */
  name: string;
  /** Lower case, for comparing. */
  key: string;
  /** For a version, the tool it is a version of, lower case ("clang-format"). */
  tool?: string;
}

/** Every shape's reader, global. */
const READERS = VALUE_SHAPES.entries.map((entry) => ({
  shape: entry.shape,
  pattern: new RegExp(entry.pattern.source, `g${VALUE_SHAPES.flags}`),
}));

/** Every shape's reader of a whole word: what shape a word quoted as code has inside its quotes. */
const WHOLE = VALUE_SHAPES.entries
  .filter((entry) => entry.shape !== "code")
  .map((entry) => ({
    shape: entry.shape,
    pattern: new RegExp(`^(?:${entry.pattern.source})$`, VALUE_SHAPES.flags),
  }));

/** The shape of a word quoted as code: the one its words have (`Assets/Data` is a path), else code. */
function quotedShape(inner: string): ValueShape["shape"] {
  return WHOLE.find((reader) => reader.pattern.test(inner))?.shape ?? "code";
}

/** The values a rule writes in a shape, each once, in the order the shapes are listed (code first). */
export const valuesWritten: (rule: string) => readonly WrittenValue[] = memoizeText((rule) => {
  const found = new Map<string, WrittenValue>();
  const taken: Array<[number, number]> = [];
  for (const { shape, pattern } of READERS)
    for (const match of rule.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      // A span one shape read already is not read again (`@traced` is code, not a decorator too).
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      taken.push([start, end]);
      // A value cut short where a long rule was clipped ("ChargeCustomerOperat…") is none.
      if (rule.startsWith("…", end)) continue;
      const name = match[0]
        .replace(/^`|`$/g, "")
        .replace(/<[^>]*>$/, "")
        .replace(/\s+/g, " ");
      const key = name.toLowerCase();
      // A version is of a tool, not of a word of the sentence ("at most 3", "every 30").
      const tool = shape === "version" ? key.split(" ")[0] : undefined;
      if (tool !== undefined && isStopWord(tool)) continue;
      const read = shape === "code" ? quotedShape(match[0].slice(1, -1)) : shape;
      if (!found.has(key))
        found.set(key, { shape: read, name, key, ...(tool === undefined ? {} : { tool }) });
    }
  return [...found.values()];
});

/**
 * `name` as a whole value: not inside a longer word, and, when it ends in a letter or digit, not
 * going on into one ("t_" is said by "t_order_item", "feature/" by "feature/需求号").
 */
export const written = (name: string, flags = "iu") =>
  new RegExp(
    `(?<![\\p{L}\\p{N}_@$])${escapeRegExp(name)}${/[\p{L}\p{N}]$/u.test(name) ? "(?![\\p{L}\\p{N}_$])" : ""}`,
    flags,
  );

/** True when `text` names the value `name` (see {@link written}). */
export const names = (text: string, name: string) => written(name).test(text);

/** True when `rule` tells of a change or a decision ("now", "renamed to", "landed on", 改成, 不用了). */
export function tellsChange(rule: string): boolean {
  return (
    saysUpdate(rule) ||
    tellsDecision(rule) ||
    ruleShape(rule) === "change" ||
    preferenceTerms(rule).avoid.size > 0
  );
}

/**
 * True when `text` names back a value the project's conventions hold (`held`, keys as
 * {@link valuesWritten} gives them) and another value of the same shape they do not, and tells of a
 * change: it changes a convention of the project.
 */
export function namesHeldValueBack(text: string, { keys: held }: HeldValues): boolean {
  if (held.size === 0) return false;
  const said = valuesWritten(text);
  // Another version of a tool the project holds a version of ("moved to clang-format 18").
  const newVersion = said.some(
    (value) => value.tool !== undefined && held.has(versionOf(value.tool)) && !held.has(value.key),
  );
  const renamed = said.some(
    (old) => held.has(old.key) && said.some((fresh) => fresh.shape === old.shape && !held.has(fresh.key)),
  );
  return (newVersion || renamed) && tellsChange(text);
}

/** The key under which a project holds some version of `tool`. */
const versionOf = (tool: string) => `version of ${tool}`;

/** A value a convention of the project holds in a slot (clap as its `cli-parser`), lower case. */
export interface HeldSlotValue {
  id: string;
  value: string;
}

/**
 * What a project's live conventions hold: the keys of every value their rules write and of the
 * tools they name a version of, and the values they hold in slots (read by switched-values.ts).
 */
export interface HeldValues {
  keys: ReadonlySet<string>;
  slots: readonly HeldSlotValue[];
}

/** What `rules`, and the slot values `slots` of the same conventions, hold (see {@link HeldValues}). */
export function heldValues(rules: readonly string[], slots: readonly HeldSlotValue[] = []): HeldValues {
  const keys = new Set(
    rules.flatMap((rule) =>
      valuesWritten(rule).flatMap((value) =>
        value.tool === undefined ? [value.key] : [value.key, versionOf(value.tool)],
      ),
    ),
  );
  // A practice held ("type hints on every public function" → use) names no thing: a message with
  // "use" in it does not name that value ("we're going with reST field lists instead … use that").
  const named = slots.filter(({ value }) => !PRACTICE_VALUES.has(value.toLowerCase()));
  return { keys, slots: named.map(({ id, value }) => ({ id, value: value.toLowerCase() })) };
}
