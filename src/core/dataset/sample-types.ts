/**
 * The samples of the training dataset: what each kind holds, how it is labelled, and the record
 * the store keeps. A sample's content is self-contained (the conversation, the fact, the file's
 * content at the time), so it stays readable after the session it came from is pruned. Pure.
 */
import { z } from "zod";
import { GATE_DECISIONS } from "../memory-gate/gate-decision.js";

/** Every kind of sample, in the order listings show them. */
export const SAMPLE_TYPES = [
  "memory_gate_positive",
  "memory_gate_negative",
  "write_guardian_decision",
  "annotated_turn",
  "task_experience",
  "lesson_outcome",
  "adherence_correction",
] as const;
export type SampleType = (typeof SAMPLE_TYPES)[number];

/** Where a sample stands in review. `auto_approved`: collection approved it by the auto-approve criteria. */
export const ANNOTATION_STATUSES = [
  "pending",
  "needs_review",
  "approved",
  "auto_approved",
  "rejected",
] as const;
export type AnnotationStatus = (typeof ANNOTATION_STATUSES)[number];

/** Statuses a person set: collection never changes a sample in one of them. */
export const REVIEWED_STATUSES: readonly AnnotationStatus[] = ["approved", "rejected"];

/**
 * Whether the behaviour a sample records was right (`positive`: imitate it) or wrong, with the
 * right behaviour beside it (`negative`).
 */
export const POLARITIES = ["positive", "negative"] as const;
export type Polarity = (typeof POLARITIES)[number];

const text = z.string();
const decision = z.enum(GATE_DECISIONS);

/** One message of a sample's conversation: the user's words, or the agent's reply. */
export const conversationMessageSchema = z.object({ role: z.enum(["user", "agent"]), message: text });
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

const conversation = z.array(conversationMessageSchema);

/** What the guardian did with a candidate fact. */
export const guardianOutcomeSchema = z.object({
  decision: z.enum(["written", "refused"]),
  targetFile: text,
  fact: text.nullable(),
  reason: text,
});
export type GuardianOutcome = z.infer<typeof guardianOutcomeSchema>;

/** A gate decision that was right: the fact was written and stayed. */
export const memoryGatePositiveSchema = z.object({
  type: z.literal("memory_gate_positive"),
  conversation,
  correctDecision: decision,
  correctFact: text,
  reason: text,
  evidence: z.object({
    wasWritten: z.boolean(),
    userFeedback: z.enum(["confirmed", "corrected"]).optional(),
  }),
});

/** A gate decision that was wrong, and the decision it should have been. */
export const memoryGateNegativeSchema = z.object({
  type: z.literal("memory_gate_negative"),
  conversation,
  incorrectDecision: decision,
  incorrectFact: text.nullable(),
  correctDecision: decision,
  correctFact: text.nullable(),
  rejectionReason: text,
});

/** What the write guardian decided about one candidate fact, and a user's correction of it. */
export const writeGuardianSampleSchema = z.object({
  type: z.literal("write_guardian_decision"),
  candidateFact: text,
  targetFile: text,
  currentFileContent: text,
  decision: z.enum(["written", "refused"]),
  reason: text,
  rule: text.nullable(),
  userCorrection: z
    .object({ originalDecision: text, correctedDecision: text, correctedFact: text.nullable(), reason: text })
    .optional(),
});

const label = z.enum(["correct", "incorrect", "corrected"]);

/** One conversation turn with both steps labelled: the gate's decision and the guardian's outcome. */
export const annotatedTurnSchema = z.object({
  type: z.literal("annotated_turn"),
  conversationId: text,
  turnNumber: z.number().int(),
  context: conversation,
  memoryGate: z.object({
    output: z.object({ decision, candidateFact: text.nullable(), reason: text }),
    label,
    correctedOutput: z.object({ decision, candidateFact: text.nullable() }).optional(),
  }),
  writeGuardian: z.object({
    input: z.object({ candidateFact: text, targetFile: text, currentContent: text }),
    output: guardianOutcomeSchema,
    label,
    correctedOutput: guardianOutcomeSchema.optional(),
  }),
});

/** A task's approach that failed, and the approach that worked instead. */
export const taskExperienceSampleSchema = z.object({
  type: z.literal("task_experience"),
  task: z.object({ goal: text, title: text, status: text }),
  failedAttempt: z.object({ label: text, approach: text, failureReason: text }),
  workingApproach: text,
});

/** How following a recalled lesson turned out on a task. */
export const lessonOutcomeSampleSchema = z.object({
  type: z.literal("lesson_outcome"),
  lesson: z.object({ id: text, kind: text, trigger: text, rule: text }),
  situation: text,
  outcome: z.enum(["helpful", "harmful"]),
  judgedBy: text,
  reason: text.nullable(),
});

/** A tool call denied for going against a lesson, and the call the agent made next. */
export const adherenceSampleSchema = z.object({
  type: z.literal("adherence_correction"),
  lesson: z.object({ id: text, rule: text }),
  deniedCall: z.object({ toolName: text, input: text }),
  followingCall: z.object({ toolName: text, input: text }),
  outcome: text,
});

/** Any sample's content, told apart by `type`. */
export const sampleContentSchema = z.discriminatedUnion("type", [
  memoryGatePositiveSchema,
  memoryGateNegativeSchema,
  writeGuardianSampleSchema,
  annotatedTurnSchema,
  taskExperienceSampleSchema,
  lessonOutcomeSampleSchema,
  adherenceSampleSchema,
]);
export type SampleContent = z.infer<typeof sampleContentSchema>;
/** The content of one kind of sample. */
export type ContentOf<T extends SampleType> = Extract<SampleContent, { type: T }>;

/** The three quality factors, each 0..1. */
export interface QualityFactorValues {
  conversationClarity: number;
  decisionConfidence: number;
  factVerifiability: number;
}

/** A sample's quality: the weighted score, each factor, and why each has its value. */
export interface SampleQuality {
  score: number;
  factors: QualityFactorValues;
  /** The weights the score was computed with. */
  weights: QualityFactorValues;
  /** One short reason per factor, for review. */
  notes: Record<keyof QualityFactorValues, string>;
}

/** What the privacy check found in a sample, by kind (e.g. `email: 2`). */
export type PrivacyFindings = Record<string, number>;

/** The stored form of one sample. */
export interface DatasetSample {
  /** ULID. */
  id: string;
  type: SampleType;
  /** What it was collected from (`decision:<id>`, `audit:<id>` …): one sample per source, so collecting again adds nothing. */
  sourceKey: string;
  polarity: Polarity;
  turnId: string | null;
  decisionId: string | null;
  auditId: string | null;
  sessionId: string | null;
  taskId: string | null;
  lessonId: string | null;
  /** Secrets removed; personal data kept (exported only with `--include-pii`). */
  content: SampleContent;
  quality: SampleQuality;
  status: AnnotationStatus;
  annotatedBy: string | null;
  annotatedAt: number | null;
  notes: string | null;
  /** Why collection sent it to review (empty when it did not). */
  reviewReasons: string[];
  privacyChecked: boolean;
  containsPii: boolean;
  /** The content with personal data masked too, when it held any (else null: `content` is clean). */
  piiRedactedContent: SampleContent | null;
  privacyFindings: PrivacyFindings;
  /** The criterion that made it a sample, e.g. `auto_positive`, `guardian_refused`, `manual_correction`. */
  strategy: string;
  /** What it is compared on to find approved samples like it. */
  patternKey: string;
  /** When its source happened (epoch ms). */
  sourceAt: number;
  createdAt: number;
  updatedAt: number;
}

/** A sample's references to what it came from. */
export type SampleReferences = Pick<
  DatasetSample,
  "turnId" | "decisionId" | "auditId" | "sessionId" | "taskId" | "lessonId"
>;

/** References to nothing, for spreading and then setting the ones a source has. */
export const NO_REFERENCES: Readonly<SampleReferences> = {
  turnId: null,
  decisionId: null,
  auditId: null,
  sessionId: null,
  taskId: null,
  lessonId: null,
};

/** The content a default export carries: personal data masked. */
export function exportedContent(sample: DatasetSample, includePii: boolean): SampleContent {
  return includePii ? sample.content : (sample.piiRedactedContent ?? sample.content);
}
