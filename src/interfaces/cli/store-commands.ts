import { once } from "node:events";
import { createWriteStream } from "node:fs";
import {
  CliError,
  type CliIo,
  type GlobalOptions,
  shortTime,
  table,
  withStore,
  writeJson,
  writeLine,
} from "./cli-io.js";
import { atTerminal, confirm } from "./confirm.js";

/** `tacit stats --llm`: model calls and tokens per UTC day, refusals and failures. */
async function llmStats(
  options: GlobalOptions & { json?: boolean; days: number },
  io: CliIo,
): Promise<number> {
  const spend = await withStore(
    io,
    options,
    (store) => store.llmCalls.dailySpend(options.days, io.now()),
    "read",
  );
  if (options.json) {
    writeJson(io, spend);
    return 0;
  }
  writeLine(
    io.stdout,
    table(
      ["DAY", "CALLS", "INPUT TOKENS", "OUTPUT TOKENS", "CHARGED", "FAILED", "REFUSED"],
      spend.map((day) => [
        day.day,
        String(day.calls),
        String(day.inputTokens),
        String(day.outputTokens),
        String(day.chargedTokens),
        String(day.failures),
        String(day.refused),
      ]),
    ),
  );
  return 0;
}

/** `tacit stats` */
export async function statsCommand(
  options: GlobalOptions & { json?: boolean; llm?: boolean; days?: number },
  io: CliIo,
): Promise<number> {
  if (options.llm) return llmStats({ ...options, days: options.days ?? 14 }, io);
  const stats = await withStore(
    io,
    options,
    async (store) => ({ database: store.location, ...(await store.stats()) }),
    "read",
  );
  if (options.json) {
    writeJson(io, stats);
    return 0;
  }
  const agents = Object.entries(stats.sessionsByAgent)
    .map(([agent, count]) => `${agent} ${count}`)
    .join(", ");
  writeLine(io.stdout, `database   ${stats.database}`);
  writeLine(io.stdout, `sessions   ${stats.sessions}${agents ? ` (${agents})` : ""}`);
  writeLine(io.stdout, `messages   ${stats.messages}`);
  writeLine(io.stdout, `tool calls ${stats.toolCalls} (${stats.toolErrors} failed)`);
  writeLine(io.stdout, `errors     ${stats.errors} (${stats.unresolvedErrors} unresolved)`);
  writeLine(io.stdout, `outcomes   ${stats.outcomes}`);
  writeLine(io.stdout, `activity   ${shortTime(stats.firstActivityAt)} → ${shortTime(stats.lastActivityAt)}`);
  return 0;
}

/** `tacit export conversations --format jsonl -o FILE`: one session per line with its messages. */
export async function exportConversations(
  options: GlobalOptions & { format: string; output?: string; json?: boolean },
  io: CliIo,
): Promise<number> {
  if (options.format !== "jsonl") throw new CliError(`--format must be jsonl, got "${options.format}"`);
  const target = options.output ? createWriteStream(options.output) : io.stdout;
  let sessions = 0;
  let messages = 0;
  await withStore(
    io,
    options,
    async (store) => {
      for (const session of await store.listSessions({ limit: -1 })) {
        const rows = await store.listMessages(session.id);
        // `id` first: a line is also a conversation as `tacit signals detect` reads it.
        const line = JSON.stringify({
          id: session.id,
          session,
          messages: rows.map((message) => ({
            seq: message.seq,
            role: message.role,
            kind: message.kind,
            content: message.content,
            ...(message.kind === "tool_call"
              ? {
                  toolName: message.toolName,
                  toolInput: message.toolInput,
                  toolOutput: message.toolOutput,
                  isError: message.isError,
                  toolUseId: message.toolUseId,
                }
              : {}),
            createdAt: message.createdAt,
          })),
        });
        if (!target.write(`${line}\n`)) await once(target, "drain");
        sessions++;
        messages += rows.length;
      }
    },
    "read",
  );
  if (options.output) {
    target.end();
    await once(target, "finish");
    const summary = { file: options.output, sessions, messages };
    if (options.json) writeJson(io, summary);
    else writeLine(io.stdout, `Exported ${sessions} sessions (${messages} messages) to ${options.output}.`);
  }
  return 0;
}

/** `tacit prune [--older-than DAYS] [--dry-run] [--yes]`; without `--older-than`, the `retention.sessionDays` setting. */
export async function pruneCommand(
  options: GlobalOptions & { olderThan?: string; json?: boolean; dryRun?: boolean; yes?: boolean },
  io: CliIo,
): Promise<number> {
  let days: number;
  if (options.olderThan === undefined) {
    const { resolveConfig } = await import("../../config/load-config.js");
    const configured = resolveConfig({ env: io.env, cwd: io.cwd }).values.retention.sessionDays;
    if (configured === undefined)
      throw new CliError("give --older-than DAYS, or set retention.sessionDays (tacit config set)");
    days = configured;
  } else {
    days = Number(options.olderThan);
    if (!Number.isFinite(days) || days < 0)
      throw new CliError(`--older-than must be a number of days, got "${options.olderThan}"`);
  }
  const before = io.now() - days * 86_400_000;
  const matched = await withStore(io, options, (store) => store.countPrunable(before), "read");
  const what = `${matched.sessionsDeleted} sessions (${matched.messagesDeleted} messages) inactive since ${shortTime(before)}`;
  if (options.dryRun) {
    if (options.json) writeJson(io, { before, dryRun: true, ...matched });
    else writeLine(io.stdout, `Would prune ${what}; nothing deleted (--dry-run).`);
    return 0;
  }
  if (matched.sessionsDeleted > 0 && !options.yes && atTerminal(io)) {
    if (!(await confirm(io, `Delete ${what}, with everything they own?`))) {
      writeLine(io.stderr, "tacit: nothing deleted");
      return 1;
    }
  }
  const result = await withStore(io, options, (store) => store.prune(before));
  if (options.json) writeJson(io, { before, ...result });
  else
    writeLine(
      io.stdout,
      `Pruned ${result.sessionsDeleted} sessions (${result.messagesDeleted} messages) inactive since ${shortTime(before)}.`,
    );
  return 0;
}
