/**
 * What a term read by a lead stands for: the things listed before a lead said of all of them
 * ("moment and dayjs are out"), the name a pro-form stands for ("don't add new ones" → koin), and the
 * name before a word for any thing ("the OneOf thing"). Read by use-and-avoid.ts and
 * dropped-things.ts. Pure.
 */
import { isStopWord } from "./stop-words.js";
import type { TermLead } from "./use-leads.js";

/** A word of a term: letters, digits and the marks code names use. */
export const WORD = String.raw`[\p{L}\p{N}_@./:+<>-]*[\p{L}\p{N}_@/:+>-]`;

/** Words that are never a term. */
export const NOISE = new Set(
  "the a an it this that them to in on for with and or of be is are was were here there now any all our gonna gotta wanna ones just only merely simply also even".split(
    " ",
  ),
);

/** A word that joins the items of a list, and the item before it ("moment and dayjs", "Isar 跟 Hive"). */
const LISTED_BEFORE = new RegExp(
  `(${WORD})\\s*(?:,\\s*|\\s(?:and|or|&)\\s|、|\\s*(?:跟|和|与|及)\\s*)$`,
  "iu",
);
/** A lead said of several things at once: "…are out", "…都不要再用了", "…both go". */
const SAID_OF_SEVERAL = /^(?:are|both)\b|^(?:都|也都|全都)/iu;

/**
 * The things listed before a `before` lead's term when the lead is said of all of them ("moment and
 * dayjs are out", "Isar 跟 Hive 都不要再用了"), nearest first; none for a lead said of one ("fast
 * and yarn is out" drops yarn only).
 */
export function listedBefore(text: string, match: RegExpMatchArray, lead: TermLead): string[] {
  if (lead.side !== "before") return [];
  const term = match.slice(1).find((group) => group !== undefined) ?? "";
  const rest = match[0].slice(match[0].indexOf(term) + term.length).trimStart();
  if (!SAID_OF_SEVERAL.test(rest)) return [];
  const items: string[] = [];
  let before = text.slice(0, (match.index ?? 0) + match[0].indexOf(term));
  for (
    let item = LISTED_BEFORE.exec(before);
    item !== null && items.length < 3;
    item = LISTED_BEFORE.exec(before)
  ) {
    const word = (item[1] as string).toLowerCase();
    if (isStopWord(word) || NOISE.has(word)) break;
    items.push(word);
    before = before.slice(0, item.index);
  }
  return items;
}

/** Words that stand for a thing named before them: "don't add new ones", "stop using them". */
const PRO_FORMS = new Set([
  "ones",
  "them",
  "those",
  "these",
  "it",
  "usages",
  "uses",
  "instances",
  "occurrences",
]);

/**
 * The thing `term`, read by a lead at `at`, stands for when it is a pro-form: the nearest name
 * before it in its sentence, written in capitals or as code, not the sentence's first word ("The
 * existing Koin modules stay until they're ported, but don't add new ones" → koin; "FluentResults comes
 * out of the csproj next sprint, don't add new usages" → fluentresults). Lower case; null
 * when `term` is no pro-form or no name is said before it.
 */
export function referentOf(term: string, text: string, at: number): string | null {
  if (!PRO_FORMS.has(term)) return null;
  const sentence =
    text
      .slice(0, at)
      .split(/[.!?;。！？；]\s*/)
      .pop() ?? "";
  const names = [...sentence.matchAll(/(?<=\s)(?:[A-Z][\w-]*|[\w-]*[_@./\d][\w@./-]*)/g)].map(
    (found) => found[0],
  );
  // With no other name, the sentence's subject when it is one ("Tflint is too noisy, don't bother with it").
  const subject = /^([A-Za-z][\w.-]*)\s+(?:is|are|was|has|keeps|comes|goes|gets)\b/.exec(
    sentence.trim(),
  )?.[1];
  const name = names.pop() ?? (subject !== undefined && !isStopWord(subject) ? subject : undefined);
  return name === undefined ? null : name.replace(/[.:]+$/, "").toLowerCase();
}

/** Words for any thing, named by the word before them: "the OneOf thing", "the Redux stuff". */
const ANY_THING = new Set(["thing", "stuff", "setup", "approach", "business", "bit"]);

/** The name before `term` at `at` when `term` is a word for any thing ("the OneOf thing"), lower case. */
export function namedBefore(term: string, text: string, at: number): string | null {
  if (!ANY_THING.has(term)) return null;
  const name = /([\w.@/<>,-]*[\w>])\s+$/.exec(text.slice(0, at))?.[1]?.replace(/<.*$/, "");
  return name === undefined || isStopWord(name.toLowerCase()) || NOISE.has(name.toLowerCase())
    ? null
    : name.toLowerCase();
}
