/**
 * A message that asks for something new in so many words: "I need a taxi", "Can you book it?",
 * "Please add a test", "I also want…", "帮我查一下", "我想要…". A reply that changes the subject
 * this way is a new task, not a drift away from the answer. A message that opens with a verb of the
 * imperative-verbs lexicon ("Find me a cheap hotel") is one: the verbs are defined there, once.
 */
import { cueLexicon } from "./define-lexicon.js";
import { ANY_IMPERATIVE_VERB } from "./imperative-verbs.js";

/** An explicit request. */
export const TASK_REQUEST_CUES = cueLexicon("task-request-cues", [
  {
    pattern:
      /\bi(?:'d| would) (?:like|love|prefer)\b|\bi (?:also |now |still )?(?:need|want|require)\b|\bi(?:'m| am) (?:also )?(?:looking|searching) for\b/,
    example: "I also need a taxi to the station.",
  },
  {
    pattern: /\b(?:can|could|would|will) you\b|\b(?:please|pls)\b|\bhelp me\b|\blet'?s\b/,
    example: "Can you book it for 4 people?",
  },
  {
    pattern: new RegExp(String.raw`^[^\w\u4e00-\u9fff]*(?:${ANY_IMPERATIVE_VERB})\b`),
    example: "Find me a cheap hotel in the north.",
  },
  {
    pattern: /\b(?:also|another|one more (?:thing|question))\b|\bi have (?:a|another) question\b/,
    example: "One more thing: what time does it open?",
  },
  {
    pattern: /帮我|我(?:想|要|需要)|请|麻烦|能不能|可以帮|另外|还有一个/,
    example: "另外帮我订一张去上海的票",
  },
]);
