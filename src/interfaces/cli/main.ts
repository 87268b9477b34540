#!/usr/bin/env node
const argv = process.argv.slice(2);
if (argv[0] === "hook") {
  // The hook runs on every tool call of the user's agent: it skips commander and every command
  // module, reads its payload from descriptor 0 and builds process.stdout only when it prints.
  const { runHook } = await import("../hooks/hook-main.js");
  await runHook(argv.slice(1), {
    stdin: 0,
    get stdout() {
      return process.stdout;
    },
    env: process.env,
    cwd: process.cwd(),
    now: Date.now,
  });
  process.exitCode = 0;
} else {
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
