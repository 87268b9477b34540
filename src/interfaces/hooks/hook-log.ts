import { dirname, join } from "node:path";
import {
  makePrivateDirectory,
  PRIVATE_DIRECTORY_MODE,
  PRIVATE_FILE_MODE,
} from "../../store/private-files.js";
import { tacitHome } from "../../store/tacit-home.js";
import { fs } from "./node-builtins.js";

const { appendFileSync, existsSync, mkdirSync } = fs;

/** Today's hook log: `$TACIT_HOME/logs/hook-YYYY-MM-DD.log` (UTC day). */
export function hookLogPath(io: { env: NodeJS.ProcessEnv; now: () => number }): string {
  const day = new Date(io.now()).toISOString().slice(0, 10);
  return join(tacitHome(io.env), "logs", `hook-${day}.log`);
}

/**
 * Appends one line to the hook log, creating its folder. With `homeMustExist` (the daemon, whose
 * home may be removed under it at any moment) only the `logs` folder is made, never the home: a
 * line logged as the home goes is lost rather than putting the home back.
 */
export function logHookFailure(
  io: { env: NodeJS.ProcessEnv; now: () => number },
  message: string,
  options: { homeMustExist?: boolean } = {},
): void {
  try {
    const path = hookLogPath(io);
    if (!options.homeMustExist) makePrivateDirectory(dirname(path));
    else if (!existsSync(dirname(path))) mkdirSync(dirname(path), { mode: PRIVATE_DIRECTORY_MODE });
    appendFileSync(path, `${new Date(io.now()).toISOString()} ${message}\n`, { mode: PRIVATE_FILE_MODE });
  } catch (error) {
    // The one swallowed failure: stdout belongs to the agent and stderr would surface as a hook
    // error in its UI, so when even the log cannot be written (read-only TACIT_HOME, full disk)
    // there is nowhere left to report to, and breaking the agent is worse than losing the line.
    void error;
  }
}
