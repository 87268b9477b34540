/**
 * Short rejections of the last answer that name no replacement: "that's not it", "that isn't
 * what I meant", "I still need the reference number", "Remember?", "这不是". Stronger wordings
 * ("that's not what I asked for") are explicit rejects.
 */
import { cueLexicon } from "./define-lexicon.js";

/** "That's not …", an unmet need restated, a reminder. */
export const REJECT_CUES = cueLexicon("reject-cues", [
  {
    pattern:
      /\b(?:that|this|it)(?:'s| is|'s just| is just) not (?:it|right|correct|the (?:one|right|correct)|quite|what|my|how|where|when|true)\b/,
    example: "That's not the one I wanted.",
  },
  {
    pattern: /\b(?:that|this|it) (?:isn'?t|wasn'?t) (?:it|right|correct|the (?:one|right)|what|my|how)\b/,
    example: "That isn't right.",
  },
  {
    pattern:
      /\b(?:not|wrong) (?:the (?:right|correct) )?(?:one|date|time|day|place|city|address|number|name|movie|hotel|restaurant|train|flight)\b[.!]/,
    example: "Wrong date.",
  },
  {
    pattern:
      /\bi (?:still|never) (?:need|want|have(?:n'?t| not)|don'?t have|do not have|didn'?t get|did not get|got no)\b/,
    example: "I still need the reference number...",
  },
  {
    pattern:
      /\byou (?:didn'?t|did not|haven'?t|have not|never) (?:give|gave|tell|told|answer|answered|book|booked|send|sent|say|said|find|found)\b/,
    example: "You didn't give me the reference number.",
  },
  {
    pattern:
      /\bremember\?|\b(?:as|like) i (?:said|mentioned|told you)\b|\bi (?:already|just) (?:said|told you|mentioned)\b/,
    example: "I need a moderate guesthouse with 4 stars. Remember?",
  },
  { pattern: /这不是|不是这个|不是那个|我(?:还是|仍然)(?:需要|要)/, example: "这不是我说的那家" },
]);
