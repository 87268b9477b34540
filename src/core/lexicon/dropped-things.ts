/**
 * The things a rule says to stop using, each as the words that name it (see `droppedThings`): read
 * with the avoid leads of use-and-avoid.ts, a name going on past its first word only while its words
 * go on naming it. Pure.
 */
import { memoizeText } from "../memo.js";
import { RULE_WORD } from "./narrowings.js";
import { isStopWord } from "./stop-words.js";
import { listedBefore, NOISE, referentOf } from "./term-referents.js";
import { AVOID_LEADS, AVOID_READERS, termOf } from "./use-and-avoid.js";

/** Words that end the name of a dropped thing ("avoid lodash entirely", "no more yarn, …"). */
const NAME_ENDS =
  /^(?:entirely|completely|altogether|directly|anywhere|everywhere|anymore|ever|whatsoever|outright|either|going|unless|except|since|because|though|while|until|once|across|inside|outside|instead|thanks|period|please|pls|rule|rules|requirement|convention|guideline|policy)$/;
/** The words between a quoted name and the rule it names ("# Errors" *doc section* rule). */
const RULE_NAMED = new RegExp(String.raw`^["'\x60]?\s+((?:[\p{L}\p{N}_#@.-]+\s+){1,3}?)${RULE_WORD}\b`, "iu");
/** A word of a name: letters, digits and the marks identifiers carry. */
const NAME_WORD = /^\s+([\p{L}\p{N}_][\p{L}\p{N}_@./:+-]*)/u;
/** A word in Latin letters or digits: a Latin name goes on only in Latin words ("Apollo 切到" does not). */
const LATIN = /^[\p{Script=Latin}\p{N}_@./:+-]+$/u;
/** The word before a term ("squash" in "squash merges are out"), with nothing but a space between. */
const WORD_BEFORE = /([\p{L}\p{N}_][\p{L}\p{N}_@./:+-]*)\s+$/u;

/** True when `word` goes on naming a thing: not a function word nor one that ends a name. */
const namesOn = (word: string | undefined): word is string =>
  word !== undefined &&
  !isStopWord(word) &&
  !NAME_ENDS.test(word.replace(/[.:]+$/, "")) &&
  !/^(?:is|are|gets?|got|was)$/.test(word);

/**
 * The things a rule says to stop using, each as the words that name it, lower case: the term and
 * the word right after it that goes on naming it ("no more squash merges, …" → squash merges;
 * "stop using mocks in integration tests" → mocks), or, for a thing named first, the word before it
 * ("squash merges are out" → squash merges). A quoted term is named by its words. Remembered.
 */
export const droppedThings: (rule: string) => ReadonlyArray<readonly string[]> = memoizeText((rule) => {
  const found: string[][] = [];
  // Where each term read starts: two leads that read the same term there ("moving from handle() to
  // __invoke()") name one thing.
  const starts = new Set<number>();
  AVOID_LEADS.entries.forEach((lead, index) => {
    const reader = AVOID_READERS[index] as RegExp;
    reader.lastIndex = 0;
    for (const match of rule.matchAll(reader)) {
      const quoted = lead.side === "after" && match.slice(1, 4).some((group) => group !== undefined);
      const raw = termOf(match, lead)?.toLowerCase();
      if (raw === undefined) continue;
      const name = raw
        .split(/\s+/)
        .map((word) => word.replace(/[.:]+$/, ""))
        .filter((word) => !quoted || /[\p{L}\p{N}]/u.test(word));
      const head = name[0] ?? "";
      // A pro-form names the thing before it: "don't add new ones" after "the existing Koin modules".
      const referent = referentOf(head, rule, match.index ?? 0);
      if (referent !== null) {
        found.push([referent]);
        continue;
      }
      if (head.length < 2 || NOISE.has(head)) continue;
      const said = match[0].toLowerCase();
      const start =
        (match.index ?? 0) + (lead.side === "after" ? said.lastIndexOf(head) : said.indexOf(head));
      if (starts.has(start)) continue;
      starts.add(start);
      // A quoted name goes on to the rule it names: "forget the "# Errors" doc section rule".
      const ruleNamed = RULE_NAMED.exec(rule.slice((match.index ?? 0) + match[0].length))?.[1];
      if (quoted) found.push([...name, ...(ruleNamed?.toLowerCase().split(/\s+/).filter(Boolean) ?? [])]);
      else if (lead.side === "after") {
        const next = NAME_WORD.exec(rule.slice((match.index ?? 0) + match[0].length))?.[1]?.toLowerCase();
        const goesOn = namesOn(next) && LATIN.test(head) === LATIN.test(next);
        found.push(goesOn ? [head, (next as string).replace(/[.:]+$/, "")] : [head]);
      } else {
        const listed = listedBefore(rule, match, lead);
        const before = WORD_BEFORE.exec(rule.slice(0, match.index ?? 0))?.[1]?.toLowerCase();
        // A Latin name goes on only in Latin words ("原来 code/msg 那套" names code/msg).
        // …and never across the end of a sentence ("config is config/deploy.yml. Fly's out too").
        const goesOn =
          listed.length === 0 &&
          namesOn(before) &&
          !/[.:;]$/.test(before as string) &&
          LATIN.test(head) === LATIN.test(before);
        found.push(goesOn ? [before as string, head] : [head]);
        for (const item of listed) found.push([item]);
      }
    }
  });
  return found;
});

/** A word written as code: with an underscore, a dot, an @, a slash, a colon or a digit ("/mnt/ckpt", "env_logger"). */
const CODE_LIKE = /[_.@/#:\d]/;

/**
 * The words of a dropped thing written as code: what names it when the rest only says what kind of
 * thing it is ("the /mnt/ckpt mount" is named by /mnt/ckpt, "thiserror derives"… by none).
 */
export function codeWordsOf(name: readonly string[]): readonly string[] {
  return name.filter((word) => CODE_LIKE.test(word));
}
