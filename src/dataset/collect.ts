/**
 * `tacit dataset collect`: samples from gate decisions, guardian audits, task experiences, lesson
 * outcomes and adherence records, each checked for privacy, scored and given a review status.
 *
 * Collecting is idempotent: a source makes at most one sample (its source key), so running again
 * adds nothing. A sample nobody reviewed is brought up to date when its source or its score changed
 * (a correction since, new weights); one a person approved or rejected is never touched.
 */
import { type Assessment, assessSample, type SampleDraft } from "../core/dataset/assess-sample.js";
import type { DatasetSettings } from "../core/dataset/dataset-settings.js";
import { privacyCheck } from "../core/dataset/privacy.js";
import {
  type AnnotationStatus,
  type DatasetSample,
  REVIEWED_STATUSES,
  type SampleType,
  sampleContentSchema,
} from "../core/dataset/sample-types.js";
import type { Redactor } from "../core/redaction.js";
import type { SourceFilter } from "../store/dataset-store.js";
import type { Store } from "../store/store.js";
import { type AdherenceSampleSource, guardAdherenceSource } from "./adherence-source.js";
import { datasetId } from "./dataset-id.js";
import { experienceDrafts } from "./experience-samples.js";
import { type CollectContext, gateDrafts } from "./gate-samples.js";
import { guardianDrafts } from "./guardian-samples.js";

/** What collection reads and writes with. */
export interface DatasetServices {
  store: Store;
  settings: DatasetSettings;
  /** The capture redactor (secrets), with the configured patterns. */
  redact: Redactor;
  now: () => number;
  /** Denied calls and what followed (default: the guard's denials in the store). */
  adherence?: AdherenceSampleSource;
}

/** Options of {@link collectSamples}. */
export interface CollectOptions extends SourceFilter {
  /** Only positive or only negative samples (default all). */
  polarity?: "all" | "positive" | "negative";
  /** Approve what meets the auto-approve criteria. */
  autoApprove?: boolean;
  /** Work out what would change, store nothing. */
  dryRun?: boolean;
}

/** What a collection found and did. */
export interface CollectSummary {
  dryRun: boolean;
  /** Candidate samples found in the sources. */
  found: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Already approved or rejected by a person: left as they are. */
  reviewed: number;
  /** Sources not made into samples, by reason. */
  leftOut: Record<string, number>;
  /** Added and updated samples, by type and by status. */
  byType: Partial<Record<SampleType, number>>;
  byStatus: Partial<Record<AnnotationStatus, number>>;
}

function bump<K extends string>(counts: Partial<Record<K, number>>, key: K): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

/** The content and score as compared: the same source read again gives the same text. */
function fingerprint(sample: Pick<DatasetSample, "type" | "content" | "quality">): string {
  return JSON.stringify([
    sample.type,
    sampleContentSchema.parse(sample.content),
    sample.quality.score,
    sample.quality.factors,
  ]);
}

/** Collects samples from the sources in the window. */
export async function collectSamples(
  services: DatasetServices,
  options: CollectOptions = {},
): Promise<CollectSummary> {
  const { store, settings } = services;
  const now = services.now();
  const summary: CollectSummary = {
    dryRun: options.dryRun === true,
    found: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    reviewed: 0,
    leftOut: {},
    byType: {},
    byStatus: {},
  };
  const context: CollectContext = {
    store,
    settings,
    now,
    filter: {
      ...(options.since !== undefined ? { since: options.since } : {}),
      ...(options.until !== undefined ? { until: options.until } : {}),
      ...(options.sessionId !== undefined ? { sessionId: options.sessionId } : {}),
    },
    leaveOut: (reason) => bump(summary.leftOut, reason),
  };
  const polarity = options.polarity ?? "all";
  const drafts: SampleDraft[] = [
    ...(await gateDrafts(context)),
    ...(await guardianDrafts(context)),
    ...(await experienceDrafts(context, services.adherence ?? guardAdherenceSource(services.store.guard))),
  ].filter((draft) => polarity === "all" || draft.polarity === polarity);
  summary.found = drafts.length;

  const check = privacyCheck(services.redact, settings.privacy.patterns);
  const approvedPatterns = await store.datasets.approvedPatterns();
  const existing = await store.datasets.samplesBySource(drafts.map((draft) => draft.sourceKey));
  const inserts: DatasetSample[] = [];
  const updates: DatasetSample[] = [];
  for (const draft of drafts) {
    const assessment: Assessment = assessSample(draft, {
      settings,
      privacy: check,
      approvedPatterns,
      autoApprove: options.autoApprove === true,
    });
    const before = existing.get(draft.sourceKey);
    if (!assessment.kept) {
      for (const reason of assessment.reasons) bump(summary.leftOut, reason);
      continue;
    }
    if (before !== undefined && REVIEWED_STATUSES.includes(before.status)) {
      summary.reviewed++;
      continue;
    }
    if (before !== undefined && fingerprint(before) === fingerprint(assessment.sample)) {
      summary.unchanged++;
      continue;
    }
    const sample: DatasetSample = {
      ...assessment.sample,
      id: before?.id ?? datasetId(now),
      annotatedBy:
        before?.annotatedBy ?? (assessment.sample.status === "auto_approved" ? "auto-approve" : null),
      annotatedAt: before?.annotatedAt ?? (assessment.sample.status === "auto_approved" ? now : null),
      notes: before?.notes ?? null,
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    };
    (before === undefined ? inserts : updates).push(sample);
    bump(summary.byType, sample.type);
    bump(summary.byStatus, sample.status);
  }
  summary.added = inserts.length;
  summary.updated = updates.length;
  if (!summary.dryRun && inserts.length + updates.length > 0)
    await store.datasets.saveSamples({ inserts, updates });
  return summary;
}
