/**
 * The report of `tacit signals satisfaction`: the measures of satisfaction.ts over a corpus half,
 * overall and per corpus file, at the graded and the confident floor, as data and as text.
 */
import { CONFIDENT_SIGNAL_FLOOR, GRADED_SIGNAL_FLOOR } from "../core/signals/offline-rules.js";
import {
  calibrateRules,
  evaluateSatisfaction,
  type RatedDialogue,
  type RuleCalibration,
  type SatisfactionReport,
  scoreTurns,
} from "./satisfaction.js";

/** Everything `tacit signals satisfaction` prints. */
export interface SatisfactionRun {
  half: string;
  dialogues: number;
  /** At the graded floor (what `tacit signals detect` reports by default). */
  graded: SatisfactionReport;
  /** At the confident floor (what learning reads). AUC is the same; precision/recall differ. */
  confident: SatisfactionReport;
  perCorpus: Record<string, SatisfactionReport>;
  calibration?: RuleCalibration[];
}

/** Measure `dialogues` (one half, or both); `calibration` adds the per-rule table. */
export function satisfactionReport(
  dialogues: readonly RatedDialogue[],
  half: string,
  calibration: boolean,
): SatisfactionRun {
  const turns = scoreTurns(dialogues);
  const perCorpus: Record<string, SatisfactionReport> = {};
  for (const corpus of new Set(turns.map((turn) => turn.corpus))) {
    perCorpus[corpus] = evaluateSatisfaction(
      turns.filter((turn) => turn.corpus === corpus),
      GRADED_SIGNAL_FLOOR,
    );
  }
  const run: SatisfactionRun = {
    half,
    dialogues: dialogues.length,
    graded: evaluateSatisfaction(turns, GRADED_SIGNAL_FLOOR),
    confident: evaluateSatisfaction(turns, CONFIDENT_SIGNAL_FLOOR),
    perCorpus,
  };
  if (calibration) run.calibration = calibrateRules(dialogues);
  return run;
}

const fixed = (value: number): string => (Number.isNaN(value) ? "  n/a" : value.toFixed(3));

function typeLines(report: SatisfactionReport): string[] {
  return Object.entries(report.perType).map(
    ([type, accuracy]) =>
      `  ${type.padEnd(11)} precision ${fixed(accuracy.precision)}  recall ${fixed(accuracy.recall)}  (${accuracy.flagged} turns flagged)`,
  );
}

/** The report as text for a terminal. */
export function formatSatisfactionReport(run: SatisfactionRun): string {
  const { graded } = run;
  const lines = [
    `${run.half}: ${run.dialogues} dialogues, ${graded.turns} rated user turns, ${graded.unsatisfied} rated ≤ 2, ${graded.satisfied} rated ≥ 4`,
    `AUC (per-turn satisfaction):                 ${fixed(graded.auc)}`,
    `AUC (dissatisfied evidence alone):           ${fixed(graded.dissatisfiedAuc)}`,
    `AUC (ten-word keyword baseline):             ${fixed(graded.keywordAuc)}`,
    ...Object.entries(run.perCorpus).map(
      ([corpus, report]) =>
        `  ${corpus.padEnd(8)} AUC ${fixed(report.auc)}  dissatisfied alone ${fixed(report.dissatisfiedAuc)}  keywords ${fixed(report.keywordAuc)}`,
    ),
    `per type, signals ≥ ${graded.floor} (graded):`,
    ...typeLines(graded),
    `per type, signals ≥ ${run.confident.floor} (confident):`,
    ...typeLines(run.confident),
  ];
  if (run.calibration !== undefined) {
    lines.push(
      "calibration (rule, confidence, turns fired, rated ≤ 2, rated ≥ 4, share rated ≤ 2, share rated ≥ 4):",
    );
    for (const row of run.calibration) {
      lines.push(
        `  ${row.rule.padEnd(30)} ${row.confidence.toFixed(2)} ${String(row.fired).padStart(6)} ${String(row.unsatisfied).padStart(5)} ${String(row.satisfied).padStart(5)}  ${fixed(row.unsatisfiedRate)}  ${fixed(row.satisfiedRate)}`,
      );
    }
  }
  return lines.join("\n");
}
