import { open, readdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { withoutBom } from "../../core/json-text.js";
import type { ImportFileState } from "../../store/store.js";
import type { Capture } from "../capture.js";
import { detectFormat } from "./detect-format.js";
import { type FileContext, FileImporter, HEAD_BYTES, hashHead, parseJson } from "./file-importer.js";
import { readLines } from "./line-reader.js";
import type { TranscriptFormat } from "./types.js";

export { OWN_SESSION_REASON } from "./file-importer.js";

/** What an import did. Field names are stable (`tacit import --json` prints this object). */
export interface ImportSummary {
  files: number;
  filesImported: number;
  filesUnchanged: number;
  /** Sessions that received new messages. */
  sessions: number;
  messages: number;
  toolCalls: number;
  toolErrors: number;
  linesRead: number;
  /** Lines not imported, counted by reason. */
  linesSkipped: Record<string, number>;
  /** Each skipped line as `file:line` and reason (the first 1,000; the rest are counted in `skippedLinesOmitted`). */
  skippedLines: Array<{ location: string; reason: string }>;
  skippedLinesOmitted: number;
  /** Line types no parser knows, counted. */
  unknownLineTypes: Record<string, number>;
  /** Files not imported at all, with the reason. */
  filesSkipped: Array<{ file: string; reason: string }>;
}

export interface ImportProgress {
  file: string;
  fileIndex: number;
  fileCount: number;
  bytesDone: number;
  bytesTotal: number;
}

export interface ImportOptions {
  capture: Capture;
  /** Reads where earlier imports of a file got to. */
  getImportFile: (path: string) => Promise<ImportFileState | null>;
  /**
   * Sessions the agent hooks captured live (`metadata.capturedBy: "hook"`). Their rows carry the
   * hooks' ids, not the transcript's, so they are not imported again: a Claude Code transcript
   * fills in only the prompts and tool calls the hooks missed, under the hooks' ids
   * (live-session-fill.ts); every other line of theirs is skipped with that reason.
   */
  liveSessions?: ReadonlySet<string>;
  /**
   * Read only these sessions (ids as stored, `agent:source id`); lines of any other session in the
   * files are skipped. Absent: every session.
   */
  onlySessions?: ReadonlySet<string>;
  /**
   * Which of these stored message ids exist: rows filled into a live session are written only when
   * the hooks did not store them (so nothing the hooks stored is changed or doubled).
   */
  existingMessageIds?: (ids: readonly string[]) => Promise<ReadonlySet<string>>;
  /**
   * Whether a session's working directory makes it tacit's own, not the user's (the host-model
   * folder that tacit's model runs of the user's agent work in): such sessions are skipped whole,
   * their lines counted with that reason.
   */
  isOwnSession?: (cwd: string) => boolean;
  paths: string[];
  /** Items per transaction (default 1,000). */
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  now?: () => number;
}

const DETECT_RECORDS = 20;

/**
 * Imports transcript files and directories (recursively, `*.jsonl`). Streams line by line;
 * re-importing adds nothing; a grown file is imported from where the last import stopped; a bad
 * line is skipped and reported, and the rest of the file still imports.
 */
export async function importPaths(options: ImportOptions): Promise<ImportSummary> {
  const summary: ImportSummary = {
    files: 0,
    filesImported: 0,
    filesUnchanged: 0,
    sessions: 0,
    messages: 0,
    toolCalls: 0,
    toolErrors: 0,
    linesRead: 0,
    linesSkipped: {},
    skippedLines: [],
    skippedLinesOmitted: 0,
    unknownLineTypes: {},
    filesSkipped: [],
  };
  const files: string[] = [];
  for (const path of options.paths) await collectFiles(resolve(path), files, summary, true);
  summary.files = files.length;
  const sessionsWithNewMessages = new Set<string>();
  for (const [index, file] of files.entries()) {
    await importFile(
      file,
      { ...options, fileIndex: index, fileCount: files.length },
      summary,
      sessionsWithNewMessages,
    );
  }
  summary.sessions = sessionsWithNewMessages.size;
  return summary;
}

async function collectFiles(
  path: string,
  files: string[],
  summary: ImportSummary,
  explicit: boolean,
): Promise<void> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    summary.filesSkipped.push({
      file: path,
      reason: `cannot read: ${(error as NodeJS.ErrnoException).code ?? error}`,
    });
    return;
  }
  if (info.isDirectory()) {
    const entries = await readdir(path, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.isDirectory() || entry.name.endsWith(".jsonl")) {
        await collectFiles(join(path, entry.name), files, summary, false);
      }
    }
  } else if (info.isFile() && (explicit || path.endsWith(".jsonl"))) {
    files.push(path);
  }
}

async function importFile(
  file: string,
  context: FileContext,
  summary: ImportSummary,
  sessionsWithNewMessages: Set<string>,
): Promise<void> {
  const info = await stat(file);
  const head = await readHead(file, Math.min(HEAD_BYTES, info.size));
  const refusal = refuseFile(info.size, head);
  if (refusal) {
    summary.filesSkipped.push({ file, reason: refusal });
    return;
  }
  const previous = await context.getImportFile(file);
  let resumeOffset = 0;
  let startLine = 0;
  if (previous && previous.size <= info.size && previous.headHash === hashHead(head, previous.byteOffset)) {
    if (previous.byteOffset >= info.size) {
      summary.filesUnchanged++;
      return;
    }
    resumeOffset = previous.byteOffset;
    startLine = previous.lineCount;
  }
  const format = (previous?.format as TranscriptFormat | undefined) ?? (await sniffFormat(file));
  if (!format) {
    summary.filesSkipped.push({
      file,
      reason: "not a recognized transcript format (claude-code, codex, openclaw or generic JSONL)",
    });
    return;
  }
  summary.filesImported++;
  const importer = new FileImporter(file, format, context, summary, sessionsWithNewMessages, info);
  await importer.run(resumeOffset, startLine, head);
}

/**
 * A file is refused as binary only when its head is binary as a whole: more than this share of its
 * bytes are NUL or other control bytes, or not UTF-8. A JSONL file with a few bad bytes imports,
 * and its bad lines are skipped and reported.
 */
const BINARY_SHARE = 0.3;

function refuseFile(size: number, head: Buffer): string | null {
  if (size === 0) return "empty file";
  if (binaryShare(head) > BINARY_SHARE) {
    return "binary file (mostly NUL, control or non-UTF-8 bytes), not a JSONL transcript";
  }
  const text = head.toString("utf8").trimStart();
  if (text === "") return "empty file (only white space)";
  if (text.startsWith("[")) {
    return "a JSON array, not JSON Lines (one object per line); convert it with: jq -c '.[]' FILE > FILE.jsonl";
  }
  return null;
}

/** The share of `bytes` that no text file holds: NUL and control bytes, and bytes not valid UTF-8. */
function binaryShare(bytes: Buffer): number {
  if (bytes.length === 0) return 0;
  let odd = 0;
  for (const byte of bytes) if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12) odd++;
  // U+FFFD stands for each invalid sequence once decoded; a cut multi-byte character at the end
  // of the head counts once, which is nothing.
  const text = bytes.toString("utf8");
  for (let index = text.indexOf("\uFFFD"); index >= 0; index = text.indexOf("\uFFFD", index + 1)) odd++;
  return odd / bytes.length;
}

async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function sniffFormat(file: string): Promise<TranscriptFormat | null> {
  const records: unknown[] = [];
  for await (const line of readLines(file)) {
    const text = line.bytes.toString("utf8");
    const record = parseJson(line.lineNumber === 1 ? withoutBom(text) : text);
    if (record.ok) records.push(record.value);
    if (records.length >= DETECT_RECORDS || line.lineNumber >= DETECT_RECORDS * 5) break;
  }
  return detectFormat(records, file);
}
