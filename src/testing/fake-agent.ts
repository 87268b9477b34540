/**
 * A stand-in for an agent's binary (`claude`, `codex`) in tests: a real executable (a node script)
 * that records each invocation — its arguments, working directory, the variables tacit sets or
 * removes, its stdin, and the files its arguments name — and answers with what the test scripted
 * (stdout, stderr, exit code, a delay), chosen by its arguments. The script can be changed between
 * calls. Used where the real agent is not installed (Codex) and to drive failures the real one
 * cannot be made to show on demand (hangs, garbage, crashes).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** What the fake does for one invocation. */
export interface FakeAgentAnswer {
  stdout?: string;
  stderr?: string;
  /** Default 0. */
  exitCode?: number;
  /** Wait this long before answering, ms. */
  delayMs?: number;
}

/** The fake's script: answers by the start of the argument list (`"--version"`, `"auth status"`), else `fallback`. */
export interface FakeAgentScript {
  byArguments?: Record<string, FakeAgentAnswer>;
  fallback: FakeAgentAnswer;
}

/** One recorded invocation. */
export interface FakeAgentCall {
  argv: string[];
  cwd: string;
  /** The variables whose names start with TACIT_, CLAUDE, API_, AI_AGENT or DISABLE_, and HOME. */
  env: Record<string, string>;
  stdin: string;
  /** Files named by arguments that existed while the fake ran, with their content. */
  files: Record<string, string>;
}

/** A fake agent binary. */
export interface FakeAgent {
  /** The executable. */
  path: string;
  /** Replaces the script (takes effect at the next invocation). */
  script(script: FakeAgentScript): void;
  /** Every invocation so far, oldest first. */
  calls(): FakeAgentCall[];
}

/** Writes a fake agent binary named `name` into `dir` (created when missing; best a fresh temp dir). */
export function writeFakeAgent(dir: string, name: string, script: FakeAgentScript): FakeAgent {
  const path = join(dir, name);
  const scriptFile = join(dir, `${name}.script.json`);
  const log = join(dir, `${name}.calls.jsonl`);
  const source = `#!${process.execPath}
const fs = require("node:fs");
const argv = process.argv.slice(2);
const stdin = fs.readFileSync(0, "utf8");
const script = JSON.parse(fs.readFileSync(${JSON.stringify(scriptFile)}, "utf8"));
const env = {};
for (const [key, value] of Object.entries(process.env)) {
  if (/^(TACIT_|CLAUDE|API_|AI_AGENT|DISABLE_)/.test(key) || key === "HOME") env[key] = value;
}
const files = {};
for (const arg of argv) {
  if (arg.startsWith("/") && fs.existsSync(arg) && fs.statSync(arg).isFile()) files[arg] = fs.readFileSync(arg, "utf8");
}
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ argv, cwd: process.cwd(), env, stdin, files }) + "\\n");
const joined = argv.join(" ");
const key = Object.keys(script.byArguments || {}).find((prefix) => joined === prefix || joined.startsWith(prefix + " "));
const answer = key === undefined ? script.fallback : script.byArguments[key];
setTimeout(() => {
  if (answer.stderr) process.stderr.write(answer.stderr);
  process.stdout.write(answer.stdout || "", () => process.exit(answer.exitCode || 0));
}, answer.delayMs || 0);
`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path, source);
  chmodSync(path, 0o755);
  const fake: FakeAgent = {
    path,
    script: (next) => writeFileSync(scriptFile, JSON.stringify(next)),
    calls: () =>
      existsSync(log)
        ? readFileSync(log, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((line) => JSON.parse(line) as FakeAgentCall)
        : [],
  };
  fake.script(script);
  return fake;
}
