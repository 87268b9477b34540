/**
 * The memory gate, pure: for one conversation turn, whether anything the user said belongs in a
 * long-term memory file (MEMORY.md, USER.md, SOUL.md, IDENTITY.md, TOOLS.md), with the fact and the
 * reason. Offline rules in English and Chinese (lexicons in src/core/lexicon/, rules here), the
 * model mode's prompt and answer schema, the user's corrections, and the labelled-set metrics.
 */
export { candidateFact, MAX_FACT_CHARS, stripFiller, thirdPersonVerb } from "./candidate-fact.js";
export { combineFindings, combineSentence, compareFindings, NOTHING_TO_KEEP } from "./combine-findings.js";
export { applyCorrections, matchingCorrection } from "./corrections.js";
export { decide, GATE_RULES, NO_USER_WORDS, ownWords } from "./decide.js";
export {
  decisionForFile,
  type FutureCorrection,
  GATE_DECISIONS,
  type GateDecision,
  type GateFinding,
  type GateMessage,
  type GateRole,
  type GateTurn,
  type GateVerdict,
  isWriteDecision,
  MEMORY_FILE_OF_DECISION,
  OFFLINE_GATE_MODEL,
  type WriteDecision,
} from "./gate-decision.js";
export {
  type ClassMetrics,
  FACT_MATCH_THRESHOLD,
  type GateMetrics,
  type GateOutcome,
  gateMetrics,
} from "./gate-metrics.js";
export {
  GATE_ANSWER_INSTRUCTIONS,
  GATE_SYSTEM_PROMPT,
  type GateModelAnswer,
  gateModelAnswerSchema,
  gatePrompt,
} from "./gate-prompt.js";
export { GATE_BOOST, GATE_CONFIDENCE, type GateRule, MAX_WRITE_CONFIDENCE } from "./gate-rule.js";
