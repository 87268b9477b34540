export type {
  CompactHistoryOptions,
  CompactHistoryResult,
  CompactionState,
  CompactionStats,
  LoopRecord,
  ToolDescription,
} from "./compact.js";
export {
  collectLoopRecords,
  compactHistory,
  DEFAULT_WINDOW_LIMIT,
  MESSAGE_OVERHEAD_TOKENS,
  NO_RESULT_TEXT,
  pickUserGoals,
  renderToolCatalog,
  TRIMMED_OBSERVATION_TEXT,
  trimObservationsByTool,
} from "./compact.js";
export type {
  HistoryMessage,
  HistoryMessageKind,
  HistoryRole,
  HistoryToolCall,
  SidechainMode,
} from "./history.js";
export {
  CORRECTION_PROMPT_PATTERNS,
  fromClaudeCodeTranscript,
  historyMessageSchema,
  isCorrectionPrompt,
  parseHistoryMessages,
  userGoalText,
} from "./history.js";
export { estimateTokens } from "./tokens.js";
