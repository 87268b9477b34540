/**
 * Withdrawn rules: a lesson that only takes a rule back by its name ("forget the @timed rule, the
 * runner traces every transform now. pull it out of buoys.py") supersedes the rule it names, and is
 * then archived itself: what it said has been applied, and recalled on its own it would only put
 * the withdrawn thing back in front of the agent. One that says what holds instead ("docstring
 * 那条不用了，参数说明统一写在 configs/*.toml 里") is a rule of its own and stays
 * (docs/lessons.md#withdrawn-rules). Pure.
 */
import { namesAValue } from "../conventions/convention-announcements.js";
import { readSlots } from "../conventions/slot-rule.js";
import { PRACTICE_VALUES } from "../conventions/slot-value-reading.js";
import { isInstruction } from "../lexicon/imperative-verbs.js";
import { languageOf } from "../lexicon/language.js";
import { statesNorm } from "../lexicon/norms.js";
import { pointsBackOnly } from "../lexicon/pronoun-objects.js";
import { givesReason } from "../lexicon/reason-clauses.js";
import { ruleShape } from "../lexicon/rule-shapes.js";
import { hasStandingMarker, hasStrongStandingMarker } from "../lexicon/standing-markers.js";
import { RETURN, saysUpdate } from "../lexicon/update-cues.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { withdrawalIn } from "../lexicon/withdrawals.js";
import { escapeRegExp } from "../regexp.js";
import { contradicts, droppedThingsNamedIn, says, sentencesOf } from "./contradiction.js";
import type { Lesson } from "./lesson.js";

/**
 * True when a clause says what holds — a lasting marker, a rule's shape, a norm, or an instruction
 * not about "it" — and gives no reason ("it is no longer required").
 */
function prescribes(clause: string): boolean {
  const zh = languageOf(clause) === "zh";
  if (givesReason(clause)) return false;
  return (
    // A weak marker only with something named to do: "团队来了两个外籍同事" names the team and
    // sets no rule, "组里讨论完还是统一回 pandas" does.
    hasStrongStandingMarker(clause) ||
    (hasStandingMarker(clause) && namesAValue(clause)) ||
    ruleShape(clause) !== null ||
    (!zh && statesNorm(clause)) ||
    // A value set for a slot in place of another, or one gone back to: "the binary reports errors
    // with miette instead of anyhow", "back to thiserror in tilecore" (not what does the job now,
    // said as the reason: "OTel covers the service layer now").
    (preferenceTerms(clause).avoid.size > 0 &&
      readSlots(clause).some((slot) => slot.value !== null && !PRACTICE_VALUES.has(slot.value))) ||
    (RETURN.test(clause) && namesAValue(clause)) ||
    (isInstruction(clause, zh) && !pointsBackOnly(clause))
  );
}

/**
 * True when `rule` takes a rule back by its name and says nothing that holds instead: its other
 * clauses only give a reason ("the decorator is just noise") or a step that applies the withdrawal
 * ("pull it out of buoys.py").
 */
export function withdrawsOnly(rule: string): boolean {
  const found = withdrawalIn(rule);
  if (found === null) return false;
  const rest = `${rule.slice(0, found.index)} ${rule.slice(found.end)}`;
  return !rest
    .split(/[.!?;。！？；，,:：]+\s*/)
    .map((clause) => clause.trim())
    .some((clause) => clause !== "" && prescribes(clause));
}

/** What an applied withdrawal is archived with: "withdrawal applied: <ids> taken back". */
const APPLIED = "withdrawal applied: ";

/**
 * The reason an applied withdrawal is archived with: what it took back ("withdrawal applied: 01H…
 * taken back"), or the withdrawal in its words applied before it ("withdrawal applied: by 01H…").
 */
export function withdrawalApplied(taken: readonly string[], already: string | null): string {
  return `${APPLIED}${taken.length > 0 ? `${taken.join(", ")} taken back` : `by ${already}`}`;
}

/** True when `lesson` is a withdrawal archived once applied. */
export function wasApplied(lesson: { status: string; statusReason?: string | null }): boolean {
  return lesson.status === "archived" && (lesson.statusReason ?? "").startsWith(APPLIED);
}

/**
 * True when `lesson` is a withdrawal applied already that takes back the rule `rule` names: the
 * same withdrawal read again, by another rule of its message or with fewer of its words.
 */
export function appliedAlready(
  lesson: { rule: string; status: string; statusReason?: string | null },
  rule: string,
): boolean {
  if (!wasApplied(lesson)) return false;
  if (lesson.rule === rule) return true;
  const mine = withdrawalIn(rule)?.name.join(" ");
  return mine !== undefined && mine === withdrawalIn(lesson.rule)?.name.join(" ");
}

/**
 * Words that join the items of a list ("owner and cost-center", "jest + RTL"); not a comma, which
 * ends a clause as often ("Globals are prefixed g_, see base.py for one").
 */
const JOINS = String.raw`\s*(?:\band\b|\bor\b|\+|&|/)\s*`;

/**
 * `sentence` without the word of `name` it lists beside others ("the tags owner and cost-center"
 * less cost-center → "the tags owner"), or null when it lists none of them.
 */
function withoutItem(sentence: string, name: readonly string[]): string | null {
  for (const word of name.filter((item) => /[a-z0-9]/.test(item))) {
    const item = escapeRegExp(word);
    for (const pattern of [
      new RegExp(String.raw`${JOINS}${item}(?![\w-])`, "i"),
      new RegExp(String.raw`(?<![\w-])${item}${JOINS}(?=[\w@.])`, "i"),
    ]) {
      // Spaces are tidied only where an item was taken out: "no new .styles.ts files" stays as it is.
      if (pattern.test(sentence))
        return sentence
          .replace(pattern, " ")
          .replace(/\s+(?=[,.;:])|(?<=\s)\s+/g, "")
          .trim();
    }
  }
  return null;
}

/**
 * `older` without the sentences that state the rule `newer` withdraws by its name, or that name a
 * thing `newer` drops, when it states others too ("4-space indent, no tabs. Globals are prefixed g_"
 * less "we don't need the g_ rule any more" or "don't add new g_ globals"); a sentence that names
 * the thing as one item of a list keeps the others ("everything gets the tags owner and
 * cost-center" less "drop the cost-center tag requirement" → "everything gets the tags owner");
 * null when it takes out none of them or all.
 */
export function withoutWithdrawn(
  newer: Pick<Lesson, "rule">,
  older: Pick<Lesson, "rule" | "convention">,
): string | null {
  if (older.convention !== true) return null;
  // The rule it withdraws by name, else the things it drops that `older` names ("don't add new g_ globals").
  const found = withdrawalIn(newer.rule);
  const names = found !== null ? [found.name] : droppedThingsNamedIn(newer.rule, older.rule);
  if (names.length === 0) return null;
  const sentences = sentencesOf(older.rule);
  const kept = sentences.flatMap((sentence) => {
    if (!names.some((name) => says(sentence, name))) return [sentence];
    const rest = names.map((name) => withoutItem(sentence, name)).find((left) => left !== null);
    return rest == null ? [] : [rest];
  });
  if (kept.length === 0 || kept.join(" ") === sentences.join(" ")) return null;
  // What a drop or a withdrawal leaves must be rules by their shape, not an older change ("…'_impl'. The _v1 suffix
  // is gone"), an example ("Like created_at"), a reason ("表前缀改一下，t_ 太随意了") or the story of a
  // move ("We're migrating off styled-components, it's killing our SSR times").
  const left = kept.join(" ");
  // (A rule marked as standing counts: "Never call GetComponent inside Update".)
  const shape = ruleShape(left) ?? (hasStrongStandingMarker(left) ? "norm" : null);
  // (What a withdrawal by name leaves of a list it named needs no shape: "Everything gets the tags owner".)
  if ((found === null && shape === null) || shape === "change" || saysUpdate(left)) return null;
  // What still names a thing a drop drops is no rule left over: the drop overturns it ("axios 那套封装下掉了"
  // after "请求统一走 request.ts 里封装好的 axios 实例").
  if (found === null && names.some((name) => says(left, name))) return null;
  return left.replace(/[.;。；]\s*$/, "").trim();
}

/**
 * The live versions of rules a withdrawal names that were superseded before it: "the whole suffix
 * naming rule for view models is gone" after "every view model has a VM suffix" gave way to
 * "PackingListViewModel, not VM" takes back the rule as it stands now. Only when the withdrawal
 * names the rule by what it governs, not by the value it replaced ("forget the yarn rule" after
 * yarn → pnpm takes back nothing of pnpm). From `lessons`, every lesson of the candidate's scope.
 */
export function currentVersionsWithdrawn(candidate: Lesson, lessons: readonly Lesson[]): Lesson[] {
  const found = withdrawalIn(candidate.rule);
  if (found === null) return [];
  const byId = new Map(lessons.map((lesson) => [lesson.id, lesson]));
  const current = (lesson: Lesson): Lesson | undefined => {
    let next = lesson;
    for (let hops = 0; next.status === "archived" && next.supersededById && hops < 10; hops++) {
      const after = byId.get(next.supersededById);
      if (after === undefined) return undefined;
      next = after;
    }
    return next.status === "archived" ? undefined : next;
  };
  const versions = new Map<string, Lesson>();
  for (const lesson of lessons) {
    if (lesson.status !== "archived" || !lesson.supersededById || !contradicts(candidate, lesson)) continue;
    const value = lesson.slot?.value?.toLowerCase();
    if (value !== undefined && found.name.some((word) => word.toLowerCase() === value)) continue;
    const live = current(lesson);
    if (live !== undefined && live.id !== candidate.id && live.contentHash !== candidate.contentHash)
      versions.set(live.id, live);
  }
  return [...versions.values()];
}
