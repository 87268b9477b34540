/**
 * The words that say a rule is about how the agent answers, in English and Chinese: read by the
 * "answers" kind of work (work-wordings.ts, kinds-of-work.ts) and by recall, which lets a rule that
 * speaks of answering reach a knowledge question. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/**
 * Words about how the agent answers ("keep answers short, no summary", "no essays with headings"),
 * in English; a summary the program prints or sends is the program's ("prints a summary of what was
 * removed"), not the answer's. Shared with the named kind in kinds-of-work.ts.
 */
export const ANSWER_WORDS =
  /\b(?<!\b(?:print|prints|printed|printing|output|outputs|log|logs|show|shows|display|displays|emit|emits|generate|generates|return|returns|send|sends|write|writes)\s+(?:a\s+|an\s+|the\s+|one\s+)?)(?:summary|summaries)|\b(?:recap|essays?|wall of text|too much text|(?<![-\w])verbose(?!\s+(?:options?|flags?|mode|logging|logs?|output|level|switch)\b)|show me (?:just |only )?(?:the|a) (?:unified )?diffs?|paste (?:the )?(?:whole|entire|full) (?:file|files|thing)|keep (?:it|answers|replies|responses)(?: to me)? (?:short|brief|terse|concise|succinct|tight)|(?:short|brief|terse|concise|succinct) (?:answers|replies|responses)|be (?:brief|concise)|(?:\d+\s*-\s*)?\d+ sentences|no headings|(?:essays|answers|replies) with headings|bullet points|way too long|(?:answer|reply|respond|write) (?:in|with) (?:english|chinese|german|french|japanese|spanish|plain text|markdown)|(?:skip|no|drop|without|leave out|cut) (?:the |all the )?(?:explanations?|theory|preamble|intro|headers|headings)|bullet lists?|(?:a|one) short paragraph|(?:just|only) (?:need|want|give me|show me|tell me) the (?:command|commands|answer|one-liner))\b/;

/**
 * A rule that says how to answer in so many words: "以后回答都用中文，代码和注释保持英文就行" holds for a
 * knowledge question too, whatever else it says of code.
 */
export const SPEAKS_OF_ANSWERING = defineLexicon("speaks-of-answering", [
  {
    pattern: /\b(?:answer(?:s|ing)?|repl(?:y|ies)|respond)\b/,
    example: "answer in English, keep the code comments as they are",
  },
  { pattern: /回答|回复|答复/, example: "以后回答都用中文，代码和注释保持英文就行" },
]);
