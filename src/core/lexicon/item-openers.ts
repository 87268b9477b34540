/**
 * Words that open another item of a message ("also, …", "one more thing", 另外, 还有): what follows
 * continues no rule said before it, and replaces nothing a drop before it named
 * (`opensAnotherItem` in core/conventions/convention-threads.ts). Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** Every opener of another item, English then Chinese; read at the start of a sentence. */
export const ITEM_OPENERS = defineLexicon(
  "item-openers",
  [
    {
      pattern: /^(?:also|besides|another thing|one more thing|plus|oh,? and)\b/,
      example: "also the rate limiter stays in-memory for now",
    },
    {
      // A topic of its own named first: "And the field prefix thing, scrap the prefix entirely: …".
      pattern:
        /^(?:(?:and|also|oh,? and|so)\s+)?(?:(?:as for|about|regarding|re:?)\s+)?the\s+(?:[\w-]+\s+){0,3}(?:thing|bit|business|question|topic)\s*[,:—–-]/,
      example: "And the field prefix thing, scrap the prefix entirely: plain camelCase for private fields",
    },
    { pattern: /^(?:另外|此外|还有|再就是|再有)/u, example: "另外请求层也换了，统一走 ofetch" },
  ],
  "iu",
);
