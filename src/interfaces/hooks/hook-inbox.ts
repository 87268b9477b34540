/**
 * The daemon's inbox: how a tool event stays as cheap as starting node while the daemon runs.
 *
 * A tool event has nothing to answer, and handling it (validating, redacting, storing) is the
 * daemon's work, not the agent's wait. While the daemon runs, a tool event is one file (temporary
 * name, then rename) in `$TACIT_HOME/hook-<hash>.inbox/`, with the argv, cwd, `TACIT_*` environment
 * and time it is to be handled with. The daemon writes it itself for an event it reads from a FIFO
 * pair or its socket (`queueToolEvent`), and answers at once; hook-client.ts writes it when no pair
 * is free or the pair's daemon is gone (a killed daemon leaves its socket behind). The daemon
 * watches the folder and hands each file to `runHook` (which validates, redacts and spools it
 * exactly as in process) in its queue, then deletes it. If the daemon is gone, the next hook that
 * handles an event in process drains the inbox first, so nothing waits longer than the next prompt.
 *
 * An inbox file holds the payload redacted with the built-in rules (capture applies the configured
 * ones too), whoever wrote it: the folder is 0700, the files 0600, and they live for milliseconds
 * while the daemon runs (until the next prompt-level event if it was killed).
 *
 * This module is loaded by hook-client.ts for a tool event it queues itself: node built-ins only.
 */

import { describeJsonError } from "../../core/json-error.js";
import { withoutBom } from "../../core/json-text.js";
import { createRedactor, redactJsonText } from "../../core/redaction.js";
import { hookEventName } from "./hook-daemon-wire.js";
import { fs, path } from "./node-builtins.js";

const { join } = path;
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = fs;

/** How a queued event is to be handled: what `tacit hook` had when it queued it. */
export interface InboxHeader {
  argv: string[];
  cwd: string;
  /** The `TACIT_*` variables and HOME only: the rest of the environment stays off the disk. */
  env: Record<string, string>;
  /** When the hook ran, ms since the epoch: the event is handled with this clock. */
  now: number;
}

/** One queued event, read back. */
export interface InboxEntry {
  file: string;
  header: unknown;
  payload: Buffer;
}

/** The inbox of the daemon listening at `socketPath`. */
export function inboxDirectory(socketPath: string): string {
  return `${socketPath.replace(/\.sock$/, "")}.inbox`;
}

/**
 * Queues one event. Throws on IO failure (the caller then handles the event another way). With
 * `makeFolder` false the inbox must exist (the daemon, which never recreates a home being removed).
 */
export function writeInbox(directory: string, header: InboxHeader, payload: Buffer, makeFolder = true): void {
  if (makeFolder) mkdirSync(directory, { recursive: true, mode: 0o700 });
  // Time first, so names sort oldest first. Events of one millisecond (or an injected clock) are
  // ordered by the monotonic clock, which Linux shares across processes; pid and a random part keep
  // concurrent hooks apart.
  const monotonic = process.hrtime.bigint().toString().padStart(20, "0");
  const name = `${String(header.now).padStart(15, "0")}-${monotonic}-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const temporary = join(directory, `${name}.tmp`);
  const redacted = redactPayload(payload);
  writeFileSync(temporary, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), redacted]), {
    mode: 0o600,
  });
  renameSync(temporary, join(directory, `${name}.event`));
}

/**
 * Queues a tool event the daemon read from its socket or a FIFO pair as the client would have
 * (redacted, with the `TACIT_*` environment only), stamped `now`, into an inbox that must exist
 * (the daemon never recreates a home being removed). false when `request` is no tool event or
 * cannot be queued (a payload that is not a JSON object, an inbox gone): the daemon then handles it
 * in its queue, which reports what is wrong with it.
 */
export function queueToolEvent(
  directory: string,
  request: { argv: string[]; cwd: string; env: NodeJS.ProcessEnv; payload: Buffer },
  now: number,
): boolean {
  const name = hookEventName(request.payload);
  if (name !== "PostToolUse" && name !== "PostToolUseFailure") return false;
  try {
    const header = { argv: request.argv, cwd: request.cwd, env: inboxEnv(request.env), now };
    writeInbox(directory, header, request.payload, false);
    return true;
  } catch (error) {
    // Handled in the daemon's queue instead, which reports a payload it cannot take.
    void error;
    return false;
  }
}

/** Variables that hold credentials (TACIT_LLM_API_KEY…): never written to an inbox file. */
const SECRET_NAME = /(?:KEY|TOKEN|SECRET|PASSWORD)$/i;

const redactSecrets = createRedactor();

/**
 * Secrets never reach the disk unredacted, not even for the milliseconds an event waits here
 * (capture redacts again, with the configured patterns too). The payload is parsed and redacted as
 * a structured value, never as raw JSON text (where an escaped quote ends a value early and the
 * payload would no longer parse). A payload that is not a JSON object is not queued: the caller
 * hands it to the daemon over its socket, which reports it without writing it anywhere.
 */
function redactPayload(payload: Buffer): Buffer {
  // A byte order mark before the JSON is accepted, as on the hook's stdin.
  const redacted = redactJsonText(withoutBom(payload.toString("utf8")), redactSecrets);
  if (redacted === null) throw new Error("the hook payload is not a JSON object; not queued");
  return redacted.count === 0 ? payload : Buffer.from(redacted.text);
}

/**
 * The environment an inbox file keeps: `TACIT_*` (less credentials; tool events need none) and HOME
 * (where tacit's home defaults to).
 */
export function inboxEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || SECRET_NAME.test(name)) continue;
    if (name.startsWith("TACIT_") || name === "HOME") kept[name] = value;
  }
  return kept;
}

/**
 * Hands every queued event to `handle`, oldest first, deleting each file after `handle` settles
 * (handling is idempotent: an event handled twice, by two drains at once, adds nothing). A missing
 * folder is an empty inbox; an unreadable file is reported to `problem` and deleted.
 */
export async function drainInbox(
  directory: string,
  handle: (entry: InboxEntry) => Promise<void>,
  problem: (message: string) => void,
): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(directory)
      .filter((name) => name.endsWith(".event"))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const name of names) {
    const file = join(directory, name);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      // Another drain handled and deleted it first.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    const newline = bytes.indexOf(10);
    let header: unknown = null;
    const headerText = bytes.subarray(0, Math.max(newline, 0)).toString("utf8");
    try {
      header = JSON.parse(headerText);
    } catch (error) {
      void error;
      problem(`${file}: not a queued hook event: header is not JSON: ${describeJsonError(headerText)}`);
    }
    if (header !== null) await handle({ file, header, payload: bytes.subarray(newline + 1) });
    rmSync(file, { force: true });
  }
}
