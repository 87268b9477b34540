import { realpathSync } from "node:fs";
import { createCapture } from "../../capture/capture.js";
import { type ImportSummary, importPaths } from "../../capture/importers/import-runner.js";
import { isHostModelPath } from "../../models/host-agent/host-model-guard.js";
import { tacitHome } from "../../store/tacit-home.js";
import { type CliIo, type GlobalOptions, withStore, writeJson, writeLine } from "./cli-io.js";
import { progressBar } from "./progress-bar.js";

export interface ImportCommandOptions extends GlobalOptions {
  json?: boolean;
  progress?: boolean;
}

/** `tacit import PATH…`: imports transcripts and prints what was captured. */
export async function importCommand(
  paths: string[],
  options: ImportCommandOptions,
  io: CliIo,
): Promise<number> {
  const summary = await withStore(io, options, async (store) => {
    const capture = createCapture({ store, now: io.now });
    const bar = progressBar(io, {
      show: options.progress !== false && Boolean(io.stderr.isTTY) && !options.json,
      format: "importing {bar} {percentage}% | file {file}/{files}",
    });
    bar.start(100, 0, { file: 0, files: 0 });
    try {
      const sessions = await store.listSessions({ limit: -1 });
      const liveSessions = new Set(
        sessions.filter((session) => session.metadata.capturedBy === "hook").map((session) => session.id),
      );
      const home = tacitHome(io.env);
      return await importPaths({
        capture,
        liveSessions,
        // The sessions of tacit's own model runs (the user's agent as its model) are not the user's.
        isOwnSession: (cwd) => isHostModelPath(cwd, home, realpathSync.native),
        getImportFile: (path) => store.getImportFile(path),
        paths,
        now: io.now,
        onProgress: (progress) => {
          const fileShare = progress.bytesTotal ? progress.bytesDone / progress.bytesTotal : 1;
          bar.update(Math.round(((progress.fileIndex + Math.min(1, fileShare)) / progress.fileCount) * 100), {
            file: progress.fileIndex + 1,
            files: progress.fileCount,
          });
        },
      });
    } finally {
      bar.stop();
    }
  });
  if (options.json) writeJson(io, summary);
  else printSummary(io, summary);
  // A file refused or unreadable is a failure the caller must see, even when others imported.
  return summary.filesSkipped.length > 0 ? 1 : 0;
}

function printSummary(io: CliIo, summary: ImportSummary): void {
  writeLine(
    io.stdout,
    `Imported ${summary.filesImported} of ${summary.files} file(s)` +
      (summary.filesUnchanged ? ` (${summary.filesUnchanged} unchanged)` : "") +
      `: ${summary.messages} messages, ${summary.toolCalls} tool calls, ${summary.toolErrors} tool errors in ${summary.sessions} session(s).`,
  );
  const skipped = Object.entries(summary.linesSkipped).sort((a, b) => b[1] - a[1]);
  if (skipped.length) {
    const total = skipped.reduce((sum, [, count]) => sum + count, 0);
    const top = skipped.slice(0, 4).map(([reason, count]) => `${reason} ×${count}`);
    const rest = skipped.length > 4 ? `, and ${skipped.length - 4} more kinds (--json lists them all)` : "";
    writeLine(io.stdout, `Lines not imported: ${total} (${top.join(", ")}${rest}).`);
  }
  const unknown = Object.entries(summary.unknownLineTypes);
  if (unknown.length) {
    writeLine(
      io.stdout,
      `Unknown line types: ${unknown.map(([type, count]) => `${type} ×${count}`).join(", ")}.`,
    );
  }
  const malformed = summary.skippedLines.filter((line) => /invalid|incomplete|UTF-8/i.test(line.reason));
  for (const line of malformed.slice(0, 20)) writeLine(io.stderr, `skipped ${line.location}: ${line.reason}`);
  for (const file of summary.filesSkipped) writeLine(io.stderr, `skipped file ${file.file}: ${file.reason}`);
}
