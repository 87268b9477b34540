/**
 * The package root: the SDK (`createTacit`), the model ports and their offline defaults, the
 * error classes and the pure compaction helpers. Explicit named exports only, so the public
 * surface is what this file lists. Importing it opens nothing and loads neither the CLI nor the
 * native SQLite driver; those load when `createTacit()` runs (see `index.test.ts`).
 */

export type {
  ErrorInput,
  MessageInput,
  OutcomeInput,
  SessionInput,
  ToolResultInput,
} from "./capture/capture.js";
export type {
  CompactHistoryOptions,
  CompactHistoryResult,
  CompactionStats,
  HistoryMessage,
  HistoryToolCall,
} from "./core/compaction/index.js";
export { compactHistory, estimateTokens, parseHistoryMessages } from "./core/compaction/index.js";
export { InvalidInputError, NotFoundError, StoreError, TacitError } from "./core/errors.js";
export type { GuardAbilities, GuardAct, GuardAnswer, GuardVerdict } from "./core/guard/decide.js";
export type { ExperienceMode } from "./core/learning/index.js";
export type {
  Lesson,
  LessonDomain,
  LessonEvidence,
  LessonKind,
  LessonScope,
  LessonStatus,
  MaturityState,
} from "./core/lessons/lesson.js";
export type { FeedbackType } from "./core/lessons/outcome-scoring.js";
export type { RecallKind } from "./core/recall/context.js";
export type {
  AgentKind,
  ErrorEntry,
  ErrorType,
  MessageKind,
  MessageRole,
  Outcome,
} from "./core/types.js";
export type { LearnRunSummary } from "./learn/learn-worker.js";
export type {
  FeedbackChange,
  LearnResult as LessonLearnResult,
  LessonChange,
  LessonDetails,
  LessonInput,
} from "./lessons/index.js";
export {
  type AiSdkLanguageModelOptions,
  createAiSdkLanguageModel,
  type ModelProvider,
} from "./models/ai-sdk-language-model.js";
export { type Embedder, type EmbedOptions, type EmbedResult, embedderId } from "./models/embedder.js";
export {
  createHashingEmbedder,
  type HashingEmbedder,
  type HashingEmbedderOptions,
} from "./models/hashing-embedder.js";
export {
  type GenerateOptions,
  type GenerateResult,
  type LanguageModel,
  ModelCallError,
  type ModelCallErrorKind,
  type TokenUsage,
} from "./models/language-model.js";
export { createOpenAIEmbedder, type OpenAIEmbedderOptions } from "./models/openai-embedder.js";
export type { RecallItem, RecallResult } from "./recall/recall.js";
export {
  type CaptureInput,
  type CaptureResult,
  createTacit,
  type ErrorRecord,
  type LearnOptions,
  type OutcomeRecord,
  type RecallOptions,
  type SessionRef,
  type Tacit,
  type TacitLessons,
  type TacitOptions,
  type ToolResultItem,
} from "./sdk.js";
export type { GuardCallInput, TacitGuard } from "./sdk-guard.js";
export type { CaptureWriteResult } from "./store/store.js";
