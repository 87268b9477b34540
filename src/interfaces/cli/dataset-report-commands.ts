/** `tacit dataset export|stats`. */
import { resolve } from "node:path";
import { EXPORT_FORMATS, type ExportFormat } from "../../core/dataset/formats.js";
import { qualityRows, textHistogram } from "../../core/dataset/histogram.js";
import { ANNOTATION_STATUSES, SAMPLE_TYPES } from "../../core/dataset/sample-types.js";
import { exportDataset } from "../../dataset/export.js";
import { CliError, type CliIo, type GlobalOptions, withRuntime, writeJson, writeLine } from "./cli-io.js";
import { parseShare, parseTypes, reviewer } from "./dataset-view.js";

/** Options of `tacit dataset export`. */
export interface DatasetExportOptions extends GlobalOptions {
  format: string;
  output: string;
  trainSplit?: string;
  seed?: string;
  onlyApproved?: boolean;
  minQuality?: string;
  includePii?: boolean;
  type?: string;
  json?: boolean;
}

/** `tacit dataset export --format F -o FILE`: a train and a validation file, recorded. */
export async function datasetExport(options: DatasetExportOptions, io: CliIo): Promise<number> {
  if (!(EXPORT_FORMATS as readonly string[]).includes(options.format))
    throw new CliError(`--format must be ${EXPORT_FORMATS.join(", ")}, got "${options.format}"`, 2);
  const trainSplit =
    options.trainSplit === undefined
      ? undefined
      : parseShare(options.trainSplit, "--train-split", { aboveZero: true });
  const minQuality =
    options.minQuality === undefined ? undefined : parseShare(options.minQuality, "--min-quality");
  const types = parseTypes(options.type);
  if (options.seed !== undefined && options.seed.trim() === "")
    throw new CliError("--seed cannot be empty", 2);
  const record = await withRuntime(io, options, (runtime) => {
    const settings = runtime.config.values.dataset.export;
    return exportDataset(
      { datasets: runtime.store.datasets, now: runtime.now },
      {
        format: options.format as ExportFormat,
        output: resolve(io.cwd, options.output),
        trainSplit: trainSplit ?? settings.trainSplit,
        seed: options.seed ?? settings.splitSeed,
        onlyApproved: options.onlyApproved === true,
        includePii: options.includePii === true,
        exportedBy: reviewer(io),
        ...(minQuality !== undefined ? { minQuality } : {}),
        ...(types ? { types } : {}),
      },
    );
  });
  if (options.json) {
    writeJson(io, record);
    return 0;
  }
  const files = [record.train, ...(record.validation ? [record.validation] : [])];
  writeLine(
    io.stdout,
    [
      `Exported ${record.totalSamples} sample(s) as ${record.format} (${record.approvedSamples} approved; ${record.rejectedSamples} rejected left out)${options.includePii ? ", personal data included" : ", personal data masked"}:`,
      ...files.map(
        (file) =>
          `  ${file.path}  ${file.samples} sample${file.samples === 1 ? "" : "s"}, ${file.bytes} bytes, sha256 ${file.sha256}`,
      ),
    ].join("\n"),
  );
  return 0;
}

/** Options of `tacit dataset stats`. */
export interface DatasetStatsOptions extends GlobalOptions {
  daily?: boolean;
  byType?: boolean;
  byStatus?: boolean;
  qualityDistribution?: boolean;
  json?: boolean;
}

/** `tacit dataset stats`: histograms per day, type, status and quality. */
export async function datasetStats(options: DatasetStatsOptions, io: CliIo): Promise<number> {
  const counts = await withRuntime(
    io,
    options,
    (runtime) => runtime.store.datasets.datasetCounts({}),
    "read",
  );
  if (options.json) {
    writeJson(io, counts);
    return 0;
  }
  const all = !(options.daily || options.byType || options.byStatus || options.qualityDistribution);
  const sections: string[] = [`${counts.total} sample(s)`];
  if (all || options.byType)
    sections.push(
      `By type:\n${textHistogram(SAMPLE_TYPES.map((type) => ({ label: type, count: counts.byType[type] ?? 0 })))}`,
    );
  if (all || options.byStatus)
    sections.push(
      `By status:\n${textHistogram(ANNOTATION_STATUSES.map((status) => ({ label: status, count: counts.byStatus[status] ?? 0 })))}`,
    );
  if (all || options.qualityDistribution)
    sections.push(`Quality:\n${textHistogram(qualityRows(counts.qualityBins))}`);
  if (all || options.daily)
    sections.push(
      `Collected per day:\n${textHistogram(counts.daily.map((day) => ({ label: day.day, count: day.count })))}`,
    );
  writeLine(io.stdout, sections.join("\n\n"));
  return 0;
}
