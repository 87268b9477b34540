/**
 * A reply that says no to something without saying what is wrong: "Not at this time", "I don't
 * care as long as it's cheap", "that won't work", "不用了". The weakest cue of dissatisfaction; a
 * narrow negation list of its own, for replies only.
 */
import { cueLexicon } from "./cue-lexicon.js";

/** A negated reply. */
export const PUSHBACK_CUES = cueLexicon([
  { pattern: /\bnot\b/, example: "Not at this time. Could I get the address?" },
  {
    pattern: /\b(?:don'?t|do not|doesn'?t|does not|didn'?t|did not)\b/,
    example: "I don't care as long as it leaves after 21:15.",
  },
  {
    pattern: /\b(?:won'?t|will not|wouldn'?t|would not|isn'?t|wasn'?t|can'?t|cannot|couldn'?t)\b/,
    example: "That won't work for me.",
  },
  { pattern: /\bno\b(?! (?:problem|worries|rush)\b)/, example: "There is no way I can leave that early." },
  { pattern: /不用了|不要了|不需要|没必要|不行/, example: "不用了，我自己来" },
]);
