import { afterEach, describe, expect, it } from "vitest";
import type { MessageInput } from "../capture/capture.js";
import { DEFAULT_DATASET_SETTINGS } from "../core/dataset/dataset-settings.js";
import { createRedactor } from "../core/redaction.js";
import { guardToolCall } from "../guard/guard-service.js";
import { type GuardFixture, guardFixture } from "../testing/guard-fixture.js";
import { bashCall } from "../testing/session-builder.js";
import { useTempDir } from "../testing/temp-dir.js";
import { guardAdherenceSource } from "./adherence-source.js";
import { collectSamples } from "./collect.js";

const tempDir = useTempDir("tacit-adherence-source-");
const SESSION = "claude-code:s2";
const LATER = Date.UTC(2026, 10, 23, 9, 0, 0);
let fixture: GuardFixture;

afterEach(async () => {
  await fixture?.close();
});

/** The user's pnpm lesson in session s1, and the agent's `npm install zod` denied in s2. */
async function deniedNpm(): Promise<GuardFixture> {
  fixture = guardFixture(tempDir());
  await fixture.userSays("s1", "never use npm here, use pnpm");
  await fixture.userSays("s2", "add zod to the project");
  await fixture.lesson({
    rule: "Use `pnpm`, not `npm`",
    quote: "never use npm here, use pnpm",
    quoteSession: "s1",
  });
  const request = {
    toolName: "Bash",
    input: { command: "npm install zod" },
    sessionId: SESSION,
    projectId: fixture.project,
    abilities: { deny: true, ask: true, context: true },
  };
  expect((await guardToolCall(fixture.deps(), request)).answer).toBe("deny");
  return fixture;
}

async function captureCalls(f: GuardFixture, calls: MessageInput[]): Promise<void> {
  await f.capture.writeBatch({
    sessions: [],
    items: calls.map((message) => ({ type: "message" as const, sessionId: SESSION, message })),
  });
}

describe("adherence samples from the guard's denials", () => {
  it("pairs a denial with the session's next call, skipping a failed retry of the same input", async () => {
    const f = await deniedNpm();
    await captureCalls(f, [
      bashCall("retry", "npm install zod", "denied", true, LATER),
      bashCall("next", "pnpm add zod", "done", false, LATER + 1_000),
      bashCall("after", "pnpm test", "done", false, LATER + 2_000),
    ]);
    const [record, ...rest] = await guardAdherenceSource(f.store.guard).deniedCalls({});
    expect(rest).toEqual([]);
    expect(record).toMatchObject({
      sessionId: SESSION,
      lessonRule: "Use `pnpm`, not `npm`",
      deniedCall: { toolName: "Bash", input: JSON.stringify({ command: "npm install zod" }) },
      followingCall: { toolName: "Bash", input: JSON.stringify({ command: "pnpm add zod" }) },
      outcome: "open",
    });
    // The window is by the time of the denial.
    expect(await guardAdherenceSource(f.store.guard).deniedCalls({ since: LATER })).toEqual([]);
  });

  it("is what tacit dataset collect reads: one adherence correction per denial the agent acted on", async () => {
    const f = await deniedNpm();
    const services = {
      store: f.store,
      settings: DEFAULT_DATASET_SETTINGS,
      redact: createRedactor(),
      now: () => LATER + 10_000,
    };
    const before = await collectSamples(services, {});
    expect(before.leftOut["no call followed the denial"]).toBe(1);
    await captureCalls(f, [bashCall("next", "pnpm add zod", "done", false, LATER)]);
    await collectSamples(services, {});
    const [sample] = await f.store.datasets.listSamples({ types: ["adherence_correction"], limit: 5 });
    expect(sample).toMatchObject({
      type: "adherence_correction",
      polarity: "negative",
      content: {
        lesson: { rule: "Use `pnpm`, not `npm`" },
        followingCall: { toolName: "Bash", input: JSON.stringify({ command: "pnpm add zod" }) },
      },
    });
  });
});
