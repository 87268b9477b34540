/**
 * Comparing facts: the words of a fact (Latin words lower-cased, Chinese as character pairs),
 * their overlap, and whether two facts say the same thing. "Prefers morning check-ins." and
 * "- prefers **morning** check-ins" are the same fact; "Likes coffee" and "Does not like coffee"
 * are the same statement with opposite polarity.
 */

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/u;
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

/** Words that carry no content in a comparison. */
const STOP_WORDS = new Set(
  "a an the and or of to in on at for with is are was were be been it its this that these those as by from their his her".split(
    " ",
  ),
);

/** Negation words: a statement and its negation differ only by these. */
const NEGATIONS = new Set(["not", "no", "never", "longer"]);
const ZH_NEGATION = /不再|没有|不|没|别/g;

/** A fact as compared: NFKC, lower case, markdown emphasis and bullets removed, spaces collapsed. */
export function normalizeFact(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/^\s*(?:[-*+]|\d{1,3}[.)])\s+/, "")
    .replace(/[*_`~]/g, "")
    .replace(/’/g, "'")
    .replace(/(?!')[\p{P}\p{S}]+/gu, " ")
    .replace(/(^|\s)'+|'+(?=\s|$)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** A light stem: "prefers" and "prefer" compare equal. */
function stem(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

/** The content words of a fact (stop words out, stemmed); Chinese runs as overlapping character pairs. */
export function factTokens(text: string): string[] {
  return normalizedTokens(normalizeFact(text));
}

/** {@link factTokens} of text already normalized. */
function normalizedTokens(normalized: string): string[] {
  const tokens: string[] = [];
  for (const match of normalized.matchAll(WORD)) {
    const word = match[0];
    if (CJK.test(word)) {
      const chars = [...word].filter((char) => CJK.test(char) || /[\p{L}\p{N}]/u.test(char));
      if (chars.length === 1) tokens.push(chars[0] ?? "");
      for (let index = 0; index + 1 < chars.length; index++)
        tokens.push(`${chars[index]}${chars[index + 1]}`);
    } else if (!STOP_WORDS.has(word)) tokens.push(stem(word));
  }
  return tokens;
}

/** Share of distinct tokens the two facts have in common (Jaccard), 0..1. */
export function tokenOverlap(left: Iterable<string>, right: Iterable<string>): number {
  const a = left instanceof Set ? (left as Set<string>) : new Set(left);
  const b = right instanceof Set ? (right as Set<string>) : new Set(right);
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Overlap at or above which two facts are the same fact reworded. */
export const NEAR_DUPLICATE_OVERLAP = 0.8;

/** What comparisons need of a fact, worked out once. */
export interface FactProfile {
  normalized: string;
  tokens: Set<string>;
  /** The fact without its negations, and how many it had. */
  core: string;
  negations: number;
}

/** A fact without its negations (and the "do" they lean on), and how many it had. */
function polarity(normalized: string): { core: string; negations: number } {
  let negations = 0;
  const kept: string[] = [];
  const rest = normalized.replace(ZH_NEGATION, () => {
    negations++;
    return "";
  });
  for (const match of rest.matchAll(WORD)) {
    const word = match[0];
    if (word === "do" || word === "does" || word === "did") continue;
    if (NEGATIONS.has(word) || word.endsWith("n't")) negations++;
    else kept.push(word);
  }
  return { core: normalizedTokens(kept.join(" ")).join(" "), negations };
}

/** The profile of a fact. */
export function profileFact(text: string): FactProfile {
  const normalized = normalizeFact(text);
  return { normalized, tokens: new Set(normalizedTokens(normalized)), ...polarity(normalized) };
}

/** Whether `fact` repeats `existing`: word for word, or reworded (token overlap ≥ 0.8). */
export function duplicateKind(fact: FactProfile, existing: FactProfile): "exact" | "near" | null {
  if (fact.normalized === existing.normalized) return "exact";
  return tokenOverlap(fact.tokens, existing.tokens) >= NEAR_DUPLICATE_OVERLAP ? "near" : null;
}

/** True when one fact is the other negated ("Likes coffee" / "Does not like coffee", "喜欢咖啡" / "不喜欢咖啡"). */
export function isNegationOf(fact: FactProfile, existing: FactProfile): boolean {
  return fact.core !== "" && fact.core === existing.core && fact.negations % 2 !== existing.negations % 2;
}
