/**
 * The tool-event spool: how PostToolUse stays as cheap as starting node.
 *
 * A tool event is one file in a folder beside the database, written whole (temporary name, then
 * rename), so the hook that runs on every tool call never loads SQLite. The next prompt-level event
 * of any session (SessionStart, UserPromptSubmit, Stop, PreCompact, SessionEnd) moves every spooled
 * record into the store in the same transaction as its own rows, in the order they were spooled,
 * and only then deletes the files. Ids are stable, so a crash between the commit and the delete
 * re-reads records that are already stored and adds nothing.
 *
 * Any event's records land here too when the database stays locked past the event's deadline
 * (see hook-deadline.ts): they are stored with the next event that finds it free.
 *
 * Secrets never reach the spool: each text is redacted before it is spooled; capture sanitizes it
 * again when it is stored. A text cut here keeps its truncation marker, whose size (the true
 * original) capture keeps. (While the hook daemon runs,
 * a tool event waits unredacted in its 0700 inbox for the milliseconds until the daemon spools it:
 * see hook-inbox.ts.)
 */
import { join } from "node:path";
import * as z from "zod/mini";
import type { MessageInput, SessionInput } from "../../capture/capture.js";
import { describeJsonError } from "../../core/json-error.js";
import { createRedactor, redactStructured, sanitizeForCapture } from "../../core/redaction.js";
import { makePrivateDirectory, PRIVATE_FILE_MODE } from "../../store/private-files.js";
import { fs } from "./node-builtins.js";

const { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = fs;

/**
 * One spooled record: a session and the row an event adds to it (none for SessionStart and
 * SessionEnd), as capture takes them; `turnEndedAt` (a Stop) asks for the turn's outcome to be
 * recorded once the rows are stored.
 */
export interface SpoolRecord {
  sessionId: string;
  session: SessionInput;
  message?: MessageInput;
  turnEndedAt?: number;
}

/**
 * A spooled text longer than this is cut (with capture's visible marker). Capture keeps far less
 * (64 000 characters of tool output); this only bounds the file.
 */
const SPOOL_MAX_CHARS = 1_000_000;
/** A file left half-written by a killed hook (temporary name) is removed after this long, ms. */
const STALE_TEMPORARY_MS = 60_000;

/** The spool folder of a database file: `<database>-hook-spool/` beside it. */
export function spoolDirectory(databasePath: string): string {
  return `${databasePath}-hook-spool`;
}

/** Writes one record, redacted, as a new file. Throws on IO failure. */
export function spoolRecord(directory: string, record: SpoolRecord, now: number): void {
  const redact = createRedactor();
  const clean = (text: string | null | undefined, json = false) =>
    typeof text === "string"
      ? sanitizeForCapture(text, { redact, maxChars: SPOOL_MAX_CHARS, json }).text
      : text;
  const message: MessageInput | undefined = record.message && {
    ...record.message,
    content: clean(record.message.content) ?? undefined,
    // Tool input is JSON: redacted as a structured value, so it stays JSON.
    toolInput:
      typeof record.message.toolInput === "string"
        ? clean(record.message.toolInput, true)
        : record.message.toolInput,
    toolOutput: clean(record.message.toolOutput),
    ...(record.message.metadata
      ? { metadata: redactStructured(record.message.metadata, redact).value as Record<string, unknown> }
      : {}),
  };
  // The session's cwd and metadata (transcript path, model) are redacted like the message; its ids
  // are kept, so the spooled call joins the session the prompt events store.
  const session: SessionInput = {
    ...record.session,
    ...(record.session.cwd ? { cwd: redact(record.session.cwd).text } : {}),
    ...(record.session.metadata
      ? { metadata: redactStructured(record.session.metadata, redact).value as Record<string, unknown> }
      : {}),
  };
  makePrivateDirectory(directory);
  // Time first, so names sort oldest first. Events of one millisecond (or an injected clock) are
  // ordered by the monotonic clock, which Linux shares across processes; pid and a random part keep
  // concurrent hooks apart.
  const monotonic = process.hrtime.bigint().toString().padStart(20, "0");
  const name = `${String(now).padStart(15, "0")}-${monotonic}-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const temporary = join(directory, `${name}.tmp`);
  writeFileSync(temporary, JSON.stringify({ ...record, session, ...(message ? { message } : {}) }), {
    mode: PRIVATE_FILE_MODE,
  });
  renameSync(temporary, join(directory, `${name}.json`));
}

/** What is waiting in the spool, oldest first, and what could not be read. */
export interface SpoolContents {
  records: SpoolRecord[];
  /** Files to delete once the records are stored (unreadable ones included). */
  files: string[];
  problems: string[];
}

/** Built when the spool is read, never on the tool-event path that only writes it. */
const spooledRecord = () =>
  z.object({
    sessionId: z.string(),
    session: z.looseObject({ agent: z.string(), sourceSessionId: z.string() }),
    message: z.optional(z.looseObject({ id: z.string(), role: z.string() })),
    turnEndedAt: z.optional(z.number()),
  });

/** Reads every spooled record. A missing folder is an empty spool. */
export function readSpool(directory: string, now: number): SpoolContents {
  const contents: SpoolContents = { records: [], files: [], problems: [] };
  let names: string[];
  try {
    names = readdirSync(directory).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return contents;
    throw error;
  }
  const schema = spooledRecord();
  for (const name of names) {
    const path = join(directory, name);
    if (name.endsWith(".tmp")) {
      const written = Number(name.slice(0, 15));
      if (Number.isFinite(written) && now - written > STALE_TEMPORARY_MS) contents.files.push(path);
      continue;
    }
    if (!name.endsWith(".json")) continue;
    contents.files.push(path);
    let value: unknown;
    let text = "";
    try {
      text = readFileSync(path, "utf8");
      value = JSON.parse(text);
    } catch (error) {
      // A read error names the file; a parse error only where the text broke, never the text.
      const reason =
        error instanceof SyntaxError ? `not JSON: ${describeJsonError(text)}` : (error as Error).message;
      contents.problems.push(`${path}: ${reason}`);
      continue;
    }
    const parsed = z.safeParse(schema, value);
    if (parsed.success) contents.records.push(value as SpoolRecord);
    else contents.problems.push(`${path}: not a spooled tool call`);
  }
  return contents;
}

/** True when the spool holds a record waiting to be stored. */
export function hasSpooled(directory: string): boolean {
  try {
    return readdirSync(directory).some((name) => name.endsWith(".json"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** Deletes spool files whose records are stored. A file already gone (another hook) is fine. */
export function removeSpooled(files: readonly string[]): void {
  for (const file of files) rmSync(file, { force: true });
}
