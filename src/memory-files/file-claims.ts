/**
 * Who may change a memory file, and recovery after a crash. A write or rollback first claims the
 * file in the database (one claim per workspace and file), recording the file's hash before and
 * the hash it will have after; it releases the claim when the database records the outcome. A
 * claim left by a process that died is settled by the next call for that file: the file's hash
 * says whether the rename happened (the operation completed) or not (it failed; the file is as it
 * was). Within one process, operations on one file also queue behind each other.
 */
import { createHash } from "node:crypto";
import { hostname } from "node:os";
import type { MemoryFileName } from "../core/memory-files/memory-file-layouts.js";
import { FileBusyError, type FileOperation, type MemoryFileStore } from "../store/memory-file-store.js";
import { type FileState, processAlive, readMemoryFile, removeStaleTemporaryFiles } from "./workspace.js";

/** A claim older than this is taken to be abandoned, even if its process id is in use again. */
export const CLAIM_STALE_MS = 60_000;
/** How long a call waits for another process's claim on the same file before failing. */
export const CLAIM_WAIT_MS = 5_000;

/** sha256 of bytes, as hex. */
export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The hash of a file's state (null: the file does not exist). */
export function stateHash(state: FileState | null): string | null {
  return state === null ? null : sha256(state.bytes);
}

/** The hash of the file at `path` now (null: absent), or undefined when it cannot be read. */
export function fileHashNow(path: string): string | null | undefined {
  try {
    return stateHash(readMemoryFile(path));
  } catch {
    // Unreadable (permissions, a link put in its place): it matches no expected hash.
    return undefined;
  }
}

const queues = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier call for the same workspace and file in this process. */
export async function exclusively<T>(
  workspace: string,
  file: MemoryFileName,
  work: () => Promise<T>,
): Promise<T> {
  const key = `${workspace}\0${file}`;
  const previous = queues.get(key) ?? Promise.resolve();
  const current = previous.then(work, work);
  const settled = current.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  try {
    return await current;
  } finally {
    if (queues.get(key) === settled) queues.delete(key);
  }
}

/** A claim this process makes now. */
export function newOperation(
  fields: Pick<
    FileOperation,
    "workspace" | "fileName" | "kind" | "auditId" | "priorHash" | "expectedHash" | "rollback"
  >,
  now: number,
): FileOperation {
  return { ...fields, pid: process.pid, host: hostname(), startedAt: now };
}

/** Whether a claim's operation may still be running. */
function claimLive(operation: FileOperation, now: number): boolean {
  if (now - operation.startedAt > CLAIM_STALE_MS) return false;
  if (operation.host !== hostname()) return true;
  // This process holds no claim outside `exclusively`: one of its own is left from a failure.
  return operation.pid !== process.pid && processAlive(operation.pid);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Settles whatever claim is left on a file: waits up to {@link CLAIM_WAIT_MS} while another live
 * process holds it (then throws {@link FileBusyError}); completes or fails an abandoned one by the
 * file's current hash. Returns a note when it settled something.
 */
export async function settleClaim(options: {
  store: MemoryFileStore;
  workspace: string;
  file: MemoryFileName;
  path: string;
  now: () => number;
  maxSnapshotsPerFile: number;
}): Promise<string | null> {
  const { store, workspace, file } = options;
  let operation = await store.getFileOperation(workspace, file);
  const waitUntil = Date.now() + CLAIM_WAIT_MS;
  while (operation && claimLive(operation, options.now())) {
    if (Date.now() >= waitUntil) throw new FileBusyError(operation);
    await sleep(25);
    operation = await store.getFileOperation(workspace, file);
  }
  if (!operation) return null;
  // A temporary file exists only while its write holds the claim: an abandoned claim may leave one.
  removeStaleTemporaryFiles(workspace, file);
  const current = stateHash(readMemoryFile(options.path));
  const at = options.now();
  if (operation.kind === "rollback") {
    if (current === operation.expectedHash) {
      await store.finishRollback({ operation, at });
      return `completed the rollback of audit ${operation.auditId} that an interrupted run had started`;
    }
    await store.releaseFile(workspace, file);
    return `the rollback of audit ${operation.auditId} was interrupted before it changed ${file}; it did not happen`;
  }
  const audit = await store.getAudit(operation.auditId);
  const finish = (status: "written" | "failed", reason: string) =>
    store.finishWrite({
      auditId: operation.auditId,
      status,
      reason,
      at,
      maxSnapshotsPerFile: options.maxSnapshotsPerFile,
    });
  if (current === operation.expectedHash) {
    await finish("written", `${audit?.reason ?? "written"} (completed after an interrupted run)`);
    return `the write of audit ${operation.auditId} had replaced ${file} before it was interrupted; recorded as written`;
  }
  const unchanged = current === operation.priorHash;
  await finish(
    "failed",
    unchanged
      ? "interrupted before the file was replaced; the file is unchanged"
      : "interrupted, and the file has changed since; it was left as it is",
  );
  return `the write of audit ${operation.auditId} was interrupted; recorded as failed`;
}
