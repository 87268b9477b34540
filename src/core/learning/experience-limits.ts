/**
 * Length limits of task-experience fields, shared by the model-output schema and the offline
 * rules (a leaf module, so neither imports the other for them).
 */

/** Longest heuristic trigger, in characters. */
export const MAX_TRIGGER_CHARS = 100;
/** Longest heuristic rule, in characters. */
export const MAX_RULE_CHARS = 160;
/** Longest heuristic evidence quote, in characters (the detector's evidence limit). */
export const MAX_HEURISTIC_EVIDENCE_CHARS = 240;
/** Items kept per list of model output (criteria, attempts, heuristics). */
export const MAX_EXPERIENCE_ITEMS = 5;
