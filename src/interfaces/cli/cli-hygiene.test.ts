/**
 * The CLI's small promises, command by command: options that exist are registered, help says what
 * a command does, a refused file is a failure, reading creates nothing, listings say what they
 * left out, and a recall that finds nothing says why when the lessons are elsewhere.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runTacit } from "../../testing/cli-harness.js";
import { transcriptFixture } from "../../testing/fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir("tacit-cli-hygiene-");
const SAMPLES = transcriptFixture("tacit-samples");
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Every command that only reads tacit's database, with the arguments it needs: each opens it
 * read-only and creates nothing. `{dir}` is the test's folder.
 */
const READS: Record<string, string[]> = {
  "sessions list": [],
  "sessions show": ["S1"],
  "errors list": [],
  "errors context": ["S1"],
  stats: [],
  "export conversations": ["--format", "jsonl"],
  recall: ["install the dependencies"],
  maintain: ["--dry-run"],
  prune: ["--older-than", "30", "--dry-run"],
  "lessons list": [],
  "lessons show": ["L1"],
  "lessons history": ["L1"],
  "skills list": [],
  "skills show": ["deploy"],
  "skills history": ["deploy"],
  "skills export": ["--dir", "{dir}/skills"],
  "guardian list": [],
  "guardian show": ["A1"],
  "guardian diff": ["A1"],
  "guardian history": [],
  "guardian export": ["--format", "json"],
  "gate list": [],
  "gate show": ["D1"],
  "gate stats": [],
  "gate export": ["--format", "json"],
  "dataset list": [],
  "dataset show": ["X1"],
  "dataset stats": [],
  "pack export": ["-o", "{dir}/pack.yaml"],
};

/** Commands that write (and so create the database), or that do not read tacit's database. */
const NOT_READING = [
  "import",
  "errors resolve",
  "learn",
  "signals satisfaction",
  "signals detect",
  "reindex",
  "compact",
  "lessons promote",
  "lessons deprecate",
  "lessons reset",
  "lessons archive",
  "lessons feedback",
  "lessons revert",
  "lessons add",
  "skills generate",
  "skills archive",
  "eval",
  "mcp",
  "serve",
  "install",
  "uninstall",
  "hook",
  "config list",
  "config get",
  "config set",
  "config unset",
  "doctor",
  "memory write",
  "guardian rollback",
  "guardian retry",
  "guardian correct",
  "gate decide",
  "gate run",
  "gate eval",
  "dataset collect",
  "dataset approve",
  "dataset reject",
  "dataset review",
  "dataset export",
  "pack import",
];

/** Every command the CLI has, as `group command` or `command`, read from its help. */
async function commandPaths(prefix: string[] = []): Promise<string[]> {
  const help = (await runTacit([...prefix, "--help"])).stdout;
  const names = [...help.slice(help.indexOf("\nCommands:")).matchAll(/^ {2}([a-z][a-z-]*)/gm)]
    .map((match) => match[1] as string)
    .filter((name) => name !== "help");
  if (names.length === 0) return [prefix.join(" ")];
  const nested = await Promise.all(names.map((name) => commandPaths([...prefix, name])));
  return nested.flat();
}

describe("tacit CLI hygiene", () => {
  it("registers learn --instincts", async () => {
    const env = { TACIT_HOME: tempDir() };
    await runTacit(["import", SAMPLES], { env });
    const learnt = await runTacit(["learn", "--instincts", "off", "--json"], { env });
    expect(learnt.stderr).toBe("");
    expect(learnt.code).toBe(0);
    const wrong = await runTacit(["learn", "--instincts", "sometimes"], { env });
    expect(wrong.stderr).toMatch(/--instincts must be one of offline, model, off, got "sometimes"/);
  });

  it("says what serve serves", async () => {
    const help = await runTacit(["serve", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/the viewer .* at\s+http:\/\/127\.0\.0\.1:7077\/, its JSON API at \/api/s);
    expect(help.stdout).toMatch(/MCP tools \(recall,.*compact_context.*\) over Streamable HTTP at \/mcp/s);
    expect(help.stdout).toMatch(/Bearer/);
    expect(help.stdout).toMatch(/api-token/);
  });

  it("exits non-zero when a file is refused, even beside one that imported", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "empty.jsonl"), "");
    const result = await runTacit(["import", join(SAMPLES, "pnpm-not-npm.jsonl"), join(dir, "empty.jsonl")], {
      env: { TACIT_HOME: dir },
    });
    expect(result.stdout).toMatch(/^Imported 1 of 2 file\(s\)/);
    expect(result.stderr).toContain(`skipped file ${join(dir, "empty.jsonl")}: empty file`);
    expect(result.code).toBe(1);
  });

  it("classes every command as one that only reads the database or not", async () => {
    expect((await commandPaths()).sort()).toEqual([...Object.keys(READS), ...NOT_READING].sort());
  });

  it("reads without creating: a mistyped --db is an error, a missing default database reads as empty", async () => {
    const dir = tempDir();
    const mistyped = join(dir, "tacti", "tacit.db");
    for (const [command, args] of Object.entries(READS)) {
      const argv = [...command.split(" "), ...args.map((arg) => arg.replace("{dir}", dir))];
      const result = await runTacit(["--db", mistyped, ...argv], { env: { TACIT_HOME: dir }, cwd: dir });
      expect(result.stderr, argv.join(" ")).toBe(
        `tacit: no tacit database at ${mistyped}: check --db (or TACIT_DATABASE_URL); commands that capture create it\n`,
      );
      expect(result.code).toBe(1);
      expect(readdirSync(dir), argv.join(" ")).toEqual([]);
    }
    expect(readdirSync(dir)).toEqual([]);
    const home = join(dir, "home");
    const listed = await runTacit(["sessions", "list"], { env: { TACIT_HOME: home } });
    expect(listed).toMatchObject({ code: 0, stderr: "" });
    expect(listed.stdout).toMatch(/^No sessions captured yet/);
    expect(existsSync(home)).toBe(false);
  });

  it("reads an existing database without writing to it", async () => {
    const dir = tempDir();
    const env = { TACIT_HOME: dir };
    await runTacit(["import", SAMPLES], { env });
    const database = join(dir, "tacit.db");
    // A writer killed mid-session (a hook daemon, say) leaves changes in the write-ahead log only.
    const killed = spawnSync(
      process.execPath,
      [
        "-e",
        `const db = new (require("better-sqlite3"))(${JSON.stringify(database)});
         db.pragma("wal_autocheckpoint = 0");
         db.prepare("UPDATE sessions SET title = 'renamed'").run();
         process.kill(process.pid, "SIGKILL");`,
      ],
      { cwd: ROOT },
    );
    expect(killed.signal).toBe("SIGKILL");
    const before = readFileSync(database);
    for (const argv of [["sessions", "list", "--json"], ["lessons", "list"], ["stats"], ["errors", "list"]]) {
      const result = await runTacit(argv, { env });
      expect(result, argv.join(" ")).toMatchObject({ code: 0, stderr: "" });
    }
    const titles = JSON.parse((await runTacit(["sessions", "list", "--json"], { env })).stdout);
    expect(titles.every((session: { title: string }) => session.title === "renamed")).toBe(true);
    // A read-write connection closing last would have checkpointed the log into the file.
    expect(readFileSync(database).equals(before)).toBe(true);
  });

  it("prune --dry-run says what it would delete and deletes nothing", async () => {
    const env = { TACIT_HOME: tempDir() };
    await runTacit(["import", SAMPLES], { env });
    const sessions = JSON.parse((await runTacit(["stats", "--json"], { env })).stdout).sessions;
    const dry = await runTacit(["prune", "--older-than", "0", "--dry-run"], { env });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      new RegExp(`^Would prune ${sessions} sessions \\(\\d+ messages\\) .*; nothing deleted`),
    );
    const json = JSON.parse(
      (await runTacit(["prune", "--older-than", "0", "--dry-run", "--json"], { env })).stdout,
    );
    expect(json).toMatchObject({ dryRun: true, sessionsDeleted: sessions });
    expect(JSON.parse((await runTacit(["stats", "--json"], { env })).stdout).sessions).toBe(sessions);
    // Without a terminal it does not ask.
    const pruned = await runTacit(["prune", "--older-than", "0"], { env });
    expect(pruned.stdout).toMatch(new RegExp(`^Pruned ${sessions} sessions`));
  });

  it("ends a listing cut by --limit with how many more there are", async () => {
    const env = { TACIT_HOME: tempDir() };
    await runTacit(["import", SAMPLES], { env });
    const all = JSON.parse((await runTacit(["sessions", "list", "--json"], { env })).stdout).length;
    expect(all).toBeGreaterThan(2);
    const cut = await runTacit(["sessions", "list", "--limit", "2"], { env });
    expect(cut.stdout.trimEnd().split("\n").at(-1)).toBe(`… ${all - 2} more (--limit ${all} lists them all)`);
    const whole = await runTacit(["sessions", "list", "--limit", String(all)], { env });
    expect(whole.stdout).not.toContain("more (--limit");
    const errors = JSON.parse(
      (await runTacit(["errors", "list", "--json", "--limit", "100"], { env })).stdout,
    );
    expect(errors.length).toBeGreaterThan(1);
    const oneError = await runTacit(["errors", "list", "--limit", "1"], { env });
    expect(oneError.stdout).toContain(`… ${errors.length - 1} more`);
    await runTacit(["learn"], { env });
    const lessons = JSON.parse(
      (await runTacit(["lessons", "list", "--json", "--limit", "100"], { env })).stdout,
    );
    expect(lessons.length).toBeGreaterThan(1);
    expect((await runTacit(["lessons", "list", "--limit", "1"], { env })).stdout).toContain(
      `… ${lessons.length - 1} more`,
    );
  });

  it("imports a Claude Code file whose first lines are summaries as one session, not two", async () => {
    const dir = tempDir();
    const file = join(dir, "renamed-transcript.jsonl");
    const line = (record: Record<string, unknown>) => JSON.stringify(record);
    writeFileSync(
      file,
      [
        line({ type: "summary", summary: "Login bug fix", leafUuid: "leaf-1" }),
        line({
          type: "user",
          sessionId: "7d3e9a10-2b4c-4d5e-8f60-718293a4b5c6",
          uuid: "u1",
          cwd: "/work/shop",
          timestamp: "2026-11-02T09:00:00.000Z",
          message: { role: "user", content: "fix the login bug" },
        }),
        "",
      ].join("\n"),
    );
    const summaryOnly = join(dir, "0e1f2a3b.jsonl");
    writeFileSync(summaryOnly, `${line({ type: "summary", summary: "Older work", leafUuid: "leaf-0" })}\n`);
    const env = { TACIT_HOME: dir };
    expect((await runTacit(["import", file, summaryOnly], { env })).code).toBe(0);
    const sessions = JSON.parse((await runTacit(["sessions", "list", "--json"], { env })).stdout);
    expect(sessions.map((session: { id: string }) => session.id)).toEqual([
      "claude-code:7d3e9a10-2b4c-4d5e-8f60-718293a4b5c6",
    ]);
    expect(sessions[0].messageCount).toBe(2);
  });

  it("exports conversations that signals detect reads, line for line", async () => {
    const env = { TACIT_HOME: tempDir() };
    await runTacit(["import", SAMPLES], { env });
    const exported = await runTacit(["export", "conversations", "--format", "jsonl"], { env });
    const lines = exported.stdout.trim().split("\n");
    const detected = await runTacit(["signals", "detect"], { env, stdin: exported.stdout });
    expect(detected.stderr).toBe("");
    expect(detected.code).toBe(0);
    const outputs = detected.stdout
      .trim()
      .split("\n")
      .map((text) => JSON.parse(text));
    expect(outputs.map((output) => output.id)).toEqual(lines.map((text) => JSON.parse(text).session.id));
    const signals = outputs.flatMap((output) => output.signals);
    // Tool messages are read by their output, so a failed command is evidenced by what it printed.
    const execution = signals.filter((signal) => signal.source === "execution" && signal.type === "reject");
    expect(execution.length).toBeGreaterThan(0);
    expect(execution.every((signal) => signal.evidence !== "Bash")).toBe(true);
    expect(signals.some((signal) => signal.source === "user")).toBe(true);
  });

  it("says so when this folder has no lessons but other projects do", async () => {
    const dir = tempDir();
    const env = { TACIT_HOME: dir };
    const shop = join(dir, "shop");
    mkdirSync(join(shop, ".git"), { recursive: true });
    const rule = ["--rule", "Use pnpm, not npm", "--trigger", "installing dependencies"];
    const added = await runTacit(["lessons", "add", ...rule, "--project", shop], { env });
    expect(added.code).toBe(0);
    const elsewhere = join(dir, "blog");
    mkdirSync(join(elsewhere, ".git"), { recursive: true });
    const recalled = await runTacit(["recall", "install the dependencies"], { env, cwd: elsewhere });
    expect(recalled.code).toBe(0);
    expect(recalled.stdout).toContain(`Nothing relevant to inject for this prompt (project ${elsewhere}).`);
    expect(recalled.stdout).toContain(
      `This project has no lessons; 1 lesson(s) belong to other projects: ${shop} (1).`,
    );
    // Where lessons exist (its own or global), nothing is added.
    const home = await runTacit(["recall", "write a limerick about a cat", "--project", shop], { env });
    expect(home.stdout).not.toContain("belong to other projects");
  });
});
