/**
 * The agent's own identity as the user sets it: its name, role, avatar, emoji and vibe: "your
 * name is Aria", "I'll call you Jarvis", "you are my research assistant", "your vibe is calm and
 * dry", "以后你就叫小爱". The memory gate reads them as facts for IDENTITY.md. ("Call me …" is
 * about the user: `PERSONAL_FACT_CUES`.)
 */
import { cueLexicon } from "./define-lexicon.js";

/** Something the agent is, as the user names it. */
export const AGENT_IDENTITY_CUES = cueLexicon("agent-identity-cues", [
  { pattern: /\byour name (?:is|will be|should be|'s)\b/, example: "Your name is Aria." },
  {
    pattern:
      /\b(?:i'?ll|i will|i'?m going to|let me|i want to|let'?s|we'?ll|we will) call you\b|\bcall yourself\b/,
    example: "I'll call you Jarvis from now on.",
  },
  {
    pattern:
      /\byou(?:'re| are) (?:now )?(?:my|our|the team'?s|a|an) (?:[a-z-]+ ){0,3}(?:[a-z]+-)?(?:assistant|coach|tutor|mentor|secretary|butler|sidekick|copilot|co-pilot|editor|researcher|helper|companion|advisor|adviser|concierge|agent|bot|programmer|reviewer|chef|trainer|teacher|guide|planner|analyst|translator|manager|accountant|consultant|librarian|scribe|navigator)\b/,
    example: "You are my research assistant.",
  },
  {
    pattern:
      /\byour (?:role|job|purpose|persona|personality|vibe|avatar|emoji|icon|profile picture|pronouns|voice|character|signature|catchphrase|creature|mascot|title)\b (?:is|will be|should be|'s|=|:)/,
    example: "Your avatar is a red fox.",
  },
  { pattern: /\byou(?:'re| are) [a-z]+, (?:my|our) [a-z-]+/, example: "You're Echo, my writing buddy." },
  {
    pattern: /\bsign (?:off|your messages|your replies) (?:as|with)\b/,
    example: "Sign your messages as Aria.",
  },
  {
    pattern:
      /\bas your (?:signature|emoji|avatar|icon|name|nickname|persona|catchphrase|profile picture|mascot)\b|\b(?:think of|see|consider) yourself (?:as )?\b|\byour (?:job|role|purpose) is to\b/,
    example: "Think of yourself as my chief of staff.",
  },
  {
    pattern:
      /\b(?:be|play|act as|act like|pretend to be|role-?play as) (?:a|an|my) (?:[a-z-]+ ){0,4}(?:character|persona)\b/,
    example: "I want you to be a grumpy old wizard character when we chat.",
  },
  {
    pattern: /你(?:的名字)?(?:以后|今后)?(?:就)?叫(?!什么|啥|我)|以后叫你|给你起(?:个)?名(?:字)?/,
    example: "以后你就叫小爱",
  },
  {
    pattern:
      /你(?:就)?是我(?:们)?(?:[^，。？！的]{0,6})?的[^，。？！]{0,8}(?:助理|助手|教练|老师|秘书|管家|顾问|伙伴|搭档|编辑)/,
    example: "你是我的健身教练",
  },
  {
    pattern: /你的(?:角色|身份|头像|形象|风格|性格|人设|表情|签名|口头禅)(?:是|就是|要是|设定为|要|应该)/,
    example: "你的头像是一只红狐狸",
  },
]);
