/**
 * The dataset as the viewer shows it: the review queue, approve and reject, and a download of the
 * approved samples (personal data masked; recorded like any export).
 */
import { createHash } from "node:crypto";
import { EXPORT_FORMATS, type ExportFormat } from "../core/dataset/formats.js";
import {
  ANNOTATION_STATUSES,
  type AnnotationStatus,
  type DatasetSample,
  exportedContent,
  SAMPLE_TYPES,
} from "../core/dataset/sample-types.js";
import { trainingExample } from "../core/dataset/training-example.js";
import { InvalidInputError } from "../core/errors.js";
import type { DatasetSampleView, DatasetSource } from "../inspect/viewer-sources.js";
import { datasetId } from "./dataset-id.js";
import { averageQuality, exportStatuses, renderSamples, selectSamples } from "./export.js";
import { annotateSample, type ReviewServices } from "./review.js";

/** Who the viewer's reviews are recorded as. */
const VIEWER = "viewer";

/** A sample as the viewer lists it: the example's prompt (instruction and input) and completion. */
export function sampleView(sample: DatasetSample): DatasetSampleView {
  const example = trainingExample(exportedContent(sample, false));
  return {
    id: sample.id,
    status: sample.status,
    kind: sample.type,
    sessionId: sample.sessionId,
    taskId: sample.taskId,
    createdAt: sample.createdAt,
    prompt: `${example.instruction}\n\n${example.input}`,
    completion: example.output,
    note: sample.notes,
  };
}

function statusOf(value: string | undefined): AnnotationStatus | undefined {
  if (value === undefined) return undefined;
  if (!(ANNOTATION_STATUSES as readonly string[]).includes(value))
    throw new InvalidInputError({
      message: `must be one of ${ANNOTATION_STATUSES.join(", ")}`,
      field: "status",
    });
  return value as AnnotationStatus;
}

/** `jsonl` is the raw sample records; the other names are the export formats. */
function formatOf(value: string): ExportFormat {
  if (value === "jsonl") return "raw";
  if (!(EXPORT_FORMATS as readonly string[]).includes(value))
    throw new InvalidInputError({
      message: `must be jsonl or one of ${EXPORT_FORMATS.join(", ")}`,
      field: "format",
    });
  return value as ExportFormat;
}

/** The viewer's dataset source over the review services. */
export function datasetViewerSource(services: ReviewServices): DatasetSource {
  const { datasets } = services;
  return {
    async listSamples(filter) {
      const status = statusOf(filter.status);
      const statuses = status === undefined ? {} : { statuses: [status] };
      const [samples, total] = await Promise.all([
        datasets.listSamples({ ...statuses, limit: filter.limit, offset: filter.offset, order: "quality" }),
        datasets.countSamples(statuses),
      ]);
      return { samples: samples.map(sampleView), total };
    },
    async getSample(id) {
      const sample = await datasets.getSample(id);
      return sample === null ? null : sampleView(sample);
    },
    async approve(id, note) {
      return sampleView(
        await annotateSample(services, id, { status: "approved", by: VIEWER, notes: note ?? undefined }),
      );
    },
    async reject(id, note) {
      return sampleView(await annotateSample(services, id, { status: "rejected", by: VIEWER, notes: note }));
    },
    async export(request) {
      const format = formatOf(request.format);
      const samples = await selectSamples(datasets, { onlyApproved: true });
      const body = renderSamples(samples, format, false);
      const filename = `tacit-dataset.${format === "csv" ? "csv" : "jsonl"}`;
      const bytes = Buffer.byteLength(body, "utf8");
      const at = services.now();
      await datasets.recordExport({
        id: datasetId(at),
        name: "viewer download",
        format,
        sampleTypes: [...SAMPLE_TYPES],
        filters: { statuses: exportStatuses(true), minQuality: null, includePii: false, trainSplit: 1 },
        totalSamples: samples.length,
        approvedSamples: samples.length,
        rejectedSamples: await datasets.countSamples({ statuses: ["rejected"] }),
        avgQualityScore: averageQuality(samples),
        train: {
          path: `viewer:${filename}`,
          samples: samples.length,
          bytes,
          sha256: createHash("sha256").update(body).digest("hex"),
        },
        validation: null,
        exportedBy: VIEWER,
        exportedAt: at,
      });
      return {
        filename,
        contentType: format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson",
        body,
      };
    },
  };
}
