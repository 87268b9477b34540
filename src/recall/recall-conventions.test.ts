import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ConventionSettings, DEFAULT_CONVENTION_SETTINGS } from "../core/recall/convention-settings.js";
import { learnSessions } from "../learn/learn-worker.js";
import { openRuntime, type Runtime } from "../runtime.js";
import { captureSession } from "../testing/session-builder.js";
import { useTempDir } from "../testing/temp-dir.js";
import { recall } from "./recall.js";

const tempDir = useTempDir();
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 4, 4, 9);
const runtimes: Runtime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
});

/** A runtime on a fresh temp store whose clock the test moves (`at(…)`), closed after the test. */
async function runtimeAt(start: number) {
  let clock = start;
  const dir = tempDir();
  const rt = await openRuntime({ db: join(dir, "tacit.db"), env: { TACIT_HOME: dir }, now: () => clock });
  runtimes.push(rt);
  return {
    rt,
    now: () => clock,
    at: (time: number) => {
      clock = time;
    },
    learn: () =>
      learnSessions({
        store: rt.store,
        lessons: rt.lessons,
        gate: rt.gate,
        embedder: rt.embedder,
        now: () => clock,
      }),
  };
}

/** A mentor states two conventions among small talk, then changes one a week later. */
async function mentoredProject() {
  const { rt, now: clock, at, learn } = await runtimeAt(T0);
  await captureSession(rt.capture, {
    id: "first-meeting",
    project: "/work/grades",
    start: T0,
    turns: [
      ["user", "Hi Oliver, it's great to finally meet you. How has your first week been?"],
      ["assistant", "Hi Sara, it's been a lot to take in, but everyone is welcoming."],
      [
        "user",
        "Glad to hear it. Firstly, always start variable names with 'z_'. Secondly, we use docstrings in all methods, no exceptions.",
      ],
      ["assistant", "Got it."],
    ],
  });
  await captureSession(rt.capture, {
    id: "second-meeting",
    project: "/work/grades",
    start: T0 + 7 * DAY,
    turns: [
      ["user", "Good morning Oliver! How was your weekend?"],
      ["assistant", "Quiet, thanks."],
      ["user", "One update before I forget: from now on, variable names should start with 'wr_' instead."],
      ["assistant", "Understood."],
    ],
  });
  at(T0 + 8 * DAY);
  await learn();
  const ask = (
    query: string,
    options: { projectId?: string; conventions?: Partial<ConventionSettings> } = {},
  ) =>
    recall(
      {
        store: rt.store,
        embedder: rt.embedder,
        now: clock,
        ...(options.conventions
          ? { config: { conventions: { ...DEFAULT_CONVENTION_SETTINGS, ...options.conventions } } }
          : {}),
      },
      { query, projectId: options.projectId ?? "/work/grades", log: false },
    );
  return { rt, ask };
}

describe("recall: the conventions block", () => {
  it("injects the project's latest conventions for a coding task, in a block of their own", async () => {
    const { ask } = await mentoredProject();
    const result = await ask("Write a Student grade class with a method that computes the average grade");
    expect(result.context).toContain("Conventions of this project (they hold for every task of this kind):");
    const conventions = result.items.filter((item) => item.convention);
    expect(conventions.map((item) => item.text).sort()).toEqual([
      "From now on, variable names should start with 'wr_' instead",
      "We use docstrings in all methods, no exceptions",
    ]);
    expect(conventions.every((item) => item.kind === "lesson" && item.parts.sharedWork === 1)).toBe(true);
    // The overturned version is never injected, and no trigger is a greeting.
    expect(result.context).not.toContain("'z_'");
    expect(result.context).not.toMatch(/hi oliver/i);
  });

  it("injects nothing into a knowledge question or another project", async () => {
    const { ask } = await mentoredProject();
    expect((await ask("What's the difference between a list and a tuple in Python?")).context).toBe("");
    expect((await ask("Write a Student grade class", { projectId: "/work/weather" })).context).toBe("");
  });

  it("keeps to its budget, and says what it left out", async () => {
    const { ask } = await mentoredProject();
    const result = await ask("implement a function that merges two sorted lists", {
      conventions: { maxConventions: 1 },
    });
    expect(result.items.filter((item) => item.convention)).toHaveLength(1);
    expect(result.rejected.filter((item) => item.convention).map((item) => item.reason)).toEqual([
      "convention: over the convention limit (1)",
    ]);
    const off = await ask("implement a function that merges two sorted lists", {
      conventions: { enabled: false },
    });
    expect(off.items.some((item) => item.convention)).toBe(false);
  });
});

describe("recall: the user's own conventions", () => {
  it("brings how the user wants answers, said in the first person, into every project's block", async () => {
    const { rt, now, at, learn } = await runtimeAt(T0);
    await captureSession(rt.capture, {
      id: "port-question",
      project: "/work/ops/toolbox",
      start: T0,
      turns: [
        ["user", "how do I see which process is holding port 8443?"],
        [
          "assistant",
          "## Finding the process\n\nThere are several tools for this on Linux, each with trade-offs.",
        ],
        ["user", "way too much. I just need the command. skip the explanation unless I ask for it"],
        ["assistant", "`sudo ss -ltnp 'sport = :8443'`"],
      ],
    });
    at(T0 + DAY);
    await learn();
    const learnt = await rt.store.listLessons({ limit: 10, convention: true });
    expect(learnt.map((lesson) => lesson.scope)).toContain("global");
    const ask = (query: string, projectId: string) =>
      recall({ store: rt.store, embedder: rt.embedder, now }, { query, projectId, log: false });
    const elsewhere = await ask("how do i list the biggest files in this directory", "/work/home/dotfiles");
    expect(elsewhere.items.filter((item) => item.convention).map((item) => item.text)).toEqual(
      expect.arrayContaining([expect.stringMatching(/skip the explanation unless I ask for it/i)]),
    );
  });
});
