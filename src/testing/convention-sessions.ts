/**
 * Conventions learnt offline from captured sessions into a real SQLite store, through the SDK: a
 * session in which the user says something (the agent acknowledges it) is captured and learnt, and
 * the project's live and archived conventions are read back. Used by the tests of conventions
 * stated as a list, in one sentence, or as a description of the stack.
 */
import { join } from "node:path";
import { createTacit, type Tacit } from "../sdk.js";

/** Captures a session in which the user says `said` at `start` (the agent acknowledges it) and learns it. */
export async function learnFrom(tacit: Tacit, sessionId: string, said: string, start: number): Promise<void> {
  await tacit.capture({
    sessionId,
    messages: [
      { id: "m1", role: "user", content: said, createdAt: start },
      { id: "m2", role: "assistant", content: "Noted.", createdAt: start + 60_000 },
    ],
  });
  await tacit.learn({ sessionId });
}

/** Says `said` in session `sessionId` at time `at` (see {@link sayAt}). */
export type Say = (sessionId: string, said: string, at: number) => Promise<void>;

/**
 * Runs `body` with a tacit on a fresh SQLite file in `dir` for `project`, with a clock starting at
 * `start` that `setClock` moves, and `say` for what the user says at a time; closes it after.
 */
export async function withTacit(
  dir: string,
  project: string,
  start: number,
  body: (tacit: Tacit, setClock: (time: number) => void, say: Say) => Promise<void>,
): Promise<void> {
  let clock = start;
  const tacit = await createTacit({
    db: join(dir, "tacit.db"),
    env: { TACIT_HOME: dir },
    cwd: project,
    now: () => clock,
  });
  try {
    const setClock = (time: number) => {
      clock = time;
    };
    await body(tacit, setClock, (sessionId, said, at) => sayAt(tacit, setClock, sessionId, said, at));
  } finally {
    await tacit.close();
  }
}

/** The rules of the conventions still in use, sorted. */
export async function liveConventions(tacit: Tacit): Promise<string[]> {
  return (await tacit.lessons.list({ status: ["candidate", "active", "refined"], convention: true }))
    .map((lesson) => lesson.rule)
    .sort();
}

/** Moves the clock to `at`, then captures and learns a session in which the user says `said`. */
export async function sayAt(
  tacit: Tacit,
  setClock: (time: number) => void,
  sessionId: string,
  said: string,
  at: number,
): Promise<void> {
  setClock(at);
  await learnFrom(tacit, sessionId, said, at);
}
