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
  // An export holds the conversations: only its owner may read it.
  const target = options.output ? createWriteStream(options.output, { mode: 0o600 }) : io.stdout;
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

/**
 * `tacit prune [--older-than DAYS] [--retention-days DAYS] [--dry-run] [--yes]`: sessions idle for
 * longer than DAYS (without `--older-than`, the `retention.sessionDays` setting; neither: no session
 * is deleted), and the memory-file guardian's history older than its retention (always).
 */
export async function pruneCommand(
  options: GlobalOptions & {
    olderThan?: string;
    retentionDays?: string;
    json?: boolean;
    dryRun?: boolean;
    yes?: boolean;
  },
  io: CliIo,
): Promise<number> {
  const days = (value: string | undefined, option: string) => {
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!Number.isFinite(number) || number < 0)
      throw new CliError(`${option} must be a number of days, got "${value}"`);
    return number;
  };
  const { resolveConfig } = await import("../../config/load-config.js");
  const config = resolveConfig({ env: io.env, cwd: io.cwd }).values;
  const olderThan = days(options.olderThan, "--older-than") ?? config.retention.sessionDays;
  const retentionDays = days(options.retentionDays, "--retention-days");
  if (retentionDays === 0) throw new CliError("--retention-days must be more than 0");
  const before = olderThan === undefined ? null : io.now() - olderThan * 86_400_000;
  const matched =
    before === null
      ? { sessionsDeleted: 0, messagesDeleted: 0 }
      : await withStore(io, options, (store) => store.countPrunable(before), "read");
  const what = `${matched.sessionsDeleted} sessions (${matched.messagesDeleted} messages) inactive since ${before === null ? "-" : shortTime(before)}`;
  if (options.dryRun) {
    if (options.json) writeJson(io, { before, dryRun: true, ...matched });
    else
      writeLine(
        io.stdout,
        `Would prune ${what}, and the memory-file guardian's history older than its retention; nothing deleted (--dry-run).`,
      );
    return 0;
  }
  if (matched.sessionsDeleted > 0 && !options.yes && atTerminal(io)) {
    if (!(await confirm(io, `Delete ${what}, with everything they own?`))) {
      writeLine(io.stderr, "tacit: nothing deleted");
      return 1;
    }
  }
  const { pruneMemoryFileHistory } = await import("../../memory-files/retention.js");
  const result = await withStore(io, options, async (store) => ({
    sessions: before === null ? null : await store.prune(before),
    memoryFiles: await pruneMemoryFileHistory({
      store,
      now: io.now,
      settings: { ...config.memoryFiles, ...(retentionDays === undefined ? {} : { retentionDays }) },
    }),
  }));
  if (options.json) {
    writeJson(io, {
      before,
      ...(result.sessions ?? { sessionsDeleted: 0, messagesDeleted: 0 }),
      memoryFiles: result.memoryFiles,
    });
    return 0;
  }
  if (result.sessions && before !== null)
    writeLine(
      io.stdout,
      `Pruned ${result.sessions.sessionsDeleted} sessions (${result.sessions.messagesDeleted} messages) inactive since ${shortTime(before)}.`,
    );
  const pruned = result.memoryFiles;
  writeLine(
    io.stdout,
    `Pruned guardian history before ${shortTime(pruned.before)}: ${pruned.auditsDeleted} audits, ${pruned.snapshotsDeleted} snapshots, ${pruned.rollbacksDeleted} rollbacks, ${pruned.correctionsDeleted} corrections.`,
  );
  return 0;
}
