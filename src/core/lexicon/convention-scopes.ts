/**
 * The scope a convention names: the things it holds for ("every model needs a description …", "all
 * handlers get …", "use --target scratch for local runs from now on", 每个接口都要…). A prompt that
 * names the same things is work the convention holds for, whatever kind of work its other words
 * name ("add a staging model …", "run the new revenue model locally …"). Pure.
 */
import { memoizeText } from "../memo.js";
import { defineLexicon } from "./define-lexicon.js";
import { tokens } from "./tokenizer.js";

/** Every wording of a convention's scope; group 1 is the things it holds for. */
export const CONVENTION_SCOPES = defineLexicon("convention-scopes", [
  {
    // "every model needs …", "all new handlers get …".
    pattern:
      /\b(?:every|each|all)\s+(?:new\s+|public\s+|private\s+|of\s+(?:the|our)\s+)?((?:[a-z][\w-]*\s+)?[a-z][\w-]*?)(?=\s+(?:needs?|gets?|must|should|has to|have to|requires?|carr(?:y|ies)|goes|go)\b)/,
    example: "every model needs a description plus not_null and unique tests",
  },
  {
    // "…, so use --target scratch for local runs from now on": the things named last, before the marker.
    pattern:
      /\bfor\s+(?:all\s+|every\s+|new\s+|the\s+)?((?:[a-z][\w-]*\s+)?[a-z][\w-]*)(?=\s*(?:from now on|going forward|[,.;]|$))/,
    example: "use --target scratch for local runs from now on",
  },
  {
    pattern: /(?:每个|每张|每条|所有的?)([\u4e00-\u9fff]{1,4}?)(?=都|必须|要|需要)/,
    example: "每个接口都要写单测",
  },
]);

/**
 * The things a rule says it does not hold for: "stop using unwrap() outside of tests", "no raw SQL
 * except in migrations", 除了测试以外都不要用 unwrap. What it is about is read without them: the rule
 * above is about code, not tests. Each match runs to the end of its clause.
 */
export const SCOPE_EXCEPTIONS = defineLexicon("scope-exceptions", [
  {
    pattern:
      /\b(?:outside(?: of)?|except(?: (?:in|for|on|inside))?|apart from|other than(?: in)?|but not in)\s+(?:the\s+|our\s+)?[^,.;:!?()]{1,40}/,
    example: "stop using unwrap() outside of tests in general",
  },
  { pattern: /除了[^，。；,;]{1,20}?(?:以外|之外|外)/, example: "除了测试以外都不要用 unwrap" },
]);

const EXCEPTIONS = new RegExp(SCOPE_EXCEPTIONS.pattern.source, "giu");

/** `text` without the things it says it does not hold for (see {@link SCOPE_EXCEPTIONS}). */
export function withoutExceptions(text: string): string {
  return text
    .replace(EXCEPTIONS, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** Each scope wording, compiled once. */
const SCOPES = CONVENTION_SCOPES.entries.map((entry) => new RegExp(entry.pattern.source, "iu"));

/**
 * The words of the things a convention holds for, stemmed; empty when it names none. Read once per
 * rule text: recall asks it of every convention on every prompt.
 */
export const scopeWords = memoizeText((rule: string): readonly string[] => {
  for (const scope of SCOPES) {
    const named = scope.exec(rule)?.[1];
    if (named !== undefined) return [...tokens(named, { stem: true })];
  }
  return [];
});

/**
 * True when the prompt's words (`said`, stemmed tokens) name every word of the convention's scope
 * (see {@link scopeWords}), a word of four letters or more also as the start of one ("local" in
 * "locally").
 */
export function namesScope(rule: string, said: ReadonlySet<string>): boolean {
  const scope = scopeWords(rule);
  return (
    scope.length > 0 && scope.every((word) => said.has(word) || (word.length >= 4 && opensOne(word, said)))
  );
}

/** True when `word` opens one of `said`. */
function opensOne(word: string, said: ReadonlySet<string>): boolean {
  for (const other of said) if (other.startsWith(word)) return true;
  return false;
}
