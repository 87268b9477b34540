import { createCapture } from "../../capture/capture.js";
import { errorHeadline } from "../../core/error-line.js";
import { ERROR_TYPES, type ErrorType } from "../../core/types.js";
import {
  CliError,
  type CliIo,
  oneLine,
  shortTime,
  withStore,
  writeJson,
  writeLine,
  writeListing,
} from "./cli-io.js";
import type { ListOptions } from "./session-commands.js";

/** `tacit errors list` */
export async function errorsList(
  options: ListOptions & { session?: string; type?: string; all?: boolean },
  io: CliIo,
): Promise<number> {
  if (options.type && !ERROR_TYPES.includes(options.type as ErrorType)) {
    throw new CliError(`--type must be one of ${ERROR_TYPES.join(", ")}, got "${options.type}"`);
  }
  // Oldest first, the latest `--limit` of them; counted whole, so a cut listing says how many more.
  const all = await withStore(
    io,
    options,
    (store) =>
      store.listErrors({
        limit: -1,
        sessionId: options.session,
        type: options.type as ErrorType | undefined,
        includeResolved: options.all,
      }),
    "read",
  );
  const errors = all.slice(-options.limit);
  return writeListing(io, options.json, errors, {
    total: all.length,
    empty: options.all ? "No errors recorded." : "No unresolved errors. (--all shows resolved ones too)",
    headers: ["ID", "TYPE", "TIME", "TOOL", "STATE", "MESSAGE"],
    row: (error) => [
      error.id,
      error.errorType,
      shortTime(error.createdAt),
      error.toolName ?? "-",
      error.resolved ? "resolved" : "open",
      oneLine(errorHeadline(error.message), 70),
    ],
  });
}

/** `tacit errors resolve ID` */
export async function errorsResolve(
  id: string,
  options: { db?: string; json?: boolean },
  io: CliIo,
): Promise<number> {
  const resolved = await withStore(io, options, (store) =>
    createCapture({ store, now: io.now }).resolveError(id),
  );
  if (!resolved) throw new CliError(`error ${id} not found (list them with: tacit errors list)`);
  if (options.json) writeJson(io, { id, resolved: true });
  else writeLine(io.stdout, `Resolved ${id}.`);
  return 0;
}

/** `tacit errors context SESSION`: the retry context (docs/design.md#retry-context) of a session or task. */
export async function errorsContext(
  sessionId: string | undefined,
  options: { db?: string; json?: boolean; task?: string; includeResolved?: boolean },
  io: CliIo,
): Promise<number> {
  if (!sessionId && !options.task) throw new CliError("give a session id, or --task ID");
  const result = await withStore(
    io,
    options,
    async (store) => {
      const capture = createCapture({ store, now: io.now });
      const filter = { sessionId, taskId: options.task };
      return {
        context: await capture.errorContext({ ...filter, includeResolved: options.includeResolved }),
        stats: await capture.errorStats(filter),
      };
    },
    "read",
  );
  if (options.json) writeJson(io, result);
  else writeLine(io.stdout, result.context || "No unresolved errors.");
  return 0;
}
