/**
 * The reconcile at the end of a turn (Stop), of a subagent (SubagentStop) and of a session
 * (SessionEnd): the session's own transcript, read with the transcript importer, fills in what the
 * hooks missed. With HTTP hooks, the per-event hooks (prompts, tool calls) reach tacit only while
 * its hook daemon listens; one it did not receive (the daemon was stopped, killed or not yet
 * started) is still in the transcript Claude Code writes, and these command hooks run without the
 * daemon. The importer writes a live session's rows under the hooks' own ids and only where the
 * hooks stored nothing (live-session-fill.ts), and reads a transcript from where it stopped last
 * time, so reconciling every turn costs only the turn's new lines and never stores a row twice.
 *
 * What came before the hooks is not theirs to fill in: a session resumed from before tacit was
 * installed (or imported then) has its history in the same file. So SessionStart marks where the
 * transcript stood when the hooks began, and the reconcile reads only what was written after it.
 */
import { closeSync, existsSync, openSync, readSync } from "node:fs";
import type { Capture } from "../../capture/capture.js";
import { HEAD_BYTES, hashHead } from "../../capture/importers/file-importer.js";
import { type ImportSummary, importPaths } from "../../capture/importers/import-runner.js";
import type { Store } from "../../store/store.js";

/** What a reconcile reads and writes with. */
export interface ReconcileDeps {
  capture: Capture;
  store: Pick<Store, "getImportFile" | "existingMessageIds">;
  now: () => number;
}

/**
 * Fills session `sessionId` (`claude-code:<id>`, or a subagent's `…/agent-<id>`) in from its
 * transcript at `transcriptPath`. null when there is no such file (yet): nothing to fill in from.
 * Throws what the store throws (a busy database: the caller's deadline handling applies).
 */
export async function reconcileTranscript(
  deps: ReconcileDeps,
  transcriptPath: string,
  sessionId: string,
): Promise<ImportSummary | null> {
  // The agent names the file; before its first line is written there is nothing to read.
  if (!existsSync(transcriptPath)) return null;
  const sessions = new Set([sessionId]);
  return importPaths({
    capture: deps.capture,
    getImportFile: (path) => deps.store.getImportFile(path),
    existingMessageIds: (ids) => deps.store.existingMessageIds(ids),
    liveSessions: sessions,
    onlySessions: sessions,
    paths: [transcriptPath],
    now: deps.now,
  });
}

/** Reads this much of a transcript at a time when finding where its complete lines end. */
const CHUNK_BYTES = 1 << 20;

/**
 * At SessionStart: when the importer has never read `transcriptPath`, records that it has read it
 * up to its last complete line, so the reconcile (and `tacit import`) start there. A transcript the
 * importer knows already, or that does not exist yet, is left alone. Returns the offset recorded.
 */
export async function markTranscriptStart(
  deps: ReconcileDeps,
  transcriptPath: string,
): Promise<number | null> {
  if (!existsSync(transcriptPath) || (await deps.store.getImportFile(transcriptPath)) !== null) return null;
  const end = completeLinesEnd(transcriptPath);
  await deps.capture.writeBatch({
    sessions: [],
    items: [],
    importFile: {
      path: transcriptPath,
      format: "claude-code",
      headHash: hashHead(end.head, end.offset),
      byteOffset: end.offset,
      lineCount: end.lines,
      size: end.size,
      updatedAt: deps.now(),
    },
  });
  return end.offset;
}

/** Where a file's complete lines end (after its last newline), how many there are, its head and size. */
function completeLinesEnd(file: string): { offset: number; lines: number; head: Buffer; size: number } {
  const descriptor = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES);
    let position = 0;
    let offset = 0;
    let lines = 0;
    let head = Buffer.alloc(0);
    for (;;) {
      const read = readSync(descriptor, buffer, 0, buffer.length, position);
      if (read === 0) break;
      if (position === 0) head = Buffer.from(buffer.subarray(0, Math.min(read, HEAD_BYTES)));
      for (
        let index = buffer.indexOf(10);
        index >= 0 && index < read;
        index = buffer.indexOf(10, index + 1)
      ) {
        lines++;
        offset = position + index + 1;
      }
      position += read;
    }
    return { offset, lines, head, size: position };
  } finally {
    closeSync(descriptor);
  }
}
