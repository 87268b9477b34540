import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Runtime } from "../runtime.js";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";
import { useClockedRuntimes } from "../testing/clocked-runtime.js";
import { useTempDir } from "../testing/temp-dir.js";
import { createMemoryGate } from "./gate-service.js";
import { runMemoryPipeline, UNWRITTEN_DECISION_STALE_MS } from "./memory-pipeline.js";
import { rollbackAudit } from "./rollback.js";

const tempDir = useTempDir("tacit-pipeline-");
const openRuntime = useClockedRuntimes(tempDir);
const START = Date.UTC(2026, 10, 18, 12);

/** A captured session of user and assistant turns, a minute apart. */
async function capture(
  rt: Runtime,
  source: string,
  turns: Array<[string, string]>,
  extra: { parentSessionId?: string; sidechain?: boolean } = {},
): Promise<string> {
  const sessionId = await rt.capture.upsertSession({
    agent: "generic",
    sourceSessionId: source,
    createdAt: START,
    ...(extra.parentSessionId ? { parentSessionId: extra.parentSessionId } : {}),
  });
  await rt.capture.appendMessages(
    sessionId,
    turns.flatMap(([user, assistant], index) => [
      {
        role: "user" as const,
        content: user,
        createdAt: START + index * 60_000,
        isSidechain: extra.sidechain,
      },
      { role: "assistant" as const, content: assistant, createdAt: START + index * 60_000 + 1 },
    ]),
  );
  return sessionId;
}

function pipelineOn(rt: Runtime, now: () => number, workspace: string, store = rt.store) {
  const gate = createMemoryGate({ store, gate: rt.gate, now, settings: { mode: "offline" } });
  return (scope = {}) => runMemoryPipeline({ store, gate, workspace, now }, scope);
}

describe("the memory pipeline", () => {
  it("writes what the gate proposes, once per turn, each audit naming its decision", async () => {
    const { rt, now, setClock } = await openRuntime(START);
    const workspace = tempDir();
    const sessionId = await capture(rt, "prefs", [
      ["Can you list the open issues?", "Here are the three open issues."],
      ["I prefer morning check-ins.", "Noted: check-ins in the morning."],
    ]);
    setClock(START + 600_000);
    const run = pipelineOn(rt, now, workspace);
    const first = await run({ sessionId });
    expect(first).toMatchObject({
      enabled: true,
      decided: 2,
      decisions: { NO_WRITE: 1, UPDATE_USER: 1 },
      writes: { written: 1, refused: 0, skipped: 0, failed: 0 },
      resumed: 0,
    });
    expect(readFileSync(join(workspace, "USER.md"), "utf8")).toMatch(/^- prefers morning check-ins$/im);
    const [audit] = await rt.store.listAudits({ limit: 5 });
    const decision = await rt.store.gateDecisions.getGateDecision(audit?.decisionId ?? "");
    expect(decision).toMatchObject({ decision: "UPDATE_USER", sessionId, turnId: audit?.turnId });
    expect(audit).toMatchObject({ status: "written", sessionId, llmModel: "offline-rules/v1" });

    const second = await run({ sessionId });
    expect(second).toMatchObject({
      decided: 0,
      writes: { written: 0, refused: 0 },
      resumed: 0,
      auditIds: [],
    });
    expect(await rt.store.listAudits({ limit: 5 })).toHaveLength(1);
  });

  it("never reads a subagent's prompts or a sidechain as the user's words", async () => {
    const { rt, now } = await openRuntime(START);
    const workspace = tempDir();
    const parent = await capture(rt, "main", [["Summarise the repo.", "Done."]]);
    await capture(rt, "main/agent-1", [["Remember that the staging server is called bluebird.", "ok"]], {
      parentSessionId: "main",
    });
    await capture(rt, "side", [["I prefer morning check-ins.", "ok"]], { sidechain: true });
    const summary = await pipelineOn(rt, now, workspace)();
    expect(summary).toMatchObject({ decided: 1, writes: { written: 0 } });
    expect(
      (await rt.store.gateDecisions.listGateDecisions({ limit: 5 })).map((item) => item.sessionId),
    ).toEqual([parent]);
  });

  it("a later turn of one run supersedes the fact an earlier one wrote", async () => {
    const { rt, now, setClock } = await openRuntime(START);
    const workspace = tempDir();
    await capture(rt, "zone", [
      ["My time zone is UTC+8.", "Noted."],
      ["My time zone is CET.", "Updated."],
    ]);
    setClock(START + 3_600_000);
    const summary = await pipelineOn(rt, now, workspace)();
    expect(summary.writes).toEqual({ written: 2, refused: 0, skipped: 0, failed: 0 });
    const text = readFileSync(join(workspace, "USER.md"), "utf8");
    expect(text).toContain("- time zone is CET");
    expect(text).not.toContain("UTC+8");
  });

  it("finishes the writes of a run that stopped after deciding, once they are a minute old", async () => {
    const { rt, now, setClock } = await openRuntime(START);
    const workspace = tempDir();
    await capture(rt, "cut", [["I prefer morning check-ins.", "Noted."]]);
    const gate = createMemoryGate({ store: rt.store, gate: rt.gate, now, settings: { mode: "offline" } });
    const [turn] = await rt.store.gateDecisions.turnsWithoutGateDecision({ limit: 5 });
    const decided = await gate.decideNewTurn(turn?.id ?? "");
    expect(decided?.record.decision).toBe("UPDATE_USER");
    // The process died here. Another run right away leaves it to its owner; a minute later, writes it.
    expect(await pipelineOn(rt, now, workspace)()).toMatchObject({ decided: 0, resumed: 0 });
    setClock(START + UNWRITTEN_DECISION_STALE_MS + 1);
    const resumed = await pipelineOn(rt, now, workspace)();
    expect(resumed).toMatchObject({ decided: 0, resumed: 1, writes: { written: 1 } });
    const [audit] = await rt.store.listAudits({ limit: 5 });
    expect(audit?.decisionId).toBe(decided?.record.id);
    // A decided turn is never decided again.
    expect(await gate.decideNewTurn(turn?.id ?? "")).toBeNull();
  });

  it("two pipelines at once on one database decide and write each turn once", async () => {
    const { rt, now, setClock } = await openRuntime(START);
    const workspace = tempDir();
    await capture(rt, "race", [
      ["I prefer morning check-ins.", "Noted."],
      ["We decided to use Postgres for billing.", "Good."],
      ["gs is my alias for git status.", "Got it."],
    ]);
    setClock(START + 600_000);
    const other = new SqliteStore({ path: rt.store.location });
    try {
      const [one, two] = await Promise.all([
        pipelineOn(rt, now, workspace)(),
        pipelineOn(rt, now, workspace, other)(),
      ]);
      expect(one.decided + two.decided).toBe(3);
      expect(one.writes.written + two.writes.written).toBe(3);
    } finally {
      await other.close();
    }
    const decisions = await rt.store.gateDecisions.listGateDecisions({ limit: 10 });
    expect(new Set(decisions.map((item) => item.turnId)).size).toBe(3);
    expect(decisions).toHaveLength(3);
    expect(await rt.store.listAudits({ limit: 10 })).toHaveLength(3);
  });

  it("a rollback forgets the decision's fact, and the turn is not written again", async () => {
    const { rt, now, setClock } = await openRuntime(START);
    const workspace = tempDir();
    await capture(rt, "forget", [["I prefer morning check-ins.", "Noted."]]);
    setClock(START + 600_000);
    const run = pipelineOn(rt, now, workspace);
    const [auditId] = (await run()).auditIds;
    const before = await rt.store.gateDecisions.listGateDecisions({ limit: 1 });
    expect(before[0]?.candidateFact).toBe("prefers morning check-ins");
    await rollbackAudit({ store: rt.store, workspace, auditId: auditId ?? "", now });
    const [forgotten] = await rt.store.gateDecisions.listGateDecisions({ limit: 1 });
    expect(forgotten).toMatchObject({
      decision: "UPDATE_USER",
      candidateFact: null,
      rawResponse: null,
      reason: `forgotten: the write of this fact (audit ${auditId}) was rolled back`,
    });
    expect(await run()).toMatchObject({ decided: 0, resumed: 0, auditIds: [] });
    // Gone from the database file itself, not just hidden (the user's own message stays in capture).
    await rt.store.close();
    const bytes = readFileSync(rt.store.location).toString("latin1");
    expect(bytes).not.toContain("prefers morning check-ins");
  });

  it("does nothing with the gate disabled, and refuses a workspace that does not exist", async () => {
    const { rt, now } = await openRuntime(START);
    await capture(rt, "off", [["I prefer morning check-ins.", "Noted."]]);
    const gate = createMemoryGate({ store: rt.store, gate: rt.gate, now, settings: { enabled: false } });
    const workspace = tempDir();
    expect(await runMemoryPipeline({ store: rt.store, gate, workspace, now })).toMatchObject({
      enabled: false,
      decided: 0,
    });
    await expect(pipelineOn(rt, now, join(workspace, "missing"))()).rejects.toThrow(/does not exist/);
    expect(await rt.store.gateDecisions.listGateDecisions({ limit: 5 })).toEqual([]);
  });
});
