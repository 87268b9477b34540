import { readFile } from "node:fs/promises";
import { z } from "zod";
import { InvalidInputError } from "../core/errors.js";
import { describeJsonError } from "../core/json-error.js";
import type { EvalTotals } from "./metrics.js";

/** The floors an eval must meet: Recall@3 at least, false-injection rate at most. */
export interface EvalThresholds {
  minRecallAt3?: number;
  maxFalseInjectionRate?: number;
}

const rate = z.number().min(0).max(1);
const floorsSchema = z.strictObject({
  minRecallAt3: rate.optional(),
  maxFalseInjectionRate: rate.optional(),
});

/**
 * `eval/thresholds.json`: `floors` is what CI enforces on the totals and `suiteFloors` on single
 * suites (the last measured values less a small margin); `targets` and `measured` document where
 * we are going and where we were.
 */
export const thresholdsFileSchema = z.object({
  floors: floorsSchema,
  suiteFloors: z.record(z.string(), floorsSchema).optional(),
  targets: floorsSchema.optional(),
  measured: z.record(z.string(), z.unknown()).optional(),
});

/** The floors an eval report is held to: on its totals and, by name, on its suites. */
export interface ReportThresholds {
  floors: EvalThresholds;
  suiteFloors?: Record<string, EvalThresholds>;
}

export type ThresholdsFile = z.infer<typeof thresholdsFileSchema>;

/** Reads and validates a thresholds file, naming the file and field when it is wrong. */
export async function loadThresholds(file: string): Promise<ThresholdsFile> {
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new InvalidInputError({ message: `cannot read (${error.code ?? error.message})`, file });
  });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Where the JSON broke, never a quote of it (as for every file tacit reads).
    void error;
    throw new InvalidInputError({ message: `not JSON: ${describeJsonError(text)}`, file });
  }
  const parsed = thresholdsFileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    throw new InvalidInputError({
      message: issue.message,
      file,
      field: issue.path.map(String).join(".") || "(root)",
    });
  }
  return parsed.data;
}

/** Why the totals miss the thresholds: one sentence per missed floor; empty when they meet them. */
export function missedThresholds(totals: EvalTotals, thresholds: EvalThresholds): string[] {
  const missed: string[] = [];
  if (thresholds.minRecallAt3 !== undefined && totals.recallAt3 < thresholds.minRecallAt3)
    missed.push(
      `Recall@3 ${totals.recallAt3} (${totals.found}/${totals.expected}) is below ${thresholds.minRecallAt3}`,
    );
  if (
    thresholds.maxFalseInjectionRate !== undefined &&
    totals.falseInjectionRate > thresholds.maxFalseInjectionRate
  )
    missed.push(
      `false-injection rate ${totals.falseInjectionRate} (${totals.falseInjections}/${totals.unrelatedChecks}) is above ${thresholds.maxFalseInjectionRate}`,
    );
  return missed;
}

/**
 * Why a report misses its thresholds: the totals' floors, then each suite's that the report ran
 * ("suite blind-1: Recall@3 0.4 (12/30) is below 0.45"). Empty when it meets them all.
 */
export function missedReportThresholds(
  report: { totals: EvalTotals; suites: ReadonlyArray<{ suite: string } & EvalTotals> },
  thresholds: ReportThresholds,
): string[] {
  const missed = missedThresholds(report.totals, thresholds.floors);
  for (const suite of report.suites) {
    const floors = thresholds.suiteFloors?.[suite.suite];
    if (floors)
      missed.push(...missedThresholds(suite, floors).map((reason) => `suite ${suite.suite}: ${reason}`));
  }
  return missed;
}
