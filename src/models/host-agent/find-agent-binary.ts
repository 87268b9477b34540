/**
 * Where the user's agent binary is: `llm.command` when set (a path, or a name looked up on PATH),
 * else the agent's usual name on PATH, else tacit's own `node_modules/.bin` (where a pinned copy
 * lives in development).
 */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** tacit's own `node_modules/.bin` (this file is three folders below the package root, in src/ and dist/). */
export const PACKAGE_BIN_DIR = fileURLToPath(new URL("../../../node_modules/.bin", import.meta.url));

/** Where a binary was found, and how. */
export interface FoundBinary {
  path: string;
  /** `llm.command`, `PATH` or tacit's `node_modules/.bin`. */
  via: "llm.command" | "PATH" | "node_modules/.bin";
}

/**
 * Finds the binary (see the module comment); undefined when there is none. `cwd` resolves a
 * relative `llm.command`. Windows names get `.exe` and `.cmd` tried too.
 */
export function findAgentBinary(
  name: string,
  options: { command?: string | undefined; env: NodeJS.ProcessEnv; cwd?: string; packageBinDir?: string },
): FoundBinary | undefined {
  const command = options.command;
  if (command !== undefined && /[\\/]/.test(command)) {
    const path = isAbsolute(command) ? command : resolve(options.cwd ?? process.cwd(), command);
    return isExecutable(path) ? { path, via: "llm.command" } : undefined;
  }
  const wanted = command ?? name;
  const onPath = searchDirectories(wanted, (options.env.PATH ?? "").split(delimiter));
  if (onPath) return { path: onPath, via: command !== undefined ? "llm.command" : "PATH" };
  if (command !== undefined) return undefined;
  const local = searchDirectories(name, [options.packageBinDir ?? PACKAGE_BIN_DIR]);
  return local ? { path: local, via: "node_modules/.bin" } : undefined;
}

function searchDirectories(name: string, directories: readonly string[]): string | undefined {
  const names = process.platform === "win32" ? [`${name}.exe`, `${name}.cmd`, name] : [name];
  for (const directory of directories) {
    if (directory === "") continue;
    for (const candidate of names) {
      const path = join(directory, candidate);
      if (isExecutable(path)) return path;
    }
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch (error) {
    // Missing or not executable: not this one.
    void error;
    return false;
  }
}
