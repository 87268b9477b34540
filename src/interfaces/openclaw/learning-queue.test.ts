import { describe, expect, it } from "vitest";
import { createLearningQueue } from "./learning-queue.js";

function recorder(options: { maxPending?: number; fail?: string } = {}) {
  const runs: string[] = [];
  const errors: string[] = [];
  const dropped: string[] = [];
  const queue = createLearningQueue({
    delayMs: 60_000,
    maxPending: options.maxPending,
    run: async (sessionId) => {
      runs.push(sessionId);
      if (sessionId === options.fail) throw new Error(`cannot learn ${sessionId}`);
    },
    onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
    onDrop: (sessionId) => dropped.push(sessionId),
  });
  return { queue, runs, errors, dropped };
}

describe("the learning queue", () => {
  it("learns each session once however often it is scheduled, one at a time", async () => {
    const { queue, runs } = recorder();
    queue.schedule("a");
    queue.schedule("b");
    queue.schedule("a");
    expect(runs).toEqual([]);
    await queue.settled();
    expect([...runs].sort()).toEqual(["a", "b"]);
  });

  it("drops sessions beyond its bound, reports failures, and stops on close", async () => {
    const { queue, runs, errors, dropped } = recorder({ maxPending: 2, fail: "a" });
    queue.schedule("a");
    queue.schedule("b");
    queue.schedule("c");
    expect(dropped).toEqual(["c"]);
    await queue.settled();
    expect(runs).toEqual(["a", "b"]);
    expect(errors).toEqual(["cannot learn a"]);
    queue.schedule("d");
    await queue.close();
    queue.schedule("e", 0);
    await queue.settled();
    expect(runs).toEqual(["a", "b"]);
  });
});
