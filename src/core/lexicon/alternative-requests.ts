/**
 * The user pursuing the request after a shortfall: "how about a 3 star hotel?", "is there another
 * one?", "anything else in the north?", "那换一家呢". Read only right after a shortfall report.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A request for an alternative to what could not be had. */
export const ALTERNATIVE_REQUESTS = cueLexicon("alternative-requests", [
  { pattern: /\b(?:how|what) about\b/, example: "How about one in the centre?" },
  {
    pattern:
      /\b(?:is|are) there (?:any|another|other|anything|something|one|a different)\b|\bdo you have (?:any|another|anything|something)\b/,
    example: "Is there another restaurant serving Lebanese food?",
  },
  { pattern: /\b(?:instead|alternatives?|rather)\b/, example: "Do you see any museum instead?" },
  {
    pattern: /\bis there nothing\b|\bnothing (?:else|at all)\b/,
    example: "Is there nothing in the city that fits?",
  },
  {
    pattern:
      /\b(?:let'?s|can you|could you|would you|please) (?:try|check|look|search)\b|^[^\w\u4e00-\u9fff]*try\b/,
    example: "Let's try 3 star hotels, instead.",
  },
  { pattern: /那[^，,。！？!?]{0,12}呢|换一(?:个|家|种)|其他|别的/, example: "那换一家呢？" },
]);
