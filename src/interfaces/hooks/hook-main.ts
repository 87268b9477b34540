/**
 * `tacit hook [--agent claude-code|codex] [--db PATH]` handled in one process: what the resident
 * hook daemon runs for each event, and what hook-client.ts (where the CLI's main module dispatches
 * `tacit hook` before loading commander) runs when no daemon answers. A tool event (the one that
 * fires on every tool call) is validated and spooled beside the database without loading SQLite
 * (see hook-spool.ts); every other event loads the store (hook-capture.ts), and the prompt events
 * load recall too.
 *
 * It never breaks the agent: whatever happens it exits 0, prints nothing but the agent's JSON, and
 * writes failures to `$TACIT_HOME/logs/hook-YYYY-MM-DD.log`. It never keeps the agent waiting past
 * the event's deadline (hook-deadline.ts): a database locked longer than that gets the event's
 * records spooled instead, a prompt then answers nothing, and the spool is stored by the next
 * event that finds the database free.
 */

import type { Writable } from "node:stream";
import * as z from "zod/mini";
import { InvalidInputError, isBusyError, StoreError } from "../../core/errors.js";
import { isHostModelPath, isHostModelRun } from "../../models/host-agent/host-model-guard.js";
import { resolveDatabaseLocation } from "../../store/open-store.js";
import { securePrivateHome } from "../../store/private-files.js";
import { tacitHome } from "../../store/tacit-home.js";
import { hookClientSettings } from "./hook-client-settings.js";
import { eventDeadlineMs } from "./hook-deadline.js";
import { HOOK_AGENTS, type HookAgent, parseHookInput } from "./hook-event.js";
import { drainInbox, type InboxHeader } from "./hook-inbox.js";
import { logHookFailure } from "./hook-log.js";
import { type HookOutput, writeOutput } from "./hook-output.js";
import { eventRecords } from "./hook-session.js";
import { spoolDirectory, spoolRecord } from "./hook-spool.js";
import { fs } from "./node-builtins.js";

const { readFileSync } = fs;

/** What the hook touches outside itself, passed in so tests can drive it. */
export interface HookIo {
  /**
   * The payload: a stream, or a file descriptor read synchronously (the CLI passes 0: reading the
   * descriptor skips building `process.stdin`, which costs more than the rest of a tool event), or
   * the bytes already read (by hook-client.ts, or by the daemon from its socket).
   */
  stdin: NodeJS.ReadableStream | number | Buffer;
  /** Where the answer goes: a stream, or a descriptor written synchronously (the CLI passes 1). */
  stdout: HookOutput;
  env: NodeJS.ProcessEnv;
  cwd: string;
  now: () => number;
  /**
   * Store a tool event right after spooling it (the hook daemon, which keeps the store open and
   * handles tool events after the agent moved on). Off in a hook's own process: a tool event there
   * loads no SQLite, and the next prompt-level event stores the spool.
   */
  storeToolEvents?: boolean;
  /**
   * Takes work the answer does not depend on (the hook daemon: it runs it once the answer is sent,
   * before the next event, so spawning the background learner at Stop, about 8 ms, and recording
   * what the guard answered a PreToolUse are off the agent's path). Absent: the work is done at once.
   */
  afterAnswer?: (work: () => void | Promise<void>) => void;
  /**
   * When the event must be done by, a `performance.now()` time: set by whoever started the clock
   * (the hook client, the daemon from the client's remaining time). Absent: the event's deadline
   * from now.
   */
  deadlineAt?: number;
}

/** Payloads beyond this are not read (a tool response is truncated at capture long before). */
const MAX_STDIN_BYTES = 32 * 1024 * 1024;

/** Runs one hook event from `io.stdin`. Never throws and never rejects. */
export async function runHook(argv: readonly string[], io: HookIo): Promise<void> {
  // Fired by tacit's own model run (see host-model-guard.ts): nothing at all.
  if (isHostModelRun(io.env)) return;
  const started = performance.now();
  let eventName = "(unread)";
  try {
    // Read the payload first, whatever follows: an agent writing a large one must not hit a closed pipe.
    const input = await readAll(io.stdin);
    const options = parseArguments(argv);
    const parsed = parseHookInput(input);
    if (parsed.kind === "ignored") return;
    if (parsed.kind === "invalid") {
      logHookFailure(io, `${options.agent}: invalid hook payload: ${parsed.reason}`);
      return;
    }
    const event = parsed.event;
    const home = tacitHome(io.env);
    // A session working in tacit's host-model folder is tacit's own model run, not the user's.
    if (isHostModelPath(event.cwd ?? io.cwd, home, fs.realpathSync.native)) return;
    eventName = `${options.agent} ${event.hook_event_name}`;
    // A home other users can read is tightened, and the hook log says so (stderr is the agent's).
    const tightened = securePrivateHome(home);
    if (tightened) logHookFailure(io, tightened);
    const location = resolveDatabaseLocation({ db: options.db, env: io.env, cwd: io.cwd });
    if (location.kind !== "sqlite") throw new StoreError("hooks need a SQLite database (TACIT_DATABASE_URL)");
    const toolEvent =
      event.hook_event_name === "PostToolUse" || event.hook_event_name === "PostToolUseFailure";
    // A PreToolUse holds the tool call up: it gets a tool event's deadline, not a prompt's.
    const deadlineMs = eventDeadlineMs(
      hookClientSettings(io.env),
      toolEvent || event.hook_event_name === "PreToolUse",
    );
    const spool = spoolDirectory(location.path);
    // One instant for the whole event, so records spooled after a busy store get the same ids.
    const now = io.now();
    const timed = { ...io, now: () => now, deadlineAt: io.deadlineAt ?? started + deadlineMs };
    try {
      if (toolEvent) {
        for (const record of eventRecords(event, { agent: options.agent, now }))
          spoolRecord(spool, record, now);
        if (io.storeToolEvents) {
          const { storeSpool } = await import("./hook-capture.js");
          await storeSpool(location.path, timed);
        }
        return;
      }
      const { captureHookEvent } = await import("./hook-capture.js");
      const output = await captureHookEvent(event, { ...options, databasePath: location.path }, timed);
      if (output) await writeOutput(io.stdout, `${output}\n`);
    } catch (error) {
      if (!isBusyError(error)) throw error;
      // Locked past the deadline: keep the event on disk (ids are stable: what was stored already
      // is not stored twice) and let the agent go on.
      if (!toolEvent)
        for (const record of eventRecords(event, { agent: options.agent, now }))
          spoolRecord(spool, record, now);
      logHookFailure(
        io,
        `${eventName}: database busy past the ${deadlineMs} ms deadline; the event waits in the spool (${(error as Error).message})`,
      );
    }
  } catch (error) {
    logHookFailure(io, `${eventName}: ${(error as Error)?.stack ?? String(error)}`);
  }
}

/** Built when an inbox is first drained, never on the tool-event path. */
let inboxHeaderSchema: z.ZodMiniType<InboxHeader> | undefined;
const inboxHeader = () =>
  (inboxHeaderSchema ??= z.object({
    argv: z.array(z.string()),
    cwd: z.string(),
    env: z.record(z.string(), z.string()),
    now: z.number(),
  }));

/** Where queued events' answers go (nobody waits for them); made on first use. */
let discarded: Writable | undefined;
async function discardOutput(): Promise<Writable> {
  if (!discarded) {
    // Loaded here, not on the tool-event path: node:stream's modules cost more than the spool.
    const { Writable } = await import("node:stream");
    discarded = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  }
  return discarded;
}

/**
 * Handles every event queued in a daemon's inbox (hook-inbox.ts), oldest first, each with the
 * argv, cwd, environment and clock it was queued with, so it is stored as if handled at once.
 * Never throws: failures go to the hook log of `io.env`.
 */
export async function runQueuedHooks(
  directory: string,
  io: { env: NodeJS.ProcessEnv; now: () => number; storeToolEvents?: boolean },
): Promise<void> {
  try {
    const schema = inboxHeader();
    const discard = await discardOutput();
    await drainInbox(
      directory,
      async (entry) => {
        const parsed = z.safeParse(schema, entry.header);
        if (!parsed.success) {
          logHookFailure(io, `${entry.file}: not a queued hook event`);
          return;
        }
        const header = parsed.data;
        await runHook(header.argv, {
          stdin: entry.payload,
          stdout: discard,
          env: header.env,
          cwd: header.cwd,
          now: () => header.now,
          storeToolEvents: io.storeToolEvents,
        });
      },
      (message) => logHookFailure(io, message),
    );
  } catch (error) {
    logHookFailure(io, `draining the hook inbox: ${(error as Error)?.stack ?? String(error)}`);
  }
}

function parseArguments(argv: readonly string[]): { agent: HookAgent; db?: string } {
  let agent: HookAgent = "claude-code";
  let db: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    const value = argv[index + 1];
    if (argument === "--agent" && value !== undefined) {
      if (!(HOOK_AGENTS as readonly string[]).includes(value)) {
        throw new InvalidInputError({
          message: `must be one of ${HOOK_AGENTS.join(", ")}, got "${value}"`,
          field: "--agent",
        });
      }
      agent = value as HookAgent;
      index++;
    } else if (argument === "--db" && value !== undefined) {
      db = value;
      index++;
    } else {
      throw new InvalidInputError({
        message: `unknown hook argument "${argument}"`,
        field: String(argument),
      });
    }
  }
  return db === undefined ? { agent } : { agent, db };
}

async function readAll(input: HookIo["stdin"]): Promise<string> {
  if (Buffer.isBuffer(input)) return checkedText(input);
  if (typeof input === "number") {
    try {
      return checkedText(readFileSync(input));
    } catch (error) {
      // A non-blocking descriptor cannot be read synchronously: read it as a stream instead.
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      return readAll(process.stdin);
    }
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_STDIN_BYTES) checkedText(Buffer.alloc(0), size);
    chunks.push(buffer);
  }
  return checkedText(Buffer.concat(chunks));
}

function checkedText(bytes: Buffer, size = bytes.length): string {
  if (size > MAX_STDIN_BYTES) {
    throw new InvalidInputError({
      message: `hook payload larger than ${MAX_STDIN_BYTES} bytes`,
      field: "stdin",
    });
  }
  return bytes.toString("utf8");
}
