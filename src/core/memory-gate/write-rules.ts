/**
 * The memory gate's rules that propose a write: each reads one idea (a lexicon) and names the file
 * it belongs in. Stable preferences and facts about the user → USER.md; principles of conduct and
 * standing instructions → SOUL.md; the agent's name, role, avatar or vibe → IDENTITY.md; facts
 * about the user's machines and tools → TOOLS.md; decisions, lessons and other lasting shared
 * facts → MEMORY.md. Pure.
 */
import { AGENT_IDENTITY_CUES } from "../lexicon/agent-identity-cues.js";
import { AGENT_PRINCIPLE_CUES } from "../lexicon/agent-principle-cues.js";
import { DURABLE_FACT_CUES } from "../lexicon/durable-fact-cues.js";
import { AGENT_IMPERATIVES } from "../lexicon/imperative-verbs.js";
import { LESSON_LEARNT_CUES } from "../lexicon/lesson-learnt-cues.js";
import { LOCAL_TOOL_CUES } from "../lexicon/local-tool-cues.js";
import { PERSONAL_FACT_CUES } from "../lexicon/personal-fact-cues.js";
import { REMEMBER_REQUESTS } from "../lexicon/remember-requests.js";
import { RESPONSE_STYLE_CUES } from "../lexicon/response-style-cues.js";
import { SELF_STATEMENTS } from "../lexicon/self-statements.js";
import { SHARED_DECISION_CUES } from "../lexicon/shared-decision-cues.js";
import { STABLE_PREFERENCE_CUES } from "../lexicon/stable-preference-cues.js";
import { stripFiller } from "./candidate-fact.js";
import {
  boosted,
  GATE_BOOST,
  GATE_CONFIDENCE,
  type GateRule,
  lexiconWriteRule,
  MAX_WRITE_CONFIDENCE,
} from "./gate-rule.js";
import { profileQuestionIn } from "./profile-questions.js";

const stablePreference = lexiconWriteRule({
  id: "stable-preference",
  describe:
    "The user states a lasting preference of their own: 'I prefer …', 'I'd rather …', 'I hate …', 'my favourite …'.",
  decision: "UPDATE_USER",
  example: { en: "I prefer morning check-ins.", zh: "我喜欢早上沟通" },
  lexicons: [STABLE_PREFERENCE_CUES],
  confidence: GATE_CONFIDENCE.stablePreference,
  reason: "a lasting preference the user states about themselves",
});

const personalFact = lexiconWriteRule({
  id: "personal-fact",
  describe:
    "The user states a fact about themselves: their name or how to address them, where they live, time zone, work, diet, health, languages.",
  decision: "UPDATE_USER",
  example: { en: "Call me Sam, not Samuel.", zh: "我对花生过敏" },
  lexicons: [PERSONAL_FACT_CUES],
  confidence: GATE_CONFIDENCE.personalFact,
  reason: "a lasting fact about the user",
});

/** Words around a short answer that are not the answer ("It's Sam", "Dani is fine", "叫我小王就行"). */
const ANSWER_LEAD =
  /^(?:(?:it'?s|i'?m|i am|i live in|i'?m in|i'?m based in|call me|just|my name is|you can call me|in|i use|我叫|叫我|我在|在|是|用)\s*)+/i;
const ANSWER_TAIL =
  /\s+(?:is|'s|would be|will be) (?:fine|good|ok|okay|great|perfect)$|\s+(?:works|will do)$/i;

const selfStatement = lexiconWriteRule({
  id: "self-statement",
  describe:
    "The user says in general terms what they are, have or do ('I drive a Tesla', 'I'm hard of hearing', '我老家在成都'). Weak: any veto or more specific rule outweighs it.",
  decision: "UPDATE_USER",
  example: { en: "I go by Alex.", zh: "我老家在成都" },
  lexicons: [SELF_STATEMENTS],
  confidence: GATE_CONFIDENCE.selfStatement,
  reason: "a general statement the user makes about themselves",
});

const profileAnswer: GateRule = {
  id: "profile-answer",
  describe:
    "The agent's last message asked about the user (what to call them, time zone, where they live, pronouns) and the user answers in a few words.",
  decision: "UPDATE_USER",
  example: { en: "Sam, please.", zh: "小王就行" },
  decide(context) {
    if (context.sentenceIndex !== 0) return undefined;
    const question = profileQuestionIn(context.previousAgentMessage);
    if (question === undefined || /[?？]/.test(context.words)) return undefined;
    const short =
      context.language === "zh" ? context.words.length <= 12 : context.words.split(/\s+/).length <= 6;
    if (!short) return undefined;
    const answer = stripFiller(stripFiller(context.words).replace(ANSWER_LEAD, "").replace(ANSWER_TAIL, ""));
    if (answer === "") return undefined;
    return {
      ruleId: "profile-answer",
      decision: "UPDATE_USER",
      confidence: boosted(GATE_CONFIDENCE.profileAnswer, context),
      reason: `the user answers the agent's question about them: "${context.quote()}"`,
      candidateFact: question.fact.replace("{answer}", answer),
    };
  },
};

const agentPrinciple = lexiconWriteRule({
  id: "agent-principle",
  describe:
    "A principle for the agent's conduct in every conversation: honesty, admitting what it does not know, pushing back, no flattery, asking before acting, privacy, sources.",
  decision: "UPDATE_SOUL",
  example: { en: "Always be honest with me, even when it's bad news.", zh: "不确定就说不确定，不要瞎编" },
  lexicons: [AGENT_PRINCIPLE_CUES],
  confidence: GATE_CONFIDENCE.agentPrinciple,
  reason: "an enduring principle for how the agent behaves",
});

const responseStyle = lexiconWriteRule({
  id: "response-style",
  describe:
    "How the agent should answer (language, length, format, tone). Weak on its own (it may be about the answer at hand); strong with a standing marker ('from now on', '以后').",
  decision: "UPDATE_SOUL",
  example: { en: "From now on, keep your answers short.", zh: "以后用中文回答我" },
  lexicons: [RESPONSE_STYLE_CUES],
  confidence: (context) =>
    context.standing
      ? Math.min(
          MAX_WRITE_CONFIDENCE,
          GATE_CONFIDENCE.responseStyleStanding + (context.remember ? GATE_BOOST : 0),
        )
      : boosted(GATE_CONFIDENCE.responseStyle, context),
  reason: "how the agent should answer",
});

const standingInstruction: GateRule = {
  id: "standing-instruction",
  describe:
    "An instruction to the agent ('always …', 'never …', 'don't …', 'use …') with a standing marker: a rule for every conversation.",
  decision: "UPDATE_SOUL",
  example: { en: "Always run the tests before you commit.", zh: "以后不要在周末给我发消息" },
  decide(context) {
    if (!context.standing) return undefined;
    const at = context.cue(AGENT_IMPERATIVES);
    if (at === -1) return undefined;
    const candidateFact = context.fact("UPDATE_SOUL", at);
    if (candidateFact === null) return undefined;
    return {
      ruleId: "standing-instruction",
      decision: "UPDATE_SOUL",
      confidence: GATE_CONFIDENCE.standingInstruction,
      reason: `a standing instruction for how the agent works: "${context.quote()}"`,
      candidateFact,
    };
  },
};

const agentIdentity = lexiconWriteRule({
  id: "agent-identity",
  describe: "The user sets the agent's own identity: its name, role, avatar, emoji or vibe.",
  decision: "UPDATE_IDENTITY",
  example: { en: "Your name is Aria.", zh: "以后你就叫小爱" },
  lexicons: [AGENT_IDENTITY_CUES],
  confidence: GATE_CONFIDENCE.agentIdentity,
  reason: "the agent's own name, role, avatar or vibe",
});

const localTool = lexiconWriteRule({
  id: "local-tool",
  describe:
    "A fact about the user's own machines and tools: aliases, where something is installed, what a command means on this computer, device names.",
  decision: "UPDATE_TOOLS",
  example: { en: "On this machine, python means python3.", zh: "gs 是 git status 的别名" },
  lexicons: [LOCAL_TOOL_CUES],
  confidence: GATE_CONFIDENCE.localTool,
  reason: "a machine-local tool fact",
});

const sharedDecision = lexiconWriteRule({
  id: "shared-decision",
  describe: "A decision taken: 'we decided …', 'decision: …', 'let's standardise on …', '我们决定…'.",
  decision: "UPDATE_MEMORY",
  example: { en: "We decided to use Postgres for the billing service.", zh: "我们决定用 Postgres" },
  lexicons: [SHARED_DECISION_CUES],
  confidence: GATE_CONFIDENCE.sharedDecision,
  reason: "a decision to keep",
});

const lessonLearnt = lexiconWriteRule({
  id: "lesson-learnt",
  describe:
    "A lesson drawn from what happened: 'lesson learned …', 'turns out …', 'the trick is …', '教训是…'.",
  decision: "UPDATE_MEMORY",
  example: { en: "Lesson learned: never deploy on a Friday.", zh: "教训是：周五不要上线" },
  lexicons: [LESSON_LEARNT_CUES],
  confidence: GATE_CONFIDENCE.lessonLearnt,
  reason: "a lesson worth keeping",
});

const durableFact = lexiconWriteRule({
  id: "durable-fact",
  describe:
    "A lasting shared fact: a date that matters, how the user's team, office or project works, a fact about someone in the user's life.",
  decision: "UPDATE_MEMORY",
  example: { en: "Our office closes at 6 on Fridays.", zh: "我妹妹吃素" },
  lexicons: [DURABLE_FACT_CUES],
  confidence: GATE_CONFIDENCE.durableFact,
  reason: "a lasting shared fact",
});

/** Words a remembered fact must have beyond the request itself (English words, Chinese characters). */
const MIN_REMEMBERED_WORDS = 3;
const MIN_REMEMBERED_CHARS = 4;

const rememberRequest: GateRule = {
  id: "remember-request",
  describe:
    "The user asks the agent to remember something ('remember that …', 'for future reference …', '记住…') that no more specific rule places: MEMORY.md.",
  decision: "UPDATE_MEMORY",
  example: { en: "Remember: the blue folder is for tax papers.", zh: "记住，蓝色文件夹放报税材料" },
  decide(context) {
    const at = context.cue(REMEMBER_REQUESTS);
    if (at === -1) return undefined;
    const candidateFact = context.fact("UPDATE_MEMORY", at);
    if (candidateFact === null || REMEMBER_REQUESTS.pattern.test(candidateFact.toLowerCase()))
      return undefined;
    const size =
      context.language === "zh" ? candidateFact.replace(/\s/g, "").length : candidateFact.split(/\s+/).length;
    if (size < (context.language === "zh" ? MIN_REMEMBERED_CHARS : MIN_REMEMBERED_WORDS)) return undefined;
    return {
      ruleId: "remember-request",
      decision: "UPDATE_MEMORY",
      confidence: GATE_CONFIDENCE.rememberRequest,
      reason: `the user asks the agent to remember it: "${context.quote()}"`,
      candidateFact,
    };
  },
};

/** Every rule that proposes a write. */
export const WRITE_RULES: readonly GateRule[] = [
  stablePreference,
  personalFact,
  selfStatement,
  profileAnswer,
  agentPrinciple,
  responseStyle,
  standingInstruction,
  agentIdentity,
  localTool,
  sharedDecision,
  lessonLearnt,
  durableFact,
  rememberRequest,
];
