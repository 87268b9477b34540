/**
 * The write guardian: runs one candidate fact through the checks (guardian-review.ts) and, when it
 * passes, puts it into its section of the target file. Every candidate gets an audit row with a
 * status (written, refused, failed, skipped) and its reason; a write also gets before/after
 * snapshots (stored once per content), a unified diff and line counts. The file is replaced
 * atomically while the file is claimed, so a crash leaves the old file or the new one and the
 * next call settles the audit (file-claims.ts).
 */
import { monotonicFactory } from "ulid";
import type { z } from "zod";
import { NotFoundError } from "../core/errors.js";
import { diffFile } from "../core/memory-files/file-diff.js";
import { cleanFact, type ReviewOutcome, reviewFact } from "../core/memory-files/guardian-review.js";
import {
  DEFAULT_MEMORY_FILES_SETTINGS,
  type MemoryFilesSettings,
  memoryFilesSettingsSchema,
} from "../core/memory-files/memory-file-settings.js";
import { findSensitive } from "../core/memory-files/personal-data.js";
import type { RoomProposals } from "../core/memory-files/size-caps.js";
import { createRedactor, type Redactor } from "../core/redaction.js";
import {
  FileBusyError,
  type GuardianAudit,
  GuardianRefusedError,
  type GuardianStatus,
  type MemoryFileStore,
  type SnapshotWrite,
} from "../store/memory-file-store.js";
import { exclusively, fileHashNow, newOperation, settleClaim, sha256, stateHash } from "./file-claims.js";
import {
  type FileState,
  memoryFilePath,
  readMemoryFile,
  resolveWorkspace,
  writeFileAtomically,
} from "./workspace.js";

/** Ids that sort in creation order, also within one millisecond. */
export const guardianId = monotonicFactory();

/** The model behind a candidate, recorded with its audit. */
export interface CandidateModel {
  /** e.g. `gpt-4o-mini`, or `offline-rules/…` when no model was used. */
  name: string;
  latencyMs?: number | null;
  agentSteps?: number | null;
}

/** One candidate for the guardian. */
export interface WriteMemoryFactInput {
  store: MemoryFileStore;
  /** The workspace folder (resolved to its real path; relative to the process's cwd). */
  workspace: string;
  /** One of MEMORY.md, USER.md, SOUL.md, IDENTITY.md, TOOLS.md. */
  file: string;
  fact: string;
  sessionId?: string | null;
  turnId?: string | null;
  /** The memory-gate decision that proposed the fact. */
  decisionId?: string | null;
  now: () => number;
  /** `memoryFiles` settings; missing ones take their defaults. */
  settings?: z.input<typeof memoryFilesSettingsSchema>;
  model?: CandidateModel;
  /** When the fact was stated, if earlier than now: a newer line it contradicts then wins. */
  observedAt?: number;
  /**
   * What the caller knows of the file's age: while its sha256 is still `hash`, its newest line
   * was stated at `newestLineAt`, which stands for the lines' age instead of the file's
   * last-modified time (the memory pipeline, after writing facts of older turns in one run).
   */
  fileAge?: { hash: string; newestLineAt: number };
  /** The redactor that finds secrets (default: the built-in rules). */
  redact?: Redactor;
}

/** The guardian's answer: the stable contract `{auditId, status, reason, diff}`, and the details. */
export interface WriteMemoryFactResult {
  auditId: string;
  status: GuardianStatus;
  reason: string;
  /** The unified diff of the write (null when nothing was written). */
  diff: string | null;
  file: string;
  section: string | null;
  rule: string | null;
  linesAdded: number;
  linesRemoved: number;
  linesModified: number;
  proposals: RoomProposals | null;
  /** sha256 of the file after a write (null when nothing was written). */
  afterHash: string | null;
}

/** What corrections and retries add to a candidate. */
export interface GuardOptions {
  /** The audit this write retries or corrects. */
  retryOf?: string | null;
  /** A user's correction asks for it: judgement checks do not refuse. */
  userOverride?: boolean;
}

const parsedSettings = new WeakMap<object, MemoryFilesSettings>();

/** Parses settings (once per settings object), naming the field that is wrong. */
export function memoryFilesSettings(
  settings: z.input<typeof memoryFilesSettingsSchema> | undefined,
): MemoryFilesSettings {
  if (settings === undefined) return DEFAULT_MEMORY_FILES_SETTINGS;
  let parsed = parsedSettings.get(settings);
  if (!parsed) {
    parsed = memoryFilesSettingsSchema.parse(settings);
    parsedSettings.set(settings, parsed);
  }
  return parsed;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A file's bytes as text, or null when they are not UTF-8. */
function decode(state: FileState | null): string | null {
  if (state === null) return null;
  try {
    return UTF8.decode(state.bytes);
  } catch (error) {
    // Not UTF-8: the caller records a failed write naming the file; the bytes stay untouched.
    if (error instanceof TypeError) return null;
    throw error;
  }
}

/**
 * Runs one candidate fact through the guardian and writes it when it passes. Throws only for a
 * workspace or file name it will not use (a {@link WorkspaceError}) and an empty fact; every other
 * outcome is an audit with a status and reason.
 */
export function writeMemoryFact(input: WriteMemoryFactInput): Promise<WriteMemoryFactResult> {
  return guardFact(input, {});
}

/** {@link writeMemoryFact} with the options of a retry or correction. */
export async function guardFact(
  input: WriteMemoryFactInput,
  options: GuardOptions,
): Promise<WriteMemoryFactResult> {
  const settings = memoryFilesSettings(input.settings);
  const workspace = resolveWorkspace(input.workspace);
  const { file, path } = memoryFilePath(workspace, input.file);
  const fact = cleanFact(input.fact);
  const redact = input.redact ?? createRedactor();
  return exclusively(workspace, file, async () => {
    const at = input.now();
    const base: GuardianAudit = {
      id: guardianId(at),
      workspace,
      decisionId: input.decisionId ?? null,
      turnId: input.turnId ?? null,
      sessionId: input.sessionId ?? null,
      targetFile: file,
      section: null,
      candidateFact: fact,
      beforeHash: null,
      afterHash: null,
      beforeSnapshotId: null,
      afterSnapshotId: null,
      diff: null,
      linesAdded: 0,
      linesRemoved: 0,
      linesModified: 0,
      status: "failed",
      reason: "",
      rule: null,
      proposals: null,
      llmModel: input.model?.name ?? null,
      llmLatencyMs: input.model?.latencyMs ?? null,
      agentSteps: input.model?.agentSteps ?? null,
      retryOf: options.retryOf ?? null,
      createdAt: at,
      updatedAt: at,
    };
    const record = async (audit: GuardianAudit): Promise<WriteMemoryFactResult> => {
      await input.store.recordAudit(audit);
      return resultOf(audit);
    };
    try {
      await settleClaim({
        store: input.store,
        workspace,
        file,
        path,
        now: input.now,
        maxSnapshotsPerFile: settings.maxSnapshotsPerFile,
      });
    } catch (error) {
      if (!(error instanceof FileBusyError)) throw error;
      return record({ ...base, candidateFact: maskedFact(fact, redact), reason: `failed: ${error.message}` });
    }
    const before = readMemoryFile(path);
    const beforeHash = stateHash(before);
    const content = decode(before);
    if (before !== null && content === null)
      return record({
        ...base,
        candidateFact: maskedFact(fact, redact),
        beforeHash,
        reason: `failed: ${file} is not UTF-8 text; it was left as it is`,
      });
    const outcome = reviewFact({
      file,
      fact,
      content,
      settings,
      redact,
      observedAt: input.observedAt ?? null,
      fileChangedAt:
        before === null
          ? null
          : input.fileAge?.hash === beforeHash
            ? input.fileAge.newestLineAt
            : before.changedAt,
      corrections: await input.store.listFutureCorrections({ workspace }),
      userOverride: options.userOverride ?? false,
    });
    if (outcome.action !== "write") {
      return record({
        ...base,
        candidateFact: outcome.fact,
        beforeHash,
        status: outcome.action,
        rule: outcome.rule,
        reason: outcome.reason,
        proposals: outcome.proposals,
      });
    }
    return commitWrite({ input, settings, base, path, before, content, outcome });
  });
}

/** The masked form of a fact (secrets and personal data), for an audit written before the checks ran. */
function maskedFact(fact: string, redact: Redactor): string {
  return findSensitive(fact, redact).masked;
}

/** Claims the file, records the pending write with its snapshots, replaces the file, and settles the audit. */
async function commitWrite(options: {
  input: WriteMemoryFactInput;
  settings: MemoryFilesSettings;
  base: GuardianAudit;
  path: string;
  before: FileState | null;
  content: string | null;
  outcome: Extract<ReviewOutcome, { action: "write" }>;
}): Promise<WriteMemoryFactResult> {
  const { input, settings, base, path, before, content, outcome } = options;
  const { store } = input;
  const afterBytes = Buffer.from(outcome.after, "utf8");
  const beforeHash = stateHash(before);
  const afterHash = sha256(afterBytes);
  const { diff, ...counts } = diffFile(base.targetFile, content, outcome.after);
  const audit: GuardianAudit = {
    ...base,
    candidateFact: outcome.fact,
    section: outcome.section,
    beforeHash,
    afterHash,
    diff,
    ...counts,
    status: "pending",
    reason: outcome.reason,
  };
  const snapshot = (bytes: Buffer, hash: string): SnapshotWrite | null =>
    settings.storeSnapshots
      ? {
          id: guardianId(base.createdAt),
          workspace: base.workspace,
          fileName: base.targetFile,
          content: bytes,
          contentHash: hash,
          at: base.createdAt,
        }
      : null;
  const operation = newOperation(
    {
      workspace: base.workspace,
      fileName: base.targetFile,
      kind: "write",
      auditId: audit.id,
      priorHash: beforeHash,
      expectedHash: afterHash,
      rollback: null,
    },
    input.now(),
  );
  try {
    await store.beginWrite({
      operation,
      audit,
      before: before && beforeHash ? snapshot(before.bytes, beforeHash) : null,
      after: snapshot(afterBytes, afterHash),
    });
  } catch (error) {
    if (!(error instanceof FileBusyError)) throw error;
    await store.recordAudit({
      ...audit,
      status: "failed",
      reason: `failed: ${error.message}`,
      diff: null,
      section: null,
      afterHash: null,
      linesAdded: 0,
      linesRemoved: 0,
      linesModified: 0,
    });
    return resultOf({ ...audit, status: "failed", reason: `failed: ${error.message}`, diff: null });
  }
  const finish = async (status: "written" | "failed", reason: string) => {
    await store.finishWrite({
      auditId: audit.id,
      status,
      reason,
      at: input.now(),
      maxSnapshotsPerFile: settings.maxSnapshotsPerFile,
    });
    return resultOf(
      status === "written"
        ? { ...audit, status, reason }
        : {
            ...audit,
            status,
            reason,
            diff: null,
            section: null,
            linesAdded: 0,
            linesRemoved: 0,
            linesModified: 0,
          },
    );
  };
  let failure: string | null = null;
  try {
    if (stateHash(readMemoryFile(path)) !== beforeHash)
      failure = `failed: ${base.targetFile} changed while the guardian was writing it; try again`;
    else writeFileAtomically(path, afterBytes, before?.mode ?? 0o644);
  } catch (error) {
    // The rename may have happened before the error (a folder fsync that failed): the file says.
    failure = fileHashNow(path) === afterHash ? null : `failed: ${(error as Error).message}`;
  }
  return failure === null ? finish("written", outcome.reason) : finish("failed", failure);
}

/** An audit made in `workspace` (a real path); throws when there is none, or it was made elsewhere. */
export async function auditIn(
  store: MemoryFileStore,
  workspace: string,
  auditId: string,
): Promise<GuardianAudit> {
  const audit = await store.getAudit(auditId);
  if (!audit) throw new NotFoundError("audit", auditId);
  if (audit.workspace !== workspace)
    throw new GuardianRefusedError(
      `audit ${audit.id} was made in workspace ${audit.workspace}, not ${workspace}`,
    );
  return audit;
}

/** An audit as the guardian's answer. */
export function resultOf(audit: GuardianAudit): WriteMemoryFactResult {
  return {
    auditId: audit.id,
    status: audit.status,
    reason: audit.reason,
    diff: audit.diff,
    file: audit.targetFile,
    section: audit.section,
    rule: audit.rule,
    linesAdded: audit.linesAdded,
    linesRemoved: audit.linesRemoved,
    linesModified: audit.linesModified,
    proposals: audit.proposals,
    afterHash: audit.status === "written" ? audit.afterHash : null,
  };
}
