/**
 * Norms: a rule said of a thing rather than to the agent — "every POST must carry an idempotency
 * key", "migrations always run as billing_migrator", "variable names should start with 'wr_'",
 * "page= is silently ignored", 参数名都要以 _b 结尾. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** Every norm, English then Chinese. */
export const NORMS = defineLexicon("norms", [
  {
    pattern: /\b(?:must|should|has to|have to|needs? to|is supposed to|are supposed to)\b/,
    example: "every POST must carry an idempotency key",
  },
  {
    pattern:
      /^(?:every|each|all)\s+(?:[\w-]+\s+){0,2}?\w+\s+(?:carr(?:y|ies)|has|have|gets?|includes?|contains?|subclass(?:es)?)\s+(?:the|a|an|its|their|[A-Z]\w+)\b/,
    example: "every resource carries the owner and costcenter tags",
  },
  {
    pattern: /\b(?:is|are)\s+[\w-]+-only\b/,
    example: "Injection is constructor-only, no @Autowired on fields",
  },
  {
    pattern: /[,;]\s*(?:never|not|no)\s+[A-Za-z][\w.@/-]*\s*[.!]?$/,
    example: "ViewModels expose StateFlow, never LiveData",
  },
  { pattern: /\balways (?:needs?|requires?)\b/, example: "the orders api always needs a cursor" },
  // What the people who set the rules want, relayed (not what they want to do: "they want to ship friday").
  {
    pattern:
      /\b(?:they|we|the (?:[\w-]+ )?team|(?:the )?(?:tech )?lead|design|product|security|everyone|reviewers?) (?:now |really )?(?:want|wants|prefer|prefers|would rather(?: have)?)\b(?! to\b)/,
    example: "the design team vetoed it — they want CSS modules",
  },
  {
    pattern: /\b(?:needs?|requires?) (?:the|a|an|its|their|our|that|this|these|those)\b/,
    example: "every single request needs that header",
  },
  {
    pattern: /\bonly [\w.@/-]+ (?:counts?|works?|matters?|is (?:used|read|loaded|valid))\b/,
    example: "only eslint.config.mjs counts",
  },
  {
    pattern: /\b(?:is|are) (?:\w+ly )?(?:dead|deprecated|generated|not used|unused|ignored)\b/,
    example: "page= is silently ignored",
  },
  {
    pattern:
      /\b(?:is|are) (?:always )?[\w.-]*[_./-][\w.-]* in (?:this|our) (?:api|repo|project|codebase|service|app)\b/,
    example: "json tags are snake_case in this api",
  },
  { pattern: /\bignores? [\w.?=-]+/, example: "the orders api ignores page=" },
  {
    pattern: /\balways (?:runs?|uses?|goes|go|gets?|needs?|lives?|points?|connects?|builds?|deploys?)\b/,
    example: "migrations always run as billing_migrator",
  },
  {
    pattern:
      /^(?:every|each|all)\b[\w\s.-]{1,40}?\b(?:starts?|begins?|ends?|has|have|uses?|needs?|goes|go|lives?|runs?) (?:with|on|in|through|as)\b/,
    example: "every bash script in this repo starts with set -euo pipefail",
  },
  {
    pattern: /\bnames? (?:now |always |all )?(?:starts?|begins?|ends?) with\b/,
    example: "Variable names now start with 'n_'",
  },
  { pattern: /\b(?:go|goes) (?:on|to|in|into|through) (?=\S*[-_./:=\d])/, example: "jobs go on -A asr-lab" },
  { pattern: /\b(?:runs?|listens?|lives?) on (?:port )?\d{2,5}\b/, example: "this one runs on 6008" },
  {
    pattern: /\bonly (?:exposes?|reads?|loads?|accepts?|allows?|supports?|picks? up|sees?)\b/,
    example: "vite only exposes VITE_ variables",
  },
  {
    pattern: /必须|一定要|务必|只能|都要|都得|都用|要用|需要|应该|(?:以|用)\s*\S{1,20}\s*(?:开头|结尾)/,
    example: "参数名以 _b 结尾",
  },
  // What every one of a kind does: "所有环境变量都通过 src/config.ts 读".
  {
    pattern: /(?:所有|每个|每张|每条|全部)的?[^，。；！？]{1,20}?都/,
    example: "所有环境变量都通过 src/config.ts 读",
  },
]);

/** True for a norm said of a thing ("names should start with", "must", 都要). */
export function statesNorm(text: string): boolean {
  return NORMS.test(text);
}
