// `npm run demo`: the main job on the embedded default (SQLite, offline, no API key).
// Imports the sample transcripts into a fresh demo store and shows what was captured.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../dist/interfaces/cli/program.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const db = join(mkdtempSync(join(tmpdir(), "tacit-demo-")), "tacit.db");
const io = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: root,
  now: Date.now,
};

async function step(title, argv) {
  process.stdout.write(`\n━━ ${title}\n$ tacit ${argv.join(" ")}\n`);
  const code = await runCli([...argv, "--db", db], io);
  if (code !== 0) {
    process.stderr.write(`demo step failed with exit code ${code}\n`);
    process.exit(code);
  }
}

process.stdout.write(`tacit demo — store: ${db}\n`);
await step("Import real Claude Code, Codex and OpenClaw transcripts", [
  "import",
  join(root, "examples/transcripts"),
]);
await step("Import again: nothing new is added", ["import", join(root, "examples/transcripts")]);
await step("What the store holds", ["stats"]);
await step("Sessions", ["sessions", "list", "--limit", "10"]);
await step("Tool errors captured from the transcripts", ["errors", "list", "--limit", "5"]);
await step("Seed 002 retry context for a session with errors", [
  "errors",
  "context",
  "claude-code:1af7fc5e-8455-4414-9ccd-011d40f70b2a",
]);
