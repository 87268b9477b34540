import { createHash } from "node:crypto";
import { open, readdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { describeJsonError } from "../../core/json-error.js";
import { withoutBom } from "../../core/json-text.js";
import type { AgentKind } from "../../core/types.js";
import type { ImportFileState } from "../../store/store.js";
import type { Capture, RawCaptureBatch, SessionInput } from "../capture.js";
import { createParser, detectFormat } from "./detect-format.js";
import { readLines } from "./line-reader.js";
import type { ImportEvent, TranscriptFormat } from "./types.js";

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
   * Sessions the agent hooks captured live (`metadata.capturedBy: "hook"`). Their transcripts add
   * nothing new and their rows have other ids (hooks never see transcript uuids), so importing them
   * again would duplicate every message: their lines are skipped with that reason.
   */
  liveSessions?: ReadonlySet<string>;
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

const MAX_LISTED_SKIPS = 1000;
/** Why the lines of a session of tacit's own model run are not imported. */
export const OWN_SESSION_REASON = "tacit's own model run (a session in its host-model folder)";
const DETECT_RECORDS = 20;
const HEAD_BYTES = 4096;

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

interface FileContext extends ImportOptions {
  fileIndex: number;
  fileCount: number;
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

function hashHead(head: Buffer, upTo: number): string {
  return createHash("sha256")
    .update(head.subarray(0, Math.min(HEAD_BYTES, upTo)))
    .digest("hex");
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

const utf8 = new TextDecoder("utf-8", { fatal: true });

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // The parser's message quotes the line, which may hold a secret: say where, never what.
    void error;
    return { ok: false, reason: `invalid JSON: ${describeJsonError(text)}` };
  }
}

/** Imports one file: parses lines into events and writes them in batches with the file's progress. */
class FileImporter {
  private readonly agent: AgentKind;
  private readonly sessions = new Map<string, SessionInput>();
  /** Source session ids of tacit's own model runs in this file (see ImportOptions.isOwnSession). */
  private readonly ownSessions = new Set<string>();
  private batch: RawCaptureBatch = { sessions: [], items: [] };
  private lastTimestamp: number;

  constructor(
    private readonly file: string,
    private readonly format: TranscriptFormat,
    private readonly context: FileContext,
    private readonly summary: ImportSummary,
    private readonly sessionsWithNewMessages: Set<string>,
    private readonly info: { size: number; mtimeMs: number },
  ) {
    this.agent = format;
    this.lastTimestamp = Math.trunc(info.mtimeMs);
  }

  async run(resumeOffset: number, startLine: number, head: Buffer): Promise<void> {
    const parser = createParser(this.format, { file: this.file });
    const batchSize = this.context.batchSize ?? 1000;
    let consumedOffset = resumeOffset;
    let consumedLines = startLine;
    for await (const line of readLines(this.file)) {
      const replay = line.endOffset <= resumeOffset;
      let text: string;
      try {
        // The decoder drops a leading byte order mark (on any line, which is harmless).
        text = utf8.decode(line.bytes);
      } catch {
        // TextDecoder's message says nothing more than this reason does.
        if (!replay) this.skip(line.lineNumber, "invalid UTF-8");
        consumedOffset = line.endOffset;
        consumedLines = line.lineNumber;
        continue;
      }
      if (text.trim() === "") {
        consumedOffset = line.endOffset;
        consumedLines = line.lineNumber;
        continue;
      }
      const parsed = parseJson(text);
      if (!parsed.ok) {
        if (!line.terminated) {
          if (!replay)
            this.skip(line.lineNumber, "incomplete last line (no newline yet); retried on the next import");
          break;
        }
        if (!replay) this.skip(line.lineNumber, parsed.reason);
      } else {
        const events = parser.parseLine(parsed.value, line.lineNumber);
        if (!replay) {
          this.summary.linesRead++;
          for (const event of events) this.apply(event, line.lineNumber);
        }
      }
      consumedOffset = line.endOffset;
      consumedLines = line.lineNumber;
      if (this.batch.items.length + this.batch.sessions.length >= batchSize) {
        await this.flush(consumedOffset, consumedLines, head);
      }
    }
    await this.flush(consumedOffset, consumedLines, head);
  }

  private skip(lineNumber: number, reason: string): void {
    this.summary.linesSkipped[reason] = (this.summary.linesSkipped[reason] ?? 0) + 1;
    if (this.summary.skippedLines.length < MAX_LISTED_SKIPS) {
      this.summary.skippedLines.push({ location: `${this.file}:${lineNumber}`, reason });
    } else {
      this.summary.skippedLinesOmitted++;
    }
  }

  private apply(event: ImportEvent, lineNumber: number): void {
    switch (event.type) {
      case "skip":
        this.skip(lineNumber, event.reason);
        return;
      case "unknown":
        this.summary.unknownLineTypes[event.lineType] =
          (this.summary.unknownLineTypes[event.lineType] ?? 0) + 1;
        return;
      case "session": {
        if (this.isOwn(event.sourceSessionId, event.cwd, lineNumber)) return;
        const at = this.timestamp(event.timestamp);
        const known = this.sessions.get(event.sourceSessionId);
        const session: SessionInput = {
          ...known,
          agent: event.agent,
          sourceSessionId: event.sourceSessionId,
          cwd: event.cwd ?? known?.cwd ?? null,
          gitBranch: event.gitBranch ?? known?.gitBranch ?? null,
          title: event.title ?? known?.title ?? null,
          parentSessionId: event.parentSourceSessionId
            ? `${event.agent}:${event.parentSourceSessionId}`
            : (known?.parentSessionId ?? null),
          createdAt: known?.createdAt ?? at,
          lastActivityAt: at,
          metadata: { ...known?.metadata, ...event.metadata },
        };
        this.sessions.set(event.sourceSessionId, session);
        this.batch.sessions.push(session);
        return;
      }
      case "message": {
        if (this.isOwn(event.sourceSessionId, null, lineNumber)) return;
        if (this.isLive(event.sourceSessionId, lineNumber)) return;
        const sessionId = this.sessionFor(event.sourceSessionId, event.timestamp);
        this.batch.items.push({
          type: "message",
          sessionId,
          message: {
            id: event.sourceId,
            role: event.role,
            kind: event.kind,
            content: event.content,
            toolName: event.toolName,
            toolInput: event.toolInput,
            toolOutput: event.toolOutput,
            isError: event.isError,
            toolUseId: event.toolUseId,
            isSidechain: event.isSidechain,
            parentId: event.parentId,
            apiMessageId: event.apiMessageId,
            createdAt: this.timestamp(event.timestamp),
            metadata: event.metadata,
          },
        });
        return;
      }
      case "tool_result": {
        if (this.isOwn(event.sourceSessionId, null, lineNumber)) return;
        if (this.isLive(event.sourceSessionId, lineNumber)) return;
        const sessionId = this.sessionFor(event.sourceSessionId, event.timestamp);
        this.batch.items.push({
          type: "tool_result",
          sessionId,
          result: {
            id: event.sourceId,
            toolUseId: event.toolUseId,
            output: event.output,
            isError: event.isError,
            toolName: event.toolName,
            createdAt: this.timestamp(event.timestamp),
          },
        });
        return;
      }
    }
  }

  /** Whether the session is tacit's own (its cwd says so now, or said so earlier in the file). */
  private isOwn(sourceSessionId: string, cwd: string | null | undefined, lineNumber: number): boolean {
    if (cwd && this.context.isOwnSession?.(cwd)) this.ownSessions.add(sourceSessionId);
    if (!this.ownSessions.has(sourceSessionId)) return false;
    this.skip(lineNumber, OWN_SESSION_REASON);
    return true;
  }

  private isLive(sourceSessionId: string, lineNumber: number): boolean {
    if (!this.context.liveSessions?.has(`${this.agent}:${sourceSessionId}`)) return false;
    this.skip(lineNumber, "session captured live by the agent hooks");
    return true;
  }

  private timestamp(value: number | undefined): number {
    if (value !== undefined && Number.isFinite(value)) this.lastTimestamp = value;
    return this.lastTimestamp;
  }

  private sessionFor(sourceSessionId: string, timestamp: number | undefined): string {
    if (!this.sessions.has(sourceSessionId)) {
      const at = this.timestamp(timestamp);
      const session: SessionInput = { agent: this.agent, sourceSessionId, createdAt: at, lastActivityAt: at };
      this.sessions.set(sourceSessionId, session);
      this.batch.sessions.push(session);
    }
    return `${this.agent}:${sourceSessionId}`;
  }

  private async flush(byteOffset: number, lineCount: number, head: Buffer): Promise<void> {
    const batch = this.batch;
    this.batch = { sessions: [], items: [] };
    if (this.ownSessions.size > 0) {
      // Lines read before the session named its folder: dropped with the rest of it.
      const own = new Set([...this.ownSessions].map((id) => `${this.agent}:${id}`));
      batch.sessions = batch.sessions.filter((session) => !this.ownSessions.has(session.sourceSessionId));
      batch.items = batch.items.filter((item) => !own.has(item.sessionId));
    }
    batch.importFile = {
      path: this.file,
      format: this.format,
      headHash: hashHead(head, byteOffset),
      byteOffset,
      lineCount,
      size: this.info.size,
      updatedAt: this.context.now?.() ?? Date.now(),
    };
    const result = await this.context.capture.writeBatch(batch);
    this.summary.messages += result.messagesInserted;
    this.summary.toolCalls += result.toolCallsInserted;
    this.summary.toolErrors += result.errorsInserted;
    if (result.messagesInserted > 0) {
      for (const item of batch.items) this.sessionsWithNewMessages.add(item.sessionId);
    }
    this.context.onProgress?.({
      file: this.file,
      fileIndex: this.context.fileIndex,
      fileCount: this.context.fileCount,
      bytesDone: byteOffset,
      bytesTotal: this.info.size,
    });
  }
}
