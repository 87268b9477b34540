/**
 * One transcript file read into capture batches: its lines parsed into events, written in batches
 * with the file's progress (so an import stopped midway resumes where it stopped), bad lines
 * counted and reported, tacit's own sessions dropped, and live sessions filled in rather than
 * imported again (live-session-fill.ts). import-runner.ts finds the files and where to resume.
 */
import { createHash } from "node:crypto";
import { describeJsonError } from "../../core/json-error.js";
import type { AgentKind } from "../../core/types.js";
import type { RawCaptureBatch, SessionInput } from "../capture.js";
import { createParser } from "./detect-format.js";
import type { ImportOptions, ImportSummary } from "./import-runner.js";
import { readLines } from "./line-reader.js";
import { LIVE_SESSION_REASON, type LiveRow, LiveSessionFill } from "./live-session-fill.js";
import type { ImportEvent, TranscriptFormat } from "./types.js";

/** Why the lines of a session of tacit's own model run are not imported. */
export const OWN_SESSION_REASON = "tacit's own model run (a session in its host-model folder)";

/** Why a line of a session the import was not asked for is skipped. */
export const OTHER_SESSION_REASON = "another session than the one asked for";

/** How much of a file's head is hashed to tell a grown file from a replaced one. */
export const HEAD_BYTES = 4096;

/** Skipped lines listed one by one (the rest are counted). */
const MAX_LISTED_SKIPS = 1000;

/** What a file import needs beyond the import's options: where it stands among the files. */
export interface FileContext extends ImportOptions {
  fileIndex: number;
  fileCount: number;
}

/** The hash of a file's head up to `upTo` bytes: a file that grew keeps it, a replaced one does not. */
export function hashHead(head: Buffer, upTo: number): string {
  return createHash("sha256")
    .update(head.subarray(0, Math.min(HEAD_BYTES, upTo)))
    .digest("hex");
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** One line's JSON, or why it is not JSON. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // The parser's message quotes the line, which may hold a secret: say where, never what.
    void error;
    return { ok: false, reason: `invalid JSON: ${describeJsonError(text)}` };
  }
}

/** Imports one file: parses lines into events and writes them in batches with the file's progress. */
export class FileImporter {
  private readonly agent: AgentKind;
  private readonly sessions = new Map<string, SessionInput>();
  /** Source session ids of tacit's own model runs in this file (see ImportOptions.isOwnSession). */
  private readonly ownSessions = new Set<string>();
  private batch: RawCaptureBatch = { sessions: [], items: [] };
  /** Rows of live sessions in the batch: written only where the hooks stored nothing. */
  private liveRows = new Set<RawCaptureBatch["items"][number]>();
  private readonly fill: LiveSessionFill | null;
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
    this.fill = LiveSessionFill.for(format);
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
    for (const row of this.fill?.drain() ?? []) this.pushLive(row);
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
    }
    if (this.isOther(event.sourceSessionId, lineNumber)) return;
    switch (event.type) {
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
        if (this.isLiveSession(event.sourceSessionId)) {
          this.fillLive(event, lineNumber, (session, at) => this.fill?.message(event, session, at) ?? null);
          return;
        }
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
        if (this.isLiveSession(event.sourceSessionId)) {
          this.fillLive(
            event,
            lineNumber,
            (session, at) => this.fill?.toolResult(event, session, at) ?? null,
          );
          return;
        }
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

  /** A session the import was not asked to read (ImportOptions.onlySessions). */
  private isOther(sourceSessionId: string, lineNumber: number): boolean {
    const only = this.context.onlySessions;
    if (!only || only.has(`${this.agent}:${sourceSessionId}`)) return false;
    this.skip(lineNumber, OTHER_SESSION_REASON);
    return true;
  }

  private isLiveSession(sourceSessionId: string): boolean {
    return this.context.liveSessions?.has(`${this.agent}:${sourceSessionId}`) === true;
  }

  /**
   * A line of a live session: the row `fill` makes of it is written (or held, a tool call waiting
   * for its result); a line it makes none of is skipped with the live-session reason.
   */
  private fillLive(
    event: { sourceSessionId: string; timestamp?: number },
    lineNumber: number,
    fill: (sessionId: string, createdAt: number) => LiveRow | "held" | null,
  ): void {
    const row = fill(
      this.sessionFor(event.sourceSessionId, event.timestamp),
      this.timestamp(event.timestamp),
    );
    if (row === "held") return;
    if (row) this.pushLive(row);
    else this.skip(lineNumber, LIVE_SESSION_REASON);
  }

  private pushLive(row: LiveRow): void {
    const item = { type: "message" as const, sessionId: row.sessionId, message: row.message };
    this.liveRows.add(item);
    this.batch.items.push(item);
  }

  /** Drops the live rows the hooks stored already (their ids exist). */
  private async withoutStoredLiveRows(batch: RawCaptureBatch): Promise<void> {
    const rows = batch.items.filter((item) => this.liveRows.has(item));
    this.liveRows = new Set();
    if (rows.length === 0 || !this.context.existingMessageIds) return;
    const storedId = (item: RawCaptureBatch["items"][number]) =>
      item.type === "message" ? `${item.sessionId}:${item.message.id}` : "";
    const stored = await this.context.existingMessageIds(rows.map(storedId));
    if (stored.size === 0) return;
    const live = new Set(rows);
    batch.items = batch.items.filter((item) => !(live.has(item) && stored.has(storedId(item))));
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
    await this.withoutStoredLiveRows(batch);
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
