import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openRuntime, type Runtime } from "../runtime.js";
import {
  type LoopbackLlmServer,
  loadFixture,
  startLoopbackLlmServer,
} from "../testing/loopback-llm-server.js";
import { useTempDir } from "../testing/temp-dir.js";
import { recall } from "./recall.js";

const tempDir = useTempDir();
const open: Array<Runtime | LoopbackLlmServer> = [];
afterEach(async () => {
  for (const item of open.splice(0)) await item.close();
});

function reply(content: string) {
  const body = structuredClone(loadFixture("openai-chat-valid")) as {
    choices: Array<{ message: { content: string } }>;
  };
  const [choice] = body.choices;
  if (choice) choice.message.content = content;
  return { body };
}

async function setup() {
  const server = await startLoopbackLlmServer();
  const dir = tempDir();
  const rt = await openRuntime({
    db: join(dir, "t.db"),
    env: { TACIT_HOME: dir, TACIT_LLM_BASE_URL: server.url, TACIT_LLM_MODEL: "filter-model" },
  });
  open.push(rt, server);
  const learn = (rule: string, trigger: string) =>
    rt.lessons.learn({
      kind: "prefer",
      trigger,
      rule,
      domain: "workflow",
      scope: "project",
      projectId: "/p",
      evidence: [{ quote: rule, sessionId: "s", at: 0 }],
    });
  const first = await learn("Use pnpm install, not npm install", "installing the dependencies");
  const second = await learn("Run the unit tests with pnpm vitest run, not jest", "running the unit tests");
  const ask = () =>
    recall(
      { store: rt.store, embedder: rt.embedder, now: Date.now, gate: rt.gate, config: { llmFilter: true } },
      { query: "install the dependencies and run the unit tests", projectId: "/p", log: false },
    );
  return { server, ask, first: first.lesson.id, second: second.lesson.id };
}

describe("the optional model filter over the candidate pool", () => {
  it("keeps only what the model picks", async () => {
    const { server, ask, first, second } = await setup();
    server.enqueue(reply(JSON.stringify({ keep: [first] })));
    const result = await ask();
    expect(result.items.map((item) => item.id)).toEqual([first]);
    expect(result.rejected.find((item) => item.id === second)?.reason).toBe("left out by the model filter");
    expect(server.requests).toHaveLength(1);
    expect(JSON.stringify(server.requests[0]?.body)).toContain("install the dependencies");
  });

  it("fails closed to the ranked list on garbage, unknown ids or a server error", async () => {
    const { server, ask, first, second } = await setup();
    server.enqueue(reply("I think both are good!"), reply(JSON.stringify({ keep: ["made-up-id"] })));
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await ask();
      expect(result.items.map((item) => item.id).sort()).toEqual([first, second].sort());
    }
    server.enqueue(
      { status: 500, body: loadFixture("openai-error-500") },
      { status: 500, body: loadFixture("openai-error-500") },
      { status: 500, body: loadFixture("openai-error-500") },
    );
    const failed = await ask();
    expect(failed.items.map((item) => item.id).sort()).toEqual([first, second].sort());
  });
});
