/**
 * Feedback signals: the offline (rule-based) detector, live interaction signals, and the
 * `tacit signals detect` line contract.
 */
export type { SignalLineOptions, SignalLineResult } from "./detect-signals-stream.js";
export { detectSignalsForLine } from "./detect-signals-stream.js";
export type { LiveSignalOptions } from "./live-signals.js";
export { detectLiveSignals, detectLiveSignalsWithEvidence } from "./live-signals.js";
export type { OfflineDetectOptions, OfflineSignalRule, RuleContext, RuleMatch } from "./offline-rules.js";
export { detectSignalsOffline, OFFLINE_SIGNAL_RULES, RESTATEMENT_SIMILARITY } from "./offline-rules.js";
export type {
  DetectedSignal,
  FeedbackSignalSource,
  FeedbackSignalType,
  LiveSignal,
  LiveSignalName,
  SignalConversation,
  SignalMessage,
  SignalMessageRole,
  SignalOutputLine,
} from "./signal-types.js";
export {
  FEEDBACK_SIGNAL_SOURCES,
  FEEDBACK_SIGNAL_TYPES,
  LIVE_SIGNAL_NAMES,
  signalConversationSchema,
  signalMessageSchema,
  signalOutputLineSchema,
  signalOutputSignalSchema,
} from "./signal-types.js";
