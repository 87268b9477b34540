/**
 * How well the offline signal detector separates unsatisfied from satisfied user turns, measured
 * on a corpus of dialogues whose user turns carry 1–5 satisfaction ratings (the User Satisfaction
 * Simulation format: `ROLE \t text \t action \t r1,r2,…`, dialogues separated by blank lines).
 *
 * - A turn's rating is the most common of its annotators' ratings, ties to the lower one (the
 *   corpus authors' own aggregation). Turns rated 3 are left out; ≤ 2 is unsatisfied, ≥ 4 satisfied.
 * - A turn's score is the product's own per-turn satisfaction (`turnSatisfaction`, what
 *   `tacit signals detect` reports as `turns[].satisfaction`), the detector run over the whole
 *   dialogue: an unsatisfied turn should score lower.
 * - AUC: the chance that a random unsatisfied turn scores below a random satisfied one, ties half.
 *   Also reported: the AUC of the dissatisfied evidence alone, and of a ten-word keyword baseline.
 * - Dialogues split by their position in each file: even → development half, odd → held-out half.
 * Pure: the files are read by satisfaction-corpus.ts.
 */
import { InvalidInputError } from "../core/errors.js";
import { detectOffline, OFFLINE_SIGNAL_RULES } from "../core/signals/offline-rules.js";
import { ConversationView } from "../core/signals/rule-context.js";
import type { FeedbackSignalType, SignalMessage } from "../core/signals/signal-types.js";
import { turnSatisfaction } from "../core/signals/turn-satisfaction.js";

/** Half of the corpus: tune on `dev`, measure on `held-out`. */
export type CorpusHalf = "dev" | "held-out";

/** A dialogue with the ratings of its user turns (keyed by index into `messages`). */
export interface RatedDialogue {
  id: string;
  corpus: string;
  half: CorpusHalf;
  messages: SignalMessage[];
  ratings: Map<number, number>;
}

/** The dissatisfaction signal types, whose precision and recall are reported per type. */
export const DISSATISFACTION_TYPES: readonly FeedbackSignalType[] = ["reject", "correction", "confusion"];

/**
 * The ten-word keyword baseline: a turn scores the number of these words it contains. Fixed
 * before any measurement; it is the yardstick the rules must beat.
 */
export const BASELINE_KEYWORDS: readonly string[] = [
  "no",
  "not",
  "wrong",
  "again",
  "instead",
  "actually",
  "sorry",
  "mistake",
  "didn't",
  "don't",
];

/** The aggregated rating of one turn: the most common rating, ties to the lower. */
export function aggregateRating(ratings: readonly number[]): number {
  const counts = [0, 0, 0, 0, 0];
  for (const rating of ratings) counts[rating - 1] = (counts[rating - 1] ?? 0) + 1;
  let best = 0;
  counts.forEach((count, position) => {
    if (count > (counts[best] ?? 0)) best = position;
  });
  return best + 1;
}

/**
 * Parse one corpus file. `corpus` names it (`MWOZ`); `file` labels errors. Dialogue-level lines
 * (`USER \t OVERALL`) are skipped. Throws `InvalidInputError` naming the line of a bad row.
 */
export function parseRatedDialogues(text: string, corpus: string, file: string): RatedDialogue[] {
  const dialogues: RatedDialogue[] = [];
  let current: RatedDialogue | undefined;
  text.split("\n").forEach((raw, position) => {
    const line = raw.replace(/\r$/, "");
    if (line.trim().length === 0) {
      current = undefined;
      return;
    }
    const [role = "", content = "", , scores = ""] = line.split("\t");
    if (role !== "USER" && role !== "SYSTEM")
      throw new InvalidInputError({
        message: `role must be USER or SYSTEM, got "${role}"`,
        file,
        line: position + 1,
      });
    if (current === undefined) {
      const index = dialogues.length;
      current = {
        id: `${corpus}-${index}`,
        corpus,
        half: index % 2 === 0 ? "dev" : "held-out",
        messages: [],
        ratings: new Map(),
      };
      dialogues.push(current);
    }
    if (role === "USER" && content.trim() === "OVERALL") return;
    current.messages.push({ role: role === "USER" ? "user" : "assistant", content });
    if (role !== "USER" || scores.trim().length === 0) return;
    const ratings = scores.split(",").map((score) => Number(score.trim()));
    if (ratings.some((rating) => !Number.isInteger(rating) || rating < 1 || rating > 5))
      throw new InvalidInputError({
        message: `ratings must be 1–5, got "${scores}"`,
        file,
        line: position + 1,
        field: "satisfaction",
      });
    current.ratings.set(current.messages.length - 1, aggregateRating(ratings));
  });
  return dialogues;
}

/** Area under the ROC curve of `positives` (should score higher) against `negatives`; ties count half. */
export function areaUnderCurve(positives: readonly number[], negatives: readonly number[]): number {
  if (positives.length === 0 || negatives.length === 0) return Number.NaN;
  const sorted = [...negatives].sort((first, second) => first - second);
  const below = (value: number, strict: boolean): number => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const item = sorted[middle] ?? 0;
      if (strict ? item < value : item <= value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  let wins = 0;
  for (const value of positives) {
    const less = below(value, true);
    wins += less + (below(value, false) - less) / 2;
  }
  return wins / (positives.length * sorted.length);
}

const KEYWORD_PATTERNS = BASELINE_KEYWORDS.map(
  (word) => new RegExp(`\\b${word.replace("'", "[’']")}(?![\\w'’])`, "i"),
);

/** The keyword baseline's score of one message: how many of the ten words it contains. */
export function keywordScore(content: string): number {
  return KEYWORD_PATTERNS.filter((pattern) => pattern.test(content)).length;
}

/** One rated user turn with the detector's view of it. */
export interface ScoredTurn {
  dialogue: string;
  corpus: string;
  rating: number;
  /** The turn's satisfaction as the product reports it (−1 … 1; see `turnSatisfaction`). */
  satisfaction: number;
  /** The dissatisfied part of it alone (0 … 1). */
  dissatisfied: number;
  keyword: number;
  /** Highest confidence per user signal type on the turn. */
  types: Partial<Record<FeedbackSignalType, number>>;
}

/** Score every rated user turn of `dialogues` with the detector (floor 0) and the keyword baseline. */
export function scoreTurns(dialogues: readonly RatedDialogue[]): ScoredTurn[] {
  const turns: ScoredTurn[] = [];
  for (const dialogue of dialogues) {
    const { signals, cues } = detectOffline(dialogue.messages, { minConfidence: 0 });
    const satisfaction = new Map(turnSatisfaction(dialogue.messages, cues).map((turn) => [turn.turn, turn]));
    for (const [turn, rating] of dialogue.ratings) {
      const types: Partial<Record<FeedbackSignalType, number>> = {};
      for (const signal of signals) {
        if (signal.turn !== turn || signal.source !== "user") continue;
        types[signal.type] = Math.max(types[signal.type] ?? 0, signal.confidence);
      }
      const content = dialogue.messages[turn]?.content ?? "";
      turns.push({
        dialogue: dialogue.id,
        corpus: dialogue.corpus,
        rating,
        satisfaction: satisfaction.get(turn)?.satisfaction ?? 0,
        dissatisfied: satisfaction.get(turn)?.dissatisfied ?? 0,
        keyword: keywordScore(content),
        types,
      });
    }
  }
  return turns;
}

/** Precision and recall of one signal type against the ratings. */
export interface TypeAccuracy {
  /** Turns rated ≤ 2 or ≥ 4 carrying the type at or above the floor. */
  flagged: number;
  precision: number;
  recall: number;
}

/** What `evaluateSatisfaction` reports for a set of turns. */
export interface SatisfactionReport {
  turns: number;
  unsatisfied: number;
  satisfied: number;
  /** AUC of the product's per-turn satisfaction (see the file comment). */
  auc: number;
  /** AUC of the turn's dissatisfied evidence alone, success cues ignored. */
  dissatisfiedAuc: number;
  /** AUC of the ten-word keyword baseline on the same turns. */
  keywordAuc: number;
  /**
   * Per type, at `floor`: precision = share of flagged turns that are unsatisfied (satisfied for
   * `success`), recall = share of unsatisfied (satisfied) turns flagged. Turns rated 3 are left out.
   */
  perType: Partial<Record<FeedbackSignalType, TypeAccuracy>>;
  floor: number;
}

const RATIO = (part: number, whole: number): number => (whole === 0 ? 0 : part / whole);

/** AUC and per-type precision/recall of scored turns; `floor` is where a signal counts as flagged. */
export function evaluateSatisfaction(turns: readonly ScoredTurn[], floor: number): SatisfactionReport {
  const decided = turns.filter((turn) => turn.rating !== 3);
  const unsatisfied = decided.filter((turn) => turn.rating <= 2);
  const satisfied = decided.filter((turn) => turn.rating >= 4);
  const perType: Partial<Record<FeedbackSignalType, TypeAccuracy>> = {};
  for (const type of [...DISSATISFACTION_TYPES, "success" as const]) {
    const wanted = type === "success" ? satisfied : unsatisfied;
    const flagged = decided.filter((turn) => (turn.types[type] ?? 0) >= floor);
    const right = flagged.filter((turn) => wanted.includes(turn));
    perType[type] = {
      flagged: flagged.length,
      precision: RATIO(right.length, flagged.length),
      recall: RATIO(right.length, wanted.length),
    };
  }
  return {
    turns: turns.length,
    unsatisfied: unsatisfied.length,
    satisfied: satisfied.length,
    auc: areaUnderCurve(
      unsatisfied.map((turn) => -turn.satisfaction),
      satisfied.map((turn) => -turn.satisfaction),
    ),
    dissatisfiedAuc: areaUnderCurve(
      unsatisfied.map((turn) => turn.dissatisfied),
      satisfied.map((turn) => turn.dissatisfied),
    ),
    keywordAuc: areaUnderCurve(
      unsatisfied.map((turn) => turn.keyword),
      satisfied.map((turn) => turn.keyword),
    ),
    perType,
    floor,
  };
}

/** How often one rule fires at one confidence on rated user turns, and how those turns were rated. */
export interface RuleCalibration {
  rule: string;
  /** The confidence the rule gave (a rule may grade its findings, e.g. lower after a question). */
  confidence: number;
  /** Rated user turns (3 included) where the rule fires, before findings are settled. */
  fired: number;
  unsatisfied: number;
  satisfied: number;
  /** Share of those turns rated ≤ 2: what a weak dissatisfaction cue's confidence is set from. */
  unsatisfiedRate: number;
  /** Share of those turns rated ≥ 4: what a weak success cue's confidence is set from. */
  satisfiedRate: number;
}

/** Per user rule and confidence: where it fires on rated turns and how those turns were rated. */
export function calibrateRules(dialogues: readonly RatedDialogue[]): RuleCalibration[] {
  const userRules = OFFLINE_SIGNAL_RULES.filter(
    (rule) => rule.roles.includes("user") && rule.source === "user",
  );
  const counts = new Map<string, RuleCalibration>();
  for (const dialogue of dialogues) {
    const view = new ConversationView(dialogue.messages);
    for (const [index, rating] of dialogue.ratings) {
      const message = dialogue.messages[index];
      if (message === undefined || message.content.trim().length === 0) continue;
      for (const rule of userRules) {
        const found = rule.detect({ view, index, message });
        if (found === undefined) continue;
        const confidence = Math.round(found.confidence * 100) / 100;
        const key = `${rule.id}@${confidence}`;
        const count = counts.get(key) ?? {
          rule: rule.id,
          confidence,
          fired: 0,
          unsatisfied: 0,
          satisfied: 0,
          unsatisfiedRate: 0,
          satisfiedRate: 0,
        };
        count.fired += 1;
        if (rating <= 2) count.unsatisfied += 1;
        if (rating >= 4) count.satisfied += 1;
        count.unsatisfiedRate = RATIO(count.unsatisfied, count.fired);
        count.satisfiedRate = RATIO(count.satisfied, count.fired);
        counts.set(key, count);
      }
    }
  }
  return [...counts.values()].sort(
    (first, second) => first.rule.localeCompare(second.rule) || second.confidence - first.confidence,
  );
}
