/**
 * The lesson service: the lesson book (dedup, supersession by slot, feedback, history, revert),
 * upkeep over time (maturity, decay, recallable lessons), lessons outdated by the environment, and
 * the recall outcomes that judge recalled lessons. Other folders import it through this file.
 */
export {
  createLessonBook,
  DEFAULT_LESSON_BOOK_CONFIG,
  type FeedbackChange,
  type LessonBook,
  type LessonBookConfig,
  type LessonDetails,
} from "./lesson-book.js";
export type { LearnResult } from "./lesson-learning.js";
export {
  embedLessons,
  type LessonInput,
  lessonEmbeddingText,
  MAX_FEEDBACK_REASON_CHARS,
} from "./lesson-text.js";
export { type MaintainReport, maintainLessons, recallableLessons } from "./lesson-upkeep.js";
export type { LessonChange } from "./lesson-writer.js";
export { demoteOutdatedLessons } from "./outdated-lessons.js";
export {
  applyRecallOutcomes,
  RECALL_SLACK_MS,
  type RecallJudgement,
  recordReportedOutcome,
} from "./recall-feedback.js";
