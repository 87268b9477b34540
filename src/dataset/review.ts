/**
 * Reviewing samples: approve, reject, note, and the queue a reviewer works through (samples that
 * need review first, best quality first, then the pending ones). Notes are redacted like
 * everything else written to the store.
 */
import type { AnnotationStatus, DatasetSample, SampleType } from "../core/dataset/sample-types.js";
import { InvalidInputError, NotFoundError } from "../core/errors.js";
import type { Redactor } from "../core/redaction.js";
import type { DatasetStore } from "../store/dataset-store.js";

/** What review needs. */
export interface ReviewServices {
  datasets: DatasetStore;
  redact: Redactor;
  now: () => number;
}

/** A note as stored: trimmed and redacted; empty means none. */
function cleanNote(redact: Redactor, notes: string | null | undefined): string | null | undefined {
  if (notes === undefined || notes === null) return notes;
  const text = redact(notes.trim()).text;
  return text === "" ? null : text;
}

/**
 * Approves or rejects a sample, whatever its status (a reviewer may change their mind). Without
 * `notes` the sample keeps the note it has.
 */
export async function annotateSample(
  services: ReviewServices,
  id: string,
  decision: { status: "approved" | "rejected"; by: string; notes?: string | null },
): Promise<DatasetSample> {
  const notes = cleanNote(services.redact, decision.notes);
  const sample = await services.datasets.annotate(id, {
    status: decision.status,
    by: decision.by,
    at: services.now(),
    ...(notes !== undefined ? { notes } : {}),
  });
  if (sample === null) throw new NotFoundError("dataset sample", id);
  return sample;
}

/** Sets a sample's note, keeping its status. */
export async function noteSample(
  services: ReviewServices,
  id: string,
  notes: string,
): Promise<DatasetSample> {
  const text = cleanNote(services.redact, notes);
  if (!text) throw new InvalidInputError({ message: "a note cannot be empty", field: "notes" });
  const sample = await services.datasets.noteSample(id, text, services.now());
  if (sample === null) throw new NotFoundError("dataset sample", id);
  return sample;
}

/** The statuses a review works through by default. */
export const REVIEW_QUEUE: readonly AnnotationStatus[] = ["needs_review", "pending"];

/** The samples to review, in order: needing review first, then best quality first. */
export function reviewQueue(
  datasets: DatasetStore,
  filter: { statuses?: readonly AnnotationStatus[]; types?: readonly SampleType[]; limit: number },
): Promise<DatasetSample[]> {
  return datasets.listSamples({
    statuses: filter.statuses ?? REVIEW_QUEUE,
    ...(filter.types ? { types: filter.types } : {}),
    limit: filter.limit,
    order: "quality",
  });
}
