/**
 * The progress bar of long, resumable commands (`tacit import`, `tacit learn`), and what Ctrl-C does
 * while one runs: the bar hides the cursor and turns line wrap off, so an interrupt first gives the
 * terminal back (cursor shown, wrap on), then says "interrupted; re-run to resume" and exits 130,
 * as a shell does for a command killed by SIGINT. Work already committed stays (both commands
 * commit as they go and skip what is done when run again).
 */
import cliProgress from "cli-progress";
import type { CliIo } from "./cli-io.js";

/** What the command calls on the bar; every method is a no-op when no bar is shown. */
export interface ProgressBar {
  start(total: number, value: number, payload?: Record<string, unknown>): void;
  update(value: number, payload?: Record<string, unknown>): void;
  /** Stops the bar and gives Ctrl-C back its default (call it in a `finally`). */
  stop(): void;
}

/** The exit code of a command interrupted by SIGINT (128 + 2). */
export const INTERRUPTED_EXIT_CODE = 130;

/** Shows the cursor and turns line wrap back on: what the bar turned off. */
const RESTORE_TERMINAL = "\u001b[?25h\u001b[?7h";

/**
 * A bar on stderr when `show` (a terminal, no `--json`, no `--no-progress`), else none; either way
 * Ctrl-C, until `stop()`, restores the terminal and exits with "interrupted; re-run to resume".
 */
export function progressBar(io: CliIo, options: { show: boolean; format: string }): ProgressBar {
  const bar = options.show
    ? new cliProgress.SingleBar(
        { stream: io.stderr, format: options.format, hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : null;
  let started = false;
  const release = onInterrupt(io, () => {
    if (started) bar?.stop();
  });
  return {
    start(total, value, payload) {
      started = true;
      bar?.start(total, value, payload);
    },
    update(value, payload) {
      bar?.update(value, payload);
    },
    stop() {
      release();
      if (started) bar?.stop();
      started = false;
    },
  };
}

/**
 * Until the returned release function is called, Ctrl-C runs `cleanUp` (stop what draws on the
 * terminal), restores the terminal, says "interrupted; re-run to resume" and exits 130.
 */
export function onInterrupt(io: CliIo, cleanUp?: () => void): () => void {
  const interrupted = () => {
    cleanUp?.();
    if (io.stderr.isTTY) io.stderr.write(RESTORE_TERMINAL);
    io.stderr.write("\ninterrupted; re-run to resume\n");
    process.exit(INTERRUPTED_EXIT_CODE);
  };
  process.once("SIGINT", interrupted);
  return () => {
    process.off("SIGINT", interrupted);
  };
}
