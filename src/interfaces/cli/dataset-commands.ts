/** `tacit dataset collect|list|show|approve|reject`. */
import { ANNOTATION_STATUSES, exportedContent, SAMPLE_TYPES } from "../../core/dataset/sample-types.js";
import { trainingExample } from "../../core/dataset/training-example.js";
import { NotFoundError } from "../../core/errors.js";
import { type CollectSummary, collectSamples } from "../../dataset/collect.js";
import { annotateSample } from "../../dataset/review.js";
import {
  CliError,
  type CliIo,
  type GlobalOptions,
  oneLine,
  shortTime,
  withRuntime,
  writeJson,
  writeLine,
  writeListing,
} from "./cli-io.js";
import {
  datasetServices,
  parseShare,
  parseStatuses,
  parseTypes,
  reviewer,
  sampleText,
  statusWords,
} from "./dataset-view.js";
import { parseDateOption } from "./gate-options.js";

/** Options of `tacit dataset collect`. */
export interface DatasetCollectOptions extends GlobalOptions {
  since?: string;
  until?: string;
  session?: string;
  type: string;
  autoApprove?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

function counts(record: Partial<Record<string, number>>, order: readonly string[] = []): string {
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const entries = Object.entries(record)
    .filter(([, count]) => (count ?? 0) > 0)
    .sort(([a], [b]) => rank(a) - rank(b));
  return entries.length === 0 ? "none" : entries.map(([key, count]) => `${key} ${count}`).join(", ");
}

function summaryText(summary: CollectSummary): string {
  const verb = summary.dryRun ? "Would add" : "Added";
  const lines = [
    `${verb} ${summary.added} sample(s) and ${summary.dryRun ? "update" : "updated"} ${summary.updated}, from ${summary.found} candidate(s); ${summary.unchanged} unchanged, ${summary.reviewed} already reviewed.`,
  ];
  if (summary.added + summary.updated > 0) {
    lines.push(`  by type:   ${counts(summary.byType, SAMPLE_TYPES)}`);
    lines.push(`  by status: ${counts(summary.byStatus, ANNOTATION_STATUSES)}`);
  }
  if (Object.keys(summary.leftOut).length > 0) lines.push(`  left out:  ${counts(summary.leftOut)}`);
  return lines.join("\n");
}

/** `tacit dataset collect`: samples from the sources, idempotent. */
export async function datasetCollect(options: DatasetCollectOptions, io: CliIo): Promise<number> {
  if (!["all", "positive", "negative"].includes(options.type))
    throw new CliError(`--type must be all, positive or negative, got "${options.type}"`, 2);
  const since = options.since === undefined ? undefined : parseDateOption(options.since, "--since");
  const until = options.until === undefined ? undefined : parseDateOption(options.until, "--until");
  const summary = await withRuntime(io, options, (runtime) =>
    collectSamples(datasetServices(runtime), {
      ...(since !== undefined ? { since } : {}),
      ...(until !== undefined ? { until } : {}),
      ...(options.session !== undefined ? { sessionId: options.session } : {}),
      polarity: options.type as "all" | "positive" | "negative",
      autoApprove: options.autoApprove === true,
      dryRun: options.dryRun === true,
    }),
  );
  if (options.json) writeJson(io, summary);
  else writeLine(io.stdout, summaryText(summary));
  return 0;
}

/** Options of `tacit dataset list`. */
export interface DatasetListOptions extends GlobalOptions {
  status?: string;
  type?: string;
  qualityAbove?: string;
  needsReview?: boolean;
  limit: number;
  json?: boolean;
}

/** `tacit dataset list`: samples, those needing review first, best quality first. */
export async function datasetList(options: DatasetListOptions, io: CliIo): Promise<number> {
  if (options.needsReview && options.status !== undefined)
    throw new CliError("choose --needs-review or --status, not both", 2);
  const statuses = options.needsReview ? (["needs_review"] as const) : parseStatuses(options.status);
  const types = parseTypes(options.type);
  const minQuality =
    options.qualityAbove === undefined ? undefined : parseShare(options.qualityAbove, "--quality-above");
  const filter = {
    ...(statuses ? { statuses } : {}),
    ...(types ? { types } : {}),
    ...(minQuality !== undefined ? { minQuality } : {}),
  };
  const { samples, total } = await withRuntime(
    io,
    options,
    async (runtime) => ({
      samples: await runtime.store.datasets.listSamples({
        ...filter,
        limit: options.limit,
        order: "quality",
      }),
      total: await runtime.store.datasets.countSamples(filter),
    }),
    "read",
  );
  return writeListing(io, options.json, samples, {
    empty: "No samples match (tacit dataset collect makes them).",
    headers: ["ID", "TYPE", "STATUS", "QUALITY", "COLLECTED", "TARGET"],
    row: (sample) => [
      sample.id,
      sample.type,
      statusWords(sample.status),
      sample.quality.score.toFixed(2),
      shortTime(sample.createdAt),
      oneLine(trainingExample(exportedContent(sample, false)).output, 60),
    ],
    total,
  });
}

/** `tacit dataset show ID`: one sample in full. */
export async function datasetShow(
  id: string,
  options: GlobalOptions & { json?: boolean; includePii?: boolean },
  io: CliIo,
): Promise<number> {
  const sample = await withRuntime(io, options, (runtime) => runtime.store.datasets.getSample(id), "read");
  if (sample === null)
    throw new CliError(`dataset sample ${id} not found (list them with: tacit dataset list)`);
  if (options.json)
    writeJson(io, {
      ...sample,
      content: exportedContent(sample, options.includePii === true),
      piiRedactedContent: undefined,
    });
  else writeLine(io.stdout, sampleText(sample, options.includePii === true));
  return 0;
}

/** `tacit dataset approve|reject ID [--notes]`. */
export async function datasetAnnotate(
  action: "approve" | "reject",
  id: string,
  options: GlobalOptions & { notes?: string; json?: boolean },
  io: CliIo,
): Promise<number> {
  const status = action === "approve" ? "approved" : "rejected";
  const sample = await withRuntime(io, options, async (runtime) => {
    const services = datasetServices(runtime);
    try {
      return await annotateSample(
        { datasets: runtime.store.datasets, redact: services.redact, now: runtime.now },
        id,
        {
          status,
          by: reviewer(io),
          ...(options.notes !== undefined ? { notes: options.notes } : {}),
        },
      );
    } catch (error) {
      if (NotFoundError.isInstance(error))
        throw new CliError(`dataset sample ${id} not found (list them with: tacit dataset list)`);
      throw error;
    }
  });
  if (options.json) writeJson(io, { id: sample.id, status: sample.status, notes: sample.notes });
  else
    writeLine(io.stdout, `${status === "approved" ? "Approved" : "Rejected"} ${sample.id} (${sample.type}).`);
  return 0;
}
