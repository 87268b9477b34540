import { dirname, join } from "node:path";
import { makePrivateDirectory, PRIVATE_FILE_MODE } from "../../store/private-files.js";
import { tacitHome } from "../../store/tacit-home.js";
import { fs } from "./node-builtins.js";

const { appendFileSync } = fs;

/** Today's hook log: `$TACIT_HOME/logs/hook-YYYY-MM-DD.log` (UTC day). */
export function hookLogPath(io: { env: NodeJS.ProcessEnv; now: () => number }): string {
  const day = new Date(io.now()).toISOString().slice(0, 10);
  return join(tacitHome(io.env), "logs", `hook-${day}.log`);
}

/** Appends one line to the hook log, creating its folder. */
export function logHookFailure(io: { env: NodeJS.ProcessEnv; now: () => number }, message: string): void {
  try {
    const path = hookLogPath(io);
    makePrivateDirectory(dirname(path));
    appendFileSync(path, `${new Date(io.now()).toISOString()} ${message}\n`, { mode: PRIVATE_FILE_MODE });
  } catch (error) {
    // The one swallowed failure: stdout belongs to the agent and stderr would surface as a hook
    // error in its UI, so when even the log cannot be written (read-only TACIT_HOME, full disk)
    // there is nowhere left to report to, and breaking the agent is worse than losing the line.
    void error;
  }
}
