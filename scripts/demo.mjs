// `npm run demo`: the main job on the embedded default (SQLite, offline, no API key).
// Imports real and sample agent transcripts into a fresh store, learns lessons from them offline,
// shows what was captured and learnt, and ends with what tacit would inject for new prompts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { runCli } from "../dist/interfaces/cli/program.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const home = mkdtempSync(join(tmpdir(), "tacit-demo-"));
const db = join(home, "tacit.db");
// A fresh TACIT_HOME with no model configured: everything below runs offline.
const env = { ...process.env, TACIT_HOME: home, TACIT_LLM_PROVIDER: "none" };
delete env.TACIT_DATABASE_URL;
const io = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env,
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

async function json(argv) {
  const stdout = new PassThrough();
  let text = "";
  stdout.on("data", (chunk) => {
    text += chunk;
  });
  const code = await runCli([...argv, "--json", "--db", db], { ...io, stdout });
  if (code !== 0) process.exit(code);
  return JSON.parse(text);
}

process.stdout.write(`tacit demo — store: ${db}\n`);
await step("Import real Claude Code, Codex and OpenClaw transcripts, and four sample sessions", [
  "import",
  join(root, "examples/transcripts"),
]);
await step("Import again: nothing new is added", ["import", join(root, "examples/transcripts")]);
await step("What the store holds", ["stats"]);
await step("Sessions", ["sessions", "list", "--limit", "6"]);
await step("Tool errors captured from the transcripts", ["errors", "list", "--limit", "5"]);
await step("Learn offline: tasks, feedback signals, task experiences, lessons", ["learn"]);
await step("Learn again: every task is already learnt, nothing changes", ["learn"]);
await step("Lessons learnt for the sample project", ["lessons", "list", "--project", "/work/demo-app"]);
const shown = await json(["lessons", "list", "--project", "/work/demo-app", "--limit", "2"]);
for (const lesson of shown) {
  await step(`Lesson ${lesson.id} with its evidence`, ["lessons", "show", lesson.id]);
}
await step("A related prompt in a new session: what tacit injects", [
  "recall",
  "install the dependencies for the api package",
  "--project",
  "/work/demo-app",
]);
await step("A prompt in Chinese about the dev server", [
  "recall",
  "重新启动开发服务器",
  "--project",
  "/work/demo-app",
]);
await step("An unrelated prompt: nothing is injected, and --explain says why", [
  "recall",
  "write a haiku about autumn",
  "--project",
  "/work/demo-app",
  "--explain",
]);
