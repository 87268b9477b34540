import type { AgentKind } from "../../core/types.js";
import {
  CliError,
  type CliIo,
  type GlobalOptions,
  oneLine,
  shortTime,
  withStore,
  writeJson,
  writeLine,
  writeListing,
} from "./cli-io.js";

export interface ListOptions extends GlobalOptions {
  json?: boolean;
  limit: number;
}

/** `tacit sessions list` */
export async function sessionsList(
  options: ListOptions & { agent?: AgentKind; project?: string },
  io: CliIo,
) {
  const filter = { agent: options.agent, projectId: options.project };
  const { sessions, total } = await withStore(
    io,
    options,
    async (store) => ({
      sessions: await store.listSessions({ ...filter, limit: options.limit }),
      total: await store.countSessions(filter),
    }),
    "read",
  );
  return writeListing(io, options.json, sessions, {
    total,
    empty: "No sessions captured yet. Import some with: tacit import ~/.claude/projects",
    headers: ["ID", "AGENT", "LAST ACTIVITY", "MSGS", "TOOLS", "ERRS", "PROJECT"],
    row: (session) => [
      session.id,
      session.agent,
      shortTime(session.lastActivityAt),
      String(session.messageCount),
      String(session.toolCallCount),
      String(session.toolErrorCount),
      session.projectId ?? "-",
    ],
  });
}

/** `tacit sessions show ID` */
export async function sessionsShow(id: string, options: ListOptions, io: CliIo) {
  const result = await withStore(
    io,
    options,
    async (store) => {
      const session = await store.getSession(id);
      if (!session) return null;
      return { session, messages: await store.listMessages(id, { limit: options.limit }) };
    },
    "read",
  );
  if (!result) throw new CliError(`session ${id} not found (list them with: tacit sessions list)`);
  if (options.json) {
    writeJson(io, result);
    return 0;
  }
  const { session, messages } = result;
  writeLine(io.stdout, `${session.id}  (${session.agent}, ${session.messageCount} messages)`);
  writeLine(io.stdout, `project: ${session.projectId ?? "-"}  branch: ${session.gitBranch ?? "-"}`);
  writeLine(io.stdout, `from ${shortTime(session.createdAt)} to ${shortTime(session.lastActivityAt)}`);
  writeLine(io.stdout);
  for (const message of messages) {
    const marker = message.isError ? " ERROR" : "";
    if (message.kind === "tool_call") {
      writeLine(
        io.stdout,
        `#${message.seq} tool ${message.toolName ?? "?"}${marker}: ${oneLine(message.toolInput ?? "", 100)}`,
      );
      if (message.toolOutput) writeLine(io.stdout, `    → ${oneLine(message.toolOutput, 120)}`);
    } else {
      writeLine(
        io.stdout,
        `#${message.seq} ${message.role}${message.kind === "text" ? "" : ` (${message.kind})`}: ${oneLine(message.content, 140)}`,
      );
    }
  }
  if (messages.length < session.messageCount) {
    writeLine(io.stdout, `… ${session.messageCount - messages.length} more (use --limit)`);
  }
  return 0;
}
