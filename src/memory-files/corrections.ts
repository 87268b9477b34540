/**
 * Behaviour corrections: a user says what the guardian should have done with a candidate. `refused`
 * (it should not have been written) rolls a written fact back; `written` (with the fact or file it
 * should have had) writes it, rolling back a written original first. A corrected write still goes
 * through the guardian's safety checks (secrets and personal data, duplicates, size caps), but not
 * its judgement (temporary, wrong file, contradiction, earlier corrections): the user has decided.
 * With `applyToFuture`, the correction's pattern is consulted for similar candidates from then on,
 * by the memory gate and by the guardian (see src/core/memory-files/correction-match.ts).
 */
import type { z } from "zod";
import { InvalidInputError } from "../core/errors.js";
import { CORRECTED_STATUSES, type CorrectedStatus } from "../core/memory-files/correction-match.js";
import { normalizeFact } from "../core/memory-files/fact-similarity.js";
import { cleanFact } from "../core/memory-files/guardian-review.js";
import { isMemoryFileName } from "../core/memory-files/memory-file-layouts.js";
import type { memoryFilesSettingsSchema } from "../core/memory-files/memory-file-settings.js";
import { findSensitive } from "../core/memory-files/personal-data.js";
import type { FutureCorrection as GateFutureCorrection } from "../core/memory-gate/gate-decision.js";
import { createRedactor, type Redactor } from "../core/redaction.js";
import {
  type BehaviorCorrection,
  GuardianRefusedError,
  type MemoryFileStore,
} from "../store/memory-file-store.js";
import {
  auditIn,
  type CandidateModel,
  guardFact,
  guardianId,
  type WriteMemoryFactResult,
} from "./guardian.js";
import { type RollbackResult, rollbackAudit } from "./rollback.js";
import { resolveWorkspace, WorkspaceError } from "./workspace.js";

/** A correction of one audit. */
export interface CorrectAuditInput {
  store: MemoryFileStore;
  workspace: string;
  auditId: string;
  /** Why (required: it is what the gate and a reader see). */
  reason: string;
  /** What should have happened; default `written` when a fact or file is given, else the opposite of what happened. */
  status?: CorrectedStatus;
  /** The fact as it should have been written. */
  fact?: string;
  /** The file it should have gone to. */
  file?: string;
  /** Consult this correction for similar future candidates. */
  applyToFuture?: boolean;
  /** The words a future candidate is matched on (default: the original fact). */
  pattern?: string;
  correctedBy?: string;
  /** Roll back even if the file changed since the write (backed up first). */
  force?: boolean;
  now: () => number;
  settings?: z.input<typeof memoryFilesSettingsSchema>;
  model?: CandidateModel;
  redact?: Redactor;
}

/** What a correction did. */
export interface CorrectAuditResult {
  correctionId: string;
  correctedStatus: CorrectedStatus;
  /** The rollback of the original write, when the correction made one. */
  rollback: RollbackResult | null;
  /** The corrected write, when the correction made one. */
  write: WriteMemoryFactResult | null;
  applyToFuture: boolean;
  pattern: string | null;
}

/** Records a correction of one audit and applies it to the file. */
export async function correctAudit(input: CorrectAuditInput): Promise<CorrectAuditResult> {
  const workspace = resolveWorkspace(input.workspace);
  const redact = input.redact ?? createRedactor();
  const audit = await auditIn(input.store, workspace, input.auditId);
  if (audit.status === "pending") throw new GuardianRefusedError(`audit ${audit.id} is still being written`);
  const reason = input.reason.trim();
  if (reason === "") throw new InvalidInputError({ message: "a correction needs a reason", field: "reason" });
  if (input.status !== undefined && !CORRECTED_STATUSES.includes(input.status))
    throw new InvalidInputError({
      message: `status must be written or refused, got "${input.status}"`,
      field: "status",
    });
  if (input.file !== undefined && !isMemoryFileName(input.file))
    throw new WorkspaceError(`refused ${JSON.stringify(input.file)}: not one of the five memory files`);
  const given = input.fact !== undefined || input.file !== undefined;
  const status: CorrectedStatus =
    input.status ?? (given || audit.status !== "written" ? "written" : "refused");
  if (status === "refused" && given)
    throw new InvalidInputError({
      message: "a correction to refused takes no new fact or file",
      field: "status",
    });
  const fact = input.fact === undefined ? null : cleanFact(input.fact);
  const file = input.file ?? null;
  const originalFact = audit.candidateFact;
  const mask = (text: string | null) => (text === null ? null : findSensitive(text, redact).masked);
  const pattern = input.applyToFuture ? mask(input.pattern?.trim() || originalFact || fact) : null;
  if (input.applyToFuture && !pattern)
    throw new InvalidInputError({
      message: "the original fact was forgotten; give a pattern to match",
      field: "pattern",
    });

  let rollback: RollbackResult | null = null;
  let write: WriteMemoryFactResult | null = null;
  const rollBack = () =>
    rollbackAudit({
      store: input.store,
      workspace,
      auditId: audit.id,
      force: input.force,
      reason: `correction: ${reason}`,
      requestedBy: input.correctedBy ?? "user",
      now: input.now,
      settings: input.settings,
    });
  if (status === "refused") {
    if (audit.status === "written") rollback = await rollBack();
  } else {
    const target = { fact: fact ?? originalFact, file: file ?? audit.targetFile };
    if (target.fact === null)
      throw new InvalidInputError({
        message: `audit ${audit.id}'s fact was forgotten; give the corrected fact`,
        field: "fact",
      });
    if (audit.status === "written") {
      if (
        target.file === audit.targetFile &&
        normalizeFact(target.fact) === normalizeFact(originalFact ?? "")
      )
        throw new InvalidInputError({
          message: `audit ${audit.id} already wrote this fact to ${target.file}; nothing to correct`,
        });
      rollback = await rollBack();
    }
    write = await guardFact(
      {
        store: input.store,
        workspace,
        file: target.file,
        fact: target.fact,
        sessionId: audit.sessionId,
        turnId: audit.turnId,
        decisionId: audit.decisionId,
        now: input.now,
        settings: input.settings,
        model: input.model,
        redact,
      },
      { retryOf: audit.id, userOverride: true },
    );
  }
  const correction: BehaviorCorrection = {
    id: guardianId(input.now()),
    auditId: audit.id,
    workspace,
    originalStatus: audit.status,
    originalFact: rollback ? null : originalFact,
    originalFile: audit.targetFile,
    correctedStatus: status,
    correctedFact: mask(fact),
    correctedFile: file,
    reason,
    applyToFuture: input.applyToFuture ?? false,
    pattern,
    correctedBy: input.correctedBy ?? "user",
    correctedAt: input.now(),
    appliedAuditId: write?.auditId ?? null,
  };
  await input.store.recordCorrection(correction);
  return {
    correctionId: correction.id,
    correctedStatus: status,
    rollback,
    write,
    applyToFuture: correction.applyToFuture,
    pattern,
  };
}

/**
 * The user's corrections marked apply-to-future in `workspace`, in the shape the memory gate
 * consults before it proposes a fact (src/core/memory-gate/corrections.ts).
 */
export async function gateCorrections(input: {
  store: MemoryFileStore;
  workspace: string;
}): Promise<GateFutureCorrection[]> {
  const corrections = await input.store.listFutureCorrections({ workspace: input.workspace });
  return corrections.map((correction) => ({
    pattern: correction.pattern,
    correctedStatus: correction.correctedStatus,
    ...(correction.correctedFile ? { correctedTargetFile: correction.correctedFile } : {}),
    ...(correction.correctedFact ? { correctedFact: correction.correctedFact } : {}),
    originalFile: correction.originalFile,
    correctedAt: correction.correctedAt,
  }));
}
