/**
 * The lesson service: the lesson book (dedup, supersession by slot, feedback, history, revert),
 * upkeep over time (maturity, decay, recallable lessons), lessons outdated by the environment, and
 * the recall outcomes that judge recalled lessons. Other folders import it through this file.
 */
export {
  createLessonBook,
  DEFAULT_LESSON_BOOK_CONFIG,
  embedLessons,
  type FeedbackChange,
  type LearnResult,
  type LessonBook,
  type LessonBookConfig,
  type LessonChange,
  type LessonDetails,
  type LessonInput,
  lessonEmbeddingText,
  MAX_FEEDBACK_REASON_CHARS,
} from "./lesson-book.js";
export { type MaintainReport, maintainLessons, recallableLessons } from "./lesson-upkeep.js";
export { demoteOutdatedLessons } from "./outdated-lessons.js";
export {
  applyRecallOutcomes,
  RECALL_SLACK_MS,
  type RecallJudgement,
  recordReportedOutcome,
} from "./recall-feedback.js";
