/**
 * Lessons the user draws from what happened: "lesson learned: never deploy on a Friday", "turns
 * out the flaky test was a time zone bug", "the trick is to clear the cache", "教训是…". The
 * memory gate reads them as durable facts for MEMORY.md.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A lesson or finding worth keeping. */
export const LESSON_LEARNT_CUES = cueLexicon("lesson-learnt-cues", [
  {
    pattern: /\blessons? learn(?:ed|t)\b|\bthe lesson (?:here )?is\b|\b(?:key )?takeaway\b/,
    example: "Lesson learned: never deploy on a Friday.",
  },
  { pattern: /\b(?:it )?turn(?:s|ed) out\b/, example: "Turns out the flaky test was a time zone bug." },
  {
    pattern:
      /\bthe (?:root )?cause (?:was|is)\b|\bwas caused by\b|\bthe (?:fix|trick|workaround|solution|secret) (?:is|was)\b/,
    example: "The trick is to clear the cache before rebuilding.",
  },
  {
    pattern: /\bnext time\b|\bnote to self\b|\bworth remembering\b/,
    example: "Next time, check the time zone first.",
  },
  {
    pattern: /教训是|经验是|吸取教训|原来是|根本原因是|问题出在|下次(?:要|记得|别|不要|先)|诀窍是|解决办法是/,
    example: "教训是：周五不要上线",
  },
]);
