import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLesson } from "../src/core/lessons/lesson.js";
import { indexEvidence } from "../src/recall/reindex.js";
import { openRuntime } from "../src/runtime.js";
import { captureSession, type Turn } from "../src/testing/session-builder.js";
import { storeLessons, TOPIC_WORDS } from "../src/testing/stored-lessons.js";
import type { BenchResult } from "./report.js";

const SESSIONS = 200;
const T0 = Date.UTC(2026, 0, 1);
const TOPICS = TOPIC_WORDS.slice(0, 10);

/** Ten messages of a small session: asks, answers, tool calls (one failing) and a correction. */
function turns(session: number): Turn[] {
  const topic = (step: number) => TOPICS[(session * step) % TOPICS.length];
  return [
    ["user", `Please fix the ${topic(1)} failure in module ${session} before the release`],
    ["assistant", `I will look at module ${session} and its ${topic(3)} configuration first.`],
    ["tool", "Bash", `npm test -- module-${session}`, `FAIL module-${session}: ${topic(7)} timed out`, true],
    ["assistant", `The ${topic(7)} check of module ${session} times out; raising its timeout.`],
    ["tool", "Edit", `src/module-${session}.ts`, "file updated"],
    ["user", `No, use pnpm for module ${session}, npm breaks the ${topic(9)} workspace`],
    ["tool", "Bash", `pnpm test -- module-${session}`, "Tests 20 passed"],
    ["assistant", `Module ${session} passes with pnpm now, ${topic(3)} included.`],
    ["user", `Thanks, now update the ${topic(1)} notes for module ${session} in the changelog`],
    ["assistant", `Updated the changelog entry of module ${session} with the ${topic(1)} fix.`],
  ];
}

/**
 * A store like one `tacit learn` leaves after small sessions: 200 sessions of 10 messages, in
 * `projects` projects, each session with a lesson of its project, and every evidence message
 * embedded (the configured offline embedder). Returns the file's bytes and the message count.
 */
async function storeSize(projects: number): Promise<{ bytes: number; messages: number; vectors: number }> {
  const dir = mkdtempSync(join(tmpdir(), "tacit-bench-storage-"));
  try {
    const path = join(dir, "tacit.db");
    const runtime = await openRuntime({ db: path, env: { TACIT_HOME: dir } });
    const { store, embedder } = runtime;
    let messages = 0;
    const lessons = [];
    for (let session = 0; session < SESSIONS; session++) {
      const project = `/home/dev/code/project-${(session % projects).toString().padStart(3, "0")}`;
      const sessionTurns = turns(session);
      await captureSession(runtime.capture, {
        id: `bench-${session}`,
        project,
        start: T0 + session * 3_600_000,
        turns: sessionTurns,
      });
      messages += sessionTurns.length;
      lessons.push(
        createLesson({
          id: `bench-lesson-${session}`,
          kind: "prefer",
          trigger: `running the tests of module ${session}`,
          rule: `Use pnpm for module ${session}, never npm (${TOPICS[session % TOPICS.length]})`,
          domain: "workflow",
          scope: "project",
          projectId: project,
          evidence: [{ quote: `use pnpm for module ${session}`, sessionId: `bench-${session}`, at: T0 }],
          now: T0,
        }),
      );
    }
    await storeLessons(store, embedder, lessons);
    const vectors = await indexEvidence({ store, embedder });
    await runtime.close();
    const wal = `${path}-wal`;
    return { bytes: statSync(path).size + (existsSync(wal) ? statSync(wal).size : 0), messages, vectors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Database bytes per 1,000 messages when the same sessions fall in 1, 10 or 200 projects. */
export async function runStorageBench(): Promise<BenchResult[]> {
  const sizes = [];
  for (const projects of [1, 10, 200]) sizes.push({ projects, ...(await storeSize(projects)) });
  const perThousand = sizes.map((size) => ({ ...size, value: (size.bytes / size.messages) * 1000 }));
  const smallest = Math.min(...perThousand.map((size) => size.value));
  return perThousand.map((size) => ({
    name: `database bytes per 1,000 messages, ${SESSIONS} sessions in ${size.projects} project(s)`,
    value: size.value,
    unit: "bytes",
    baselineName: "the smallest of 1, 10 and 200 projects",
    baselineValue: smallest,
    ratio: size.value / smallest,
    goal: "≤ 1.5 (storage grows with the data, not with the number of projects)",
    met: size.value / smallest <= 1.5,
    note: `a ${(size.bytes / 2 ** 20).toFixed(2)} MiB file: ${size.messages.toLocaleString("en-US")} messages, ${size.vectors.toLocaleString("en-US")} message vectors and ${SESSIONS} lesson vectors of 512 dimensions`,
  }));
}
