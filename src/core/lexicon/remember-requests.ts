/**
 * The user asking the agent to keep something: "remember that …", "keep in mind", "for future
 * reference", "make a note", "记住", "别忘了". A request to remember makes a fact the memory gate
 * finds more certain; on its own it points at MEMORY.md.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A request to keep what follows. */
export const REMEMBER_REQUESTS = cueLexicon("remember-requests", [
  {
    pattern: /\b(?:please )?remember(?::| (?:that|this|my|i|i'm|we|we're|our|the)\b)/,
    example: "Remember that the office closes at 6 on Fridays.",
  },
  {
    pattern: /\b(?:keep|bear) (?:it |this |that )?in mind\b/,
    example: "Keep in mind that I'm on a tight budget.",
  },
  {
    pattern: /\b(?:don'?t|do not|never) forget (?:that|this|my|i|we|our)\b/,
    example: "Don't forget that my sister is vegan.",
  },
  {
    pattern:
      /\b(?:make a note|take note|note down|write (?:this|it) down|save (?:this|that)|store (?:this|that))\b/,
    example: "Make a note: our standup moved to 9:30.",
  },
  {
    pattern:
      /\bfor (?:future|later) reference\b|\bfor the record\b|\bfyi\b|\bjust so you know\b|\bgood to know\b/,
    example: "For future reference, the staging database is read-only.",
  },
  {
    pattern: /记住|记一下|记下来|别忘了|不要忘了|请记得|你要记得|备注一下|顺便记/,
    example: "记住，我每周三下午不开会",
  },
]);
