/**
 * Complaints about the help itself: "you've made quite a mess of things", "this is useless",
 * "you're not listening", "太差了". A middle-strength reject on their own.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A complaint about the assistant's work or the conversation. */
export const COMPLAINT_CUES = cueLexicon("complaint-cues", [
  {
    pattern: /\b(?:made|make|making) (?:quite |such |a real |a total )?(?:a )?(?:mess|hash|muddle)\b/,
    example: "No, you've made quite a mess of things as it is.",
  },
  { pattern: /\b(?:useless|unhelpful|no help)\b/, example: "This is useless." },
  {
    pattern: /\b(?:not|n't) (?:very |at all |really |much )?help(?:ing|ful)\b/,
    example: "You're not really helping.",
  },
  { pattern: /\bwast(?:e|ed|ing) (?:of )?(?:my |our )?time\b/, example: "You are wasting my time." },
  {
    pattern:
      /\byou(?:'re| are)? (?:not|n't) (?:listening|understanding|getting it)\b|\byou (?:don'?t|do not|didn'?t) (?:listen|understand|get it)\b/,
    example: "You're not listening to me.",
  },
  {
    pattern: /\b(?:ridiculous|frustrating|annoying|infuriating|unacceptable|disappointing|disappointed)\b/,
    example: "This is frustrating.",
  },
  {
    pattern: /\byou (?:keep|kept) (?:getting|giving|making|doing|saying)\b/,
    example: "You keep getting the date wrong.",
  },
  {
    pattern: /\b(?:forget it|never ?mind|not what i (?:asked|said|wanted))\b/,
    example: "Forget it, I'll do it myself.",
  },
  {
    pattern:
      /\b(?:way|far|much|waaa*y) too (?:long|verbose|wordy|much text)\b|\bwall of text\b|\btoo long,? didn'?t read\b|\btl;?dr\b/,
    example: "way too long lol. just give me the command",
  },
  {
    // A bare verdict on the answer, as the message opens: not "the timeout is too long".
    pattern: /^\W*(?:too (?:long|verbose|wordy)|(?:that'?s|this is) (?:way )?too (?:long|much))\b/,
    example: "too long. just give me the command",
  },
  {
    // Sarcasm about what was just done: "oh fantastic, you just truncated my dev data. love that for me".
    pattern:
      /\bwhat could (?:possibly )?go wrong\b|\blove (?:that|this) for (?:me|us)\b|^\W*oh,? (?:great|fantastic|wonderful|brilliant|perfect|lovely|joy)\b/,
    example: "sure, let's depend on system openssl, what could possibly go wrong. use rustls.",
  },
  { pattern: /呵呵|你可真行|真有你的/, example: "呵呵，又把生产库连上了" },
  {
    pattern: /太啰嗦|太长了|太多废话|废话太多|又臭又长/,
    example: "太啰嗦了，直接说结论就行",
  },
  {
    pattern: /太差|没用|垃圾|浪费(?:我的)?时间|搞砸|乱七八糟|听不懂人话/,
    example: "你这样太差了，浪费我的时间",
  },
]);
