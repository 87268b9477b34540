/**
 * Conventions said by the user in captured sessions and learnt offline into a real SQLite store,
 * through the SDK, on a clock the test sets: for tests of how a later session changes what an
 * earlier one stated (lists, clauses, supersession).
 */
import { join } from "node:path";
import { createTacit, type Tacit } from "../sdk.js";

/** A tacit on `dir`/tacit.db working in `cwd`, and how its test has the user say something at a time. */
export async function tacitOnClock(
  dir: string,
  cwd: string,
  start: number,
): Promise<{ tacit: Tacit; say: (sessionId: string, said: string, at: number) => Promise<void> }> {
  let clock = start;
  const tacit = await createTacit({
    db: join(dir, "tacit.db"),
    env: { TACIT_HOME: dir },
    cwd,
    now: () => clock,
  });
  return {
    tacit,
    say: async (sessionId, said, at) => {
      clock = at;
      await learnFrom(tacit, sessionId, said, at);
    },
  };
}

/** Captures a session in which the user states `said` at `start` (the agent acknowledges it) and learns it. */
async function learnFrom(tacit: Tacit, sessionId: string, said: string, start: number): Promise<void> {
  await tacit.capture({
    sessionId,
    messages: [
      { id: "m1", role: "user", content: said, createdAt: start },
      { id: "m2", role: "assistant", content: "Noted.", createdAt: start + 60_000 },
    ],
  });
  await tacit.learn({ sessionId });
}

/** The rules of the conventions still in force, sorted. */
export async function liveConventions(tacit: Tacit): Promise<string[]> {
  return (await tacit.lessons.list({ status: ["candidate", "active", "refined"], convention: true }))
    .map((lesson) => lesson.rule)
    .sort();
}
