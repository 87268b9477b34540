/**
 * A halt or a cry of dismay at what the assistant is doing or did: "Stop!", "Wait, that deletes
 * prod", "Hold on", "Ugh", "Oh no", "停！", "等一下", "天哪". A middle-strength reject on its own,
 * and never enthusiasm, exclamation mark or not.
 */
import { cueLexicon } from "./define-lexicon.js";

/** "Stop", "wait", "ugh", "oh no". */
export const ALARM_CUES = cueLexicon("alarm-cues", [
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:stop|wait|hold on|hang on|whoa,? (?:wait|stop))\b/,
    example: "Wait, that deletes the prod data!",
  },
  {
    pattern: /\b(?:ugh+|argh+|damn|dammit|wtf|ffs|geez|jeez|oh no|uh oh|oh god)\b/,
    example: "Ugh, the build broke.",
  },
  { pattern: /\bstop (?:it|that|this|doing|now|right there)\b/, example: "Please stop that right now." },
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:停|等等|等一下|慢着)|天哪|我的天|糟了|完了/,
    example: "等一下，别删生产库！",
  },
]);
