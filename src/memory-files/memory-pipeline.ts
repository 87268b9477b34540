/**
 * The memory pipeline: the memory gate on each new stored turn, and the write guardian on each fact
 * it proposes, into one workspace. `tacit learn` runs it after learning when a workspace is
 * configured (so the hooks' background learner does, after the agent has answered); the OpenClaw
 * plugin runs it on OpenClaw's own workspace.
 *
 * - Once per turn: a turn is decided once (the decision is recorded only if the turn has none, so
 *   two processes never both decide it), and the decision's fact is written once (an audit names
 *   the decision). A run that stopped between deciding and writing is finished by a later run,
 *   which writes the decisions no audit names yet, once they are older than a minute (younger
 *   ones may still be in another process's hands).
 * - Oldest turn first, each fact with the time it was stated, so a later fact supersedes an
 *   earlier one and a line written after the turn wins over it.
 * - Only the user's turns: never a subagent's session or a sidechain (see
 *   `turnsWithoutGateDecision`).
 */
import { resolve } from "node:path";
import type { z } from "zod";
import type { memoryFilesSettingsSchema } from "../core/memory-files/memory-file-settings.js";
import {
  type GateDecision,
  isWriteDecision,
  MEMORY_FILE_OF_DECISION,
} from "../core/memory-gate/gate-decision.js";
import type { ModelGate } from "../models/model-gate.js";
import type { GateDecisionRecord } from "../store/gate-decision-store.js";
import type { GuardianStatus, MemoryFileStore } from "../store/memory-file-store.js";
import type { Store } from "../store/store.js";
import { gateCorrections } from "./corrections.js";
import { stateHash } from "./file-claims.js";
import { createMemoryGate, type MemoryGate } from "./gate-service.js";
import type { MemoryGateSettings } from "./gate-settings.js";
import { writeMemoryFact } from "./guardian.js";
import { memoryFilePath, readMemoryFile, resolveWorkspace } from "./workspace.js";

/** Turns (and unwritten decisions) read per query. */
const PAGE_SIZE = 200;
/** A decision without an audit younger than this may still be written by the process that made it. */
export const UNWRITTEN_DECISION_STALE_MS = 60_000;

/** What the pipeline runs on. */
export interface MemoryPipelineOptions {
  store: Pick<Store, "gateDecisions"> & MemoryFileStore;
  /** The memory gate, consulting the workspace's corrections (`createMemoryGate`). */
  gate: MemoryGate;
  /** The folder of the memory files (must exist). */
  workspace: string;
  /** `memoryFiles` settings for the guardian (caps, snapshots). */
  settings?: z.input<typeof memoryFilesSettingsSchema>;
  now: () => number;
}

/** Which turns a run covers: one session's, or those since a time, or all. */
export interface MemoryPipelineScope {
  sessionId?: string;
  /** Turns created at or after this time, epoch ms. */
  since?: number;
}

/** The guardian outcomes a run counts (a pending write is settled before the run returns). */
export type PipelineWriteStatus = Exclude<GuardianStatus, "pending" | "rolled_back">;

/** What one run did. */
export interface MemoryPipelineSummary {
  /** The workspace written to (its real path). */
  workspace: string;
  /** False when the memory gate is disabled (`memoryGate.enabled`): nothing was decided. */
  enabled: boolean;
  /** Turns decided in this run, by decision. */
  decided: number;
  decisions: Record<GateDecision, number>;
  /** Facts handed to the guardian, by outcome. */
  writes: Record<PipelineWriteStatus, number>;
  /** Of those, decisions an earlier, interrupted run had made. */
  resumed: number;
  /** The audits of this run, oldest first. */
  auditIds: string[];
  /** Model fallbacks of the gate. */
  warnings: string[];
}

/** Runs the gate on new turns and the guardian on what it proposes; see the module comment. */
export async function runMemoryPipeline(
  options: MemoryPipelineOptions,
  scope: MemoryPipelineScope = {},
): Promise<MemoryPipelineSummary> {
  const workspace = resolveWorkspace(options.workspace);
  const { store, gate } = options;
  const summary: MemoryPipelineSummary = {
    workspace,
    enabled: gate.settings.enabled,
    decided: 0,
    decisions: {
      NO_WRITE: 0,
      UPDATE_MEMORY: 0,
      UPDATE_USER: 0,
      UPDATE_SOUL: 0,
      UPDATE_IDENTITY: 0,
      UPDATE_TOOLS: 0,
    },
    writes: { written: 0, refused: 0, skipped: 0, failed: 0 },
    resumed: 0,
    auditIds: [],
    warnings: [],
  };
  if (!summary.enabled) return summary;
  const ages = new Map<string, { hash: string; newestLineAt: number }>();

  const write = async (record: GateDecisionRecord, statedAt: number): Promise<void> => {
    if (!isWriteDecision(record.decision) || record.candidateFact === null) return;
    const file = MEMORY_FILE_OF_DECISION[record.decision];
    const { path } = memoryFilePath(workspace, file);
    const before = readMemoryFile(path);
    const known = ages.get(file);
    // The age of the file's newest line: what this run knows, while the file is as it left it.
    const newestLineAt =
      known && known.hash === stateHash(before)
        ? known.newestLineAt
        : (before?.changedAt ?? Number.NEGATIVE_INFINITY);
    const result = await writeMemoryFact({
      store,
      workspace,
      file,
      fact: record.candidateFact,
      sessionId: record.sessionId,
      turnId: record.turnId,
      decisionId: record.id,
      now: options.now,
      ...(options.settings ? { settings: options.settings } : {}),
      model: { name: record.model, latencyMs: record.latencyMs },
      observedAt: statedAt,
      ...(known ? { fileAge: known } : {}),
    });
    summary.auditIds.push(result.auditId);
    if (result.status !== "pending" && result.status !== "rolled_back") summary.writes[result.status] += 1;
    if (result.afterHash !== null)
      ages.set(file, { hash: result.afterHash, newestLineAt: Math.max(newestLineAt, statedAt) });
  };

  // Decisions an interrupted run made but did not write.
  for (;;) {
    const unwritten = await store.gateDecisions.unwrittenDecisions({
      ...(scope.sessionId !== undefined ? { sessionId: scope.sessionId } : {}),
      before: options.now() - UNWRITTEN_DECISION_STALE_MS,
      limit: PAGE_SIZE,
    });
    for (const record of unwritten) {
      const window = record.turnId ? await store.gateDecisions.turnWindow(record.turnId, 0) : null;
      await write(record, window?.turn.createdAt ?? record.createdAt);
      summary.resumed += 1;
    }
    if (unwritten.length < PAGE_SIZE) break;
  }

  for (;;) {
    const turns = await store.gateDecisions.turnsWithoutGateDecision({ ...scope, limit: PAGE_SIZE });
    for (const turn of turns) {
      const result = await gate.decideNewTurn(turn.id);
      if (result === null) continue;
      summary.decided += 1;
      summary.decisions[result.record.decision] += 1;
      summary.warnings.push(...result.warnings);
      await write(result.record, turn.createdAt);
    }
    if (turns.length < PAGE_SIZE) break;
  }
  return summary;
}

/** A pipeline set up from the configuration, ready to run. */
export interface ConfiguredMemoryPipeline {
  /** The workspace as configured (resolved against the working directory). */
  workspace: string;
  run(scope?: MemoryPipelineScope): Promise<MemoryPipelineSummary>;
}

/**
 * The pipeline of the configuration: on `workspace` when given (OpenClaw's), else on
 * `memoryFiles.workspace`, relative to `cwd`. Null when neither names a workspace, or the memory
 * gate is disabled (`memoryGate.enabled`): then nothing runs. The gate decides as configured
 * (`memoryGate`, its model through `modelGate`) and consults the workspace's corrections.
 */
export function configuredMemoryPipeline(input: {
  store: Store;
  modelGate: ModelGate;
  now: () => number;
  config: { memoryGate: Partial<MemoryGateSettings>; memoryFiles: z.input<typeof memoryFilesSettingsSchema> };
  cwd: string;
  workspace?: string;
}): ConfiguredMemoryPipeline | null {
  const configured = input.workspace ?? input.config.memoryFiles.workspace;
  if (configured === undefined || input.config.memoryGate.enabled === false) return null;
  const workspace = resolve(input.cwd, configured);
  const { store, now } = input;
  return {
    workspace,
    run: (scope) => {
      const real = resolveWorkspace(workspace);
      const gate = createMemoryGate({
        store,
        gate: input.modelGate,
        now,
        settings: input.config.memoryGate,
        corrections: () => gateCorrections({ store, workspace: real }),
      });
      return runMemoryPipeline(
        { store, gate, workspace: real, settings: input.config.memoryFiles, now },
        scope,
      );
    },
  };
}
