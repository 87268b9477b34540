import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { LearnProgress } from "../../learn/learn-worker.js";
import { createLearnProgressView, expectedTasks, plainLine, timeLeft } from "./learn-progress.js";

function progress(partial: Partial<LearnProgress>): LearnProgress {
  return {
    done: 0,
    total: 1,
    sessionId: "s",
    tasksDone: 0,
    tasksKnown: 0,
    sessionsSplit: 1,
    tasksLearned: 0,
    ...partial,
  };
}

function collect(stream: PassThrough): () => string {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return () => chunks.join("");
}

describe("learn progress", () => {
  it("estimates the time left from the time per task learnt and the tasks not yet handled", () => {
    expect(timeLeft(progress({ tasksKnown: 10 }), 5_000)).toBe("time left unknown");
    // 4 learnt in 20 s: 5 s each; 6 of 10 left → 30 s.
    expect(timeLeft(progress({ tasksDone: 4, tasksLearned: 4, tasksKnown: 10 }), 20_000)).toBe(
      "about 30s left",
    );
    // Resumed: 50 tasks skipped as already learnt, 10 learnt in 100 s, 940 left → 9,400 s.
    expect(timeLeft(progress({ tasksDone: 60, tasksLearned: 10, tasksKnown: 1000 }), 100_000)).toBe(
      "about 2h 36m left",
    );
    expect(plainLine(progress({ tasksDone: 120, tasksLearned: 115, tasksKnown: 821 }), 60_000)).toBe(
      "learning: 120/821 tasks (115 learnt), session 1/1, about 6m 6s left",
    );
  });

  it("counts the sessions not yet split into tasks at the average of those split so far", () => {
    // 3 of 300 sessions split, 6 tasks: about 600 in all; 6 done in 3 s → 594 left at 0.5 s each.
    const early = progress({
      done: 2,
      total: 300,
      sessionsSplit: 3,
      tasksKnown: 6,
      tasksDone: 6,
      tasksLearned: 6,
    });
    expect(expectedTasks(early)).toEqual({ tasks: 600, estimated: true });
    expect(timeLeft(early, 3_000)).toBe("about 4m 57s left");
    expect(plainLine(early, 3_000)).toBe(
      "learning: 6/~600 tasks (6 learnt), session 3/300, about 4m 57s left",
    );
    // Every session split: the count is exact again.
    expect(expectedTasks(progress({ total: 300, sessionsSplit: 300, tasksKnown: 611 }))).toEqual({
      tasks: 611,
      estimated: false,
    });
    // Nothing split yet: nothing to estimate from.
    expect(timeLeft(progress({ total: 300, sessionsSplit: 0 }), 1_000)).toBe("time left unknown");
  });

  it("without a terminal writes a plain line at most once per interval, none in a short run", () => {
    const stream = new PassThrough();
    const text = collect(stream);
    let now = 1_000;
    const view = createLearnProgressView({ stream, bar: false, now: () => now, everyMs: 10_000 });
    now = 5_000;
    view.update(progress({ tasksDone: 1, tasksLearned: 1, tasksKnown: 4 }));
    expect(text()).toBe("");
    now = 11_000;
    view.update(progress({ tasksDone: 2, tasksLearned: 2, tasksKnown: 4 }));
    now = 12_000;
    view.update(progress({ tasksDone: 3, tasksLearned: 3, tasksKnown: 4 }));
    view.stop();
    expect(text()).toBe("learning: 2/4 tasks (2 learnt), session 1/1, about 10s left\n");
  });

  it("on a terminal draws a bar by task with the session and the time left", () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
    const text = collect(stream);
    let now = 0;
    const view = createLearnProgressView({ stream, bar: true, now: () => now });
    now = 2_000;
    view.update(progress({ tasksDone: 1, tasksLearned: 1, tasksKnown: 3 }));
    now = 4_000;
    view.update(progress({ tasksDone: 3, tasksLearned: 3, tasksKnown: 3, done: 1 }));
    view.stop();
    expect(text()).toMatch(/learning .* 3\/3 tasks \| session 1\/1 \| about 0s left/);
  });
});
