/**
 * The Stop / SessionEnd reconcile: a session's transcript fills in the prompt and tool-call events
 * the hooks missed (a hook daemon that was down), under the hooks' own ids, so nothing is stored
 * twice — not by the hooks and the reconcile, not by a later `tacit import` of the same file.
 */
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createCapture } from "../../capture/capture.js";
import { importPaths } from "../../capture/importers/import-runner.js";
import { LIVE_SESSION_REASON } from "../../capture/importers/live-session-fill.js";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { type Turn, transcriptLines, turnEvents } from "../../testing/claude-turn.js";
import { hookLogText } from "../../testing/hook-fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { runHook } from "./hook-main.js";

const tempDir = useTempDir("tacit-reconcile-");
const NOW = Date.UTC(2026, 4, 1, 12);

function setup() {
  const home = tempDir();
  const project = join(home, "shop-api");
  mkdirSync(join(project, ".git"), { recursive: true });
  const transcriptPath = join(home, "projects", "session-1.jsonl");
  mkdirSync(join(home, "projects"));
  const env = { TACIT_HOME: home, TACIT_NO_BACKGROUND_LEARN: "1", TACIT_HOOK_DAEMON: "0", HOME: home };
  const turn = (promptId: string, calls: Turn["calls"], at: number): Turn => ({
    sessionId: "session-1",
    cwd: project,
    transcriptPath,
    promptId,
    prompt: `prompt ${promptId}: install the dependencies`,
    calls,
    reply: `reply to ${promptId}`,
    at,
  });
  // The hooks run after the transcript lines of their event are written.
  let clock = NOW + 3_600_000;
  /** Sends the events of `turn` whose name `deliver` accepts, as the agent runs the hook. */
  const send = async (events: ReturnType<typeof turnEvents>, deliver: (name: string) => boolean) => {
    for (const { name, payload } of events) {
      if (!deliver(name)) continue;
      const at = clock++;
      await runHook([], {
        stdin: Buffer.from(JSON.stringify(payload)),
        stdout: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
        env,
        cwd: project,
        now: () => at,
        // As the hook daemon does: a tool event is stored at once, not left in the spool.
        storeToolEvents: true,
      });
    }
  };
  const database = join(home, "tacit.db");
  const rows = () => {
    const db = new Database(database, { readonly: true });
    try {
      return {
        messages: db
          .prepare("SELECT id, role, kind, content, tool_output, is_error FROM messages ORDER BY seq")
          .all() as Array<{
          id: string;
          role: string;
          kind: string;
          tool_output: string | null;
          is_error: number;
        }>,
        errors: db.prepare("SELECT id FROM errors ORDER BY id").all(),
        outcomes: db.prepare("SELECT error_count, success FROM outcomes ORDER BY created_at").all(),
      };
    } finally {
      db.close();
    }
  };
  return { home, project, transcriptPath, env, turn, send, rows, database };
}

/** The SessionStart event of a run's session (Claude Code sends it before the first prompt). */
const sessionStart = (run: { project: string; transcriptPath: string }) => ({
  session_id: "session-1",
  transcript_path: run.transcriptPath,
  cwd: run.project,
  hook_event_name: "SessionStart",
  source: "resume",
});

const failed = { id: "toolu_npm", command: "npm install", output: "npm ERR! code ERESOLVE", isError: true };
const worked = { id: "toolu_pnpm", command: "pnpm install", output: "Done in 1.2s", isError: false };

describe("the Stop reconcile from the transcript", () => {
  it("fills in a tool call the hooks missed, and matches a session whose every event arrived", async () => {
    const complete = setup();
    const dropped = setup();
    for (const run of [complete, dropped]) {
      const turn = run.turn("p1", [failed, worked], NOW);
      writeFileSync(run.transcriptPath, transcriptLines(turn));
      // The failed call's PostToolUseFailure never reaches tacit in the second run.
      await run.send(turnEvents(turn), (name) => run === complete || name !== failed.id);
    }
    const expected = complete.rows();
    const got = dropped.rows();
    expect(got.messages.map((row) => row.id)).toEqual(
      expect.arrayContaining(expected.messages.map((row) => row.id)),
    );
    expect(got.messages).toHaveLength(expected.messages.length);
    const filled = got.messages.find((row) => row.id.endsWith(":hook:tool:toolu_npm"));
    expect(filled).toMatchObject({ kind: "tool_call", is_error: 1, tool_output: "npm ERR! code ERESOLVE" });
    // The error row and the turn's outcome count the filled-in failure, as they do when it arrived.
    expect(got.errors).toEqual(expected.errors);
    expect(got.outcomes).toEqual([{ error_count: 1, success: 1 }]);
    expect(expected.outcomes).toEqual(got.outcomes);
    expect(hookLogText(dropped.home)).toBe("");
  });

  it("fills in a whole turn the hooks missed, in order, and a second reconcile adds nothing", async () => {
    const run = setup();
    const first = run.turn("p1", [worked], NOW);
    const second = run.turn("p2", [{ ...failed, id: "toolu_npm_2" }], NOW + 60_000);
    writeFileSync(run.transcriptPath, transcriptLines(first));
    await run.send(turnEvents(first), () => true);
    appendFileSync(run.transcriptPath, transcriptLines(second));
    // The daemon was down for the whole second turn: only its Stop (a command hook) ran.
    await run.send(turnEvents(second), (name) => name === "stop");
    const ids = run.rows().messages.map((row) => row.id.replace(/^claude-code:session-1:/, ""));
    expect(ids).toEqual([
      "hook:prompt:p1",
      "hook:tool:toolu_pnpm",
      "hook:reply:p1",
      "hook:prompt:p2",
      "hook:tool:toolu_npm_2",
      "hook:reply:p2",
    ]);
    const before = run.rows();
    await run.send(turnEvents(second), (name) => name === "stop");
    expect(run.rows()).toEqual(before);
  });

  it("leaves the hooks' rows as they stored them, and a later tacit import adds nothing", async () => {
    const run = setup();
    const turn = run.turn("p1", [failed, worked], NOW);
    writeFileSync(run.transcriptPath, transcriptLines(turn));
    // The transcript words the failure differently from the hook's error text: the hook's stays.
    await run.send(
      turnEvents({ ...turn, calls: [{ ...failed, output: "Exit code 1 (from the hook)" }, worked] }),
      () => true,
    );
    const stored = run.rows();
    expect(stored.messages.find((row) => row.id.endsWith("toolu_npm"))?.tool_output).toBe(
      "Exit code 1 (from the hook)",
    );
    const store = new SqliteStore({ path: run.database });
    try {
      const sessions = await store.listSessions({ limit: -1 });
      const summary = await importPaths({
        capture: createCapture({ store }),
        getImportFile: (path) => store.getImportFile(path),
        existingMessageIds: (ids) => store.existingMessageIds(ids),
        liveSessions: new Set(sessions.map((session) => session.id)),
        paths: [run.transcriptPath],
      });
      // Read already by the reconcile: the file is unchanged since.
      expect(summary.filesUnchanged).toBe(1);
      expect(summary.messages).toBe(0);
    } finally {
      await store.close();
    }
    expect(run.rows()).toEqual(stored);
  });

  it("imports a live session's transcript without doubling a row, filling only what is missing", async () => {
    const run = setup();
    const turn = run.turn("p1", [failed, worked], NOW);
    writeFileSync(run.transcriptPath, transcriptLines(turn));
    // Prompt and one call arrived; the session ended before any Stop, so no reconcile ran.
    await run.send(turnEvents(turn), (name) => name === "prompt" || name === worked.id);
    const store = new SqliteStore({ path: run.database });
    try {
      const summary = await importPaths({
        capture: createCapture({ store }),
        getImportFile: (path) => store.getImportFile(path),
        existingMessageIds: (ids) => store.existingMessageIds(ids),
        liveSessions: new Set(["claude-code:session-1"]),
        paths: [run.transcriptPath],
      });
      expect(summary.messages).toBe(1);
      // The assistant's text is not what the hooks store: skipped, as before.
      expect(summary.linesSkipped[LIVE_SESSION_REASON]).toBe(1);
    } finally {
      await store.close();
    }
    const ids = run.rows().messages.map((row) => row.id.replace(/^claude-code:session-1:/, ""));
    expect(ids).toEqual(["hook:prompt:p1", "hook:tool:toolu_pnpm", "hook:tool:toolu_npm"]);
  });

  it("fills in only what came after SessionStart in a session resumed from before the hooks", async () => {
    const run = setup();
    const before = run.turn("p0", [{ ...worked, id: "toolu_before" }], NOW - 86_400_000);
    const after = run.turn("p1", [failed], NOW);
    writeFileSync(run.transcriptPath, transcriptLines(before));
    // A half-written line at SessionStart is not counted as read.
    appendFileSync(run.transcriptPath, '{"type":"queue-operation","operation":"enq');
    await run.send([{ name: "start", payload: sessionStart(run) }], () => true);
    appendFileSync(run.transcriptPath, `ueue","sessionId":"session-1"}\n${transcriptLines(after)}`);
    await run.send(turnEvents(after), (name) => name === "stop");
    const ids = run.rows().messages.map((row) => row.id.replace(/^claude-code:session-1:/, ""));
    expect(ids).toEqual(["hook:prompt:p1", "hook:tool:toolu_npm", "hook:reply:p1"]);
    expect(hookLogText(run.home)).toBe("");
  });

  it("doubles nothing in a session imported before the hooks and then resumed", async () => {
    const run = setup();
    const before = run.turn("p0", [{ ...worked, id: "toolu_before" }], NOW - 86_400_000);
    const after = run.turn("p1", [failed], NOW);
    writeFileSync(run.transcriptPath, transcriptLines(before));
    const store = new SqliteStore({ path: run.database });
    try {
      const imported = await importPaths({
        capture: createCapture({ store }),
        getImportFile: (path) => store.getImportFile(path),
        paths: [run.transcriptPath],
      });
      expect(imported.messages).toBe(3);
    } finally {
      await store.close();
    }
    await run.send([{ name: "start", payload: sessionStart(run) }], () => true);
    appendFileSync(run.transcriptPath, transcriptLines(after));
    await run.send(turnEvents(after), (name) => name !== failed.id);
    const messages = run.rows().messages;
    // The imported turn under the transcript's ids, the hooks' turn under theirs, and nothing twice.
    expect(
      messages.filter((row) => row.id.includes(":hook:")).map((row) => row.id.split(":hook:")[1]),
    ).toEqual(["prompt:p1", "tool:toolu_npm", "reply:p1"]);
    expect(messages.filter((row) => !row.id.includes(":hook:"))).toHaveLength(3);
  });

  it("does nothing, and logs nothing, when the transcript does not exist yet", async () => {
    const run = setup();
    const turn = run.turn("p1", [worked], NOW);
    await run.send(turnEvents(turn), () => true);
    expect(run.rows().messages).toHaveLength(3);
    expect(hookLogText(run.home)).toBe("");
  });
});
