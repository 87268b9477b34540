#!/usr/bin/env node
import { runCli } from "./program.js";

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
  now: Date.now,
});
process.exitCode = code;
