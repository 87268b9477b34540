/**
 * The storage port of the training dataset: its samples and their review, the exports made of
 * them, the counts `tacit dataset stats` draws, and the reads collection needs beyond what the
 * other ports give (the user's feedback after a turn, a memory file's content at a time, failed
 * attempts with their task, lesson feedback with its situation).
 */

import type { ExportFormat } from "../core/dataset/formats.js";
import type { AnnotationStatus, DatasetSample, SampleType } from "../core/dataset/sample-types.js";

/** Which samples a listing, count or export covers. */
export interface SampleFilter {
  statuses?: readonly AnnotationStatus[];
  types?: readonly SampleType[];
  /** Quality score at least this. */
  minQuality?: number;
  sessionId?: string;
  /** Collected at or after (epoch ms). */
  since?: number;
  /** Collected before (epoch ms). */
  until?: number;
}

/** The order of a listing: best quality first (the review queue), or newest first. */
export type SampleOrder = "quality" | "newest";

/** A review decision on one sample. */
export interface Annotation {
  status: "approved" | "rejected";
  by: string;
  at: number;
  /** The reviewer's note; undefined keeps the note the sample has. */
  notes?: string | null;
}

/** One file an export wrote. */
export interface ExportFile {
  path: string;
  samples: number;
  bytes: number;
  sha256: string;
}

/** One export, as recorded. */
export interface DatasetExportRecord {
  id: string;
  name: string;
  format: ExportFormat;
  sampleTypes: SampleType[];
  /** The options it ran with (statuses, minimum quality, personal data, split, seed). */
  filters: Record<string, unknown>;
  totalSamples: number;
  /** Of the exported samples, approved by a person or by the auto-approve criteria. */
  approvedSamples: number;
  /** Rejected samples the filters matched otherwise, left out. */
  rejectedSamples: number;
  avgQualityScore: number | null;
  train: ExportFile;
  /** Null when everything went to training. */
  validation: ExportFile | null;
  exportedBy: string | null;
  exportedAt: number;
}

/** Counts for the stats. */
export interface DatasetCounts {
  total: number;
  byType: Partial<Record<SampleType, number>>;
  byStatus: Partial<Record<AnnotationStatus, number>>;
  /** Samples collected per UTC day (`YYYY-MM-DD`), oldest first. */
  daily: Array<{ day: string; count: number }>;
  /** Samples per tenth of quality: index 0 is 0.0–0.1, index 9 is 0.9–1.0. */
  qualityBins: number[];
}

/** Which sources collection reads. */
export interface SourceFilter {
  /** Source events at or after (epoch ms). */
  since?: number;
  /** Source events before (epoch ms). */
  until?: number;
  sessionId?: string;
}

/** A feedback signal the user gave after a turn. */
export interface FollowingSignal {
  type: string;
  evidence: string;
}

/** A failed attempt of a task, with the task and what worked. */
export interface FailedAttemptRow {
  id: string;
  taskId: string;
  sessionId: string;
  goal: string;
  title: string;
  status: string;
  label: string;
  approach: string;
  failureReason: string;
  replacedBy: string | null;
  /** The task experience's working approach (JSON of the cached experience), when cached. */
  experience: unknown;
  createdAt: number;
}

/** A lesson's helpful or harmful feedback, with the lesson and where it was judged. */
export interface LessonFeedbackRow {
  id: string;
  lessonId: string;
  kind: string;
  trigger: string;
  rule: string;
  type: "helpful" | "harmful";
  rawValue: number;
  source: string;
  reason: string | null;
  sessionId: string | null;
  taskId: string | null;
  /** The task's goal, else the prompt the lesson was recalled for, else "". */
  situation: string;
  at: number;
}

/** Where dataset samples and exports are kept. */
export interface DatasetStore {
  getSample(id: string): Promise<DatasetSample | null>;
  /** The samples already collected from these sources, by source key. */
  samplesBySource(sourceKeys: readonly string[]): Promise<Map<string, DatasetSample>>;
  /** Inserts new samples and replaces changed ones, in one transaction. */
  saveSamples(changes: {
    inserts: readonly DatasetSample[];
    updates: readonly DatasetSample[];
  }): Promise<void>;
  listSamples(
    filter: SampleFilter & { limit: number; offset?: number; order?: SampleOrder },
  ): Promise<DatasetSample[]>;
  countSamples(filter: SampleFilter): Promise<number>;
  /** Approves or rejects a sample; null when there is no such sample. */
  annotate(id: string, annotation: Annotation): Promise<DatasetSample | null>;
  /** Sets a sample's note without changing its status; null when there is no such sample. */
  noteSample(id: string, notes: string, at: number): Promise<DatasetSample | null>;
  /** The pattern keys of samples a person approved, per type. */
  approvedPatterns(): Promise<Set<string>>;
  recordExport(record: DatasetExportRecord): Promise<void>;
  /** Newest first. */
  listExports(limit: number): Promise<DatasetExportRecord[]>;
  datasetCounts(filter: SampleFilter): Promise<DatasetCounts>;

  /** The user's feedback signals in the turn after this one (recorded by learning), oldest first. */
  signalsAfterTurn(turnId: string): Promise<FollowingSignal[]>;
  /** A memory file's content just before `at`, from the guardian's snapshots; null when unknown. */
  memoryFileContentAt(workspace: string, fileName: string, at: number): Promise<string | null>;
  failedAttempts(filter: SourceFilter): Promise<FailedAttemptRow[]>;
  lessonFeedback(filter: SourceFilter): Promise<LessonFeedbackRow[]>;
}
