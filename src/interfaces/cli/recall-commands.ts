import { readFile } from "node:fs/promises";
import { findProjectId } from "../../capture/project.js";
import {
  compactHistory,
  fromClaudeCodeTranscript,
  type HistoryMessage,
  parseHistoryMessages,
} from "../../core/compaction/index.js";
import { InvalidInputError } from "../../core/errors.js";
import { describeJsonError } from "../../core/json-error.js";
import { recall } from "../../recall/recall.js";
import { reindex } from "../../recall/reindex.js";
import type { Store } from "../../store/store.js";
import { type CliIo, type GlobalOptions, oneLine, withRuntime, writeJson, writeLine } from "./cli-io.js";

export interface RecallCommandOptions extends GlobalOptions {
  project?: string;
  session?: string;
  json?: boolean;
  explain?: boolean;
}

/**
 * `tacit recall "QUERY"`: what tacit would inject for this prompt. `--json` prints the stable
 * contract `{"context", "items": [{"kind", "id", "text", "score", "parts"}]}` (`--explain` adds
 * `rejected` and `liveSignals`). The project defaults to the current directory's (git root or cwd).
 * A recall made for a session (`--session`) is logged, so the task's outcome feeds back into it.
 */
export async function recallCommand(
  query: string,
  options: RecallCommandOptions,
  io: CliIo,
): Promise<number> {
  const projectId = options.project ?? findProjectId(io.cwd);
  // Only a logged recall (--session) or the model filter (its calls are logged) writes anything.
  const { resolveConfig } = await import("../../config/load-config.js");
  const llmFilter = resolveConfig({ env: io.env, cwd: io.cwd }).values.recall.llmFilter;
  const access = options.session || llmFilter ? "write" : "read";
  const { result, elsewhere } = await withRuntime(
    io,
    options,
    async (runtime) => {
      const result = await recall(
        {
          store: runtime.store,
          embedder: runtime.embedder,
          now: runtime.now,
          gate: runtime.gate,
          config: runtime.settings.recall,
        },
        { query, projectId, sessionId: options.session ?? null, log: Boolean(options.session) },
      );
      return { result, elsewhere: result.context ? [] : await lessonsElsewhere(runtime.store, projectId) };
    },
    access,
  );
  if (options.json) {
    writeJson(io, {
      context: result.context,
      items: result.items,
      ...(options.explain ? { rejected: result.rejected, liveSignals: result.liveSignals } : {}),
    });
    return 0;
  }
  if (!result.context) {
    writeLine(io.stdout, `Nothing relevant to inject for this prompt (project ${projectId}).`);
    if (elsewhere.length > 0) {
      const count = elsewhere.reduce((sum, project) => sum + project.lessons, 0);
      const shown = elsewhere.slice(0, 3).map((project) => `${project.projectId} (${project.lessons})`);
      const more = elsewhere.length > 3 ? `, and ${elsewhere.length - 3} more` : "";
      writeLine(
        io.stdout,
        `This project has no lessons; ${count} lesson(s) belong to other projects: ${shown.join(", ")}${more}. ` +
          "Lessons are kept per project: run tacit from that project's folder, or pass --project PATH.",
      );
    }
  } else {
    writeLine(io.stdout, result.context);
    writeLine(io.stdout);
    writeLine(io.stdout, `${result.items.length} item(s), ~${result.tokens} tokens:`);
    for (const item of result.items)
      writeLine(io.stdout, `  ${item.kind.padEnd(8)} ${item.score.toFixed(3)}  ${item.id}`);
  }
  if (options.explain) {
    if (result.liveSignals.length) writeLine(io.stdout, `live signals: ${result.liveSignals.join(", ")}`);
    writeLine(io.stdout, `rejected (${result.rejected.length}):`);
    for (const item of result.rejected.slice(0, 10)) {
      writeLine(io.stdout, `  ${item.kind.padEnd(8)} ${item.score.toFixed(3)}  ${oneLine(item.text, 70)}`);
      writeLine(io.stdout, `           ${item.reason}`);
    }
    if (result.rejected.length > 10)
      writeLine(io.stdout, `  … ${result.rejected.length - 10} more (--json --explain lists them all)`);
  }
  return 0;
}

/**
 * The other projects that have lessons, most first, when `projectId` sees none (neither its own
 * nor global ones); empty otherwise.
 */
async function lessonsElsewhere(
  store: Pick<Store, "listLessons">,
  projectId: string,
): Promise<Array<{ projectId: string; lessons: number }>> {
  const visible = await store.listLessons({ projectId, limit: 1 });
  if (visible.length > 0) return [];
  const byProject = new Map<string, number>();
  for (const lesson of await store.listLessons({ limit: -1 })) {
    if (lesson.status === "archived" || lesson.projectId === null) continue;
    byProject.set(lesson.projectId, (byProject.get(lesson.projectId) ?? 0) + 1);
  }
  return [...byProject]
    .map(([id, lessons]) => ({ projectId: id, lessons }))
    .sort((a, b) => b.lessons - a.lessons || a.projectId.localeCompare(b.projectId));
}

/** `tacit reindex`: rebuilds the vector and lesson full-text indexes with the current embedder. */
export async function reindexCommand(
  options: GlobalOptions & { json?: boolean },
  io: CliIo,
): Promise<number> {
  const result = await withRuntime(io, options, (runtime) =>
    reindex({ store: runtime.store, embedder: runtime.embedder }),
  );
  if (options.json) writeJson(io, result);
  else
    writeLine(
      io.stdout,
      `Reindexed ${result.lessons} lessons and ${result.messages} evidence messages with ${result.embedder}.`,
    );
  return 0;
}

/**
 * `tacit compact FILE`: compacts a long agent history (a Claude Code transcript, or OpenAI-style
 * messages as JSON, JSONL or `{"messages": […]}`) into four messages (docs/design.md#compaction).
 */
export async function compactCommand(
  file: string,
  options: { json?: boolean; window?: number; instruction?: string },
  io: CliIo,
): Promise<number> {
  const messages = readHistory(file, await readFile(file, "utf8"));
  const result = compactHistory({ messages, windowLimit: options.window, instruction: options.instruction });
  if (options.json) {
    writeJson(io, result);
    return 0;
  }
  for (const [index, message] of result.messages.entries()) {
    writeLine(io.stdout, `── message ${index} (${message.role})`);
    writeLine(io.stdout, message.content ?? "");
  }
  const { stats } = result;
  writeLine(
    io.stderr,
    `${stats.inputMessages} messages, ${stats.loopRecords} tool records (${stats.foldedRecords} folded, ${stats.windowRecords} in the window, ${stats.trimmedObservations} observations trimmed): ~${stats.inputTokens} → ~${stats.outputTokens} tokens (${Math.round(stats.savedRatio * 100)}% saved)`,
  );
  return 0;
}

/** Reads a history file in any supported shape; errors name the file and line. */
function readHistory(file: string, text: string): HistoryMessage[] {
  const trimmed = text.trim();
  if (trimmed === "") throw new InvalidInputError({ message: "empty file", file });
  if (trimmed.startsWith("[") || (trimmed.startsWith("{") && !trimmed.includes("\n"))) {
    const value = parseJson(trimmed, file, 1);
    const list = Array.isArray(value) ? value : (value as { messages?: unknown }).messages;
    return parseHistoryMessages(list);
  }
  const records = trimmed.split("\n").map((line, index) => parseJson(line, file, index + 1));
  const first = records[0] as Record<string, unknown>;
  if (
    "sessionId" in first ||
    first.type === "user" ||
    first.type === "assistant" ||
    first.type === "summary"
  ) {
    return fromClaudeCodeTranscript(records);
  }
  if (records.length === 1 && Array.isArray(first.messages)) return parseHistoryMessages(first.messages);
  return parseHistoryMessages(records);
}

function parseJson(text: string, file: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // A prompt may hold a secret, and the parser's message quotes it: say where, never what.
    void error;
    throw new InvalidInputError({ message: `invalid JSON: ${describeJsonError(text)}`, file, line });
  }
}
