/**
 * A passing mood or state of the user: "I'm so annoyed right now", "I'm tired today", "it's been
 * a long day", "我今天好累", "烦死了". The memory gate never writes a mood; with a standing marker
 * ("I'm always tired in the mornings") it is a trait and weighs less.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A mood or state that will pass. */
export const TEMPORARY_STATE_CUES = cueLexicon("temporary-state-cues", [
  {
    pattern:
      /\bi(?:'m| am)(?: feeling| so| really| a bit| kind of| pretty| very| super| quite| just| getting| a little| always| usually| often)* (?:tired|exhausted|sleepy|annoyed|angry|upset|sad|stressed|anxious|frustrated|bored|hungry|sick|ill|busy|overwhelmed|excited|grumpy|cranky|irritated|nervous|worried|cold|hot|freezing|thirsty|sore|jet-?lagged|hungover|sleep-deprived|burn(?:ed|t) out|in a (?:bad|good|great|terrible|foul) mood|not feeling (?:well|great|good))\b/,
    example: "I'm so annoyed right now.",
  },
  {
    pattern:
      /\bi feel(?: so| really| a bit| kind of| pretty| very)? (?:tired|sick|awful|terrible|great|down|low|off|bad|good|overwhelmed|stressed|anxious|drained|lousy)\b/,
    example: "I feel awful today.",
  },
  {
    pattern: /\b(?:long|rough|tough|bad|hard|crazy|busy|stressful|awful) (?:day|week|morning|night)\b/,
    example: "It's been a long day.",
  },
  {
    pattern: /(?:好|很|有点|太|真|特别|超|挺)(?:累|困|烦|郁闷|难过|生气|焦虑|紧张|饿|忙|无聊)/,
    example: "我今天好累",
  },
  {
    pattern: /心情(?:不好|很差|糟|不错|很好)|不舒服|头(?:疼|痛)|(?:烦|气|累|困)死了/,
    example: "烦死了，心情不好",
  },
]);
