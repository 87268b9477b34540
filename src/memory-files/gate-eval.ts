/**
 * Labelled sets for the memory gate and their evaluation. A labelled set is a JSON Lines file: one
 * turn per line, in the shape `tacit gate decide` reads, plus its label (docs/memory-files.md,
 * "Gate labelled sets"):
 *
 * `{"id", "expected_decision", "current_user_message", "recent_messages"?, "current_agent_reply"?,
 * "expected_fact"?, "language"?, "note"?}`
 *
 * Blank lines and lines starting with `#` are skipped. A line that cannot be read stops the load
 * with `file:line` and the field.
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { InvalidInputError } from "../core/errors.js";
import { languageOf } from "../core/lexicon/language.js";
import { decide } from "../core/memory-gate/decide.js";
import {
  GATE_DECISIONS,
  type GateDecision,
  type GateTurn,
  type GateVerdict,
} from "../core/memory-gate/gate-decision.js";
import { type GateMetrics, type GateOutcome, gateMetrics } from "../core/memory-gate/gate-metrics.js";
import { gateTurnShape, parseJsonWith, toGateTurn } from "./gate-input.js";

/** One line of a labelled set. */
const labelledTurnSchema = z
  .object({
    id: z.string().min(1).describe("a name for the turn, unique in the file"),
    language: z.enum(["en", "zh"]).optional().describe("en or zh; read from the text when omitted"),
    ...gateTurnShape,
    expected_decision: z.enum(GATE_DECISIONS),
    expected_fact: z.string().min(1).optional().describe("the candidate fact a reader would write"),
    note: z.string().optional().describe("why the label is what it is"),
  })
  .strict();

/** A labelled turn, read. */
export interface LabelledTurn {
  id: string;
  language: "en" | "zh";
  turn: GateTurn;
  expected: GateDecision;
  expectedFact?: string;
  note?: string;
  /** The line it came from. */
  line: number;
}

/** Reads a labelled set from `path`. Throws InvalidInputError with `path:line` and the field. */
export async function loadLabelledSet(path: string): Promise<LabelledTurn[]> {
  return parseLabelledSet(await readFile(path, "utf8"), path);
}

/** Reads a labelled set from its text; `source` names it in errors. */
export function parseLabelledSet(text: string, source: string): LabelledTurn[] {
  const turns: LabelledTurn[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const value = parseJsonWith(trimmed, labelledTurnSchema, source, line);
    const first = seen.get(value.id);
    if (first !== undefined)
      throw new InvalidInputError({
        message: `id "${value.id}" is also on line ${first}`,
        file: source,
        line,
        field: "id",
      });
    seen.set(value.id, line);
    turns.push({
      id: value.id,
      language: value.language ?? languageOf(value.current_user_message),
      turn: toGateTurn(value),
      expected: value.expected_decision,
      ...(value.expected_fact !== undefined ? { expectedFact: value.expected_fact } : {}),
      ...(value.note !== undefined ? { note: value.note } : {}),
      line,
    });
  });
  if (turns.length === 0)
    throw new InvalidInputError({ message: "no labelled turns in the file", file: source });
  return turns;
}

/** A labelled set measured. */
export interface GateEvaluation extends GateMetrics {
  source: string;
  /** Who decided: `offline-rules/v1` or a model's id (with fallbacks counted). */
  decider: string;
  byLanguage: Array<{ language: "en" | "zh"; total: number; correct: number; accuracy: number }>;
  /** What the gate decided on each turn, in file order. */
  results: Array<GateOutcome & { reason: string; message: string; line: number }>;
}

/** Decides one turn; the offline rules by default. */
export type TurnDecider = (turn: GateTurn) => Promise<GateVerdict>;

/** The offline rules as a {@link TurnDecider}. */
export const offlineDecider: TurnDecider = async (turn) => decide(turn, []);

/** Runs `decider` over `turns` and measures it. */
export async function evaluateLabelledSet(
  turns: readonly LabelledTurn[],
  options: { source: string; decider?: TurnDecider; deciderName?: string },
): Promise<GateEvaluation> {
  const decider = options.decider ?? offlineDecider;
  const results: GateEvaluation["results"] = [];
  for (const labelled of turns) {
    const verdict = await decider(labelled.turn);
    results.push({
      id: labelled.id,
      expected: labelled.expected,
      decided: verdict.decision,
      ...(labelled.expectedFact !== undefined ? { expectedFact: labelled.expectedFact } : {}),
      decidedFact: verdict.candidateFact,
      reason: verdict.reason,
      message: labelled.turn.currentUserMessage,
      line: labelled.line,
    });
  }
  const byLanguage = (["en", "zh"] as const)
    .map((language) => {
      const mine = results.filter((_result, index) => turns[index]?.language === language);
      const correct = mine.filter((result) => result.expected === result.decided).length;
      return {
        language,
        total: mine.length,
        correct,
        accuracy: mine.length === 0 ? 0 : correct / mine.length,
      };
    })
    .filter((entry) => entry.total > 0);
  const metrics = gateMetrics(results);
  const mistakes = results.filter((result) => result.expected !== result.decided);
  return {
    ...metrics,
    mistakes,
    source: options.source,
    decider: options.deciderName ?? "offline-rules/v1",
    byLanguage,
    results,
  };
}
