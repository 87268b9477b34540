/**
 * What became of one guardian audit: the user's correction of it, its rollback, whether the write
 * stood the waiting days, the fact it judged (unless a rollback forgot it), and the memory file's
 * content when it was decided. Gate and guardian samples are both labelled from this.
 */
import { normalizeFact } from "../core/memory-files/fact-similarity.js";
import type { BehaviorCorrection, GuardianAudit, GuardianRollback } from "../store/memory-file-store.js";
import type { Store } from "../store/store.js";

const DAY_MS = 86_400_000;

/** Guardian outcomes that judged the fact itself (the others are about the file or a failure). */
const JUDGED = new Set(["written", "refused", "rolled_back"]);

/** One audit and what the user did about it. */
export interface AuditVerdict {
  audit: GuardianAudit;
  /** What the guardian decided (a rolled-back audit was written). */
  decided: "written" | "refused";
  /** The newest correction of it, or null. */
  correction: BehaviorCorrection | null;
  rollback: GuardianRollback | null;
  /** Rolled back within the waiting days (a correction in all but name). */
  rolledBackEarly: boolean;
  /** The waiting days have passed since the guardian decided. */
  settled: boolean;
  /**
   * The fact the guardian judged; null when a rollback forgot it (the audit's fact and the gate
   * decision's are cleared). A correction that only moved the fact to another file wrote it again:
   * then it is the fact as that write has it.
   */
  fact: string | null;
}

/** The audit's fact, or the same fact as a correction that only changed the file wrote it again. */
async function judgedFact(
  store: Pick<Store, "getAudit">,
  audit: GuardianAudit,
  correction: BehaviorCorrection | null,
): Promise<string | null> {
  if (audit.candidateFact !== null) return audit.candidateFact;
  const movedOnly =
    correction !== null &&
    correction.correctedStatus === "written" &&
    correction.correctedFact === null &&
    correction.appliedAuditId !== null;
  if (!movedOnly) return null;
  return (await store.getAudit(correction.appliedAuditId as string))?.candidateFact ?? null;
}

/** The verdict on an audit that judged its fact; null for skipped, failed and pending ones. */
export async function auditVerdict(
  store: Pick<Store, "listCorrections" | "getRollback" | "getAudit">,
  audit: GuardianAudit,
  context: { waitDays: number; now: number },
): Promise<AuditVerdict | null> {
  if (!JUDGED.has(audit.status)) return null;
  const wait = context.waitDays * DAY_MS;
  const [correction] = await store.listCorrections({ auditId: audit.id, limit: 1 });
  const rollback = audit.status === "rolled_back" ? await store.getRollback(audit.id) : null;
  return {
    audit,
    decided: audit.status === "refused" ? "refused" : "written",
    correction: correction ?? null,
    rollback,
    rolledBackEarly: rollback !== null && rollback.rolledBackAt - audit.createdAt < wait,
    settled: context.now - audit.createdAt >= wait,
    fact: await judgedFact(store, audit, correction ?? null),
  };
}

/** The memory file's content when the guardian decided, as far as the snapshots tell ("" for none). */
export async function fileContentWhenDecided(
  store: Pick<Store, "getSnapshot" | "datasets">,
  audit: GuardianAudit,
): Promise<string> {
  if (audit.beforeSnapshotId !== null) {
    const snapshot = await store.getSnapshot(audit.beforeSnapshotId);
    if (snapshot !== null) return snapshot.content.toString("utf8");
  }
  if (audit.status !== "refused" && audit.beforeHash === null) return "";
  return (await store.datasets.memoryFileContentAt(audit.workspace, audit.targetFile, audit.createdAt)) ?? "";
}

/** A fact as patterns compare it. */
export function factKey(fact: string | null): string {
  return normalizeFact(fact ?? "").slice(0, 200);
}
