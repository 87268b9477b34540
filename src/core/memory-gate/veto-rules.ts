/**
 * The memory gate's rules that say NO_WRITE, each with its reason: small talk, one-off tactics
 * ("this time", "这次"), passing moods ("I'm tired today"), chatter about the thread at hand,
 * claims about a system's current state ("the server seems slow today"), suppositions, questions,
 * and secrets or personal data. A veto wins over a write found in the same sentence when it is at
 * least as confident (`combine-findings.ts`). Pure.
 */
import { HYPOTHETICAL_CUES } from "../lexicon/hypothetical-cues.js";
import { ONE_OFF_CUES } from "../lexicon/one-off-cues.js";
import { OTHER_OPTION_REQUESTS } from "../lexicon/other-option-requests.js";
import { QUESTION_FORMS } from "../lexicon/question-forms.js";
import { RETRY_REQUESTS } from "../lexicon/retry-requests.js";
import { RUNTIME_CLAIM_CUES } from "../lexicon/runtime-claim-cues.js";
import { SATISFACTION_CUES } from "../lexicon/satisfaction-cues.js";
import { SENSITIVE_DATA_CUES } from "../lexicon/sensitive-data-cues.js";
import { SMALL_TALK_CUES } from "../lexicon/small-talk-cues.js";
import { TEMPORARY_STATE_CUES } from "../lexicon/temporary-state-cues.js";
import { THREAD_CHATTER_CUES } from "../lexicon/thread-chatter-cues.js";
import { createRedactor, findSecrets } from "../secret-redactor.js";
import type { GateContext } from "./gate-context.js";
import { GATE_CONFIDENCE, type GateRule, lexiconVetoRule } from "./gate-rule.js";

/** Thanks and acceptance count as small talk only in a sentence this short (words or CJK characters). */
const SHORT_SENTENCE_WORDS = 6;
const SHORT_SENTENCE_CHARS = 10;

function isShort(context: GateContext): boolean {
  const text = context.sentence.text;
  return context.language === "zh"
    ? text.replace(/[\s\p{P}]/gu, "").length <= SHORT_SENTENCE_CHARS
    : text.split(/\s+/).length <= SHORT_SENTENCE_WORDS;
}

/** Capture's secret detector with its built-in rules (the service redacts with the configured ones first). */
const redactSecrets = createRedactor();

const sensitiveData = lexiconVetoRule({
  id: "sensitive-data",
  describe:
    "A secret or personal data: a secret capture's redactor finds (an API key, a password assigned or told) or already redacted, a password or PIN stated, card or ID numbers, an e-mail address, a phone number. Memory files never hold them.",
  example: { en: "My bank PIN is 4921.", zh: "我的银行卡密码是 123456" },
  lexicons: [SENSITIVE_DATA_CUES],
  // The redactor reads the sentence as written: masking and lower case would hide a token's shape.
  detect: (context) => findSecrets(context.sentence.text, redactSecrets).kinds.length > 0,
  confidence: GATE_CONFIDENCE.sensitiveData,
  reason: "a secret or personal data, which memory files never hold",
});

const oneOff = lexiconVetoRule({
  id: "one-off",
  describe:
    "A tactic for the request at hand: 'this time', 'for now', 'for this button', 'the blue one', '这次', '暂时'.",
  example: { en: "I prefer the blue one for this button.", zh: "这次用蓝色的吧" },
  lexicons: [ONE_OFF_CUES],
  confidence: GATE_CONFIDENCE.oneOff,
  reason: "a one-off for the task at hand, not a lasting fact",
});

const temporaryState = lexiconVetoRule({
  id: "temporary-state",
  describe:
    "A passing mood or state: 'I'm so annoyed right now', 'I'm tired today', '我今天好累'. Weaker with a standing marker ('I'm always tired in the mornings' is a trait).",
  example: { en: "I'm so annoyed right now.", zh: "我今天好累" },
  lexicons: [TEMPORARY_STATE_CUES],
  confidence: (context) =>
    context.standing ? GATE_CONFIDENCE.temporaryTrait : GATE_CONFIDENCE.temporaryState,
  reason: "a passing mood or state",
});

const runtimeClaim = lexiconVetoRule({
  id: "runtime-claim",
  describe:
    "A claim about how a system behaves at the moment, which nobody can check later: 'the server seems slow today', 'the API is down', '网站又挂了'.",
  example: { en: "The server seems slow today.", zh: "服务器今天好像很慢" },
  lexicons: [RUNTIME_CLAIM_CUES],
  confidence: GATE_CONFIDENCE.runtimeClaim,
  reason: "an unverifiable claim about a system's current state",
});

const hypothetical = lexiconVetoRule({
  id: "hypothetical",
  describe: "A supposition: 'what if …', 'suppose …', 'would you rather …', '如果…'. It states no fact.",
  example: { en: "What if I moved to Berlin?", zh: "如果我搬去北京呢？" },
  lexicons: [HYPOTHETICAL_CUES],
  confidence: GATE_CONFIDENCE.hypothetical,
  reason: "a supposition, not a fact",
});

const threadChatter = lexiconVetoRule({
  id: "thread-chatter",
  describe:
    "Talk about the thread at hand: pointing at a part of it, asking what was meant, moving on, editing what was just written, asking for another try or other options.",
  example: { en: "Can you shorten the second paragraph?", zh: "把第二段改短一点" },
  lexicons: [THREAD_CHATTER_CUES, RETRY_REQUESTS, OTHER_OPTION_REQUESTS],
  // "Always double-check dates" is a rule, not a request to check this answer again.
  confidence: (context) =>
    context.standing ? GATE_CONFIDENCE.standingChatter : GATE_CONFIDENCE.threadChatter,
  reason: "chatter about the conversation at hand",
});

const question = lexiconVetoRule({
  id: "question",
  describe: "A question rather than a statement (unless a fact or a request to remember in it weighs more).",
  example: { en: "What's the weather in Paris?", zh: "这个怎么用？" },
  lexicons: [QUESTION_FORMS],
  confidence: GATE_CONFIDENCE.question,
  reason: "a question, which states no fact",
});

const smallTalk = lexiconVetoRule({
  id: "small-talk",
  describe:
    "Greetings, farewells, laughter, chit-chat, and short thanks or acceptance ('thanks!', 'sounds good').",
  example: { en: "Good morning! How are you?", zh: "哈哈，好的，谢谢" },
  lexicons: [SMALL_TALK_CUES, SATISFACTION_CUES],
  confidence: GATE_CONFIDENCE.smallTalk,
  reason: "small talk",
  when: (context) => isShort(context) || SMALL_TALK_CUES.pattern.test(context.masked),
});

/** Every rule that says NO_WRITE. */
export const VETO_RULES: readonly GateRule[] = [
  sensitiveData,
  oneOff,
  temporaryState,
  runtimeClaim,
  hypothetical,
  threadChatter,
  question,
  smallTalk,
];
