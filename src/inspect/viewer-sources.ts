/**
 * The optional sources of what the viewer shows beyond the store's own tables: guarded memory files
 * (gate decisions, guardian audits with their diff, rollback), the training dataset's review queue,
 * lesson adherence with pre-tool denials, and conventions with their supersession chains. Each is
 * built by its own feature; a build without it passes nothing, and the API answers 501 ("not
 * available in this build") for its routes while the viewer says so on its page. Wiring a feature
 * in is an adapter from its service to the interface here, passed to `startViewerServer`.
 */
import type { LessonStatus } from "../core/lessons/lesson.js";

/** A memory file the write guardian guards (MEMORY.md, USER.md, SOUL.md, IDENTITY.md, TOOLS.md). */
export interface MemoryFileSummary {
  /** The file's path: its workspace and name. */
  path: string;
  projectId: string | null;
  /** Audits recorded for the file. */
  audits: number;
  /** Audits whose change is in the file and can still be rolled back. */
  openAudits: number;
  lastChangeAt: number | null;
  /** The workspace folder and the file's name, when the source knows them apart. */
  workspace?: string;
  file?: string;
}

/** What the gate decided about one proposed write to a memory file. */
export interface GateDecisionView {
  id: string;
  path: string;
  /** Epoch ms. */
  at: number;
  /** e.g. `NO_WRITE`, `UPDATE_USER`. */
  decision: string;
  reason: string;
  sessionId: string | null;
  /** The fact the gate proposed (null: nothing to write, or forgotten by a rollback). */
  candidateFact?: string | null;
  /** The audit of the write it proposed, if the guardian has seen it. */
  auditId?: string | null;
  /** Who decided: a model's id or the offline rules'. */
  model?: string;
}

/** A guardian audit of one change to a memory file. */
export interface AuditView {
  id: string;
  path: string;
  at: number;
  /** What the guardian decided, e.g. `written`, `refused`, `skipped`. */
  verdict: string;
  summary: string;
  /** The change as a unified diff (`--- a/…`, `+++ b/…`, `@@ … @@`, then ` `/`+`/`-` lines); "" when none. */
  diff: string;
  /** Where it stands: `open` (can be rolled back), `rolled-back`, `corrected`, `closed` (nothing written). */
  status: string;
  sessionId: string | null;
  workspace?: string;
  file?: string;
  /** The fact (null once a rollback forgot it). */
  fact?: string | null;
  reason?: string;
  section?: string | null;
  /** The check that refused or skipped it. */
  rule?: string | null;
  /** The memory-gate decision that proposed it. */
  decisionId?: string | null;
  lines?: { added: number; removed: number; modified: number };
}

/** One version of a memory file, newest first in a history. */
export interface MemoryFileVersion {
  id: string;
  path: string;
  at: number;
  /** What made it: a write, a rollback, a correction. */
  change: string;
  auditId: string | null;
  sessionId: string | null;
}

/** Guarded memory files: what was written, what the gate and the guardian said, and rollback. */
export interface MemoryFilesSource {
  listFiles(): Promise<MemoryFileSummary[]>;
  fileHistory(path: string, limit: number): Promise<MemoryFileVersion[]>;
  listGateDecisions(filter: { path?: string; limit: number }): Promise<GateDecisionView[]>;
  listAudits(filter: { path?: string; status?: string; limit: number }): Promise<AuditView[]>;
  getAudit(id: string): Promise<AuditView | null>;
  /** Restores the file as it was before the audited change; returns the audit as it is now. */
  rollback(auditId: string, reason: string): Promise<AuditView>;
  /** Records that the audit's verdict was wrong (the right verdict and why). */
  correct(auditId: string, correction: { verdict: string; note: string }): Promise<AuditView>;
}

/** One sample of the training dataset, awaiting review or reviewed. */
export interface DatasetSampleView {
  id: string;
  /** e.g. `pending`, `approved`, `rejected`. */
  status: string;
  kind: string;
  sessionId: string | null;
  taskId: string | null;
  createdAt: number;
  prompt: string;
  completion: string;
  /** Why it was rejected (or approved), when a reviewer said. */
  note: string | null;
}

/** A dataset file as the export produces it. */
export interface DatasetExport {
  filename: string;
  contentType: string;
  body: string;
}

/** The dataset's review queue and its export. */
export interface DatasetSource {
  listSamples(filter: {
    status?: string;
    limit: number;
    offset: number;
  }): Promise<{ samples: DatasetSampleView[]; total: number }>;
  getSample(id: string): Promise<DatasetSampleView | null>;
  approve(id: string, note: string | null): Promise<DatasetSampleView>;
  reject(id: string, note: string): Promise<DatasetSampleView>;
  /** The approved samples in `format` (e.g. `jsonl`). */
  export(request: { format: string }): Promise<DatasetExport>;
}

/** How often a lesson was followed once it was recalled, reminded or enforced at a tool call. */
export interface AdherenceView {
  lessonId: string;
  followed: number;
  ignored: number;
  /** Times the user let a call the lesson stopped through anyway. */
  overridden: number;
  /** Tool calls it denied. */
  denied: number;
  /** followed / (followed + ignored), null when neither happened. */
  rate: number | null;
}

/** One tool call stopped before it ran because it went against a lesson. */
export interface DenialView {
  id: string;
  sessionId: string;
  at: number;
  /** The tool call's message position, when known. */
  messageSeq: number | null;
  toolName: string;
  lessonId: string | null;
  reason: string;
}

/** Whether recalled lessons were followed, and the tool calls stopped for going against one. */
export interface AdherenceSource {
  lessonAdherence(lessonId: string): Promise<AdherenceView | null>;
  /** Followed, ignored and denied per UTC day (`YYYY-MM-DD`), oldest first. */
  daily(days: number): Promise<Array<{ day: string; followed: number; ignored: number; denied: number }>>;
  sessionDenials(sessionId: string): Promise<DenialView[]>;
}

/** A project convention, with the chain of conventions it replaced or was replaced by. */
export interface ConventionView {
  id: string;
  statement: string;
  status: string;
  projectId: string | null;
  /** What it governs and the value it sets (`naming.variable.prefix` = `n_`), when known. */
  slot: { id: string; value: string | null } | null;
  /** The convention that replaced this one. */
  supersededById: string | null;
  /** Conventions this one replaced. */
  supersedes: string[];
  evidenceCount: number;
  updatedAt: number;
}

/** Conventions and their supersession chains. */
export interface ConventionsSource {
  list(filter: { projectId?: string; status?: LessonStatus; limit: number }): Promise<ConventionView[]>;
  get(id: string): Promise<ConventionView | null>;
  /** The whole chain `id` belongs to, oldest first. */
  chain(id: string): Promise<ConventionView[]>;
}

/** The optional sources a build has; absent ones are shown as not available. */
export interface ViewerSources {
  memoryFiles?: MemoryFilesSource;
  dataset?: DatasetSource;
  adherence?: AdherenceSource;
  conventions?: ConventionsSource;
}

/** The names of the sources, as `/api/capabilities` reports them. */
export const VIEWER_SOURCE_NAMES = ["memoryFiles", "dataset", "adherence", "conventions"] as const;

/** Which sources a build has. */
export function availableSources(sources: ViewerSources): Record<keyof ViewerSources, boolean> {
  return {
    memoryFiles: sources.memoryFiles !== undefined,
    dataset: sources.dataset !== undefined,
    adherence: sources.adherence !== undefined,
    conventions: sources.conventions !== undefined,
  };
}
