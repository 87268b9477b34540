/**
 * A sample's quality: three factors from 0 to 1 and their weighted mean (the weights normalised
 * by their sum). Each factor comes with a short note saying why it has its value, stored with the
 * sample and shown in review.
 *
 * - conversation clarity: are the words the label rests on there and readable (not a one-word
 *   message, not a wall of text, not mostly redaction markers)?
 * - decision confidence: how sure whoever labelled it was (a person: 1; the deciding rule's
 *   confidence; an outcome's strength), a little higher when a written fact stood;
 * - fact verifiability: can the label be checked against what the sample holds (the fact's words
 *   in the user's own words, a refusal naming its line, an observed error)?
 *
 * Pure.
 */
import { factTokens } from "../memory-files/fact-similarity.js";
import type { QualityWeights } from "./dataset-settings.js";
import type {
  ContentOf,
  ConversationMessage,
  SampleContent,
  SampleQuality,
  SampleType,
} from "./sample-types.js";

/** What the collector knows about a sample's label beyond its content. */
export interface QualityEvidence {
  /** The deciding rule's confidence, or an outcome's strength (0..1); null when unknown (a model decided). */
  confidence: number | null;
  /** A person decided the label: a correction, a rollback, their own feedback. */
  humanJudged: boolean;
  /** A written fact stood for the waiting days without rollback or correction. */
  stood: boolean;
}

type Factor = { value: number; note: string };
type Assessor<T extends SampleType> = {
  clarity(content: ContentOf<T>): Factor;
  /** The confidence when the evidence gives none. */
  confidence(content: ContentOf<T>): Factor;
  verifiability(content: ContentOf<T>): Factor;
};

/** Guardian rules whose refusal is a plain fact about the text (secrets, duplicates, sizes). */
const CHECKABLE_GUARDIAN_RULES = new Set(["sensitive", "file-secret", "too-long", "duplicate", "size-cap"]);

/** Wordings of an observed failure in a failure reason. */
const OBSERVED_FAILURE =
  /\b(?:error|errno|failed|failure|exception|traceback|not found|no such|denied|refused|exit(?:ed)? (?:code|status)|timed? ?out|cannot|can't|ERR!)|错误|失败|报错|超时|找不到/i;
const REDACTION_MARKER = /\[REDACTED:[\w-]+\]|…\[tacit: truncated/g;
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/gu;

/** Words in `text`: Latin words, and Chinese characters two to a word. */
export function wordCount(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const latin = text.replace(CJK, " ").match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return latin + Math.ceil(cjk / 2);
}

/** 1 inside [low, high] words, less for shorter or much longer text; 0 for none. */
function lengthFactor(text: string, low: number, high: number, what: string): Factor {
  const words = wordCount(text);
  if (words === 0) return { value: 0, note: `no ${what}` };
  if (words < low) return { value: 0.5, note: `${what} is only ${words} word(s)` };
  if (words > high * 3) return { value: 0.5, note: `${what} is very long (${words} words)` };
  if (words > high) return { value: 0.75, note: `${what} is long (${words} words)` };
  return { value: 1, note: `${what} is ${words} words` };
}

/** Less for redaction and truncation markers: the label may rest on what they hide. */
function lessForMarkers(factor: Factor, texts: readonly string[]): Factor {
  const markers = texts.reduce((sum, text) => sum + (text.match(REDACTION_MARKER)?.length ?? 0), 0);
  if (markers === 0) return factor;
  return {
    value: Math.max(0, factor.value - Math.min(0.3, 0.15 * markers)),
    note: `${factor.note}; ${markers} redacted or cut span(s)`,
  };
}

/** Share of the fact's content words found in `words` (containment, not overlap), 0..1. */
export function factContainment(fact: string, words: string): number {
  const wanted = new Set(factTokens(fact));
  if (wanted.size === 0) return 0;
  const have = new Set(factTokens(words));
  let found = 0;
  for (const token of wanted) if (have.has(token)) found++;
  return found / wanted.size;
}

function conversationClarity(conversation: readonly ConversationMessage[]): Factor {
  const user = conversation.filter((message) => message.role === "user").at(-1);
  if (user === undefined) return { value: 0.1, note: "no words of the user's" };
  let factor = lengthFactor(user.message, 3, 80, "the user's message");
  if (!conversation.some((message) => message.role === "agent"))
    factor = { value: Math.max(0, factor.value - 0.1), note: `${factor.note}; no agent reply` };
  return lessForMarkers(
    factor,
    conversation.map((message) => message.message),
  );
}

function factInUserWords(fact: string | null, conversation: readonly ConversationMessage[]): Factor {
  if (fact === null || fact === "") return { value: 0.7, note: "the label is to write nothing" };
  const said = conversation
    .filter((message) => message.role === "user")
    .map((message) => message.message)
    .join("\n");
  const share = factContainment(fact, said);
  return {
    value: Math.round((0.3 + 0.7 * share) * 1000) / 1000,
    note: `${Math.round(share * 100)}% of the fact's words are the user's own`,
  };
}

const ASSESSORS: { [T in SampleType]: Assessor<T> } = {
  memory_gate_positive: {
    clarity: (content) => conversationClarity(content.conversation),
    confidence: () => ({ value: 0.6, note: "a model decided (no rule confidence)" }),
    verifiability: (content) => factInUserWords(content.correctFact, content.conversation),
  },
  memory_gate_negative: {
    clarity: (content) => conversationClarity(content.conversation),
    confidence: () => ({ value: 0.6, note: "no rule confidence" }),
    verifiability: (content) => factInUserWords(content.correctFact, content.conversation),
  },
  annotated_turn: {
    clarity: (content) => conversationClarity(content.context),
    confidence: () => ({ value: 0.6, note: "a model decided (no rule confidence)" }),
    verifiability: (content) =>
      factInUserWords(
        content.memoryGate.correctedOutput?.candidateFact ?? content.memoryGate.output.candidateFact,
        content.context,
      ),
  },
  write_guardian_decision: {
    clarity: (content) =>
      lessForMarkers(lengthFactor(content.candidateFact, 2, 40, "the fact"), [content.candidateFact]),
    confidence: (content) =>
      content.rule === null
        ? { value: 0.75, note: "written: every check passed" }
        : CHECKABLE_GUARDIAN_RULES.has(content.rule)
          ? { value: 0.9, note: `refused by ${content.rule}, a check of the text` }
          : { value: 0.7, note: `refused by ${content.rule}, a judgement` },
    verifiability: (content) =>
      /\bline \d+/.test(content.reason)
        ? { value: 0.9, note: "the reason names the line it rests on" }
        : content.currentFileContent !== ""
          ? { value: 0.8, note: "the file's content at the time is included" }
          : { value: 0.6, note: "the file's content at the time is unknown" },
  },
  task_experience: {
    clarity: (content) => {
      const goal = lengthFactor(content.task.goal || content.task.title, 3, 80, "the goal");
      const reason = content.failedAttempt.failureReason.trim() === "" ? 0.3 : 1;
      return {
        value: (goal.value + reason) / 2,
        note: `${goal.note}${reason < 1 ? "; no failure reason" : ""}`,
      };
    },
    confidence: (content) =>
      content.task.status === "completed"
        ? { value: 0.85, note: "the task was completed with the working approach" }
        : { value: 0.5, note: `the task ended ${content.task.status}` },
    verifiability: (content) => {
      const observed = OBSERVED_FAILURE.test(content.failedAttempt.failureReason);
      const value = (observed ? 0.9 : 0.6) * (content.workingApproach.trim() === "" ? 0.5 : 1);
      return { value, note: observed ? "the failure is an observed error" : "the failure is a description" };
    },
  },
  lesson_outcome: {
    clarity: (content) => lengthFactor(content.situation, 3, 120, "the situation"),
    confidence: () => ({ value: 0.5, note: "the outcome's strength is unknown" }),
    verifiability: (content) =>
      content.reason
        ? { value: 0.9, note: "the judge gave a reason" }
        : content.situation
          ? { value: 0.7, note: "the task the lesson was recalled into is known" }
          : { value: 0.4, note: "the situation is unknown" },
  },
  adherence_correction: {
    clarity: (content) =>
      content.deniedCall.input && content.followingCall.input
        ? { value: 1, note: "both calls are recorded" }
        : { value: 0.5, note: "a call's input is missing" },
    confidence: () => ({ value: 0.7, note: "a lesson denied the call" }),
    verifiability: (content) =>
      content.deniedCall.toolName === content.followingCall.toolName &&
      content.deniedCall.input === content.followingCall.input
        ? { value: 0.3, note: "the following call is the denied one again" }
        : { value: 0.8, note: "the following call differs from the denied one" },
  },
};

function clamp(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
}

/** The quality of a sample by `weights` (normalised; all zero weighs the factors equally). */
export function scoreQuality(
  content: SampleContent,
  evidence: QualityEvidence,
  weights: QualityWeights,
): SampleQuality {
  const assessor = ASSESSORS[content.type] as Assessor<SampleType>;
  const typed = content as ContentOf<SampleType>;
  const clarity = assessor.clarity(typed);
  let confidence: Factor = evidence.humanJudged
    ? { value: 1, note: "a person decided the label" }
    : evidence.confidence !== null
      ? { value: evidence.confidence, note: `the deciding rule or outcome was ${evidence.confidence} sure` }
      : assessor.confidence(typed);
  if (evidence.stood && !evidence.humanJudged)
    confidence = { value: Math.min(1, confidence.value + 0.1), note: `${confidence.note}; the write stood` };
  const verifiability = assessor.verifiability(typed);
  const factors = {
    conversationClarity: clamp(clarity.value),
    decisionConfidence: clamp(confidence.value),
    factVerifiability: clamp(verifiability.value),
  };
  const total = weights.conversationClarity + weights.decisionConfidence + weights.factVerifiability;
  const weightOf = (key: keyof QualityWeights) => (total > 0 ? weights[key] / total : 1 / 3);
  const score =
    factors.conversationClarity * weightOf("conversationClarity") +
    factors.decisionConfidence * weightOf("decisionConfidence") +
    factors.factVerifiability * weightOf("factVerifiability");
  return {
    score: clamp(score),
    factors,
    weights: { ...weights },
    notes: {
      conversationClarity: clarity.note,
      decisionConfidence: confidence.note,
      factVerifiability: verifiability.note,
    },
  };
}
