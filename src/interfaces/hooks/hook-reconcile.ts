/**
 * The reconcile at the end of a turn (Stop), of a subagent (SubagentStop) and of a session
 * (SessionEnd): the session's own transcript, read with the transcript importer, fills in what the
 * hooks missed. With HTTP hooks, the per-event hooks (prompts, tool calls) reach tacit only while
 * its hook daemon listens; one it did not receive (the daemon was stopped, killed or not yet
 * started) is still in the transcript Claude Code writes, and these command hooks run without the
 * daemon. The importer writes a live session's rows under the hooks' own ids and only where the
 * hooks stored nothing (live-session-fill.ts), and reads a transcript from where it stopped last
 * time, so reconciling every turn costs only the turn's new lines and never stores a row twice.
 */
import { existsSync } from "node:fs";
import type { Capture } from "../../capture/capture.js";
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
