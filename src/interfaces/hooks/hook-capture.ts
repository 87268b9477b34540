/**
 * The part of `tacit hook` that opens the store: every event but the tool events, which the lean
 * entry spools. Loaded lazily by hook-main.ts.
 */
import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { createCapture } from "../../capture/capture.js";
import { isBusyError } from "../../core/errors.js";
import { makePrivateDirectory, PRIVATE_FILE_MODE } from "../../store/private-files.js";
import { withBusyDeadline } from "../../store/sqlite/sqlite-database.js";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { cliEntry } from "./cli-entry.js";
import { handleHookEvent, storeSpooled } from "./handle-hook.js";
import type { HookConfig } from "./hook-config.js";
import { mayBeConfigured } from "./hook-config-probe.js";
import type { HookAgent, HookEvent } from "./hook-event.js";
import { hookLogPath, logHookFailure } from "./hook-log.js";
import type { HookIo } from "./hook-main.js";
import { hasSpooled, spoolDirectory } from "./hook-spool.js";

/**
 * The longest single wait inside SQLite for the database lock, ms. Waiting longer is retried in
 * steps up to the event's deadline (see `withBusyDeadline`), so no wait outlasts it by more.
 */
const BUSY_SLICE_MS = 50;

/**
 * Captures one event into the database at `databasePath` and returns what to print (or "").
 * Throws on failure; the caller logs it.
 */
export async function captureHookEvent(
  event: HookEvent,
  options: { agent: HookAgent; databasePath: string; db?: string },
  io: HookIo & { deadlineAt: number },
): Promise<string> {
  return withBusyDeadline(io.deadlineAt, () => captureWithin(event, options, io));
}

async function captureWithin(
  event: HookEvent,
  options: { agent: HookAgent; databasePath: string; db?: string },
  io: HookIo & { deadlineAt: number },
): Promise<string> {
  const config = await eventConfig(io, event.cwd ?? io.cwd);
  const store = storeFor(options.databasePath);
  // Work after the answer, within the event's deadline as if it were before: only where the store
  // stays open after the event (the hook daemon's).
  const afterAnswer = openStores ? io.afterAnswer : undefined;
  const deferred = afterAnswer
    ? (work: () => Promise<void>) => afterAnswer(() => withBusyDeadline(io.deadlineAt, work))
    : undefined;
  try {
    const capture = createCapture({ store, now: io.now, ...(config ? { config: config.capture } : {}) });
    const result = await handleHookEvent(event, {
      agent: options.agent,
      capture,
      store,
      now: io.now,
      recall: async (request) => {
        const { recallForHook } = await import("./hook-recall.js");
        return recallForHook({ store, config, now: io.now }, request);
      },
      spawnLearner:
        config && !config.hooks.backgroundLearn
          ? undefined
          : (sessionId) => {
              const spawnIt = () => spawnLearner(sessionId, options.db, io);
              if (io.afterAnswer) io.afterAnswer(spawnIt);
              else spawnIt();
            },
      spoolDirectory: spoolDirectory(options.databasePath),
      warn: (message) => logHookFailure(io, message),
      deadlinePassed: () => performance.now() > io.deadlineAt,
      // Claude Code's transcripts share the hooks' ids (live-session-fill.ts); Codex's do not.
      ...(options.agent === "claude-code"
        ? {
            reconcile: async (transcriptPath: string, sessionId: string) => {
              const { reconcileTranscript } = await import("./hook-reconcile.js");
              await reconcileTranscript({ capture, store, now: io.now }, transcriptPath, sessionId);
            },
            markTranscriptStart: async (transcriptPath: string) => {
              // Most sessions start with no transcript yet, or one read before: nothing to load.
              if (!existsSync(transcriptPath) || (await store.getImportFile(transcriptPath)) !== null) return;
              const { markTranscriptStart } = await import("./hook-reconcile.js");
              await markTranscriptStart({ capture, store, now: io.now }, transcriptPath);
            },
          }
        : {}),
      guard: async () => {
        const { createHookGuard } = await import("./hook-guard.js");
        return createHookGuard({
          agent: options.agent,
          store,
          settings: config?.guard ?? null,
          ...(config ? { redaction: config.capture.redaction } : {}),
          now: io.now,
          // A tool call's records, once the answer is sent.
          ...(deferred ? { defer: deferred } : {}),
        });
      },
      // The guard following a prompt, once the prompt is answered.
      ...(deferred ? { afterAnswer: deferred } : {}),
    });
    return result.stdout ?? "";
  } finally {
    if (!openStores) await store.close();
  }
}

/**
 * Moves the spooled tool events of the database at `databasePath` into it (see `storeSpooled`): the
 * hook daemon does this right after spooling a tool event, off the agent's path, so the next prompt
 * event has none left to write before it can answer. Throws on failure (the spool stays for the
 * next event); the caller logs it.
 */
export async function storeSpool(
  databasePath: string,
  io: Pick<HookIo, "env" | "now"> & { cwd?: string; deadlineAt: number },
): Promise<void> {
  await withBusyDeadline(io.deadlineAt, () => storeSpoolWithin(databasePath, io));
}

async function storeSpoolWithin(
  databasePath: string,
  io: Pick<HookIo, "env" | "now"> & { cwd?: string },
): Promise<void> {
  const config = await eventConfig(io, io.cwd);
  const store = storeFor(databasePath);
  try {
    await storeSpooled({
      capture: createCapture({ store, now: io.now, ...(config ? { config: config.capture } : {}) }),
      store,
      now: io.now,
      spoolDirectory: spoolDirectory(databasePath),
      warn: (message) => logHookFailure(io, message),
    });
  } finally {
    if (!openStores) await store.close();
  }
}

/**
 * Stores what a busy database left in the spool of each of `databases` (the hook daemon's health
 * check), each within `deadlineMs` (a tool event's deadline): nothing waits for the next event once
 * the lock clears. A database still busy keeps its files for the next try; other failures go to
 * `fail`. The capture settings are the user's (no event, so no project folder).
 */
export async function storeLeftoverSpools(
  databases: readonly string[],
  io: Pick<HookIo, "env" | "now">,
  deadlineMs: number,
  fail: (message: string) => void,
): Promise<void> {
  for (const database of databases) {
    if (!hasSpooled(spoolDirectory(database))) continue;
    try {
      await storeSpool(database, { ...io, deadlineAt: performance.now() + deadlineMs });
    } catch (error) {
      if (!isBusyError(error)) fail(`storing the spool of ${database}: ${(error as Error).message}`);
    }
  }
}

/**
 * The configuration of an event in `cwd` (hook-config.ts), or null for the defaults when nothing
 * may set a value: then the configuration and zod are never loaded.
 */
async function eventConfig(
  io: Pick<HookIo, "env" | "now">,
  cwd: string | undefined,
): Promise<HookConfig | null> {
  if (!mayBeConfigured(io.env, cwd)) return null;
  const { hookConfig } = await import("./hook-config.js");
  return hookConfig(io, cwd);
}

/** The store of a database: the one kept open (hook daemon), else a new one the caller closes. */
function storeFor(databasePath: string): SqliteStore {
  const kept = openStores?.get(databasePath);
  const store = kept ?? new SqliteStore({ path: databasePath, busyTimeoutMs: BUSY_SLICE_MS });
  if (openStores && !kept) openStores.set(databasePath, store);
  return store;
}

/** Stores kept open between events, by database path: only in the hook daemon. */
let openStores: Map<string, SqliteStore> | null = null;

/**
 * Keeps each database open after its first event instead of closing it after every event (the
 * hook daemon's choice: it saves opening the file, checking migrations and loading sqlite-vec per
 * event). Returns the function that closes them all, for the daemon's exit or a vanished file.
 */
export function keepStoresOpen(): { close: (path?: string) => Promise<void> } {
  openStores ??= new Map();
  const stores = openStores;
  return {
    close: async (path) => {
      for (const [key, store] of [...stores]) {
        if (path !== undefined && key !== path) continue;
        stores.delete(key);
        await store.close();
      }
    },
  };
}

/**
 * Starts `tacit learn --session ID` detached, so it outlives the hook and the agent never waits for
 * it. Its stderr goes to the hook log; the model gate's daily ceiling bounds what it may spend.
 */
function spawnLearner(sessionId: string, db: string | undefined, io: HookIo): void {
  const [node, ...entry] = cliEntry() as [string, ...string[]];
  const log = openLog(io);
  try {
    const child = spawn(
      node,
      [...entry, ...(db ? ["--db", db] : []), "learn", "--session", sessionId, "--no-progress"],
      { cwd: io.cwd, env: io.env, detached: true, stdio: ["ignore", "ignore", log ?? "ignore"] },
    );
    child.on("error", (error) => logHookFailure(io, `background learner: ${error.stack ?? error.message}`));
    child.unref();
  } finally {
    if (log !== null) closeSync(log);
  }
}

function openLog(io: HookIo): number | null {
  try {
    const path = hookLogPath(io);
    makePrivateDirectory(dirname(path));
    return openSync(path, "a", PRIVATE_FILE_MODE);
  } catch (error) {
    // The learner still runs, with its stderr discarded; the reason goes wherever a log can.
    logHookFailure(io, `cannot open the hook log for the background learner: ${(error as Error).message}`);
    return null;
  }
}
