/**
 * The clauses of one unit, when a sentence states several rules joined by commas or "and"
 * ("endpoints are async def, route paths are kebab-case, and outbound calls use requests",
 * 回答请用中文，代码注释用英文): cut at ", ", ", and ", " and ", "，" outside brackets and quotes. A
 * clause that leans on the one before it (the other option of a choice, a reason, "so …", "it …":
 * see leaning-clauses.ts and reason-clauses.ts) stays with it, and so does the clause after an
 * occasion said first ("before you push, always run the linter") or a change said without its
 * value (对象拷贝我们也改了，…，以后统一用 MapStruct), and what a drop is replaced with after "and"
 * ("drop zap and go with log/slog"). The reader keeps the cut only when
 * every clause is a rule by itself (see convention-rule.ts), so "use pnpm, not npm" and "we use
 * ruff, it's fast" stay one rule. Pure.
 */
import { namesCode } from "../lexicon/code-terms.js";
import { opensWithInstructionVerb } from "../lexicon/imperative-verbs.js";
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { fragmentOf, leansOnNext, leansOnPrevious, listsItemsOnly } from "../lexicon/leaning-clauses.js";
import { forbidsEverywhere } from "../lexicon/negations.js";
import { givesReason } from "../lexicon/reason-clauses.js";
import { ruleShape } from "../lexicon/rule-shapes.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { forbidsWithInstead } from "./convention-alternatives.js";
import { headsRulesGlued } from "./convention-headings.js";
import { type ConventionFinding, type MessageReading, readUnit } from "./convention-reading.js";
import { leans, saysMoreOfThe } from "./convention-threads.js";
import type { RuleUnit } from "./convention-units.js";
import { changesWithoutValue, onlyDrops, ruleOf } from "./convention-words.js";
import { memberSlotsNamed, readSlots, slotFamily } from "./slot-rule.js";

/** True when `text` sets a value in the slot of a tool `drop` names ("viper is out" → config is koanf). */
function replacesDroppedTool(drop: string, text: string): boolean {
  const dropped = memberSlotsNamed(drop);
  return readSlots(text).some(
    (found) => found.value !== null && dropped.some((slot) => slotFamily(found.slot).includes(slot)),
  );
}

/**
 * True when `text` can stand as a clause of its own: it opens with a subject or an instruction, or
 * has a verb a rule says ("route paths are kebab-case", "go with log/slog"; not "components by hand").
 */
function opensClause(text: string): boolean {
  return (
    opensWithInstructionVerb(text) ||
    /^(?:we|you|i|they|he|she|it|there|this|that|these|those|everything|nothing|all|every|each|no|never|always|don'?t|do not|please)\b/i.test(
      text,
    ) ||
    /\b(?:is|are|was|were|gets?|go(?:es)?|uses?|has|have|must|should|can|will|lives?|runs?|needs?|stays?|starts?|ends?)\b/i.test(
      text,
    )
  );
}

/** A break between clauses: a comma (with "and"/"but"), a full-width comma, or " and ". */
const BREAK = /,\s+(?:and\s+|but\s+)?|，\s*(?:并且|而且|另外)?|\s+and\s+(?!so on\b|so forth\b|the like\b)/g;
const OPENERS = '([{（【`"';
const CLOSERS = ')]}）】`"';

/** The offsets of the breaks (`BREAK` unless said) outside brackets, backticks and double quotes: [at, length]. */
export function breaksOf(text: string, breaks: RegExp = BREAK): Array<[number, number]> {
  const depthAt: number[] = [];
  let depth = 0;
  let quoted = false;
  for (const char of text) {
    depthAt.push(depth + (quoted ? 1 : 0));
    if (char === "`" || char === '"') quoted = !quoted;
    else if (OPENERS.includes(char)) depth += 1;
    else if (CLOSERS.includes(char)) depth = Math.max(0, depth - 1);
  }
  return [...text.matchAll(breaks)]
    .filter((found) => depthAt[found.index ?? 0] === 0)
    .map((found) => [found.index ?? 0, found[0].length]);
}

/**
 * The clauses of a unit (see the file's comment), as units of their own with offsets into the
 * message; empty when it has fewer than two clauses that stand alone.
 */
export function clausesOf(unit: RuleUnit): RuleUnit[] {
  const clauses: RuleUnit[] = [];
  let from = 0;
  // The break before the clause being read (", and " in "drop zap and go with slog").
  let before = "";
  for (const [at, length] of [...breaksOf(unit.text), [unit.text.length, 0] as [number, number]]) {
    const raw = unit.text.slice(from, at);
    const text = raw.trim();
    const start = unit.start + from + raw.indexOf(text);
    const last = clauses.at(-1);
    if (text === "") {
      before = unit.text.slice(at, at + length);
      from = at + length;
      continue;
    }
    const leans =
      // A prohibition with its own alternative stands alone ("…, never call GetComponent inside Update — cache it in Awake").
      (leansOnPrevious(text) && !forbidsWithInstead(text)) ||
      givesReason(text) ||
      /^(?:and|but)\b/i.test(text) ||
      // A fragment with its subject left out says more of the clause before ("included from X").
      (fragmentOf(text) !== null && fragmentOf(text)?.alone !== true) ||
      (last !== undefined &&
        (leansOnNext(last.text) ||
          changesWithoutValue(last.text) ||
          // What a dropped tool is replaced with: "viper is out, config is loaded with koanf now".
          (onlyDrops(last.text) && replacesDroppedTool(last.text, text)) ||
          // After a bare "and" (not a list's ", and"): what follows with no verb of its own is more of
          // the same clause ("we write the modules and components by hand"), and so is what a drop is
          // replaced with ("drop zap and go with log/slog").
          (/^\s+and\s+$/.test(before) &&
            (!opensClause(text) ||
              (onlyDrops(last.text) &&
                readSlots(last.text).every((slot) => slot.value === null) &&
                preferenceTerms(text).use.size > 0)))));
    if (last !== undefined && leans) {
      last.text = unit.text.slice(last.start - unit.start, start - unit.start + text.length);
      last.end = start + text.length;
    } else clauses.push({ ...unit, text, start, end: start + text.length, parts: [] });
    before = unit.text.slice(at, at + length);
    from = at + length;
  }
  return clauses.length >= 2 ? clauses : [];
}

/**
 * `clauses` with the one at `index` joined to the clause before it (to the one after it when it is
 * the first): a clause that is no rule by itself belongs to its neighbour ("every table gets
 * created_at and updated_at").
 */
export function joinClause(unit: RuleUnit, clauses: readonly RuleUnit[], index: number): RuleUnit[] {
  const at = index === 0 ? 1 : index;
  const [first, second] = [clauses[at - 1], clauses[at]] as [RuleUnit, RuleUnit];
  const text = unit.text.slice(first.start - unit.start, second.end - unit.start);
  return [...clauses.slice(0, at - 1), { ...first, text, end: second.end }, ...clauses.slice(at + 1)];
}

/**
 * True when a clause bans a practice everywhere ("no force unwraps anywhere in the app"): a rule by
 * itself. A tool or code dropped everywhere ("no jest.* anywhere") still leans on what replaces it.
 */
function bansPracticeEverywhere(clause: string): boolean {
  return forbidsEverywhere(clause) && memberSlotsNamed(clause).length === 0 && !namesCode(clause);
}

/**
 * The rules of a sentence that states several, joined by commas or "and" (see `clausesOf`), or
 * null when it states one: a clause that is no rule by itself, or that
 * drops or forbids a thing (it leans on the rule next to it), is joined to its neighbour, and the sentence is several rules only while two or more clauses are left.
 */
export function clauseRules(unit: RuleUnit, reading: MessageReading): ConventionFinding[] | null {
  let clauses = clausesOf(unit);
  while (clauses.length >= 2) {
    const texts = clauses.map((clause) => ruleOf(stripLeadIns(clause.text)));
    const read = clauses.map((clause, index) => readUnit(clause, texts[index] as string, reading));
    // "table-driven tests: the slice is called `cases`, every entry has a `name` field": clauses under
    // a topic that set no slot all say how that topic is done, one rule.
    // (A topic named in words, not a heading that announces: "先说下背景：…".)
    if (
      ruleShape(unit.text) === "topic" &&
      /^[a-z][a-z\s-]{1,40}:\s/i.test(unit.text.trim()) &&
      // A heading of rules is no topic: "The big things I care about: no force unwraps …, every view gets …".
      !headsRulesGlued(unit.text) &&
      read.flat().every((found) => found.slot === null)
    )
      return null;
    // What drops or forbids a thing leans on what is said next to it ("Yarn is gone, we use pnpm now").
    // So does an occasion or a reason said first ("now that kotest is in for …, let's use its assertions").
    // And a clause about "the" thing of the one before, with no slot or marker of its own ("we always
    // mock HTTP with msw, the handlers live in src/mocks/handlers.ts").
    const loose = read.findIndex(
      (found, index) =>
        found.length === 0 ||
        (leans(texts[index] as string) &&
          !forbidsWithInstead((clauses[index] as RuleUnit).text) &&
          !bansPracticeEverywhere(texts[index] as string)) ||
        leansOnNext(texts[index] as string) ||
        (index > 0 && saysMoreOfThe(texts[index] as string, found)) ||
        // Joined from its parts ("owner", "and cost_center"), a clause may only list what the one before counts.
        (index > 0 && listsItemsOnly((clauses[index] as RuleUnit).text)),
    );
    if (loose === -1) return read.flat();
    clauses = joinClause(unit, clauses, loose);
  }
  return null;
}
