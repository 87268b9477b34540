/**
 * Contradiction between lessons: "Use pnpm, not yarn" overturns "Use yarn, not npm"; "vitest
 * replaced jest" overturns "Run the tests with jest"; "Variable names start with 'wr_'" overturns
 * "…with 'z_'". The offline embedder scores such opposites as near-duplicates (they share nearly
 * every word), so dedup must not merge them: the newer lesson supersedes the older one instead,
 * which is archived as "superseded by …" (docs/lessons.md, docs/design.md#lifecycle).
 */
import { holdsSeveral, memberNamed, readSlots, slotFamily, slotOf } from "../conventions/slot-rule.js";
import { sameValue, writtenByName, writtenForms, writtenLike } from "../conventions/slot-values.js";
import { codeWordsOf, droppedThings } from "../lexicon/dropped-things.js";
import { withNamePositions } from "../lexicon/name-positions.js";
import { narrowedRuleName, saysZhName } from "../lexicon/narrowings.js";
import { ruleShape } from "../lexicon/rule-shapes.js";
import { LIST_SEPARATOR } from "../lexicon/slots.js";
import { stemWord, words } from "../lexicon/tokenizer.js";
import { type PreferenceTerms, preferenceTerms } from "../lexicon/use-and-avoid.js";
import { withdrawalIn } from "../lexicon/withdrawals.js";
import { memoizeText } from "../memo.js";
import { escapeRegExp } from "../regexp.js";
import { changesCommand } from "./commands-changed.js";
import type { Lesson, LessonSlot } from "./lesson.js";
import { detailOfValue, replacesInPlace, statesMoreBeside, tellsChange } from "./rule-parts.js";
import { valuesNamedBack } from "./values-named-back.js";

export { type PreferenceTerms, preferenceTerms } from "../lexicon/use-and-avoid.js";

/** A lesson's slot: the one it was learnt with, else the one its rule names. */
export function slotOfLesson(lesson: Pick<Lesson, "rule" | "slot">): LessonSlot | null {
  return lesson.slot ?? slotOfRule(lesson.rule);
}

/**
 * The slot a rule names, read once per rule text: recall asks it of every convention that stores
 * none, on every prompt, and reading it runs the whole slot lexicon. Shared: not to be mutated.
 */
const slotOfRule = memoizeText((rule: string) => asLessonSlot(slotOf(rule)));

/** A slot reading as a lesson stores it, or null when it sets no value. */
function asLessonSlot(found: ReturnType<typeof slotOf>): LessonSlot | null {
  return found === null || found.value === null ? null : { id: found.slot, value: found.value };
}

/** A lesson as a slot check reads it: its rule, its slot, and whether it is a convention. */
type SlotHolder = Pick<Lesson, "rule" | "slot"> & Partial<Pick<Lesson, "convention">>;

/**
 * True when `newer` sets another value in the slot `older` governs: another tool of a kind a
 * project has one of ("use ./gradlew" after "use ./mvnw", "use pnpm" after "use yarn"), another
 * prefix for variable names, another deploy target, another language for commit messages.
 */
export function replacesInSlot(newer: SlotHolder, older: SlotHolder): boolean {
  return replacedSlot(newer, older) !== null;
}

/** A slot with the value set there. */
type SetSlot = LessonSlot & { value: string };

/** The slot of an older lesson a newer one sets another value in, and the newer one's value there. */
interface Replaced {
  old: SetSlot;
  fresh: SetSlot;
}

/**
 * The slots a lesson sets a value in: its own, and, for a convention, every one its rule states and,
 * with `mentioned`, the tool it only mentions when it has no slot of its own.
 */
function slotsSet(lesson: SlotHolder, mentioned: boolean): SetSlot[] {
  const own = slotOfLesson(lesson);
  const named = mentioned && own === null ? asLessonSlot(memberNamed(lesson.rule)) : null;
  const slots = lesson.convention === true ? [own, ...slotsOfRule(lesson.rule), named] : [own];
  return slots.filter((slot): slot is SetSlot => slot !== null && slot.value !== null);
}

/**
 * The slot of `older` that `newer` sets another value in, or null: its own slot, else — for a
 * convention — one more it states ("Tests are xUnit with FluentAssertions" holds the assertion
 * library too) or the tool it only mentions ("new features ship behind LaunchDarkly flags"). A newer
 * convention sets a value in every slot it states, so "提交信息以后改成英文的 conventional commits"
 * (the commit style, and the language of commit messages) replaces "提交信息用中文写". Two values
 * that are one written another way ("English" and en) replace nothing.
 */
function replacedSlot(newer: SlotHolder, older: SlotHolder): Replaced | null {
  const olds = slotsSet(older, true);
  for (const fresh of slotsSet(newer, false)) {
    // One more decorator on every function adds to the first; "the decorator is now @memo" replaces it.
    if (holdsSeveral(fresh.id) && !tellsChange(newer.rule)) continue;
    const family = slotFamily(fresh.id);
    const old = olds.find(
      (slot) => family.includes(slot.id) && !sameValue(fresh.id, slot.value, fresh.value),
    );
    if (old !== undefined) return { old, fresh };
  }
  return null;
}

/** Every slot a rule sets a value in, read once per rule text (learning checks every live lesson). */
export const slotsOfRule: (rule: string) => readonly LessonSlot[] = memoizeText((rule) =>
  readSlots(rule).flatMap((found) => asLessonSlot(found) ?? []),
);

/** Any of `values` as a rule writes it, as a whole word: "FluentAssertions" for `fluentassertions`. */
const writtenValue = (...values: string[]) =>
  new RegExp(
    `(?<![\\w.-])(?:${[...values]
      .sort((first, second) => second.length - first.length)
      .map(escapeRegExp)
      .join("|")})(?![\\w-]|\\.\\w)`,
    "gi",
  );

/**
 * `older`'s rule with the value `newer` replaces written in its place, when `older` states more
 * than that value ("Prettier is set to single quotes, 2 spaces, print width 100" after "print width
 * goes up to 120" → "…print width 120"; "Uppercase SQL keywords, CTEs instead of nested subqueries"
 * after "lowercase keywords from now on"): the rest of it still holds, so it is amended, not archived.
 * A value written by name is written as the older rule wrote the old one ("函数都要写类型注解和中文
 * docstring" after "docstring 以后写英文吧" → "…和英文 docstring"). Null when `older` states nothing
 * else, the old value is not written once as such, or the new one cannot be written that way or
 * in its place (an address: see `replacesInPlace`).
 */
export function amendedRule(newer: SlotHolder, older: SlotHolder): string | null {
  if (older.convention !== true) return null;
  const replaced = replacedSlot(newer, older);
  if (replaced === null || !replacesInPlace(replaced.old.value, replaced.fresh.value)) return null;
  const { old, fresh } = replaced;
  const renamed = renamedPart(old.value, fresh.value, newer.rule);
  if (renamed !== null) {
    const [at] = [...older.rule.matchAll(writtenValue(renamed))];
    const value = writtenValue(fresh.value).exec(newer.rule)?.[0] ?? fresh.value;
    return at === undefined
      ? null
      : `${older.rule.slice(0, at.index)}${value}${older.rule.slice(at.index + at[0].length)}`;
  }
  const states = slotsOfRule(older.rule);
  if (states.filter((slot) => slotFamily(fresh.id).includes(slot.id)).length !== 1) return null;
  const written = [...older.rule.matchAll(writtenValue(...writtenForms(old.id, old.value)))];
  const [only] = written;
  if (only === undefined || written.length !== 1) return null;
  // It states more than the value: another slot, or a clause that is a rule of its own ("Uppercase
  // SQL keywords, CTEs instead of nested subqueries"), unless the newer rule takes back more than the
  // old value ("the no-generics rule for pkg/api is gone, every consumer is on go 1.22 now").
  const withdrawn = withdrawalIn(newer.rule)?.name ?? [];
  const takesBack = withdrawn.some((word) => !sameValue(old.id, word, old.value));
  // Nor when an example still shows the old value ("start with 'feat/', for example feat/login-screen").
  const shown = older.rule.toLowerCase().split(old.value.toLowerCase()).length - 1;
  if (states.length < 2 && (takesBack || shown > 1 || !statesMoreBeside(older.rule, only.index))) return null;
  const value = writtenByName(fresh.id)
    ? writtenLike(fresh.id, fresh.value, only[0])
    : (writtenValue(fresh.value).exec(newer.rule)?.[0] ?? fresh.value);
  if (value === null) return null;
  // "a Chinese docstring" → "an English docstring".
  const before = older.rule
    .slice(0, only.index)
    .replace(/(?<![\w-])(an?)(\s+)$/i, (_all, article: string, space: string) => {
      const fitting = /^[aeiou]/i.test(value) ? "an" : "a";
      return `${/^A/.test(article) ? fitting.replace("a", "A") : fitting}${space}`;
    });
  const rest = older.rule.slice(only.index + only[0].length);
  return `${before}${value}${rest.slice(detailOfValue(rest))}`;
}

/**
 * The part of a list value (`ods_、dwd_、dws_`) a newer rule renames to `value`: the part it names
 * nearest before the new one ("dwd_ 层改名叫 dw_，ods_ 和 dws_ 保持不变" → dwd_). Null when the value
 * is no list, the new one is in it already, or no part of it is named before the new one.
 */
function renamedPart(list: string, value: string, rule: string): string | null {
  const parts = list.split(LIST_SEPARATOR);
  const at = writtenValue(value).exec(rule)?.index;
  if (parts.length < 2 || parts.includes(value) || at === undefined) return null;
  const before = parts
    .map((part) => ({ part, index: [...rule.slice(0, at).matchAll(writtenValue(part))].pop()?.index ?? -1 }))
    .filter((named) => named.index >= 0)
    .sort((first, second) => second.index - first.index);
  return before[0]?.part ?? null;
}

/** The words of a rule as terms are read (lower case; `@Audited`, `env_logger`, `os.path` kept whole). */
function ruleWords(rule: string): Set<string> {
  return new Set(
    rule
      .toLowerCase()
      .split(/[^\p{L}\p{N}_@./:+-]+/u)
      .map((word) => word.replace(/[.:]+$/, "")),
  );
}

/**
 * True when a lesson is a convention that says to stop using something ("env_logger gets removed",
 * "no new Koin modules"): the lesson book then checks it against every convention of its scope
 * (see {@link contradicts}), not only its nearest neighbours.
 */
export function dropsSomething(lesson: Pick<Lesson, "rule" | "convention">): boolean {
  return lesson.convention === true && preferenceTerms(lesson.rule).avoid.size > 0;
}

/** A word's stem as the tokenizer reads it, a final "e" aside ("merge", "merges", "merged" → merg). */
const stemOf = (word: string): string => stemWord(word).replace(/(?<=\p{L}{3})e$/u, "");

/** How often each stem occurs in a rule; with `parts`, identifier parts too ("squash-merged" → squash, merg). */
function stemCounts(rule: string, parts: boolean): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words(rule, { parts })) counts.set(stemOf(word), (counts.get(stemOf(word)) ?? 0) + 1);
  return counts;
}

/**
 * The words of a dropped thing that name it: its words written as code, when it has one and a plain
 * word that only says what kind of thing it is ("the /mnt/ckpt mount" is named by /mnt/ckpt), else
 * all of them ("squash merges").
 */
function namingWords(name: readonly string[]): readonly string[] {
  const code = codeWordsOf(name);
  return code.length > 0 ? code : name;
}

/** True when a word of a dropped thing is among `stems`: itself, or every part of it ("rebase-merge"). */
function named(word: string, stems: ReadonlyMap<string, number>): boolean {
  if (stems.has(stemOf(word))) return true;
  const parts = word.split(/[._/-]+/).filter((part) => part.length >= 2);
  return parts.length > 1 && parts.every((part) => stems.has(stemOf(part)));
}

/**
 * The things `newer` drops that `older` names, each as the words that name it: the term itself
 * ("env_logger"), or every word of the thing by its stem ("PRs get squash-merged" names "squashing
 * PRs").
 */
export function droppedThingsNamedIn(newer: string, older: string): ReadonlyArray<readonly string[]> {
  const words = ruleWords(older);
  // Where a mark goes in a name is one word however it is said ("underscore-prefixed", "a leading underscore").
  const theirs = stemCounts(withNamePositions(older), true);
  return [
    ...[...preferenceTerms(newer).avoid]
      .filter((item) => words.has(item) || builtOn(item, older) || extendedIn(item, older))
      .map((item) => [item]),
    ...droppedThings(newer).filter((name) =>
      namingWords(name).every((word) => named(withNamePositions(word), theirs)),
    ),
  ];
}

/** True when `rule` names `item` with more parts after it ("ALL_CAPS_SNAKE" extends ALL_CAPS). */
function extendedIn(item: string, rule: string): boolean {
  return /[_-]/.test(item) && new RegExp(`(?<![\\w-])${escapeRegExp(item)}[_-]\\w`, "i").test(rule);
}

/**
 * True when `rule` names an identifier built on `item`, its name and then a capital
 * ("@HiltViewModel" is built on Hilt, "MoshiConverterFactory" on Moshi).
 */
function builtOn(item: string, rule: string): boolean {
  if (!/^[a-z][a-z0-9]{2,}$/.test(item)) return false;
  return (rule.match(/(?<![\w])@?[A-Za-z][A-Za-z0-9]+/g) ?? []).some((word) => {
    const bare = word.replace(/^@/, "");
    return (
      bare.length > item.length &&
      bare.toLowerCase().startsWith(item) &&
      /[A-Z]/.test(bare.charAt(item.length))
    );
  });
}

/** The sentences of a rule, and its parts between semicolons; "e.g." and the like end none. */
export function sentencesOf(rule: string): string[] {
  return rule
    .split(/(?<=[.;!?])(?<!\b(?:e\.g|i\.e|etc|vs|cf)\.)\s+|(?<=[。；！？])\s*/i)
    .filter((sentence) => sentence.trim() !== "");
}

/**
 * The sentences of a rule, and the clauses of each, that state something (a rule's shape, or a
 * thing to use or avoid): one that only tells why ("The cache invalidation story with SWR was a
 * mess", "大家觉得 DTO 太笼统") or announces the change ("DTO 命名改一下") does not speak of the thing
 * dropped again.
 */
function statedPart(rule: string): string {
  return sentencesOf(rule)
    .flatMap((sentence) => sentence.split(/(?<=[,，：:])\s*/))
    .filter((sentence) => {
      const terms = preferenceTerms(sentence);
      return ruleShape(sentence) !== null || terms.use.size > 0 || terms.avoid.size > 0;
    })
    .join(" ");
}

/** True when `older` names a thing `newer` drops (see {@link droppedThingsNamedIn}). */
export function namesWhatItDrops(newer: string, older: string): boolean {
  return droppedThingsNamedIn(newer, older).length > 0;
}

/**
 * True when both are conventions and `newer` drops what `older` is built on: a thing it says to
 * stop using ("env_logger gets removed", "no new Koin modules", "no more squash merges") that
 * `older` names without forbidding it ("logging goes through the log crate with env_logger", "PRs
 * get squash-merged"). The thing is matched by the words that name it, each by its stem ("stop
 * using mocks" and "tests mock the gateway"), or by the term itself; a rule that shares only
 * another word of the newer one ("integration tests" in "stop using mocks in integration tests")
 * is not built on it. A thing the newer rule speaks of again elsewhere is not dropped by it ("no
 * more tests in src, tests live in tests/"), nor one `older` forbids too or `newer` uses. This is
 * how a change of convention supersedes the old one when no slot names what they govern. `fresh`
 * and `old` are the two rules' terms, read once by the caller.
 */
function dropsWhatOlderUses(
  newer: Pick<Lesson, "rule" | "convention">,
  older: Pick<Lesson, "rule" | "convention"> & Partial<Pick<Lesson, "kind">>,
  fresh: PreferenceTerms,
  old: PreferenceTerms,
): boolean {
  // A convention that drops a thing overturns every rule built on it: a convention, or a lesson that
  // says to use it ("部署时：日志…统一走 zap", "use fly deploy --remote-only instead").
  if (newer.convention !== true || fresh.avoid.size === 0) return false;
  if (older.convention !== true && older.kind !== "prefer") return false;
  const own = stemCounts(statedPart(newer.rule), false);
  // How often `newer` names each thing in dropping it: more mentions speak of it again.
  const drops = new Map<string, number>();
  for (const name of droppedThings(newer.rule))
    for (const stem of new Set(name.map(stemOf))) drops.set(stem, (drops.get(stem) ?? 0) + 1);
  const forbidden = new Set([...old.avoid].map(stemOf));
  return droppedThingsNamedIn(newer.rule, older.rule).some(
    (name) =>
      // Not a thing `older` forbids too, nor one `newer` uses (every word of it: "JUnit 5" is not
      // "JUnit 4") or speaks of again besides dropping it ("no more tests in src, tests live in tests/").
      !name.some((word) => forbidden.has(stemOf(word))) &&
      !name.every((word) => fresh.use.has(word)) &&
      !name.every((word) => (own.get(stemOf(word)) ?? 0) > Math.max(1, drops.get(stemOf(word)) ?? 0)),
  );
}

/**
 * True when `newer` tells the agent to avoid something `older` tells it to use (or to use something
 * `older` tells it to avoid), sets another value in the slot `older` governs, or, both being
 * conventions, drops what `older` is built on, runs its command with other flags
 * (commands-changed.ts) or names a value of `older` back with its replacement
 * (values-named-back.ts) — one overturns the other.
 */
export function contradicts(
  newer: Pick<Lesson, "rule" | "slot" | "convention">,
  older: Pick<Lesson, "rule" | "slot" | "convention"> & Partial<Pick<Lesson, "kind">>,
): boolean {
  const fresh = preferenceTerms(newer.rule);
  const old = preferenceTerms(older.rule);
  const held = slotOfLesson(older)?.value?.toLowerCase(); // a thing it uses too: numpy-style docstrings
  for (const item of fresh.avoid) if (old.use.has(item) || item === held) return true;
  for (const item of fresh.use) if (old.avoid.has(item) && !old.use.has(item)) return true;
  return (
    replacesInSlot(newer, older) ||
    dropsWhatOlderUses(newer, older, fresh, old) ||
    namesRule(newer, older) ||
    changesCommand(newer, older) ||
    valuesNamedBack(newer, older).length > 0
  );
}

/**
 * True when both are conventions and `newer` narrows or withdraws the rule `older` states, named by
 * its words ("the @openapi rule only applies to routes/public/ now" after "every route handler gets an
 * @openapi JSDoc block"; "the JSDoc requirement is withdrawn"; see narrowings.ts and withdrawals.ts).
 */
function namesRule(
  newer: Pick<Lesson, "rule" | "convention">,
  older: Pick<Lesson, "rule" | "convention">,
): boolean {
  if (newer.convention !== true || older.convention !== true || newer.rule === older.rule) return false;
  const name = ruleNamed(newer.rule);
  return name !== null && says(older.rule, name);
}

/** The words that name the rule `rule` narrows or withdraws, lower case; null when it names none. */
function ruleNamed(rule: string): string[] | null {
  return narrowedRuleName(rule) ?? withdrawalIn(rule)?.name ?? null;
}

/**
 * True when `text` says the rule `name` names: the words of the name that are code or Latin, else
 * all of them, each open a word of it ("the g_ rule" names "Globals are prefixed g_", not
 * "LOG_ERR"); one joined by hyphens may be said apart ("the no-generics rule" names "no generics
 * in pkg/api"). Chinese is written without spaces: a Chinese name is found anywhere.
 */
export function says(text: string, name: readonly string[]): boolean {
  // Where a mark goes in a name is one word however it is said: "the Async-suffix rule" names "Async
  // methods end in Async".
  const said = withNamePositions(text.toLowerCase());
  const forms = name.map((word) => withNamePositions(word));
  const opens = (word: string) =>
    /\p{Script=Han}/u.test(word)
      ? saysZhName(word, said)
      : new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(word)}`, "u").test(said);
  const latin = forms.filter((word) => /[a-z0-9_@#]/.test(word));
  // A word said in another form names it too: "the exact pinning thing" names "pin … exactly".
  const root = (word: string) => stemWord(word).replace(/([b-df-hj-np-tv-z])\1$/, "$1");
  return (latin.length > 0 ? latin : forms).every(
    (word) => opens(word) || opens(root(word)) || (word.includes("-") && word.split("-").every(opens)),
  );
}
