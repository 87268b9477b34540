/**
 * Requests that redirect the agent after it acted, said politely or as a rhetorical question:
 * "would you mind using date-fns instead?", "could you maybe not put everything in tables?",
 * "can we use pnpm here instead?", "why are you pushing straight to main??", "do it as the
 * www-docs user", "能不能别用 print？", "为什么要装 axios？", "别 chmod。". After an agent action they
 * are a correction, not a question: a middle graded signal (signals' `redirect-request` rule), and
 * the learning rule for corrections reads each entry's `lead` to turn the request into a rule
 * ("would you mind using X" → "Use X"). Pure.
 */
import { compiledEntries, defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/**
 * How the words the entry matched at a sentence's start become a rule's opening: `base` — they
 * end in a verb's -ing form, which becomes the verb ("would you mind using" → "use"); `dont` — the
 * same, negated ("why are you pushing" → "don't push"); `drop` — removed ("could you maybe not" →
 * "don't", see `replacement`); `keep` — kept as written.
 */
export type RedirectLead = "base" | "dont" | "drop" | "keep";

/** A redirecting request: its pattern (matched at a sentence's start), and how its lead is read. */
export interface RedirectRequest extends LexiconEntry {
  lead: RedirectLead;
  /** With `drop`: the words that replace the lead ("don't", "别", "不要"); none when omitted. */
  replacement?: string;
}

/** Ordered: the first entry whose pattern matches a sentence's start is the one that rewrites it. */
export const REDIRECT_REQUESTS = defineLexicon<RedirectRequest>("redirect-requests", [
  {
    pattern: /^(?:would|do) you mind (?:maybe |just |please )?(?=\w+ing\b)/,
    example: "would you mind using date-fns instead? we're trying to get moment out of the bundle",
    lead: "base",
  },
  {
    pattern: /^(?:could|can|would) you (?:maybe |perhaps |please |just )*(?:not|stop) (?!\w+ing\b)/,
    example: "could you maybe not put everything in tables? they render terribly in my terminal",
    lead: "drop",
    replacement: "don't",
  },
  {
    pattern: /^(?:can|could|shall) (?:we|you) (?:maybe |perhaps |please |just )*(?=[^?]*\binstead\b)/,
    example: "can we use pnpm here instead?",
    lead: "drop",
  },
  {
    // A polite request to give the answer another form: read as the instruction itself.
    pattern:
      /^(?:can|could|would) you (?:maybe |perhaps |please |just )*(?=(?:put|show|give|format|lay out|present|write)\b[^?]{0,40}\b(?:in|as|into) (?:a )?(?:table|bullet points|bullets|a list|plain text|one line|a code block)\b)/,
    example: "can you put comparisons like this in a table? runs as rows, metrics as columns",
    lead: "drop",
  },
  {
    pattern: /^why (?:are|were) you (?:still |even |always )?(?=\w+ing\b[^?]*\?)/,
    example: "why are you pushing straight to main?? everything here goes on a feature branch",
    lead: "dont",
  },
  {
    pattern: /^(?:(?:just|please) )?(?:do|run) (?:it|this|that|them) (?:as|with|through|via|using)\b/,
    example: "do it as that: sudo -u www-docs rsync -a build/ /var/www/",
    lead: "keep",
  },
  {
    pattern: /^(?:能不能|能否|可不可以|可以)(?:别|不要)(?:再)?/,
    example: "能不能别用 print？我们统一用 loguru",
    lead: "drop",
    replacement: "不要",
  },
  {
    pattern: /^为(?:什么|啥)(?:又|还)?要/,
    example: "为什么要装 axios？请求统一走 src/lib/http.ts",
    lead: "drop",
    replacement: "不要",
  },
  {
    pattern: /^(?:别|不要|不用)(?:再)?\s*(?=[A-Za-z`])/,
    example: "别 chmod。/data/etl 下面的东西都归 etl 账号，你 sudo -u etl 去跑就行",
    lead: "keep",
  },
  {
    pattern:
      /^你?(?:直接)?(?:用|拿|以|切到)\s*\S+\s*(?:账号|用户|身份)?(?:去)?(?:跑|执行|运行|做)(?:就行|就好|就可以)/,
    example: "你用 etl 账号去跑就行",
    lead: "keep",
  },
]);

/** Verbs whose -ing form drops a final e ("using" → "use"); others only lose "ing" or a doubled consonant. */
const E_VERBS =
  /^(?:us|mak|writ|creat|sav|chang|remov|delet|mov|cod|typ|nam|merg|rebas|compil|configur|generat|includ|updat|hardcod|serv|pars|stor|clos|releas|replac|escap|cach|plac|stag|sourc|trac|declar|defin|describ|issu|manag|migrat|produc|provid|reus|schedul|shar|tak|tim)$/;

/** The verb of an -ing form: "using" → "use", "putting" → "put", "pushing" → "push", "adding" → "add". */
export function verbOfGerund(gerund: string): string {
  const stem = gerund.replace(/ing$/i, "");
  if (E_VERBS.test(stem.toLowerCase())) return `${stem}e`;
  return /([bgmnpt])\1$/i.test(stem) ? stem.slice(0, -1) : stem;
}

const REDIRECTS = compiledEntries(REDIRECT_REQUESTS);

/**
 * A redirecting request read as the rule it asks for, by its entry's `lead` ("why are you pushing
 * straight to main??" → "don't push straight to main??", "would you mind using X" → "use X"); null
 * when `text` opens with no entry.
 */
export function readRedirect(text: string): string | null {
  for (const { entry, pattern } of REDIRECTS) {
    const lead = pattern.exec(text);
    if (lead === null) continue;
    const rest = text.slice(lead[0].length).trimStart();
    const gerund = /^(\w+ing)\b/.exec(rest)?.[1];
    const verb = gerund === undefined ? rest : `${verbOfGerund(gerund)}${rest.slice(gerund.length)}`;
    if (entry.lead === "base") return verb;
    if (entry.lead === "dont") return `don't ${verb}`;
    if (entry.lead === "keep") return text;
    const replacement = entry.replacement ?? "";
    return `${replacement}${/^\p{Script=Han}/u.test(replacement) ? "" : " "}${rest}`.trim();
  }
  return null;
}
