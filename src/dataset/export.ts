/**
 * `tacit dataset export`: the chosen samples in one format, split into a train file and a
 * validation file by the seeded split, each file's size and sha256 recorded with the counts.
 * Exports carry personal data masked unless `includePii` is given; secrets were removed when the
 * samples were collected, so no export carries them.
 */
import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import { type ExportFormat, formatWriter } from "../core/dataset/formats.js";
import {
  type AnnotationStatus,
  type DatasetSample,
  SAMPLE_TYPES,
  type SampleType,
} from "../core/dataset/sample-types.js";
import { splitDataset } from "../core/dataset/split.js";
import { InvalidInputError } from "../core/errors.js";
import type { DatasetExportRecord, DatasetStore, ExportFile, SampleFilter } from "../store/dataset-store.js";
import { writePrivateFile } from "../store/private-files.js";
import { datasetId } from "./dataset-id.js";

/** Samples read per export (a dataset is far smaller). */
const MAX_SAMPLES = 10_000_000;

/** Which samples an export takes. */
export interface ExportSelection {
  /** Only samples approved by a person or by the auto-approve criteria (default: also pending ones). */
  onlyApproved?: boolean;
  minQuality?: number;
  types?: readonly SampleType[];
}

/** Options of {@link exportDataset}. */
export interface ExportOptions extends ExportSelection {
  format: ExportFormat;
  /** The file named on the command line; the train and validation files are named after it. */
  output: string;
  /** Share of samples for training, above 0 and at most 1. */
  trainSplit: number;
  seed: string;
  includePii?: boolean;
  exportedBy?: string | null;
}

/** The statuses an export takes: never rejected ones, nor ones still waiting for review. */
export function exportStatuses(onlyApproved: boolean | undefined): AnnotationStatus[] {
  return onlyApproved ? ["approved", "auto_approved"] : ["approved", "auto_approved", "pending"];
}

function filterOf(selection: ExportSelection): SampleFilter {
  return {
    ...(selection.minQuality !== undefined ? { minQuality: selection.minQuality } : {}),
    ...(selection.types ? { types: selection.types } : {}),
  };
}

/** The samples a selection takes, oldest first (the split shuffles them by seed). */
export async function selectSamples(
  datasets: DatasetStore,
  selection: ExportSelection,
): Promise<DatasetSample[]> {
  const samples = await datasets.listSamples({
    ...filterOf(selection),
    statuses: exportStatuses(selection.onlyApproved),
    limit: MAX_SAMPLES,
    order: "newest",
  });
  return samples.reverse();
}

/** The text of one file: the format's header, then a row per sample. */
export function renderSamples(
  samples: readonly DatasetSample[],
  format: ExportFormat,
  includePii: boolean,
): string {
  const writer = formatWriter(format, includePii);
  return writer.header + samples.map((sample) => writer.row(sample)).join("");
}

/** `data.jsonl` → `data.train.jsonl` and `data.validation.jsonl` (`.csv` for CSV when there is no extension). */
export function splitFileNames(output: string, format: ExportFormat): { train: string; validation: string } {
  const extension = extname(output) || (format === "csv" ? ".csv" : ".jsonl");
  const stem = basename(output, extname(output));
  return {
    train: join(dirname(output), `${stem}.train${extension}`),
    validation: join(dirname(output), `${stem}.validation${extension}`),
  };
}

/** The mean quality of samples, to three places; null for none. */
export function averageQuality(samples: readonly DatasetSample[]): number | null {
  if (samples.length === 0) return null;
  return (
    Math.round((samples.reduce((sum, sample) => sum + sample.quality.score, 0) / samples.length) * 1000) /
    1000
  );
}

async function writeExportFile(path: string, text: string, samples: number): Promise<ExportFile> {
  const bytes = Buffer.from(text, "utf8");
  // Exports hold conversations: private (0600) like every file tacit writes, even one that existed.
  writePrivateFile(path, bytes);
  return { path, samples, bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** Exports the selected samples, records the export, and returns the record. */
export async function exportDataset(
  services: { datasets: DatasetStore; now: () => number },
  options: ExportOptions,
): Promise<DatasetExportRecord> {
  if (!(options.trainSplit > 0 && options.trainSplit <= 1))
    throw new InvalidInputError({
      message: `must be above 0 and at most 1, got ${options.trainSplit}`,
      field: "--train-split",
    });
  const includePii = options.includePii === true;
  const samples = await selectSamples(services.datasets, options);
  const split = splitDataset(samples, {
    trainShare: options.trainSplit,
    seed: options.seed,
    idOf: (sample) => sample.id,
  });
  const names = splitFileNames(options.output, options.format);
  await mkdir(dirname(names.train), { recursive: true });
  const train = await writeExportFile(
    names.train,
    renderSamples(split.train, options.format, includePii),
    split.train.length,
  );
  const validation =
    options.trainSplit < 1
      ? await writeExportFile(
          names.validation,
          renderSamples(split.validation, options.format, includePii),
          split.validation.length,
        )
      : null;
  const rejected = await services.datasets.countSamples({ ...filterOf(options), statuses: ["rejected"] });
  const record: DatasetExportRecord = {
    id: datasetId(services.now()),
    name: basename(options.output, extname(options.output)),
    format: options.format,
    sampleTypes: [...(options.types ?? SAMPLE_TYPES)],
    filters: {
      statuses: exportStatuses(options.onlyApproved),
      minQuality: options.minQuality ?? null,
      includePii,
      trainSplit: options.trainSplit,
      seed: options.seed,
    },
    totalSamples: samples.length,
    approvedSamples: samples.filter(
      (sample) => sample.status === "approved" || sample.status === "auto_approved",
    ).length,
    rejectedSamples: rejected,
    avgQualityScore: averageQuality(samples),
    train,
    validation,
    exportedBy: options.exportedBy ?? null,
    exportedAt: services.now(),
  };
  await services.datasets.recordExport(record);
  return record;
}
