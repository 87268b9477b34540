/**
 * Words that make what is said last beyond this conversation: "from now on", "always", "every
 * time", "as a rule", "usually", "以后", "每次". The memory gate counts them for a write and against
 * a one-off or a passing mood ("I'm always tired in the mornings" is a trait, not a mood).
 */
import { cueLexicon } from "./cue-lexicon.js";

/** A marker that something holds from now on. */
export const STANDING_MARKERS = cueLexicon([
  {
    pattern:
      /\bfrom now on\b|\bgoing forward\b|\bfrom here on(?: out)?\b|\bin (?:the )?future\b|\bhenceforth\b/,
    example: "From now on, reply in English.",
  },
  { pattern: /\balways\b|\bnever\b(?! ?mind)/, example: "Always cite your sources." },
  { pattern: /\bevery ?time\b|\bwhenever\b|\beach time\b/, example: "Every time you write SQL, use CTEs." },
  {
    pattern:
      /\ball the time\b|\bat all times\b|\b(?:any ?more|no more|no longer)\b|\b(?:every|each|all) (?:of )?(?:your )?(?:answers?|replies|reply|messages?|responses?)\b|\b(?:everything|anything|all) you (?:write|say|send|draft)\b|\bwhen(?:ever)? we (?:chat|talk|speak|work together)\b/,
    example: "Stop apologizing all the time.",
  },
  {
    pattern: /\bin general\b|\bgenerally\b|\bas a rule\b|\bby default\b|\bin principle\b/,
    example: "As a rule, ask before deleting files.",
  },
  { pattern: /\b(?:usually|normally|typically|habitually)\b/, example: "I usually start work at 7." },
  {
    pattern:
      /\bfor good\b|\bpermanently\b|\bin (?:every|all|any) (?:future )?(?:chats?|conversations?|sessions?|answers?|replies)\b/,
    example: "Do this in all future conversations.",
  },
  {
    pattern:
      /以后|今后|从现在(?:开始|起)|往后|一直|总是|始终|永远|每次|一律|默认|平时|通常|向来|(?:别|不要)再/,
    example: "以后都用中文回答",
  },
]);
