/**
 * Clause rules: how one clause of a sentence that states a standing rule says a rule of its own
 * with no verb of instruction — a subject and its value ("route paths are kebab-case", "endpoints
 * are async def"), a subject and what it uses or where it goes ("outbound calls use requests",
 * "internal packages go under internal/"), a thing and its place ("anyhow only in main.rs"), and in
 * Chinese a subject and what it is written in or starts with ("代码注释用英文", "文件名以 test_ 开头").
 * Read only in a sentence already read as a standing rule, whose marker or shape holds for every
 * clause (see convention-clauses.ts): alone, "endpoints are async def" is a statement. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** A subject: up to four words, not a pronoun (a clause about "it" leans on the one before). */
const SUBJECT = String.raw`^(?!(?:it|they|this|that|these|those|we|i|you)\b)(?:[\w.#*<>/@-]+\s+){0,4}?[\w.#*<>/@-]+`;

/** Every wording of a rule said in one clause, English then Chinese. */
export const CLAUSE_RULES = defineLexicon("clause-rules", [
  {
    pattern: new RegExp(
      String.raw`${SUBJECT}\s+(?:are|is)\s+(?:always\s+)?(?!(?:not|a|an|the|so|very|too|really|just)\b)[\w\`'"<>./@-]+`,
    ),
    example: "route paths are kebab-case",
  },
  {
    pattern: new RegExp(
      String.raw`${SUBJECT}\s+(?:use|uses|go|goes|live|lives|belong|belongs|sit|sits|stay|stays|get|gets|need|needs|carry|carries|follow|follows|start with|end with|run on|run through|go through|goes through)\s+\S`,
    ),
    example: "outbound calls to other services use requests with the shared session",
  },
  {
    pattern: /^[\w.@/-]+\s+(?:only\s+)?(?:in|for|under|inside)\s+(?:the\s+)?[\w.@/-]+/,
    example: "anyhow only in main.rs",
  },
  {
    pattern: /^[^，,。；;\s]{1,12}?\s*(?:用|使用|走|放在|放到|写在|以)\s*\S/u,
    example: "代码注释用英文",
  },
]);

/** True when a clause says a rule of its own in one of the wordings of {@link CLAUSE_RULES}. */
export function statesClauseRule(clause: string): boolean {
  return CLAUSE_RULES.test(clause.trim());
}
