import { errorHeadline } from "./error-line.js";
import type { ErrorEntry, ErrorStats, ErrorType } from "./types.js";
import { ERROR_TYPES } from "./types.js";

const CLASSIFIERS: ReadonlyArray<{ type: ErrorType; pattern: RegExp }> = [
  { type: "timeout", pattern: /\btim(?:ed|e)\s?out\b|ETIMEDOUT|deadline exceeded|超时/i },
  {
    type: "validation",
    pattern:
      /\b(?:type ?error|TS\d{4}|schema|invalid|validation|expected .+ got|syntax ?error|lint)\b|校验|类型错误/i,
  },
  {
    type: "conflict",
    pattern: /\b(?:conflict|already exists|EEXIST|locked|lock file|merge conflict)\b|冲突/i,
  },
];

/**
 * Classifies an error message into the error types (docs/design.md#retry-context). A failed tool call that
 * matches no specific pattern is a `tool_failure`; anything else is `unknown`.
 */
export function classifyError(message: string, options: { fromTool: boolean }): ErrorType {
  // The head of an error says what kind it is; long outputs mention every word somewhere.
  const head = message.slice(0, 300);
  for (const classifier of CLASSIFIERS) {
    if (classifier.pattern.test(head)) return classifier.type;
  }
  return options.fromTool ? "tool_failure" : "unknown";
}

/** Counts errors by type. */
export function computeErrorStats(errors: readonly ErrorEntry[]): ErrorStats {
  const byType: Partial<Record<ErrorType, number>> = {};
  let unresolved = 0;
  for (const error of errors) {
    byType[error.errorType] = (byType[error.errorType] ?? 0) + 1;
    if (!error.resolved) unresolved++;
  }
  return { total: errors.length, unresolved, byType };
}

/**
 * Renders the retry context ("## Previous errors", docs/design.md#retry-context): unresolved
 * errors grouped by type, with context, tool and time, then the questions to consider. Empty string
 * when there is nothing to say.
 * `timeZone` defaults to UTC so output is reproducible.
 */
export function formatErrorContext(
  errors: readonly ErrorEntry[],
  options: { includeResolved?: boolean; maxPerType?: number; timeZone?: string } = {},
): string {
  const shown = errors.filter((error) => options.includeResolved || !error.resolved);
  if (shown.length === 0) return "";
  const maxPerType = options.maxPerType ?? 5;
  const lines = ["## Previous errors", "", "The following errors occurred during execution:", ""];
  for (const type of ERROR_TYPES) {
    const ofType = shown.filter((error) => error.errorType === type);
    if (ofType.length === 0) continue;
    lines.push(`### ${type} (${ofType.length} error${ofType.length === 1 ? "" : "s"})`, "");
    for (const error of ofType.slice(-maxPerType)) {
      lines.push(`- **${clip(errorHeadline(error.message), 200)}**${error.resolved ? " (resolved)" : ""}`);
      if (error.context) lines.push(`  - Context: ${firstLine(error.context, 200)}`);
      if (error.toolName) lines.push(`  - Tool: ${error.toolName}`);
      lines.push(`  - Time: ${formatTime(error.createdAt, options.timeZone ?? "UTC")}`);
    }
    if (ofType.length > maxPerType) lines.push(`- …and ${ofType.length - maxPerType} earlier`);
    lines.push("");
  }
  lines.push(
    "**Action required**: resolve these errors before continuing. Consider:",
    "- What caused each error?",
    "- How can similar errors be prevented?",
    "- Is there a pattern across the error types?",
  );
  return lines.join("\n");
}

function firstLine(text: string, maxChars: number): string {
  return clip(text.trim().split("\n", 1)[0] ?? "", maxChars);
}

function clip(line: string, maxChars: number): string {
  return line.length > maxChars ? `${line.slice(0, maxChars - 1)}…` : line;
}

function formatTime(epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(epochMs));
}
