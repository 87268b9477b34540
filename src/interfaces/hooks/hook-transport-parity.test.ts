/**
 * HTTP hooks and command hooks are two transports of one handler: the same events, posted to the
 * daemon over HTTP or run as `tacit hook`, get the same answers and leave the same rows — the
 * guard's too: a call the user forbade is denied with the same reason, an allowed one gets no
 * answer, and both record the same guard events. And with
 * HTTP hooks installed, the SessionStart command hook starts the daemon and returns once it
 * listens, so the session's first prompt already reaches it.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createHashingEmbedder } from "../../models/hashing-embedder.js";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { type Turn, turnEvents } from "../../testing/claude-turn.js";
import { hookLogText, hookPayload, waitUntil } from "../../testing/hook-fixtures.js";
import { postHook } from "../../testing/hook-http.js";
import { useHttpDaemons } from "../../testing/http-daemons.js";
import { NPM_PROHIBITION, npmProhibitionLesson, pnpmLesson } from "../../testing/pnpm-lesson.js";
import { storeLessons } from "../../testing/stored-lessons.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { runHookClient } from "./hook-client.js";

const tempDir = useTempDir("tacit-hook-parity-");
const NOW = Date.UTC(2026, 4, 1, 12);
const daemons = useHttpDaemons(NOW);

/** A home with a project and the pnpm lesson stored for it. */
async function home(): Promise<{ home: string; project: string; env: NodeJS.ProcessEnv; database: string }> {
  const dir = tempDir();
  const project = join(dir, "shop-api");
  mkdirSync(join(project, ".git"), { recursive: true });
  const database = join(dir, "tacit.db");
  const store = new SqliteStore({ path: database });
  try {
    await storeLessons(store, createHashingEmbedder(), [
      pnpmLesson({ id: "lesson-pnpm", project, at: Date.UTC(2026, 0, 1) }),
    ]);
  } finally {
    await store.close();
  }
  const env = {
    TACIT_HOME: dir,
    HOME: dir,
    TACIT_NO_BACKGROUND_LEARN: "1",
    TACIT_HOOK_DAEMON_CHECK_MS: "3600000",
  };
  return { home: dir, project, env, database };
}

/**
 * A home whose user said "never use npm here, use pnpm" in an earlier session (stored through the
 * hook), learnt as a lesson quoting it: an explicit prohibition the guard denies.
 */
async function guardedHome(): Promise<Awaited<ReturnType<typeof home>>> {
  const dir = await home();
  const said = { ...JSON.parse(hookPayload("claude-code", "UserPromptSubmit")), session_id: "earlier" };
  said.cwd = dir.project;
  said.prompt = NPM_PROHIBITION;
  await command(said, { ...dir.env, TACIT_HOOK_DAEMON: "0" }, dir.project);
  const store = new SqliteStore({ path: dir.database });
  try {
    await storeLessons(store, createHashingEmbedder(), [
      npmProhibitionLesson({ project: dir.project, quoteSession: "claude-code:earlier", at: NOW }),
    ]);
  } finally {
    await store.close();
  }
  return dir;
}

/** The guard's records, without their random ids (a record's and its call's). */
function guardRows(database: string, dir: string): unknown {
  const db = new Database(database, { readonly: true });
  try {
    const all = db
      .prepare("SELECT * FROM guard_events ORDER BY created_at, call_id")
      .all()
      .map((row) => {
        const { id: _id, call_id: _callId, ...rest } = row as Record<string, unknown>;
        return rest;
      });
    return JSON.parse(JSON.stringify(all).replaceAll(dir, "H"));
  } finally {
    db.close();
  }
}

/** `tacit hook` as the agent runs it (through hook-client.ts); what it printed. */
async function command(
  payload: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<string> {
  let text = "";
  const stdout = new Writable({
    write(chunk, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  await runHookClient([], { stdin: Buffer.from(JSON.stringify(payload)), stdout, env, cwd, now: () => NOW });
  return text;
}

/** Every row the events left, with the home's path made neutral. */
function rows(database: string, dir: string): unknown {
  const db = new Database(database, { readonly: true });
  try {
    const all = {
      sessions: db.prepare("SELECT * FROM sessions ORDER BY id").all(),
      messages: db.prepare("SELECT * FROM messages ORDER BY seq").all(),
      errors: db.prepare("SELECT * FROM errors ORDER BY id").all(),
      outcomes: db.prepare("SELECT * FROM outcomes ORDER BY id").all(),
      // Recall events get random ids (ULIDs): compared without them.
      recalls: db.prepare("SELECT * FROM recall_events ORDER BY created_at").all().map(withoutIds),
      recalled: db.prepare("SELECT * FROM recall_items ORDER BY rowid").all().map(withoutIds),
    };
    return JSON.parse(JSON.stringify(all).replaceAll(dir, "H"));
  } finally {
    db.close();
  }
}

function withoutIds(row: unknown): unknown {
  const { id: _id, recall_id: _recallId, ...rest } = row as Record<string, unknown>;
  return rest;
}

/** Events Claude Code sends as HTTP hooks once `tacit install` chose them. */
const HTTP_EVENTS = new Set(["UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure"]);

describe("HTTP hooks and command hooks", () => {
  it("answer the same events the same way and store the same rows", async () => {
    const viaCommand = await home();
    const viaHttp = await home();
    const { endpoint } = await daemons.start(viaHttp.env, viaHttp.project, viaHttp.database);

    const turn = (dir: { project: string; home: string }): Turn => ({
      sessionId: "parity-session",
      cwd: dir.project,
      transcriptPath: join(dir.home, "no-transcript.jsonl"),
      promptId: "prompt-1",
      prompt: "install the dependencies for the api package",
      calls: [
        { id: "toolu_npm", command: "npm install", output: "npm ERR! code ERESOLVE", isError: true },
        { id: "toolu_pnpm", command: "pnpm install", output: "Done in 1.2s", isError: false },
      ],
      reply: "Installed with pnpm.",
      at: NOW,
    });
    const start = (dir: { project: string }) =>
      JSON.parse(
        hookPayload("claude-code", "SessionStart", { session_id: "parity-session", cwd: dir.project }),
      );
    expect(await command(start(viaHttp), viaHttp.env, viaHttp.project)).toBe(
      await command(start(viaCommand), { ...viaCommand.env, TACIT_HOOK_DAEMON: "0" }, viaCommand.project),
    );
    const commandEvents = turnEvents(turn(viaCommand));
    const httpEvents = turnEvents(turn(viaHttp));
    let answered = 0;
    for (const [index, { payload }] of commandEvents.entries()) {
      const name = payload.hook_event_name as string;
      const overHttp = httpEvents[index]?.payload as Record<string, unknown>;
      const expected = await command(
        payload,
        { ...viaCommand.env, TACIT_HOOK_DAEMON: "0" },
        viaCommand.project,
      );
      const got = HTTP_EVENTS.has(name)
        ? await postHook(endpoint, JSON.stringify(overHttp)).then((reply) => {
            expect(reply.status).toBe(200);
            return reply.body;
          })
        : await command(overHttp, viaHttp.env, viaHttp.project);
      expect(got.replaceAll(viaHttp.project, "P"), name).toBe(expected.replaceAll(viaCommand.project, "P"));
      if (expected !== "") answered++;
    }
    // The prompt was answered with the lesson, so the comparison covered a real answer.
    expect(answered).toBeGreaterThan(0);
    // The HTTP tool events are answered before they are stored; the Stop after them waits for them.
    expect(rows(viaHttp.database, viaHttp.home)).toEqual(rows(viaCommand.database, viaCommand.home));
    expect(hookLogText(viaHttp.home)).toBe("");
    expect(hookLogText(viaCommand.home)).toBe("");
  });

  it("give the guard's answer: the same denial of a forbidden call, nothing for an allowed one, the same records", async () => {
    const viaCommand = await guardedHome();
    const viaHttp = await guardedHome();
    const { endpoint } = await daemons.start(viaHttp.env, viaHttp.project, viaHttp.database);
    const call = (dir: { project: string }, id: string, commandLine: string) =>
      JSON.stringify({
        ...JSON.parse(hookPayload("claude-code", "PreToolUse", { cwd: dir.project })),
        session_id: "guarded-session",
        tool_use_id: id,
        tool_input: { command: commandLine, description: "Add zod" },
      });
    const answers: string[] = [];
    for (const [id, commandLine] of [
      ["toolu_npm", "npm install zod"],
      ["toolu_test", "pnpm test"],
    ] as const) {
      const expected = await command(
        JSON.parse(call(viaCommand, id, commandLine)),
        { ...viaCommand.env, TACIT_HOOK_DAEMON: "0" },
        viaCommand.project,
      );
      const reply = await postHook(endpoint, call(viaHttp, id, commandLine));
      expect(reply.status).toBe(200);
      expect(reply.body.replaceAll(viaHttp.project, "P"), commandLine).toBe(
        expected.replaceAll(viaCommand.project, "P"),
      );
      answers.push(reply.body);
    }
    const [denied, allowed] = answers;
    expect(JSON.parse(denied as string).hookSpecificOutput).toMatchObject({
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: expect.stringContaining('The user said: "never use npm here, use pnpm"'),
    });
    expect(allowed).toBe("");
    // The daemon records what it answered once the answer is sent.
    const expected = guardRows(viaCommand.database, viaCommand.home);
    const same = () => JSON.stringify(guardRows(viaHttp.database, viaHttp.home)) === JSON.stringify(expected);
    // Timed out: the comparison below shows what differs.
    await waitUntil(same, "the daemon's guard records").catch((error: Error) => void error);
    const recorded = guardRows(viaHttp.database, viaHttp.home);
    expect(recorded).toEqual(expected);
    // The denial, then judged by the next call (which did not run npm again).
    expect(recorded).toContainEqual(
      expect.objectContaining({
        kind: "deny",
        lesson_id: "lesson-npm",
        tool_name: "Bash",
        adherence: "followed",
      }),
    );
    expect(hookLogText(viaHttp.home)).toBe("");
    expect(hookLogText(viaCommand.home)).toBe("");
  });

  it("starts the daemon at SessionStart and returns once it listens, so the first prompt reaches it", async () => {
    const setup = await home();
    // The daemon runs from source here (tsx), which loads slower than the built one.
    const env = { ...setup.env, TACIT_HOOK_PROMPT_DEADLINE_MS: "60000" };
    const { endpoint } = await daemons.endpoint(env, setup.project, setup.database);
    const start = JSON.parse(hookPayload("claude-code", "SessionStart", { cwd: setup.project }));
    await command(start, env, setup.project);
    // No wait here: the agent posts its first prompt as soon as SessionStart returned.
    const prompt = hookPayload("claude-code", "UserPromptSubmit", { cwd: setup.project });
    const reply = await postHook(endpoint, prompt);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).hookSpecificOutput.additionalContext).toMatch(/pnpm install/);
    expect(hookLogText(setup.home)).toBe("");
  }, 120_000);
});
