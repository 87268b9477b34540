/** Asking the user before something that cannot be undone, when there is a user to ask. */
import { createInterface } from "node:readline";
import type { CliIo } from "./cli-io.js";

/** True when a person is at the keyboard: stdin and stderr (where the question goes) are a terminal. */
export function atTerminal(io: CliIo): boolean {
  return Boolean((io.stdin as { isTTY?: boolean }).isTTY && io.stderr.isTTY);
}

/**
 * Asks `question` on stderr (stdout stays clean for the command's output) and reads one line from
 * stdin; true only for "y" or "yes". End of input counts as no.
 */
export function confirm(io: CliIo, question: string): Promise<boolean> {
  const lines = createInterface({ input: io.stdin, output: io.stderr, terminal: false });
  io.stderr.write(`${question} [y/N] `);
  return new Promise((settle) => {
    let answered = false;
    lines.once("line", (line) => {
      answered = true;
      lines.close();
      settle(/^\s*y(es)?\s*$/i.test(line));
    });
    lines.once("close", () => {
      if (!answered) {
        io.stderr.write("\n");
        settle(false);
      }
    });
  });
}
