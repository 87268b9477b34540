/**
 * Parsing the options the `tacit gate` commands share: dates, decisions, the mode, the window.
 * Every error names the option and what it got.
 */
import { GATE_DECISIONS, type GateDecision } from "../../core/memory-gate/gate-decision.js";
import { GATE_MODES, type GateMode, type MemoryGateSettings } from "../../memory-files/gate-settings.js";
import type { GateDecisionFilter } from "../../store/gate-decision-store.js";
import { CliError, parseCount } from "./cli-io.js";

/** The filter options of listings, stats and exports. */
export interface GateFilterOptions {
  since?: string;
  until?: string;
  decision?: string;
  session?: string;
}

/** Epoch ms of an ISO 8601 date or time option; a bare date is midnight UTC. */
export function parseDateOption(value: string, option: string): number {
  const time = Date.parse(value);
  if (Number.isNaN(time))
    throw new CliError(
      `${option} must be a date such as 2026-11-01 or 2026-11-01T12:00:00Z, got "${value}"`,
      2,
    );
  return time;
}

/**
 * Decisions from a comma-separated list; each may be written in full (`UPDATE_USER`), in any case,
 * or by its file (`user`, `no-write`).
 */
export function parseDecisions(value: string): GateDecision[] {
  return value.split(",").map((item) => {
    const key = item.trim().toUpperCase().replace(/-/g, "_").replace(/\.MD$/, "");
    const decision = (GATE_DECISIONS as readonly string[]).includes(key)
      ? key
      : (GATE_DECISIONS as readonly string[]).includes(`UPDATE_${key}`)
        ? `UPDATE_${key}`
        : undefined;
    if (decision === undefined)
      throw new CliError(
        `--decision must list ${GATE_DECISIONS.join(", ")} (or user, soul, …), got "${item}"`,
        2,
      );
    return decision as GateDecision;
  });
}

/** The store filter of the options. */
export function gateFilter(options: GateFilterOptions): GateDecisionFilter {
  return {
    ...(options.since !== undefined ? { since: parseDateOption(options.since, "--since") } : {}),
    ...(options.until !== undefined ? { until: parseDateOption(options.until, "--until") } : {}),
    ...(options.decision !== undefined ? { decisions: parseDecisions(options.decision) } : {}),
    ...(options.session !== undefined ? { sessionId: options.session } : {}),
  };
}

/** `--mode`, checked. */
export function parseMode(value: string | undefined): GateMode | undefined {
  if (value === undefined) return undefined;
  if (!(GATE_MODES as readonly string[]).includes(value))
    throw new CliError(`--mode must be ${GATE_MODES.join(", ")}, got "${value}"`, 2);
  return value as GateMode;
}

/** The gate settings the options override (`--window`, `--mode`). */
export function gateSettingsOf(options: { window?: string; mode?: string }): Partial<MemoryGateSettings> {
  const mode = parseMode(options.mode);
  return {
    ...(options.window !== undefined
      ? { windowSize: Math.max(2, parseCount(options.window, "--window")) }
      : {}),
    ...(mode !== undefined ? { mode } : {}),
  };
}
