#!/usr/bin/env node
/**
 * The CLI's entry. Built twice: by tsc into dist/interfaces/cli/main.js (ESM) and by
 * scripts/build-hook.mjs into dist/interfaces/cli/tacit.cjs (CommonJS, hook-client.ts bundled in),
 * the `tacit` bin and the command `tacit install` writes. `tacit hook` runs on every tool call of
 * the user's agent, and node loads one CommonJS file faster than an ESM graph: from tacit.cjs it
 * runs without the ESM loader. So this module has no top-level await, imports only hook-client.ts
 * statically, and loads everything else (commander, the daemon) with `import()`.
 */
import { isHostModelRun } from "../../models/host-agent/host-model-guard.js";
import { runHookClient } from "../hooks/hook-client.js";

async function main(argv: string[]): Promise<void> {
  // A hook fired by tacit's own model run (the user's agent run as tacit's model): do nothing at
  // all, before reading the payload, so tacit never captures or learns from itself.
  if (argv[0] === "hook" && isHostModelRun(process.env)) process.exit(0);
  // `tacit hook --help` is for a person: commander prints the help (an agent never passes it).
  if (argv[0] === "hook" && !argv.includes("--help") && !argv.includes("-h")) {
    // The hook skips commander and every command module, and reads its payload from descriptor 0
    // and writes its answer to descriptor 1 rather than building process.stdin and process.stdout.
    // hook-client hands the event to the resident hook daemon, else runs it in this process.
    await runHookClient(argv.slice(1), {
      stdin: 0,
      stdout: 1,
      env: process.env,
      cwd: process.cwd(),
      now: Date.now,
    });
    // The answer is written (synchronously, to descriptor 1) and anything started is detached:
    // exit now rather than wait for the socket's teardown and the event loop to drain.
    process.exit(0);
  } else if (argv[0] === "hook-daemon" && argv[1] === "--socket" && argv[2]) {
    await hookDaemon(argv[2]);
  } else {
    // `tacit … | head`: once the reader is gone there is nobody left to tell, so stop quietly.
    process.stdout.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(0);
      throw error;
    });
    const { runCli } = await import("./program.js");
    process.exitCode = await runCli(argv, {
      stdout: process.stdout,
      stderr: process.stderr,
      stdin: process.stdin,
      env: process.env,
      cwd: process.cwd(),
      now: Date.now,
    });
  }
}

/** Started detached by `tacit hook`; serves hook events until idle (see hook-daemon.ts). */
async function hookDaemon(socketPath: string): Promise<void> {
  const { runHookDaemon } = await import("../hooks/hook-daemon.js");
  const { logHookFailure } = await import("../hooks/hook-log.js");
  const io = { env: process.env, now: Date.now };
  // One bad event never kills a serving daemon: whatever escapes is logged and it keeps serving.
  // Before it serves, a failure ends it (the next prompt-level hook starts another).
  let serving = false;
  const escaped = (message: string) => {
    logHookFailure(io, `hook daemon: ${message}`);
    if (!serving) process.exit(0);
  };
  process.on("uncaughtException", (error) => escaped(`uncaught: ${error.stack}`));
  process.on("unhandledRejection", (reason) => escaped(`unhandled: ${String(reason)}`));
  try {
    await runHookDaemon({
      socketPath,
      env: process.env,
      now: Date.now,
      onListening: () => {
        serving = true;
      },
    });
  } catch (error) {
    // Not logged when its home is gone: logging would recreate the folder just deleted.
    const { existsSync } = await import("node:fs");
    const { dirname } = await import("node:path");
    if (existsSync(dirname(socketPath))) {
      logHookFailure(io, `hook daemon: ${(error as Error)?.stack ?? String(error)}`);
    }
  }
  process.exit(0);
}

void main(process.argv.slice(2));
