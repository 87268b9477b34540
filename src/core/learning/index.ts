/**
 * The pure core of the learning pipeline: tasks, outcomes, task experiences, instincts, prompts
 * and their mapping to lessons. Explicit named re-exports (no `export *`).
 */

export { languageOf } from "../lexicon/language.js";
export {
  type Correction,
  extractCorrection,
  extractPreference,
  type Preference,
  phraseCorrection,
  phrasePreference,
  relatedCommands,
} from "./experience-text.js";
export {
  heuristicInstincts,
  type InstinctCandidate,
  instinctCandidateSchema,
  instinctsSchema,
  MAX_INSTINCT_ACTION_CHARS,
  MAX_INSTINCT_EVIDENCE_CHARS,
  MAX_INSTINCT_EVIDENCE_ITEMS,
  MAX_INSTINCT_TRIGGER_CHARS,
  MAX_INSTINCTS,
  MAX_OBSERVATIONS,
  parseInstinctCandidates,
  renderObservations,
} from "./instincts.js";
export {
  buildOfflineExperience,
  type FailedAttempt,
  HEURISTIC_KINDS,
  type HeuristicKind,
  type LlmTaskExperience,
  MAX_EXPERIENCE_ITEMS,
  MAX_HEURISTIC_EVIDENCE_CHARS,
  MAX_RULE_CHARS,
  MAX_TRIGGER_CHARS,
  type OfflineExperienceInput,
  type TaskExperience,
  type TransferableHeuristic,
  taskExperienceSchema,
} from "./offline-experience.js";
export {
  buildExperiencePrompt,
  buildInstinctsPrompt,
  buildSignalsPrompt,
  DEFAULT_EXPERIENCE_MODE,
  EXPERIENCE_MODES,
  type ExperienceMode,
  type ExperiencePromptInput,
  experienceCallBudget,
  FEEDBACK_SIGNALS_PROMPT,
  INSTINCTS_PROMPT,
  llmSignalsSchema,
  PROMPT_MAX_OUTPUT_TOKENS,
  type PromptParts,
  type RenderConversationOptions,
  renderConversation,
  TASK_EXPERIENCE_PROMPT,
  TOOL_OUTPUT_CHARS,
} from "./prompts.js";
export { signalsAt, signalsWithin } from "./row-signals.js";
export {
  countWords,
  DEFAULT_IDLE_GAP_MS,
  MAX_SUMMARY_CHARS,
  MAX_TITLE_CHARS,
  NEW_GOAL_OPENER,
  type SegmentOptions,
  segmentTasks,
  summarizeTask,
  type TaskBoundary,
  type TaskSegment,
  taskTitle,
} from "./segment-tasks.js";
export {
  asMainChain,
  describeToolCall,
  detectTaskSignals,
  errorLine,
  isFailedCall,
  type LlmSignal,
  llmSignalSchema,
  locateLlmSignals,
  readLlmSignals,
  type SignalMapping,
  type TaskMessage,
  type TaskSignal,
  toSignalMessages,
  userRequest,
  userWords,
} from "./task-message.js";
export { deriveTaskOutcome, type TaskOutcome } from "./task-outcome.js";
export {
  DOMAIN_RULES,
  type HeuristicToLessonInput,
  heuristicToLesson,
  type InstinctToLessonInput,
  inferDomain,
  instinctKind,
  instinctToLesson,
  type LessonDraft,
  type LessonSource,
} from "./to-lessons.js";
