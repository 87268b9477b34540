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
  { pattern: /\bunderstood\b|\bunderstand\b/, example: "Understood: throw DomainError subclasses." },
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
