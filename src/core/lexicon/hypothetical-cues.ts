/**
 * Suppositions and questions about what would be: "what if I moved to Berlin?", "suppose we used
 * Rust", "would you rather …", "如果我搬去北京呢". A supposition states no fact.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A supposition, not a statement. */
export const HYPOTHETICAL_CUES = cueLexicon("hypothetical-cues", [
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:what if|suppose|supposing|imagine|let'?s say|hypothetically|in theory|say)\b/,
    example: "What if I moved to Berlin?",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*if (?:i|we|you|they|it)(?: were| had| could| was| did)\b|^[^\w\u4e00-\u9fff]*if i (?:ever|were to)\b/,
    example: "If I were rich, I'd prefer a house by the sea.",
  },
  {
    pattern: /\bwould you (?:rather|prefer)\b|\bif you (?:were|could|had)\b/,
    example: "Would you rather fly or take the train?",
  },
  { pattern: /^[^\w\u4e00-\u9fff]*(?:如果|假如|要是|假设|万一|设想)/, example: "如果我搬去北京呢？" },
]);
