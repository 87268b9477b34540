/**
 * Reason clauses: the part of a rule that says why, not what to do — "never use moment, it's too
 * big", "no default exports, they break tree shaking", "because the CI image pins it", 别用 moment，
 * 太大了. A prohibition whose other clauses only give reasons says no alternative of its own, so the
 * rule said next to it may be its alternative (see convention-alternatives.ts). Pure.
 */
import { memoizeText } from "../memo.js";
import { defineLexicon } from "./define-lexicon.js";

/** Every opening of a reason clause, English then Chinese. */
export const REASON_CLAUSES = defineLexicon("reason-clauses", [
  {
    pattern:
      /^(?:and\s+|but\s+)?(?:it|they|that|this|these|those)(?:'s|'re|\s+(?:is|are|was|were|has|have|had|makes?|breaks?|causes?|slows?|bloats?|clashes|clash|conflicts?|won'?t|doesn'?t|don'?t|can'?t|never|always|just|really|gives?|lets?|keeps?|saves?|helps?|means))\b/,
    example: "it's too big",
  },
  {
    // Not "as well as …", "as soon as …": they say more of what to do, or when.
    pattern:
      /^(?:because|since|as(?!\s+(?:well|soon|long|of|needed|usual|per|in|if|though|far)\b)|so that|otherwise|cause|cuz|'cause|for (?:perf|performance|security) reasons)\b/,
    example: "because the CI image pins it",
  },
  {
    // What the user does anyway, so the rule saves it: "I read the diff anyway".
    pattern:
      /^i (?:read|check|review|look at|see|know|skim|run|test)\b[^,;]{0,40}\b(?:anyway|anyways|myself|already)\b/,
    example: "I read the diff anyway",
  },
  {
    // What the rule brings: "which gives us traces as well as timings" (not "which is in src/utils").
    pattern: /^which\s+(?:gives?|lets?|keeps?|saves?|helps?|means|makes?|avoids?|prevents?|stops?)\b/,
    example: "which gives us traces as well as timings",
  },
  {
    // What the rule is for, said with who gets to do it: "so the UI tests and VoiceOver audits can find it".
    pattern:
      /^so\s+(?:that\s+)?(?:the\s+|our\s+|we\s+|you\s+|people\s+)?(?:[\w.-]+\s+){0,6}?(?:can|could|will|won'?t|don'?t|doesn'?t|never|always)\b/,
    example: "so the UI tests and VoiceOver audits can find it",
  },
  {
    pattern: /^(?:because of|due to|thanks to)\b|^(?:too|way too|pretty|very|super) \w+/,
    example: "too slow",
  },
  {
    // What was wrong with the old thing: "DEV_XS_WH was too small for the backfills".
    pattern:
      /^(?:the\s+|our\s+|that\s+)?[\w.@/-]+(?:\s+[\w.@/-]+){0,3}?\s+(?:was|were|is|are|got|has been|had been)\s+(?:just\s+|way\s+|far\s+|much\s+|simply\s+)?too\s+\w+/,
    example: "DEV_XS_WH was too small for the backfills",
  },
  {
    // What is wrong with a thing, judged, after the story of how it came up: "the Svc suffix is
    // confusing next to the service modules", "we looked at it again and tmp_ is easy to misread".
    pattern:
      /^(?:[^,;]{0,60}?\b(?:and|but|so)\s+)?(?:the\s+|our\s+)?[\w.@/-]+(?:\s+[\w.@/-]+){0,3}?\s+(?:is|are|was|were)\s+(?:really\s+|so\s+|just\s+|kinda\s+|pretty\s+)?(?:confusing|misleading|ugly|clunky|unreadable|ambiguous|error-prone|hard to (?:read|follow|grep|find|tell apart)|easy to (?:confuse|misread|mix up))\b/,
    example: "the Svc suffix is confusing next to the service modules",
  },
  {
    // What happens without the rule: "the CI check fails without it", "prettier yells otherwise".
    pattern:
      /^(?:the\s+)?[\w .-]{1,40}?\b(?:fails?|breaks?|complains?|yells?|rejects?|blocks?|won'?t (?:build|pass|merge))\b[^,;]{0,30}?\b(?:without it|otherwise|if (?:it'?s|you) (?:missing|don'?t|forget))\b/,
    example: "the CI check fails without it",
  },
  {
    // Who asked for it: "platform wanted one pipeline for everything", "security insisted on it".
    pattern:
      /^(?:the\s+)?(?:[\w-]+\s+)?(?:team|platform|ops|devops|sre|security|finance|legal|compliance|management|leadership|product|design|qa|boss|cto|lead|client|customer)s?\s+(?:wanted|wants|asked for|asks for|insisted on|insists on|requires?|required|demanded)\b/,
    example: "platform wanted one pipeline for everything",
  },
  {
    // What is wrong with a thing, judged: "hydra 用下来太重了", "moment 实在太大了".
    pattern:
      /(?:(?:用下来|用起来|实在|有点|太)+(?:重|慢|大|麻烦|复杂|难用|臃肿|笨重|难维护)了?|受不了了?|烦死了)\s*$/,
    example: "hydra 用下来太重了",
  },
  {
    pattern: /^(?:因为|由于|不然|否则|免得|以免|它|太|会|容易|影响|有坑|坑)/,
    example: "太大了",
  },
]);

/** True when a clause gives a reason rather than says what to do ("it's too big", 太大了). */
export function givesReason(clause: string): boolean {
  return REASON_CLAUSES.test(clause.trim());
}

/**
 * `text` without the clauses after its first that only give a reason ("Every PHP file starts with
 * declare(strict_types=1); no exceptions, the CI check fails without it" → "…; no exceptions"): what
 * a rule is about is read from what it says to do, not from why. Remembered per text: recall asks
 * it of every convention on every prompt.
 */
export const withoutReasons: (text: string) => string = memoizeText((text) => {
  // A reason ends at a colon too: what follows it is said for its own sake ("…, since product
  // finally agreed: we bumped the minimum to iOS 17").
  const clauses = text.split(/(?<=[,;，；]|[:：](?=\s))\s*/);
  const kept = [clauses[0] ?? "", ...clauses.slice(1).filter((clause) => !givesReason(clause))];
  return kept
    .join(" ")
    .replace(/[,;，；:：]\s*$/, "")
    .trim();
});

/**
 * Examples said inside a rule: "like [PGX-412] Add refund endpoint", "e.g. fx_compute_total", "such
 * as …". They show the rule, they say no work of their own: "every commit message starts with the
 * Jira key, like [PGX-412] Add refund endpoint" is about commits, not endpoints.
 */
export const EXAMPLE_CLAUSES = defineLexicon("example-clauses", [
  {
    pattern:
      /(?:,\s*|\s)(?:so\s+)?(?:something\s+)?(?:like|e\.g\.?|for example|for instance|such as)\s+[^,;。，；]*/,
    example: "every commit message starts with the Jira key, like [PGX-412] Add refund endpoint",
  },
  { pattern: /(?:比如|例如|像)[^，。；;]*/u, example: "提交信息以工单号开头，比如 PGX-412 新增退款接口" },
]);

/** `text` without the examples it gives (see {@link EXAMPLE_CLAUSES}). */
export function withoutExamples(text: string): string {
  return text.replace(new RegExp(EXAMPLE_CLAUSES.pattern.source, "giu"), "").trim();
}

/**
 * Openings of a sentence that says what follows from the one before it: "so", "which means",
 * 所以. After a rule, such a sentence says how to apply it ("we moved from Serilog to plain
 * Microsoft.Extensions.Logging. so inject ILogger<T> and use [LoggerMessage] methods").
 */
export const CONSEQUENCE_OPENERS = defineLexicon("consequence-openers", [
  {
    pattern: /^(?:so|which means|that means|this means|meaning)\b(?!\s+(?:far|much|many|yeah|anyway)\b)/i,
    example: "so inject ILogger<T> everywhere",
  },
  { pattern: /^(?:所以|因此|也就是说|这样的话)/, example: "所以以后都注入 ILogger<T>" },
]);

/** True when `sentence` opens by saying it follows from the one before ("so …", 所以…). */
export function followsFromBefore(sentence: string): boolean {
  return CONSEQUENCE_OPENERS.test(sentence.trim());
}

/**
 * The clause after a comma that says what follows from the story before it, without its opener
 * ("The DS team shipped their tokens as vanilla-extract, so new styles go in .css.ts files" → "new
 * styles go in .css.ts files"), or null: a rule may be told as the consequence of news.
 */
export function consequenceOf(text: string): string | null {
  for (const found of text.matchAll(/[,，;；]\s*/g)) {
    const rest = text.slice((found.index ?? 0) + found[0].length);
    const opener = CONSEQUENCE_OPENERS.pattern.exec(rest);
    if (opener) return rest.slice(opener[0].length).trim();
  }
  return null;
}
