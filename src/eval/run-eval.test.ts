import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadFixture, startLoopbackLlmServer } from "../testing/loopback-llm-server.js";
import { useTempDir } from "../testing/temp-dir.js";
import { modelEnv, runEval } from "./run-eval.js";
import { toMessageInputs } from "./run-scenario.js";

const tempDir = useTempDir("tacit-eval-run-");
const transcript = fileURLToPath(
  new URL("../../examples/transcripts/tacit-samples/pnpm-not-npm.jsonl", import.meta.url),
);

/** A tiny suite: a written session, then the pnpm transcript shifted to a later start. */
function writeSuite(): string {
  const suite = join(tempDir(), "mini");
  mkdirSync(join(suite, "transcripts"), { recursive: true });
  copyFileSync(transcript, join(suite, "transcripts", "pnpm.jsonl"));
  writeFileSync(
    join(suite, "tiny.yaml"),
    `
name: tiny
topic: package-manager
project: /nowhere/tiny-app
sessions:
  - id: written
    start: 2026-03-01T09:00:00Z
    messages:
      - { role: user, text: "run the linter" }
      - { role: tool, tool: Bash, input: pnpm lint, output: "no problems" }
    outcome: { success: true, durationMinutes: 2 }
  - transcript: transcripts/pnpm.jsonl
    start: 2026-03-10T00:00:00Z
probes:
  - at: +1d
    prompt: install the dependencies
    expect:
      - words: [pnpm]
  - at: +1d
    prompt: what is the capital of Australia?
    expectNothing: true
  - prompt: the install is failing again
    recent:
      - { role: user, text: install the deps }
      - { role: tool, tool: Bash, input: npm install, output: "npm ERR! code EUNSUPPORTEDPROTOCOL", error: true }
    expectAbsent:
      - words: [yarn]
`,
  );
  writeFileSync(
    join(suite, "other.yaml"),
    `
name: other
topic: git
project: /nowhere/tiny-app
sessions:
  - start: 2026-03-01T09:00:00Z
    messages: [{ role: user, text: "hello" }]
probes:
  - { prompt: "hi", expectNothing: true }
`,
  );
  return suite;
}

describe("runEval", () => {
  it("captures written and transcript sessions, learns offline and scores each probe at its time", async () => {
    const report = await runEval({ paths: [writeSuite()], env: {}, filter: "TINY" });
    expect(report.learning).toBe("offline");
    expect(report.scenarios).toHaveLength(1);
    const [scenario] = report.scenarios;
    if (!scenario) throw new Error("no scenario");
    expect(scenario).toMatchObject({
      name: "tiny",
      suite: "mini",
      topic: "package-manager",
      language: "en",
      probes: 3,
      expected: 1,
      unrelatedChecks: 2,
      llmCalls: 0,
    });
    // The transcript spans 09:00:20–09:03:52; shifted to start at midnight it is the last session.
    expect(scenario.probeReports.map((probe) => probe.at)).toEqual([
      "2026-03-11T00:03:32.000Z",
      "2026-03-11T00:03:32.000Z",
      "2026-03-10T01:03:32.000Z",
    ]);
    expect(scenario.lessons.some((lesson) => /pnpm/.test(lesson.text))).toBe(true);
    expect(scenario.recallAt3).toBe(scenario.found / scenario.expected);
    expect(scenario.injectedTokens).toBe(scenario.probeReports.reduce((sum, probe) => sum + probe.tokens, 0));
    expect(scenario.failures).toHaveLength(
      scenario.probeReports.reduce((sum, probe) => sum + probe.problems.length, 0),
    );
    expect(report.totals).toMatchObject({ scenarios: 1, probes: 3, expected: 1, unrelatedChecks: 2 });
    expect(report.suites).toEqual([{ suite: "mini", ...report.totals }]);
  });

  it("counts model calls when a model is configured, and passes on only model settings", async () => {
    const server = await startLoopbackLlmServer();
    try {
      const body = structuredClone(loadFixture("openai-chat-valid")) as {
        choices: Array<{ message: { content: string } }>;
      };
      (body.choices[0] as { message: { content: string } }).message.content = JSON.stringify({
        goal: "install",
        successCriteria: [],
        failedAttempts: [],
        workingApproach: "pnpm install",
        transferableHeuristics: [
          {
            kind: "prefer",
            trigger: "installing dependencies",
            rule: "Use pnpm, not npm",
            why: "",
            evidence: "x",
          },
        ],
        feedbackSignals: [],
      });
      for (let index = 0; index < 20; index++) server.enqueue({ body });
      const env = {
        TACIT_LLM_BASE_URL: server.url,
        TACIT_LLM_MODEL: "eval-model",
        TACIT_DATABASE_URL: "/should/not/be/used.db",
      };
      expect(modelEnv(env)).toEqual({ TACIT_LLM_BASE_URL: server.url, TACIT_LLM_MODEL: "eval-model" });
      const report = await runEval({ paths: [join(writeSuite(), "tiny.yaml")], env });
      expect(report.learning).toBe("openai-compatible/eval-model");
      expect(report.totals.llmCalls).toBeGreaterThan(0);
      expect(report.totals.llmCalls).toBe(server.requests.length);
      const offline = await runEval({ paths: [join(writeSuite(), "tiny.yaml")], env, offline: true });
      expect(offline.learning).toBe("offline");
      expect(offline.totals.llmCalls).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("turns scenario messages into capture input with stable ids and times", () => {
    const start = Date.parse("2026-03-01T09:00:00Z");
    const messages = toMessageInputs(
      [
        { role: "user", text: "go" },
        { role: "tool", tool: "Bash", input: "npm test", output: "1 failing", error: true },
        { role: "tool", tool: "Edit", input: { file_path: "a.ts" }, at: "+5m" },
        { role: "assistant", text: "done" },
      ],
      start,
    );
    expect(messages).toEqual([
      { id: "m1", createdAt: start, role: "user", content: "go" },
      {
        id: "m2",
        createdAt: start + 20_000,
        role: "tool",
        kind: "tool_call",
        content: "",
        toolName: "Bash",
        toolInput: { command: "npm test" },
        toolOutput: "1 failing",
        isError: true,
      },
      {
        id: "m3",
        createdAt: start + 300_000,
        role: "tool",
        kind: "tool_call",
        content: "",
        toolName: "Edit",
        toolInput: { file_path: "a.ts" },
        toolOutput: "",
        isError: false,
      },
      { id: "m4", createdAt: start + 320_000, role: "assistant", content: "done" },
    ]);
  });
});
