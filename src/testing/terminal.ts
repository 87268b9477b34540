/**
 * Runs a command on a pseudo-terminal, as a person at a keyboard would: through util-linux
 * `script`, which gives the command a terminal for stdin, stdout and stderr and passes on what the
 * test types (Ctrl-C is "\u0003", which the terminal turns into SIGINT). No native module needed.
 */
import { spawn, spawnSync } from "node:child_process";
import { shellQuote } from "../interfaces/hooks/cli-entry.js";

/** Whether `script` (util-linux) is there to make a terminal with. */
export function terminalAvailable(): boolean {
  return spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
}

/**
 * Runs `argv` on a terminal. `type` is asked after each piece of output what to type next (null:
 * nothing yet); each answer is typed once. Resolves with the exit code and everything the terminal
 * showed.
 */
export function runInTerminal(
  argv: readonly string[],
  options: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    type?: (output: string) => string | null;
    timeoutMs?: number;
  },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qefc", argv.map(shellQuote).join(" "), "/dev/null"], {
      cwd: options.cwd,
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    const typed = new Set<string>();
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      output += chunk;
      const next = options.type?.(output) ?? null;
      if (next !== null && !typed.has(next)) {
        typed.add(next);
        child.stdin.write(next);
      }
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code, output });
    });
  });
}
