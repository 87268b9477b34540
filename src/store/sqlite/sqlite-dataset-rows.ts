/**
 * Dataset rows to and from SQLite. JSON columns are parsed with zod: a row that does not match is an
 * error naming the sample and the column, never a sample with holes.
 */
import { z } from "zod";
import { EXPORT_FORMATS } from "../../core/dataset/formats.js";
import {
  ANNOTATION_STATUSES,
  type DatasetSample,
  POLARITIES,
  SAMPLE_TYPES,
  sampleContentSchema,
} from "../../core/dataset/sample-types.js";
import { StoreError } from "../../core/errors.js";
import type { DatasetExportRecord } from "../dataset-store.js";

type Row = Record<string, unknown>;

const factorValues = {
  conversationClarity: z.number(),
  decisionConfidence: z.number(),
  factVerifiability: z.number(),
};
const qualityFactorsSchema = z.object({
  ...factorValues,
  weights: z.object(factorValues),
  notes: z.object({
    conversationClarity: z.string(),
    decisionConfidence: z.string(),
    factVerifiability: z.string(),
  }),
});

function parseColumn<T>(schema: z.ZodType<T>, text: unknown, where: string): T {
  try {
    return schema.parse(typeof text === "string" ? JSON.parse(text) : text);
  } catch (error) {
    throw new StoreError(`${where} is not valid: ${(error as Error).message.slice(0, 300)}`, {
      cause: error,
    });
  }
}

/** The columns of a sample, as named parameters. */
export function sampleParams(sample: DatasetSample): Row {
  const { factors, weights, notes } = sample.quality;
  return {
    id: sample.id,
    type: sample.type,
    sourceKey: sample.sourceKey,
    polarity: sample.polarity,
    turnId: sample.turnId,
    decisionId: sample.decisionId,
    auditId: sample.auditId,
    sessionId: sample.sessionId,
    taskId: sample.taskId,
    lessonId: sample.lessonId,
    content: JSON.stringify(sample.content),
    score: sample.quality.score,
    factors: JSON.stringify({ ...factors, weights, notes }),
    status: sample.status,
    annotatedBy: sample.annotatedBy,
    annotatedAt: sample.annotatedAt,
    notes: sample.notes,
    reviewReasons: JSON.stringify(sample.reviewReasons),
    privacyChecked: sample.privacyChecked ? 1 : 0,
    containsPii: sample.containsPii ? 1 : 0,
    masked: sample.piiRedactedContent === null ? null : JSON.stringify(sample.piiRedactedContent),
    findings: JSON.stringify(sample.privacyFindings),
    strategy: sample.strategy,
    patternKey: sample.patternKey,
    sourceAt: sample.sourceAt,
    createdAt: sample.createdAt,
    updatedAt: sample.updatedAt,
  };
}

/** A stored sample row as a sample. */
export function toSample(row: Row): DatasetSample {
  const where = (column: string) => `dataset sample ${String(row.id)}: ${column}`;
  const { weights, notes, ...factors } = parseColumn(
    qualityFactorsSchema,
    row.quality_factors,
    where("quality_factors"),
  );
  return {
    id: String(row.id),
    type: z.enum(SAMPLE_TYPES).parse(row.sample_type),
    sourceKey: String(row.source_key),
    polarity: z.enum(POLARITIES).parse(row.polarity),
    turnId: (row.turn_id as string | null) ?? null,
    decisionId: (row.decision_id as string | null) ?? null,
    auditId: (row.audit_id as string | null) ?? null,
    sessionId: (row.session_id as string | null) ?? null,
    taskId: (row.task_id as string | null) ?? null,
    lessonId: (row.lesson_id as string | null) ?? null,
    content: parseColumn(sampleContentSchema, row.content, where("content")),
    quality: { score: Number(row.quality_score ?? 0), factors, weights, notes },
    status: z.enum(ANNOTATION_STATUSES).parse(row.annotation_status),
    annotatedBy: (row.annotated_by as string | null) ?? null,
    annotatedAt: (row.annotated_at as number | null) ?? null,
    notes: (row.annotation_notes as string | null) ?? null,
    reviewReasons: parseColumn(z.array(z.string()), row.review_reasons, where("review_reasons")),
    privacyChecked: row.privacy_checked === 1,
    containsPii: row.contains_pii === 1,
    piiRedactedContent:
      row.pii_redacted_content === null
        ? null
        : parseColumn(sampleContentSchema, row.pii_redacted_content, where("pii_redacted_content")),
    privacyFindings: parseColumn(
      z.record(z.string(), z.number()),
      row.privacy_findings,
      where("privacy_findings"),
    ),
    strategy: String(row.collection_strategy),
    patternKey: String(row.pattern_key),
    sourceAt: Number(row.source_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The columns of an export record, as named parameters. */
export function exportParams(record: DatasetExportRecord): Row {
  return {
    id: record.id,
    name: record.name,
    format: record.format,
    sampleTypes: JSON.stringify(record.sampleTypes),
    filters: JSON.stringify(record.filters),
    total: record.totalSamples,
    approved: record.approvedSamples,
    rejected: record.rejectedSamples,
    avgQuality: record.avgQualityScore,
    trainSamples: record.train.samples,
    validationSamples: record.validation?.samples ?? 0,
    path: record.train.path,
    bytes: record.train.bytes,
    checksum: record.train.sha256,
    validationPath: record.validation?.path ?? null,
    validationBytes: record.validation?.bytes ?? null,
    validationChecksum: record.validation?.sha256 ?? null,
    exportedBy: record.exportedBy,
    exportedAt: record.exportedAt,
  };
}

/** A stored export row as a record. */
export function toExport(row: Row): DatasetExportRecord {
  const where = (column: string) => `dataset export ${String(row.id)}: ${column}`;
  return {
    id: String(row.id),
    name: String(row.export_name),
    format: z.enum(EXPORT_FORMATS).parse(row.export_format),
    sampleTypes: parseColumn(z.array(z.enum(SAMPLE_TYPES)), row.sample_types, where("sample_types")),
    filters: parseColumn(z.record(z.string(), z.unknown()), row.filters, where("filters")),
    totalSamples: Number(row.total_samples),
    approvedSamples: Number(row.approved_samples),
    rejectedSamples: Number(row.rejected_samples),
    avgQualityScore: (row.avg_quality_score as number | null) ?? null,
    train: {
      path: String(row.file_path),
      samples: Number(row.train_samples),
      bytes: Number(row.file_size_bytes),
      sha256: String(row.checksum),
    },
    validation:
      row.validation_file_path === null
        ? null
        : {
            path: String(row.validation_file_path),
            samples: Number(row.validation_samples),
            bytes: Number(row.validation_file_size_bytes),
            sha256: String(row.validation_checksum),
          },
    exportedBy: (row.exported_by as string | null) ?? null,
    exportedAt: Number(row.exported_at),
  };
}
