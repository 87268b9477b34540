/**
 * Live interaction signals (docs/design.md, "Live signals"), detected offline from the
 * recent turns of a conversation. Recall matches them against heuristic triggers, so they
 * must be cheap: the same rules as `detectSignalsOffline`, plus a few cross-turn checks.
 */
import { CONFIDENT_SIGNAL_FLOOR, detectSignalsOffline, GRADED_SIGNAL_FLOOR } from "./offline-rules.js";
import { evidenceAt, jaccard, maskText, similarityTokens } from "./signal-text.js";
import type { DetectedSignal, LiveSignal, LiveSignalName, SignalMessage } from "./signal-types.js";
import { LIVE_SIGNAL_NAMES } from "./signal-types.js";

/** Options of the live signal detectors. */
export interface LiveSignalOptions {
  /** Only the last `windowSize` messages are inspected. Default 12. */
  windowSize?: number;
}

/** User signal types whose graded confidences add up to dissatisfaction. */
const DISSATISFACTION_TYPES = new Set(["reject", "correction", "confusion"]);

/** Jaccard similarity at or above which two constraint sentences say the same thing. */
const CONSTRAINT_RESTATEMENT_SIMILARITY = 0.3;
/** Jaccard similarity at or above which two normalised error lines are the same error. */
const SAME_ERROR_SIMILARITY = 0.6;

const RESTATEMENT_MARKER =
  /\b(?:again|i (?:already )?(?:said|told you|asked you|mentioned)|as i said|like i said|remember|once more)\b|我(?:已经)?说(?:过|了)|已经说了|再说一遍|说了多少次|重申|再强调|还是要|又忘了/;
const TOLD_NOT_TO =
  /\b(?:i (?:already )?(?:said|told you|asked you)|as i said)\b.{0,20}\b(?:not to|never|don'?t|do not|no)\b|我(?:已经)?说(?:过|了)[^。！？!?]{0,10}(?:不要|别|不能|必须)/;
const FRUSTRATION =
  /!{2,}|\?{3,}|\b(?:seriously|wtf|ffs|for god'?s sake|how many times)\b|到底|说了多少次|怎么又|又来了/;
const SAME_ERROR_MENTION =
  /\b(?:same|identical) (?:error|exception|failure|stack ?trace|traceback)\b|(?:同样|一样|相同|同一个)的?(?:错误|报错|错|异常)/;
const COMPLETION_CLAIM =
  /\b(?:done|fixed|implemented|resolved|updated|added|should (?:now )?work|should be (?:fixed|working|good)|all set|ready for review)\b|已(?:经)?(?:完成|修复|修改|添加|更新|实现|解决|改好)|搞定|应该(?:可以|好)了|改好了/;
const NUMBERS = /\d+/g;
const HEX = /\b0x[0-9a-f]+\b/g;

/** An error line with volatile parts (numbers, addresses) blanked so repeats compare equal. */
function errorSignature(line: string): Set<string> {
  return similarityTokens(line.toLowerCase().replace(HEX, "0x").replace(NUMBERS, "0"));
}

function latest<T>(items: readonly T[]): T | undefined {
  return items[items.length - 1];
}

/**
 * Weak user cues since the last confident success, combined as independent evidence
 * (1 − Π(1 − confidence)): a bare "No," and then "can you search again?" together are as telling
 * as one confident reject. Returns the combined confidence and the strongest of the cues.
 */
function accumulatedDissatisfaction(graded: readonly DetectedSignal[]): {
  confidence: number;
  strongest?: DetectedSignal;
} {
  let doubt = 1;
  let strongest: DetectedSignal | undefined;
  for (const signal of graded) {
    if (signal.source !== "user") continue;
    if (signal.type === "success" && signal.confidence >= CONFIDENT_SIGNAL_FLOOR) {
      doubt = 1;
      strongest = undefined;
    } else if (DISSATISFACTION_TYPES.has(signal.type)) {
      doubt *= 1 - signal.confidence;
      if (strongest === undefined || signal.confidence >= strongest.confidence) strongest = signal;
    }
  }
  return strongest === undefined ? { confidence: 0 } : { confidence: 1 - doubt, strongest };
}

function userDissatisfaction(
  messages: readonly SignalMessage[],
  signals: readonly DetectedSignal[],
  graded: readonly DetectedSignal[],
): LiveSignal[] {
  const found: LiveSignal[] = signals
    .filter(
      (signal) => signal.source === "user" && (signal.type === "reject" || signal.type === "correction"),
    )
    .map((signal) => ({
      name: "userDissatisfaction",
      turn: signal.turn,
      evidence: signal.evidence,
      confidence: signal.confidence,
    }));
  const accumulated = accumulatedDissatisfaction(graded);
  if (accumulated.strongest !== undefined && accumulated.confidence >= CONFIDENT_SIGNAL_FLOOR) {
    const { turn, evidence } = accumulated.strongest;
    found.push({
      name: "userDissatisfaction",
      turn,
      evidence,
      confidence: Math.round(accumulated.confidence * 100) / 100,
    });
  }
  messages.forEach((message, turn) => {
    if (message.role !== "user") return;
    const masked = maskText(message.content);
    const match = FRUSTRATION.exec(masked);
    if (match)
      found.push({
        name: "userDissatisfaction",
        turn,
        evidence: evidenceAt(message.content, masked, match.index),
      });
  });
  return found;
}

function constraintRestatement(
  messages: readonly SignalMessage[],
  signals: readonly DetectedSignal[],
): LiveSignal[] {
  const found: LiveSignal[] = [];
  const constraints = signals.filter((signal) => signal.source === "user" && signal.type === "constraint");
  constraints.forEach((later, position) => {
    const laterTokens = similarityTokens(later.evidence);
    const restated = constraints
      .slice(0, position)
      .some(
        (earlier) =>
          earlier.turn !== later.turn &&
          jaccard(similarityTokens(earlier.evidence), laterTokens) >= CONSTRAINT_RESTATEMENT_SIMILARITY,
      );
    const marked = RESTATEMENT_MARKER.test(maskText(messages[later.turn]?.content ?? ""));
    if (restated || marked)
      found.push({ name: "constraintRestatement", turn: later.turn, evidence: later.evidence });
  });
  messages.forEach((message, turn) => {
    if (message.role !== "user") return;
    const masked = maskText(message.content);
    const match = TOLD_NOT_TO.exec(masked);
    if (match)
      found.push({
        name: "constraintRestatement",
        turn,
        evidence: evidenceAt(message.content, masked, match.index),
      });
  });
  return found;
}

function repeatedFailure(signals: readonly DetectedSignal[]): LiveSignal[] {
  let failures: DetectedSignal[] = [];
  for (const signal of signals) {
    if (signal.type === "success") failures = [];
    else if (signal.type === "reject") failures.push(signal);
  }
  const last = latest(failures);
  return failures.length >= 2 && last
    ? [{ name: "repeatedFailure", turn: last.turn, evidence: last.evidence }]
    : [];
}

function sameErrorRepeated(
  messages: readonly SignalMessage[],
  signals: readonly DetectedSignal[],
): LiveSignal[] {
  const found: LiveSignal[] = [];
  const errors = signals.filter((signal) => signal.source === "execution" && signal.type === "reject");
  errors.forEach((later, position) => {
    const signature = errorSignature(later.evidence);
    const repeated = errors
      .slice(0, position)
      .some((earlier) => jaccard(errorSignature(earlier.evidence), signature) >= SAME_ERROR_SIMILARITY);
    if (repeated) found.push({ name: "sameErrorRepeated", turn: later.turn, evidence: later.evidence });
  });
  messages.forEach((message, turn) => {
    if (message.role !== "user") return;
    const masked = maskText(message.content);
    const match = SAME_ERROR_MENTION.exec(masked);
    if (match)
      found.push({
        name: "sameErrorRepeated",
        turn,
        evidence: evidenceAt(message.content, masked, match.index),
      });
  });
  return found;
}

function acceptanceUnclear(
  messages: readonly SignalMessage[],
  signals: readonly DetectedSignal[],
): LiveSignal[] {
  let claim: LiveSignal | undefined;
  messages.forEach((message, turn) => {
    if (message.role !== "assistant") return;
    const masked = maskText(message.content);
    const match = COMPLETION_CLAIM.exec(masked);
    if (match)
      claim = { name: "acceptanceUnclear", turn, evidence: evidenceAt(message.content, masked, match.index) };
  });
  if (claim === undefined) return [];
  const claimTurn = claim.turn;
  const settled = signals.some(
    (signal) =>
      signal.turn > claimTurn &&
      (signal.type === "success" ||
        (signal.source === "user" && ["reject", "correction", "confusion"].includes(signal.type))),
  );
  return settled ? [] : [claim];
}

/**
 * Live signals with the turn (index into `recent`) and verbatim evidence that support them,
 * one per signal name (the latest), in `LIVE_SIGNAL_NAMES` order:
 * - `userDissatisfaction`: a confident user reject or correction, weak cues (graded rejects,
 *   corrections, confusion since the last confident success) whose combined confidence reaches
 *   the confident floor, or frustration ("!!", "seriously", "到底");
 * - `constraintRestatement`: a user constraint that repeats an earlier one, or is marked as
 *   repeated ("again", "I told you not to", "我说过不要");
 * - `repeatedFailure`: two or more rejects (tool failures or user rejects) since the last success;
 * - `sameErrorRepeated`: two tool errors with the same normalised error line, or "same error";
 * - `acceptanceUnclear`: the assistant's last claim of completion ("done", "已修复") has no
 *   success, reject, correction or confusion after it.
 */
export function detectLiveSignalsWithEvidence(
  recent: readonly SignalMessage[],
  options: LiveSignalOptions = {},
): LiveSignal[] {
  const windowSize = options.windowSize ?? 12;
  const offset = Math.max(0, recent.length - windowSize);
  const messages = recent.slice(offset);
  const graded = detectSignalsOffline(messages, { minConfidence: GRADED_SIGNAL_FLOOR });
  const signals = graded.filter((signal) => signal.confidence >= CONFIDENT_SIGNAL_FLOOR);
  const candidates = [
    ...userDissatisfaction(messages, signals, graded),
    ...constraintRestatement(messages, signals),
    ...repeatedFailure(signals),
    ...sameErrorRepeated(messages, signals),
    ...acceptanceUnclear(messages, signals),
  ];
  const result: LiveSignal[] = [];
  for (const name of LIVE_SIGNAL_NAMES) {
    const named = candidates.filter((candidate) => candidate.name === name).sort((a, b) => a.turn - b.turn);
    const last = latest(named);
    if (last) result.push({ ...last, turn: last.turn + offset });
  }
  return result;
}

/** Names of the live signals present in the recent turns (see `detectLiveSignalsWithEvidence`). */
export function detectLiveSignals(
  recent: readonly SignalMessage[],
  options: LiveSignalOptions = {},
): LiveSignalName[] {
  return detectLiveSignalsWithEvidence(recent, options).map((signal) => signal.name);
}
