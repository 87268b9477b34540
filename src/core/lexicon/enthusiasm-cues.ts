/**
 * Enthusiasm in how a message is written: an exclamation mark, "wow", laughter, a smiley — "Yes,
 * I have seen it!", "lol", "哈哈", "太棒了！". With no negation or complaint near it, a weak sign
 * that the user is pleased with the exchange.
 */
import { cueLexicon } from "./define-lexicon.js";

/** An exclamation, laughter or a smiley. */
export const ENTHUSIASM_CUES = cueLexicon("enthusiasm-cues", [
  { pattern: /[!！]/, example: "Yes, I have seen it!" },
  { pattern: /\b(?:wow|whoa|yay|woo+(?:hoo)?|hooray)\b/, example: "Wow, that one is a classic." },
  { pattern: /\b(?:lol|lmao|rofl|haha+|hehe+)\b/, example: "lol, my kids would love that" },
  { pattern: /(?:^|\s)[:;]-?[)dp](?=\s|$)|[😀😃😄😁😊🙂😍👍🎉]/u, example: "sounds cute :)" },
  { pattern: /哈哈|嘿嘿|太棒|太好了|厉害/, example: "哈哈，太棒了" },
]);
