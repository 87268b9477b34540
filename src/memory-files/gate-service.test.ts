import { describe, expect, it } from "vitest";
import type { Runtime } from "../runtime.js";
import type { GateDecisionRecord } from "../store/gate-decision-store.js";
import { useClockedRuntimes } from "../testing/clocked-runtime.js";
import { useTempDir } from "../testing/temp-dir.js";
import { createMemoryGate } from "./gate-service.js";
import type { MemoryGateSettings } from "./gate-settings.js";

const tempDir = useTempDir();
const openRuntime = useClockedRuntimes(tempDir);
const DAY = 86_400_000;
/** Wednesday 2026-11-18, 12:00 UTC. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 12);

/** A captured session: user and assistant turns, in order. */
async function capture(
  rt: Runtime,
  source: string,
  turns: Array<[string, string]>,
  at: number,
): Promise<string> {
  const sessionId = await rt.capture.upsertSession({
    agent: "generic",
    sourceSessionId: source,
    createdAt: at,
  });
  await rt.capture.appendMessages(
    sessionId,
    turns.flatMap(([user, assistant], index) => [
      { role: "user" as const, content: user, createdAt: at + index * 2 },
      { role: "assistant" as const, content: assistant, createdAt: at + index * 2 + 1 },
    ]),
  );
  return sessionId;
}

function gateOn(rt: Runtime, now: () => number, settings: Partial<MemoryGateSettings> = {}) {
  return createMemoryGate({
    store: rt.store,
    gate: rt.gate,
    now,
    settings: { mode: "offline", ...settings },
  });
}

describe("the memory gate service on a real store", () => {
  it("decides a turn given directly: stored with its input, redacted, and no turn", async () => {
    const { rt, now } = await openRuntime(WEDNESDAY);
    const { record } = await gateOn(rt, now).decide({
      recentMessages: [{ role: "user", message: "my token is sk-abcdefghijklmnopqrstuvwx, keep it" }],
      currentUserMessage: "By the way, I prefer morning check-ins.",
      currentAgentReply: "Noted.",
    });
    expect(record).toMatchObject({
      turnId: null,
      sessionId: null,
      decision: "UPDATE_USER",
      candidateFact: "prefers morning check-ins",
      decidedBy: "stable-preference",
      model: "offline-rules/v1",
      createdAt: WEDNESDAY,
    });
    expect(record.latencyMs).toBeGreaterThanOrEqual(0);
    const raw = JSON.stringify(rt.store.db.prepare("SELECT * FROM memory_gate_decisions").all());
    expect(raw).not.toContain("sk-abcdefghijklmnopqrstuvwx");
    expect(raw).toContain("[REDACTED:api-key]");
    expect(await gateOn(rt, now).context(record)).toEqual([
      { role: "user", message: "my token is [REDACTED:api-key], keep it", seq: null },
      { role: "user", message: "By the way, I prefer morning check-ins.", seq: null },
      { role: "assistant", message: "Noted.", seq: null },
    ]);
  });

  it("keeps only the window: the last windowSize − 2 messages before the turn", async () => {
    const { rt, now } = await openRuntime(WEDNESDAY);
    const recent = Array.from({ length: 12 }, (_, index) => ({
      role: "user" as const,
      message: `message ${index}`,
    }));
    const { record } = await gateOn(rt, now, { windowSize: 4 }).decide({
      recentMessages: recent,
      currentUserMessage: "hello",
      currentAgentReply: "",
    });
    expect(record.input?.recentMessages.map((message) => message.message)).toEqual([
      "message 10",
      "message 11",
    ]);
  });

  it("refuses a session that is not stored, naming it", async () => {
    const { rt, now } = await openRuntime(WEDNESDAY);
    await expect(
      gateOn(rt, now).decide(
        { recentMessages: [], currentUserMessage: "hi", currentAgentReply: "" },
        { sessionId: "nope" },
      ),
    ).rejects.toThrow("session nope not found");
  });

  it("decides stored turns once each, from their window in the store, and shows that window", async () => {
    const { rt, now, setClock } = await openRuntime(WEDNESDAY);
    const sessionId = await capture(
      rt,
      "s1",
      [
        ["Hi! Can you help me plan my week?", "Of course. What should I call you?"],
        ["Dani is fine.", "Nice to meet you, Dani."],
        ["I'm so tired today.", "Let's keep it light then."],
      ],
      WEDNESDAY,
    );
    setClock(WEDNESDAY + 1000);
    const gate = gateOn(rt, now, { windowSize: 3 });
    const first = await gate.decidePending({ limit: 100 });
    expect(first).toMatchObject({ enabled: true, decided: 3, warnings: [] });
    expect(first.decisions).toMatchObject({ NO_WRITE: 2, UPDATE_USER: 1 });
    expect((await gate.decidePending({ limit: 100 })).decided).toBe(0);

    const records = await rt.store.gateDecisions.listGateDecisions({ sessionId, limit: 10 });
    const named = records.find((record) => record.decision === "UPDATE_USER");
    expect(named).toMatchObject({
      sessionId,
      candidateFact: "wants to be called Dani",
      decidedBy: "profile-answer",
      input: null,
    });
    expect(named?.turnId).not.toBeNull();
    // windowSize 3: one message before the user's, then the user's and the reply.
    expect(await gate.context(named as GateDecisionRecord)).toEqual([
      { role: "assistant", message: "Of course. What should I call you?", seq: 1 },
      { role: "user", message: "Dani is fine.", seq: 2 },
      { role: "assistant", message: "Nice to meet you, Dani.", seq: 3 },
    ]);
  });

  it("decides nothing when disabled", async () => {
    const { rt, now } = await openRuntime(WEDNESDAY);
    await capture(rt, "s1", [["I prefer tea.", "Noted."]], WEDNESDAY);
    const summary = await gateOn(rt, now, { enabled: false }).decidePending({ limit: 10 });
    expect(summary).toMatchObject({ enabled: false, decided: 0 });
    expect(await rt.store.gateDecisions.listGateDecisions({ limit: 10 })).toEqual([]);
  });

  it("forgets a session's decisions when the session is pruned", async () => {
    const { rt, now } = await openRuntime(WEDNESDAY);
    const sessionId = await capture(rt, "old", [["I prefer tea.", "Noted."]], WEDNESDAY - 100 * DAY);
    const gate = gateOn(rt, now);
    await gate.decidePending({ limit: 10 });
    await gate.decide(
      { recentMessages: [], currentUserMessage: "I prefer coffee.", currentAgentReply: "" },
      { sessionId },
    );
    expect(await rt.store.gateDecisions.listGateDecisions({ limit: 10 })).toHaveLength(2);
    await rt.store.prune(WEDNESDAY - 50 * DAY);
    expect(await rt.store.gateDecisions.listGateDecisions({ limit: 10 })).toEqual([]);
  });

  it("lists with filters, counts per day, week, session and decision, and pages through every row", async () => {
    const { rt, now, setClock } = await openRuntime(WEDNESDAY);
    const sessionId = await capture(rt, "s1", [["hi", "hello"]], WEDNESDAY);
    const gate = gateOn(rt, now);
    const say = async (message: string, at: number, session?: string) => {
      setClock(at);
      return (
        await gate.decide(
          { recentMessages: [], currentUserMessage: message, currentAgentReply: "" },
          session === undefined ? {} : { sessionId: session },
        )
      ).record;
    };
    await say("I prefer tea.", WEDNESDAY);
    await say("Thanks!", WEDNESDAY + 1000, sessionId);
    await say("Your name is Aria.", WEDNESDAY + DAY);
    await say("I'm tired today.", WEDNESDAY + 7 * DAY);

    const users = await rt.store.gateDecisions.listGateDecisions({ decisions: ["UPDATE_USER"], limit: 10 });
    expect(users.map((record) => record.candidateFact)).toEqual(["prefers tea"]);
    const window = await rt.store.gateDecisions.listGateDecisions({
      since: WEDNESDAY + 500,
      until: WEDNESDAY + 2 * DAY,
      limit: 10,
    });
    expect(window.map((record) => record.decision)).toEqual(["UPDATE_IDENTITY", "NO_WRITE"]);

    const all = await rt.store.gateDecisions.gateStats({ groupBy: "all" });
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ period: "all", total: 4, byModel: 0, fallbacks: 0, promptTokens: 0 });
    expect(all[0]?.decisions).toEqual({
      NO_WRITE: 2,
      UPDATE_MEMORY: 0,
      UPDATE_USER: 1,
      UPDATE_SOUL: 0,
      UPDATE_IDENTITY: 1,
      UPDATE_TOOLS: 0,
    });
    const daily = await rt.store.gateDecisions.gateStats({ groupBy: "day" });
    expect(daily.map((row) => [row.period, row.total])).toEqual([
      ["2026-11-18", 2],
      ["2026-11-19", 1],
      ["2026-11-25", 1],
    ]);
    const weekly = await rt.store.gateDecisions.gateStats({ groupBy: "week" });
    expect(weekly.map((row) => [row.period, row.total])).toEqual([
      ["2026-11-16", 3],
      ["2026-11-23", 1],
    ]);
    const bySession = await rt.store.gateDecisions.gateStats({ groupBy: "session" });
    expect(bySession.map((row) => [row.period, row.total])).toEqual([
      ["-", 3],
      [sessionId, 1],
    ]);

    // Exports read in pages of 500: 1,203 rows come back once each, oldest first.
    for (let index = 0; index < 1199; index++) {
      await rt.store.gateDecisions.recordGateDecision({
        ...(await say("lol", WEDNESDAY + 8 * DAY)),
        id: `bulk-${String(index).padStart(5, "0")}`,
      });
    }
    const ids = [...rt.store.gateDecisions.iterateGateDecisions({})].map((record) => record.id);
    expect(ids).toHaveLength(4 + 1199 * 2);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
