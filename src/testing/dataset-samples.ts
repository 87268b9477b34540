import type { SampleDraft } from "../core/dataset/assess-sample.js";
import {
  type DatasetSample,
  NO_REFERENCES,
  type SampleContent,
  type SampleType,
} from "../core/dataset/sample-types.js";

/** One content of each kind of sample, with `text` in every free-text field. */
export function contentOf(type: SampleType, text = "I prefer morning check-ins"): SampleContent {
  const conversation = [
    { role: "user" as const, message: "Can we set up a routine?" },
    { role: "agent" as const, message: "Sure, what works for you?" },
    { role: "user" as const, message: text },
    { role: "agent" as const, message: `Noted: ${text}` },
  ];
  switch (type) {
    case "memory_gate_positive":
      return {
        type,
        conversation,
        correctDecision: "UPDATE_USER",
        correctFact: `prefers ${text}`,
        reason: `a stable preference: ${text}`,
        evidence: { wasWritten: true },
      };
    case "memory_gate_negative":
      return {
        type,
        conversation,
        incorrectDecision: "UPDATE_MEMORY",
        incorrectFact: text,
        correctDecision: "NO_WRITE",
        correctFact: null,
        rejectionReason: `temporary signal: ${text}`,
      };
    case "write_guardian_decision":
      return {
        type,
        candidateFact: text,
        targetFile: "USER.md",
        currentFileContent: `# User\n\n## Preferences\n\n- ${text}\n`,
        decision: "refused",
        reason: `duplicate: line 5 of USER.md says nearly the same ("${text}")`,
        rule: "duplicate",
        userCorrection: {
          originalDecision: "refused",
          correctedDecision: "written",
          correctedFact: text,
          reason: text,
        },
      };
    case "annotated_turn":
      return {
        type,
        conversationId: "generic:s1",
        turnNumber: 2,
        context: conversation,
        memoryGate: {
          output: { decision: "UPDATE_USER", candidateFact: text, reason: text },
          label: "corrected",
          correctedOutput: { decision: "NO_WRITE", candidateFact: null },
        },
        writeGuardian: {
          input: { candidateFact: text, targetFile: "USER.md", currentContent: text },
          output: { decision: "written", targetFile: "USER.md", fact: text, reason: "written" },
          label: "corrected",
          correctedOutput: { decision: "refused", targetFile: "USER.md", fact: null, reason: text },
        },
      };
    case "task_experience":
      return {
        type,
        task: { goal: `Install the dependencies: ${text}`, title: "Install", status: "completed" },
        failedAttempt: { label: "npm", approach: `npm install ${text}`, failureReason: `npm ERR! ${text}` },
        workingApproach: `pnpm install ${text}`,
      };
    case "lesson_outcome":
      return {
        type,
        lesson: { id: "L1", kind: "prefer", trigger: "installing dependencies", rule: `Use pnpm: ${text}` },
        situation: `Install the dependencies for ${text}`,
        outcome: "helpful",
        judgedBy: "user",
        reason: text,
      };
    case "adherence_correction":
      return {
        type,
        lesson: { id: "L1", rule: `Never push to main: ${text}` },
        deniedCall: { toolName: "Bash", input: `git push origin main # ${text}` },
        followingCall: { toolName: "Bash", input: `git push origin feature # ${text}` },
        outcome: "followed",
      };
  }
}

/** A stored-looking sample of `content` (quality 0.8, pending, no personal data found). */
export function sampleOf(content: SampleContent, changes: Partial<DatasetSample> = {}): DatasetSample {
  return {
    id: `S-${content.type}`,
    type: content.type,
    sourceKey: `test:${content.type}`,
    polarity: "positive",
    ...NO_REFERENCES,
    content,
    quality: {
      score: 0.8,
      factors: { conversationClarity: 0.8, decisionConfidence: 0.8, factVerifiability: 0.8 },
      weights: { conversationClarity: 0.4, decisionConfidence: 0.35, factVerifiability: 0.25 },
      notes: { conversationClarity: "-", decisionConfidence: "-", factVerifiability: "-" },
    },
    status: "pending",
    annotatedBy: null,
    annotatedAt: null,
    notes: null,
    reviewReasons: [],
    privacyChecked: true,
    containsPii: false,
    piiRedactedContent: null,
    privacyFindings: {},
    strategy: "test",
    patternKey: content.type,
    sourceAt: 0,
    createdAt: 0,
    updatedAt: 0,
    ...changes,
  };
}

/** A draft of `content` with neutral evidence. */
export function draftOf(content: SampleContent, changes: Partial<SampleDraft> = {}): SampleDraft {
  return {
    type: content.type,
    sourceKey: `test:${content.type}`,
    polarity: "positive",
    strategy: "test",
    ...NO_REFERENCES,
    content,
    evidence: { confidence: 0.8, humanJudged: false, stood: false },
    userFeedback: false,
    objection: false,
    patternKey: content.type,
    sourceAt: 0,
    ...changes,
  };
}
