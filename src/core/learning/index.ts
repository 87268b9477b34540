/**
 * The pure core of the learning pipeline: tasks, outcomes, task experiences, instincts, prompts
 * and their mapping to lessons. Explicit named re-exports (no `export *`).
 */

export { languageOf } from "../lexicon/language.js";
export {
  heuristicInstincts,
  type InstinctCandidate,
  instinctsSchema,
  MAX_OBSERVATIONS,
} from "./instincts.js";
export {
  buildOfflineExperience,
  type TaskExperience,
  taskExperienceSchema,
} from "./offline-experience.js";
export {
  buildExperiencePrompt,
  buildInstinctsPrompt,
  buildSignalsPrompt,
  EXPERIENCE_MODES,
  type ExperienceMode,
  llmSignalsSchema,
  PROMPT_MAX_OUTPUT_TOKENS,
  renderConversation,
} from "./prompts.js";
export { signalsAt, signalsWithin } from "./row-signals.js";
export {
  segmentTasks,
  type TaskSegment,
} from "./segment-tasks.js";
export {
  detectTaskSignals,
  locateLlmSignals,
  type TaskMessage,
  type TaskSignal,
} from "./task-message.js";
export { deriveTaskOutcome, type TaskOutcome } from "./task-outcome.js";
export {
  heuristicToLesson,
  instinctToLesson,
  quotedMessageId,
} from "./to-lessons.js";
