import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openRuntime, type Runtime } from "../runtime.js";
import {
  fixtureResponse,
  type LoopbackLlmServer,
  type RecordedResponse,
  startLoopbackLlmServer,
} from "../testing/loopback-llm-server.js";
import { useTempDir } from "../testing/temp-dir.js";
import { createMemoryGate } from "./gate-service.js";
import type { MemoryGateSettings } from "./gate-settings.js";

const tempDir = useTempDir();
const opened: Array<Runtime | LoopbackLlmServer> = [];
afterEach(async () => {
  for (const item of opened.splice(0)) await item.close();
});

const TURN = {
  recentMessages: [{ role: "assistant" as const, message: "Shall I set up the weekly sync?" }],
  currentUserMessage: "Yes. I prefer morning check-ins.",
  currentAgentReply: "Noted.",
};

/** A runtime whose model is the loopback server, and the gate service on it. */
async function setup(settings: Partial<MemoryGateSettings> = {}, withModel = true) {
  const server = await startLoopbackLlmServer();
  const dir = tempDir();
  const env: NodeJS.ProcessEnv = withModel
    ? {
        TACIT_HOME: dir,
        TACIT_LLM_BASE_URL: server.url,
        TACIT_LLM_MODEL: "gate-model",
        TACIT_LLM_MAX_RETRIES: "0",
      }
    : { TACIT_HOME: dir };
  const runtime = await openRuntime({ db: join(dir, "tacit.db"), env });
  opened.push(runtime, server);
  const gate = createMemoryGate({ store: runtime.store, gate: runtime.gate, now: runtime.now, settings });
  return { server, runtime, gate };
}

describe("the memory gate with a model behind the model gate", () => {
  it("records the model's validated answer with its latency, tokens and raw reply", async () => {
    const { server, runtime, gate } = await setup({ mode: "auto" });
    server.enqueue(fixtureResponse("openai-chat-gate-decision"));
    const { record, warnings } = await gate.decide(TURN);
    expect(warnings).toEqual([]);
    expect(record).toMatchObject({
      decision: "UPDATE_USER",
      candidateFact: "prefers morning check-ins",
      reason: "A stable preference about collaboration cadence.",
      decidedBy: "model",
      model: "gate-model",
      promptTokens: 318,
      completionTokens: 29,
      warning: null,
    });
    expect(record.latencyMs).toBeGreaterThan(0);
    expect(record.rawResponse).toMatch(/^```json/);
    expect(await runtime.store.gateDecisions.getGateDecision(record.id)).toEqual(record);

    // What was sent: the gate's purpose in the call log, the turn fenced as data, the answer's shape asked for.
    const [request] = server.requests;
    const body = request?.body as { messages: Array<{ role: string; content: string }> };
    const user = body.messages.find((message) => message.role === "user")?.content ?? "";
    expect(user).toMatch(/<data>[\s\S]*I prefer morning check-ins[\s\S]*<\/data>/);
    expect(user).toMatch(/Reply with JSON only/);
    const calls = runtime.store.db.prepare("SELECT purpose, status FROM llm_calls").all();
    expect(calls).toEqual([{ purpose: "memory-gate", status: "ok" }]);
  });

  it.each<[string, RecordedResponse, RegExp]>([
    ["a decision outside the six", fixtureResponse("openai-chat-gate-unknown-decision"), /invalid-output/],
    ["a write without a fact", fixtureResponse("openai-chat-gate-missing-fact"), /candidate_fact/],
    ["prose with no JSON", fixtureResponse("openai-chat-garbage"), /no JSON value/],
    ["truncated JSON", fixtureResponse("openai-chat-truncated"), /invalid-output/],
    ["an HTTP 500", fixtureResponse("openai-error-500", { status: 500 }), /http-error/],
  ])("falls back to the offline rules, with a stored warning, on %s", async (_name, response, detail) => {
    const { server, gate } = await setup({ mode: "model" });
    server.enqueue(response);
    const { record, warnings } = await gate.decide(TURN);
    expect(record).toMatchObject({
      decision: "UPDATE_USER",
      candidateFact: "prefers morning check-ins",
      model: "offline-rules/v1",
    });
    expect(record.decidedBy).toBe("stable-preference");
    expect(record.warning).toMatch(/the model did not decide/);
    expect(record.warning).toMatch(detail);
    expect(warnings.some((warning) => /memory gate: the model did not decide/.test(warning))).toBe(true);
    expect(server.remaining()).toBe(0);
  });

  it("keeps the raw reply of a broken answer, unless raw replies are not kept", async () => {
    const kept = await setup({ mode: "model" });
    kept.server.enqueue(fixtureResponse("openai-chat-gate-unknown-decision"));
    expect((await kept.gate.decide(TURN)).record.rawResponse).toMatch(/UPDATE_PROFILE/);

    const dropped = await setup({ mode: "model", storeRawResponse: false });
    dropped.server.enqueue(fixtureResponse("openai-chat-gate-decision"));
    const { record } = await dropped.gate.decide(TURN);
    expect(record.model).toBe("gate-model");
    expect(record.rawResponse).toBeNull();
  });

  it("sends nothing in offline mode, nor for a turn with no words of the user's own", async () => {
    const { server, gate } = await setup({ mode: "offline" });
    expect((await gate.decide(TURN)).record.model).toBe("offline-rules/v1");
    const auto = await setup({ mode: "auto" });
    const { record } = await auto.gate.decide({
      ...TURN,
      currentUserMessage: "<local-command-stdout>done</local-command-stdout>",
    });
    expect(record).toMatchObject({ decision: "NO_WRITE", model: "offline-rules/v1", warning: null });
    expect(server.requests).toEqual([]);
    expect(auto.server.requests).toEqual([]);
  });

  it("auto without a configured model decides offline silently; model mode says it had no model", async () => {
    const auto = await setup({ mode: "auto" }, false);
    const silent = await auto.gate.decide(TURN);
    expect(silent.record).toMatchObject({ model: "offline-rules/v1", warning: null });
    expect(silent.warnings).toEqual([]);
    const model = await setup({ mode: "model" }, false);
    const warned = await model.gate.decide(TURN);
    expect(warned.record.model).toBe("offline-rules/v1");
    expect(warned.record.warning).toMatch(/no-model/);
  });

  it("applies the user's corrections to the model's answer too", async () => {
    const { server, runtime } = await setup({ mode: "model" });
    const gate = createMemoryGate({
      store: runtime.store,
      gate: runtime.gate,
      now: runtime.now,
      corrections: async () => [{ pattern: "prefers morning check-ins", correctedStatus: "refused" }],
    });
    server.enqueue(fixtureResponse("openai-chat-gate-decision"));
    const { record } = await gate.decide(TURN);
    expect(record).toMatchObject({ decision: "NO_WRITE", candidateFact: null, model: "gate-model" });
    expect(record.reason).toMatch(/^corrected by the user/);
  });
});
