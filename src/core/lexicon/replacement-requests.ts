/**
 * What the user wants instead: "I want it at Green Papaya", "it should be the 10th", "make it 4
 * people", "in premium economy this time", "我要的是…". After a correction opener these turn a
 * weak reject into a correction.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A statement of the detail the user wants, anywhere in the message. */
export const REPLACEMENT_REQUESTS = cueLexicon("replacement-requests", [
  {
    pattern:
      /\bi (?:really |actually |just |only |still |specifically )?(?:want|need|meant|wanted|needed|asked for|said|would (?:like|prefer|rather)|'d (?:like|prefer|rather)|prefer|wish)\b/,
    example: "No, I want it at Green Papaya.",
  },
  {
    pattern: /\bi(?:'m| am| was) (?:actually |really |specifically )?(?:looking|asking|searching) for\b/,
    example: "No, I'm looking for something in the north.",
  },
  {
    pattern: /\b(?:it|that|this|the \w+) (?:should|needs to|has to|must) (?:be|have|go|leave|arrive)\b/,
    example: "Wrong, it should be the 10th.",
  },
  {
    pattern: /\b(?:make|change|switch|set) (?:it|that|this|the \w+) (?:to|for|at|into)\b/,
    example: "No, make it for four people.",
  },
  {
    pattern: /\b(?:in|at|on|for|with) [^,.;!?]{1,30} this time\b/,
    example: "Try searching again, in premium economy this time.",
  },
  {
    pattern: /\b(?:i (?:wish|want|need|would like) to have it|have it) (?:in|at|on|for)\b/,
    example: "I wish to have it in Fremont.",
  },
  { pattern: /我(?:要|想要|需要|说)的是|应该是|改成|换成/, example: "不对，我要的是周六的票" },
]);
