/**
 * What the `tacit dataset` commands share: the services from a runtime, option parsing (every
 * error names the option and what it got), and a sample as text.
 */
import {
  ANNOTATION_STATUSES,
  type AnnotationStatus,
  type DatasetSample,
  exportedContent,
  SAMPLE_TYPES,
  type SampleType,
} from "../../core/dataset/sample-types.js";
import { trainingExample } from "../../core/dataset/training-example.js";
import { createRedactor } from "../../core/redaction.js";
import type { DatasetServices } from "../../dataset/collect.js";
import type { Runtime } from "../../runtime.js";
import { CliError, type CliIo } from "./cli-io.js";

/** The dataset services of a runtime: its store, the `dataset` settings, the capture redactor. */
export function datasetServices(runtime: Runtime): DatasetServices {
  return {
    store: runtime.store,
    settings: runtime.config.values.dataset,
    redact: createRedactor(runtime.settings.capture.redaction),
    now: runtime.now,
  };
}

/** Who a review from this terminal is recorded as. */
export function reviewer(io: CliIo): string {
  return io.env.USER || io.env.USERNAME || "user";
}

/** A number from 0 to 1. */
export function parseShare(value: string, option: string, options: { aboveZero?: boolean } = {}): number {
  const number = Number(value);
  if (
    value.trim() === "" ||
    !Number.isFinite(number) ||
    number < 0 ||
    number > 1 ||
    (options.aboveZero && number === 0)
  )
    throw new CliError(
      `${option} must be a number ${options.aboveZero ? "above 0" : "from 0"} to 1, got "${value}"`,
      2,
    );
  return number;
}

function parseList<T extends string>(value: string, allowed: readonly T[], option: string): T[] {
  return value.split(",").map((item) => {
    const name = item.trim().toLowerCase().replace(/-/g, "_");
    if (!(allowed as readonly string[]).includes(name))
      throw new CliError(`${option} must list ${allowed.join(", ")}; got "${item.trim()}"`, 2);
    return name as T;
  });
}

/** Sample types from a comma-separated option. */
export function parseTypes(value: string | undefined, option = "--type"): SampleType[] | undefined {
  return value === undefined ? undefined : parseList(value, SAMPLE_TYPES, option);
}

/** Review statuses from a comma-separated option. */
export function parseStatuses(
  value: string | undefined,
  option = "--status",
): AnnotationStatus[] | undefined {
  return value === undefined ? undefined : parseList(value, ANNOTATION_STATUSES, option);
}

/** A sample's status in words. */
export function statusWords(status: AnnotationStatus): string {
  return status.replace(/_/g, " ");
}

function indent(text: string, prefix = "  "): string {
  return text
    .split("\n")
    .map((line) => `${prefix}${line}`)
    .join("\n");
}

/** A sample in full, as `show` and `review` print it. Personal data is masked unless `includePii`. */
export function sampleText(sample: DatasetSample, includePii = false): string {
  const example = trainingExample(exportedContent(sample, includePii));
  const { factors, notes } = sample.quality;
  const findings = Object.entries(sample.privacyFindings);
  const lines = [
    `${sample.id}  ${sample.type}  ${statusWords(sample.status)}  quality ${sample.quality.score}`,
    `source:   ${sample.sourceKey} (${sample.polarity}, ${sample.strategy})${sample.sessionId ? `, session ${sample.sessionId}` : ""}`,
    "quality:",
    `  conversation clarity  ${factors.conversationClarity}  ${notes.conversationClarity}`,
    `  decision confidence   ${factors.decisionConfidence}  ${notes.decisionConfidence}`,
    `  fact verifiability    ${factors.factVerifiability}  ${notes.factVerifiability}`,
  ];
  if (sample.reviewReasons.length > 0) lines.push(`review:   ${sample.reviewReasons.join("; ")}`);
  lines.push(
    `privacy:  ${
      findings.length === 0
        ? "nothing found"
        : `${findings.map(([kind, count]) => `${kind} ${count}`).join(", ")}${sample.containsPii && !includePii ? " (personal data masked below)" : ""}`
    }`,
  );
  if (sample.notes) lines.push(`note:     ${sample.notes}`);
  if (sample.annotatedBy)
    lines.push(`reviewed: ${sample.annotatedBy}, ${new Date(sample.annotatedAt ?? 0).toISOString()}`);
  lines.push("context:", indent(example.input || "(none)"), "target:", indent(example.output || "(none)"));
  return lines.join("\n");
}
