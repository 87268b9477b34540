/**
 * Whole-sentence rewrites that turn how a user says something into the fact it states, per target
 * file: "call me Sam" → "wants to be called Sam" (USER), "I'll call you Jarvis" → "name is Jarvis"
 * (IDENTITY), "you should cite sources" → "cite sources" (SOUL). Data: each entry has an example and
 * the result it gives. The first entry of the target's that matches is applied; pronouns are turned
 * afterwards (see `candidate-fact.ts`).
 */
import type { WriteDecision } from "./gate-decision.js";

/** One rewrite: `pattern` (case-insensitive, anchored) replaced by `replace` for `decision`. */
export interface FactRewrite {
  readonly decision: WriteDecision;
  readonly pattern: RegExp;
  /** The replacement, `$1`… for the pattern's groups. */
  readonly replace: string;
  readonly example: string;
  /** What `example` becomes. */
  readonly result: string;
}

/** The rewrites, grouped by target. */
export const FACT_REWRITES: readonly FactRewrite[] = [
  {
    decision: "UPDATE_IDENTITY",
    pattern:
      /^(?:i(?:'ll| will|'m going to| am going to| want to)|let me|let'?s|we(?:'ll| will)) call you (.+)$/i,
    replace: "name is $1",
    example: "I'll call you Jarvis",
    result: "name is Jarvis",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^call yourself (.+)$/i,
    replace: "name is $1",
    example: "Call yourself Nova",
    result: "name is Nova",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^your name(?: is|'s| will be| should be) (.+)$/i,
    replace: "name is $1",
    example: "Your name is Aria",
    result: "name is Aria",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^you(?:'re| are) ([a-z]+), (?:my|our) (.+)$/i,
    replace: "name is $1, the user's $2",
    example: "You're Echo, my writing buddy",
    result: "name is Echo, the user's writing buddy",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^(?:i want you to|i'?d like you to) (?:be|act as|play) (.+)$/i,
    replace: "is $1",
    example: "I want you to be a grumpy old wizard character",
    result: "is a grumpy old wizard character",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^(?:think of|see|consider) yourself as (.+)$/i,
    replace: "is $1",
    example: "Think of yourself as my chief of staff",
    result: "is my chief of staff",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^(?:use|pick|choose|take) (.+) as your ([a-z]+(?: [a-z]+)?)$/i,
    replace: "$2 is $1",
    example: "Use the owl emoji as your signature",
    result: "signature is the owl emoji",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^you(?:'re| are) (?:my|our) (.+)$/i,
    replace: "is the user's $1",
    example: "You are my research assistant",
    result: "is the user's research assistant",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^you(?:'re| are) (an? .+)$/i,
    replace: "is $1",
    example: "You're a calm, dry-witted helper",
    result: "is a calm, dry-witted helper",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^your ([a-z]+(?: [a-z]+)?)(?: is|'s| will be| should be|\s*[:=]) ?(.+)$/i,
    replace: "$1 is $2",
    example: "Your avatar is a red fox",
    result: "avatar is a red fox",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^sign (?:off|your messages|your replies) (?:as|with) (.+)$/i,
    replace: "signs messages as $1",
    example: "Sign your messages as Aria",
    result: "signs messages as Aria",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^(?:以后)?(?:你(?:的名字)?(?:以后|今后)?(?:就)?叫|叫你|给你起(?:个)?名(?:字)?[，,]?叫?)(.+)$/,
    replace: "名字是$1",
    example: "你就叫小爱",
    result: "名字是小爱",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^你(?:就)?是(.+)$/,
    replace: "是$1",
    example: "你是我的健身教练",
    result: "是我的健身教练",
  },
  {
    decision: "UPDATE_IDENTITY",
    pattern: /^你的(.+?)(?:就是|要是|设定为|应该是|应该|要|是)(.+)$/,
    replace: "$1是$2",
    example: "你的头像是一只红狐狸",
    result: "头像是一只红狐狸",
  },
  {
    decision: "UPDATE_USER",
    pattern: /^(?:please |just |you can )?call me (.+)$/i,
    replace: "wants to be called $1",
    example: "Call me Sam, not Samuel",
    result: "wants to be called Sam, not Samuel",
  },
  {
    decision: "UPDATE_USER",
    pattern: /^(?:你可以|请|就)?叫我(.+)$/,
    replace: "希望被称为$1",
    example: "叫我小王",
    result: "希望被称为小王",
  },
  {
    decision: "UPDATE_SOUL",
    pattern:
      /^(?:you (?:should|must|need to|have to|ought to)|i want you to|i'?d like you to|i need you to|(?:can|could|would|will) you(?: please)?) (.+)$/i,
    replace: "$1",
    example: "I want you to push back when I'm wrong",
    result: "push back when I'm wrong",
  },
  {
    decision: "UPDATE_SOUL",
    pattern: /^(?:我(?:希望|想要|要|需要)你|你(?:要|应该|必须|得))(.+)$/,
    replace: "$1",
    example: "我希望你有话直说",
    result: "有话直说",
  },
];

/** `text` after the first rewrite of `decision` that matches it (unchanged when none does). */
export function applyFactRewrite(text: string, decision: WriteDecision): string {
  for (const rewrite of FACT_REWRITES) {
    if (rewrite.decision === decision && rewrite.pattern.test(text))
      return text.replace(rewrite.pattern, rewrite.replace);
  }
  return text;
}
