/**
 * Acknowledgements: how an agent says it has taken something on board — "Got it", "Noted",
 * "Understood", "Will do", "I'll use … from now on", 收到, 明白, 记住了. An agent's short reply
 * that acknowledges a user's statement about the project, and says it back, shows the statement
 * was taken as a standing rule (see conventions/convention-echoes.ts). Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** Every wording of an acknowledgement, English then Chinese. */
export const ACKNOWLEDGEMENTS = defineLexicon("acknowledgements", [
  { pattern: /\bgot it\b|\bgotcha\b/, example: "Got it, z_ prefix on local variables." },
  { pattern: /\b(?:duly )?noted\b/, example: "Google-style docstrings, noted." },
  {
    // Not "I don't understand": that asks back.
    pattern: /\bunderstood\b|(?<!n'?t |\bnot )\bunderstand\b/,
    example: "Understood: throw DomainError subclasses.",
  },
  { pattern: /\bwill do\b|\bwilco\b|\broger(?: that)?\b|\bcopy that\b/, example: "Will do." },
  {
    pattern: /\bmakes sense\b|\bsounds good\b|\bfair enough\b/,
    example: "Makes sense, type hints everywhere.",
  },
  {
    pattern: /\b(?:good|useful) to know\b|\bthanks for the (?:heads[- ]up|tip|reminder)\b/,
    example: "Good to know, pnpm it is.",
  },
  {
    pattern:
      /\bi(?:'ll| will)\s+(?:always\s+|make sure to\s+|be sure to\s+)?(?:use|keep|stick|remember|follow|go with|stay|avoid|stop)\b/,
    example: "I'll stick to tabs.",
  },
  {
    pattern: /\b(?:from now on|going forward|from here on(?: out)?|for all new)\b/,
    example: "Okay, wr_ instead of z_ for local variables from here on.",
  },
  { pattern: /\bit is\s*[.!]?\s*$|\bit is then\b/, example: "pnpm it is." },
  {
    pattern: /收到|明白|了解|记住了?|记下了?|知道了|懂了|没问题|好的|以后(?:都)?(?:用|写|改|按)/u,
    example: "收到，以后用 zerolog。",
  },
]);

/**
 * How an agent sets out to look into what it was told — "Let me check why /users returns 500",
 * "Looking now.", "I'll look into the crash", 我查一下: what it was told is a report or a task, not a
 * rule, whatever words the reply shares with it (see conventions/convention-echoes.ts).
 */
export const LOOKING_INTO = defineLexicon("looking-into", [
  {
    pattern:
      /\blet me (?:check|look|take a look|have a look|investigate|dig|debug|reproduce|find out|figure out|see what|see why)\b/,
    example: "Let me check why /users returns 500.",
  },
  {
    pattern:
      /\b(?:i'll|i will|i'm going to) (?:check|look (?:into|at)|take a look|have a look|investigate|dig into|debug|reproduce|figure out)\b/,
    example: "Got it — I'll look into the login button crash on Safari.",
  },
  {
    pattern: /\blooking (?:into (?:it|this|that)|at (?:it|this|that)|now)\b|\bon it\b|\bchecking now\b/,
    example: "Looking now.",
  },
  {
    pattern: /我(?:来|先|去)?(?:查|看|排查|定位|调查|复现)一下|我(?:来|先|去)?(?:查查|看看|排查)/u,
    example: "好的，我查一下这个接口为什么返回 500。",
  },
]);
