/**
 * Retrying a candidate the guardian did not write (refused, skipped, failed, or rolled back) with a
 * new fact, a new file, or both. The retry is a new audit that names the one it retries and goes
 * through every check again.
 */
import { InvalidInputError } from "../core/errors.js";
import { GuardianRefusedError } from "../store/memory-file-store.js";
import { auditIn, guardFact, type WriteMemoryFactInput, type WriteMemoryFactResult } from "./guardian.js";
import { resolveWorkspace } from "./workspace.js";

/** What a retry asks for: the audit, and a new fact or file (or both). */
export type RetryAuditInput = Omit<
  WriteMemoryFactInput,
  "fact" | "file" | "sessionId" | "turnId" | "decisionId"
> & {
  auditId: string;
  fact?: string;
  file?: string;
};

/** Retries an audit's candidate with a new fact and/or file. */
export async function retryAudit(input: RetryAuditInput): Promise<WriteMemoryFactResult> {
  const workspace = resolveWorkspace(input.workspace);
  const audit = await auditIn(input.store, workspace, input.auditId);
  if (audit.status === "written" || audit.status === "pending")
    throw new GuardianRefusedError(
      `audit ${audit.id} is ${audit.status}: roll it back first, or correct it (tacit guardian correct)`,
    );
  if (input.fact === undefined && input.file === undefined)
    throw new InvalidInputError({ message: "a retry needs a new fact, a new file, or both", field: "fact" });
  const fact = input.fact ?? audit.candidateFact;
  if (fact === null)
    throw new InvalidInputError({
      message: `audit ${audit.id}'s fact was forgotten when it was rolled back; give the fact again`,
      field: "fact",
    });
  return guardFact(
    {
      ...input,
      workspace,
      fact,
      file: input.file ?? audit.targetFile,
      sessionId: audit.sessionId,
      turnId: audit.turnId,
      decisionId: audit.decisionId,
    },
    { retryOf: audit.id },
  );
}
