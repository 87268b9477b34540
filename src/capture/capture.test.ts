import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderContext } from "../core/recall/context.js";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";
import { useTempDir } from "../testing/temp-dir.js";
import { createCapture, type RawCaptureBatch } from "./capture.js";

const tempDir = useTempDir();

function setup(config = {}) {
  const path = join(tempDir(), "tacit.db");
  const store = new SqliteStore({ path });
  let clock = Date.UTC(2026, 0, 1);
  const capture = createCapture({ store, config, now: () => clock++ });
  return { store, capture, path };
}

describe("capture API", () => {
  it("stores sessions and messages in order, pairs tool results and records the tool error", async () => {
    const { store, capture } = setup();
    const sessionId = await capture.upsertSession({
      agent: "sdk",
      sourceSessionId: "s1",
      cwd: "/nowhere/project",
    });
    expect(sessionId).toBe("sdk:s1");
    await capture.appendMessages(sessionId, [
      { id: "m1", role: "user", content: "Install deps and run the tests" },
      { id: "m2", role: "assistant", content: "Running npm install." },
      {
        id: "m3",
        role: "tool",
        kind: "tool_call",
        toolName: "Bash",
        toolInput: { command: "npm install" },
        toolUseId: "t1",
      },
    ]);
    const written = await capture.writeBatch({
      sessions: [],
      items: [
        {
          type: "tool_result",
          sessionId,
          result: { toolUseId: "t1", output: "npm ERR! ERESOLVE could not resolve", isError: true },
        },
      ],
    });
    expect(written).toMatchObject({ toolResultsPaired: 1, errorsInserted: 1, messagesInserted: 0 });
    const messages = await store.listMessages(sessionId);
    expect(messages.map((m) => [m.seq, m.role, m.kind])).toEqual([
      [0, "user", "text"],
      [1, "assistant", "text"],
      [2, "tool", "tool_call"],
    ]);
    expect(messages[2]).toMatchObject({
      toolName: "Bash",
      toolInput: '{"command":"npm install"}',
      isError: true,
    });
    expect(messages[2]?.toolOutput).toContain("ERESOLVE");
    const session = await store.getSession(sessionId);
    expect(session).toMatchObject({
      projectId: "/nowhere/project",
      messageCount: 3,
      toolCallCount: 1,
      toolErrorCount: 1,
    });
    const errors = await store.listErrors({ limit: 10, sessionId });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ errorType: "tool_failure", toolName: "Bash", messageId: "sdk:s1:m3" });
  });

  it("adds nothing when the same messages arrive again", async () => {
    const { store, capture } = setup();
    const sessionId = await capture.upsertSession({ agent: "sdk", sourceSessionId: "s1" });
    const batch = [
      { id: "a", role: "user" as const, content: "one" },
      { id: "b", role: "assistant" as const, content: "two" },
    ];
    expect((await capture.appendMessages(sessionId, batch)).messagesInserted).toBe(2);
    expect((await capture.appendMessages(sessionId, batch)).messagesInserted).toBe(0);
    expect(await store.listMessages(sessionId)).toHaveLength(2);
  });

  it("keeps conversation turns with their context window range", async () => {
    const { store, capture } = setup();
    const sessionId = await capture.upsertSession({ agent: "sdk", sourceSessionId: "s1" });
    await capture.appendMessages(sessionId, [
      { id: "1", role: "user", content: "first goal" },
      { id: "2", role: "assistant", content: "answer one" },
      { id: "3", role: "system", kind: "compact_boundary", content: "compacted" },
      { id: "4", role: "user", content: "second goal" },
      { id: "5", role: "assistant", content: "answer two" },
    ]);
    const turns = store.db
      .prepare(
        "SELECT turn_number, user_message_content, agent_message_content, context_start_seq, end_seq FROM conversation_turns ORDER BY turn_number",
      )
      .all();
    expect(turns).toEqual([
      {
        turn_number: 1,
        user_message_content: "first goal",
        agent_message_content: "answer one",
        context_start_seq: 0,
        end_seq: 2,
      },
      {
        turn_number: 2,
        user_message_content: "second goal",
        agent_message_content: "answer two",
        context_start_seq: 3,
        end_seq: 4,
      },
    ]);
  });

  it("strips tacit's own context and never stores a secret", async () => {
    const { store, capture, path } = setup();
    // What recall injects, as it renders it.
    const injected = renderContext([
      { kind: "lesson", id: "l1", text: "Lesson: use pnpm", score: 1, relevance: 1, parts: {} },
    ]);
    const sessionId = await capture.upsertSession({
      agent: "sdk",
      sourceSessionId: "s1",
      metadata: { env: { OPENAI_API_KEY: "sk-live-abcdefghijklmnop1234567890" } },
    });
    await capture.appendMessages(sessionId, [
      {
        id: "1",
        role: "user",
        content: `Deploy it\n${injected}\nkey ghp_abcdefghijklmnopqrstuvwxyz0123456789`,
      },
      {
        id: "2",
        role: "tool",
        toolName: "Bash",
        toolInput: { command: "curl -H 'Authorization: Bearer tok_abcdefgh12345'" },
        toolOutput: "ok",
      },
    ]);
    await capture.recordError({ sessionId, message: "auth failed for postgres://u:supersecretpw@db/x" });
    await store.close();
    const bytes = [path, `${path}-wal`]
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file).toString("latin1"))
      .join("");
    for (const secret of [
      "sk-live-abcdefghijklmnop",
      "ghp_abcdefghijklmnop",
      "tok_abcdefgh12345",
      "supersecretpw",
      "Lesson: use pnpm",
    ]) {
      expect(bytes).not.toContain(secret);
    }
    const reopened = new SqliteStore({ path });
    const [message] = await reopened.listMessages(sessionId);
    expect(message?.content).toBe("Deploy it\n\nkey [REDACTED:github-token]");
    await reopened.close();
  });

  it("truncates a 20 MB tool output to the cap with a marker and the original size", async () => {
    const { store, capture } = setup({ maxToolOutputChars: 10_000 });
    const sessionId = await capture.upsertSession({ agent: "sdk", sourceSessionId: "s1" });
    const huge = "0123456789".repeat(2_000_000);
    await capture.appendMessages(sessionId, [{ id: "t", role: "tool", toolName: "Bash", toolOutput: huge }]);
    const [message] = await store.listMessages(sessionId);
    expect(message?.toolOutput?.length).toBeLessThan(10_100);
    expect(message?.toolOutput).toContain("[tacit: truncated, original 20000000 bytes]");
    expect(message?.originalSize).toBe(20_000_000);
  });

  it("records outcomes and errors, resolves them, and renders the retry context", async () => {
    const { store, capture } = setup();
    const sessionId = await capture.upsertSession({ agent: "sdk", sourceSessionId: "s1" });
    const outcome = await capture.recordOutcome({
      sessionId,
      durationMs: 180_000,
      errorCount: 0,
      retryCount: 0,
      success: true,
      filesTouched: ["src/auth.ts"],
      strategy: "file-based",
    });
    expect(await store.listOutcomes({ sessionId, limit: 5 })).toEqual([outcome]);
    const first = await capture.recordError({
      sessionId,
      message: "Type error in src/auth.ts",
      toolName: "typecheck",
      context: "After adding OAuth types",
    });
    await capture.recordError({ sessionId, message: "Command timed out", errorType: "timeout" });
    expect(first.errorType).toBe("validation");
    expect(await capture.errorStats({ sessionId })).toEqual({
      total: 2,
      unresolved: 2,
      byType: { validation: 1, timeout: 1 },
    });
    expect(await capture.errorContext({ sessionId })).toContain("### validation (1 error)");
    expect(await capture.resolveError(first.id)).toBe(true);
    expect(await capture.resolveError("missing")).toBe(false);
    const context = await capture.errorContext({ sessionId });
    expect(context).not.toContain("Type error");
    expect(context).toContain("### timeout (1 error)");
    expect(await capture.errorStats({ sessionId })).toEqual({
      total: 2,
      unresolved: 1,
      byType: { validation: 1, timeout: 1 },
    });
  });

  it("prunes old sessions with everything they own", async () => {
    const { store, capture } = setup();
    const old = await capture.upsertSession({ agent: "sdk", sourceSessionId: "old", createdAt: 1_000 });
    await capture.appendMessages(old, [{ id: "1", role: "user", content: "x", createdAt: 1_000 }]);
    const fresh = await capture.upsertSession({ agent: "sdk", sourceSessionId: "new" });
    await capture.appendMessages(fresh, [{ id: "1", role: "user", content: "y" }]);
    expect(await store.prune(10_000)).toEqual({ sessionsDeleted: 1, messagesDeleted: 1 });
    expect((await store.stats()).messages).toBe(1);
    expect(
      store.db.prepare("SELECT COUNT(*) AS n FROM messages_fts WHERE messages_fts MATCH 'x'").get(),
    ).toEqual({ n: 0 });
  });
});

describe("batched writes", () => {
  it("store exactly what the same items written one at a time store", async () => {
    const items: RawCaptureBatch["items"] = [];
    const sessionId = "claude-code:s1";
    for (let turn = 0; turn < 3; turn++) {
      items.push(
        {
          type: "message",
          sessionId,
          message: { id: `u${turn}`, role: "user", content: `fix module ${turn}` },
        },
        {
          type: "message",
          sessionId,
          message: { id: `a${turn}`, role: "assistant", content: "first", apiMessageId: `api${turn}` },
        },
        {
          type: "message",
          sessionId,
          message: { id: `b${turn}`, role: "assistant", content: "second", apiMessageId: `api${turn}` },
        },
        {
          type: "message",
          sessionId,
          message: {
            id: `c${turn}`,
            role: "tool",
            toolName: "Bash",
            toolInput: { turn },
            toolUseId: `t${turn}`,
          },
        },
        {
          type: "tool_result",
          sessionId,
          result: { toolUseId: `t${turn}`, output: `zebra output ${turn}`, isError: turn === 1 },
        },
        // A second, identical result changes nothing; one for an unseen call gets its own row.
        {
          type: "tool_result",
          sessionId,
          result: { toolUseId: `t${turn}`, output: `zebra output ${turn}`, isError: turn === 1 },
        },
        {
          type: "tool_result",
          sessionId,
          result: { toolUseId: `orphan${turn}`, output: "lost", isError: false },
        },
      );
    }
    // Explicit times: the test clock ticks per call, and the two runs make different numbers of calls.
    for (const [index, item] of items.entries()) {
      if (item.type === "message") item.message.createdAt = 100 + index;
      else item.result.createdAt = 100 + index;
    }
    const session = { agent: "claude-code" as const, sourceSessionId: "s1", createdAt: 1, lastActivityAt: 1 };
    const dump = (store: SqliteStore) => ({
      messages: store.db.prepare("SELECT * FROM messages ORDER BY pk").all(),
      turns: store.db.prepare("SELECT * FROM conversation_turns ORDER BY turn_number").all(),
      errors: store.db.prepare("SELECT * FROM errors ORDER BY id").all(),
      found: store.db
        .prepare("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'zebra' ORDER BY rowid")
        .all(),
    });

    const whole = setup();
    const wholeResult = await whole.capture.writeBatch({ sessions: [session], items });
    const again = await whole.capture.writeBatch({ sessions: [session], items });
    const single = setup();
    const totals = { messagesInserted: 0, toolCallsInserted: 0, toolResultsPaired: 0, errorsInserted: 0 };
    for (const item of items) {
      const result = await single.capture.writeBatch({ sessions: [session], items: [item] });
      for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += result[key];
    }

    expect(wholeResult).toEqual(totals);
    expect(wholeResult).toMatchObject({ messagesInserted: 15, toolResultsPaired: 3, errorsInserted: 1 });
    expect(again).toMatchObject({ messagesInserted: 0, toolResultsPaired: 0, errorsInserted: 0 });
    expect(dump(whole.store)).toEqual(dump(single.store));
    expect(dump(whole.store).found).toHaveLength(3);
    expect(dump(whole.store).turns[0]).toMatchObject({ agent_message_content: "first\nsecond", end_seq: 4 });
  });
});
