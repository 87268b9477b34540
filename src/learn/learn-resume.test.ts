/**
 * `tacit learn` killed at random points resumes exactly: the real CLI, in its own process, learns a
 * copy of a seeded store with many tasks; it is SIGKILLed once a random number of tasks is
 * committed (read from the database) plus a random delay, resumed, possibly killed again, and run to
 * the end. The lessons (rules, evidence, support counts, sources), their history, the tasks' signals,
 * outcomes and jobs, and the skills must equal those of a run never interrupted. The kill points come
 * from a seeded generator, so a failure replays.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importPaths } from "../capture/importers/import-runner.js";
import { openRuntime } from "../runtime.js";
import { seededRandom, writeLongSession } from "../testing/long-session.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SAMPLES = fileURLToPath(new URL("../../examples/transcripts/tacit-samples", import.meta.url));
const TRIALS = 4;
const KILLS_PER_TRIAL = 2;

let dir = "";
let seed = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tacit-learn-resume-"));
  const session = join(dir, "long.jsonl");
  await writeLongSession(session, { lines: 1500, seed: 7 });
  seed = join(dir, "seed.db");
  const runtime = await openRuntime({ db: seed, env: { TACIT_HOME: dir } });
  try {
    await importPaths({
      capture: runtime.capture,
      getImportFile: (file) => runtime.store.getImportFile(file),
      paths: [session, SAMPLES],
    });
  } finally {
    await runtime.close();
  }
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `tacit learn --json` on `db`, in its own process. */
function startLearn(db: string): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/interfaces/cli/main.ts", "learn", "--json"], {
    cwd: ROOT,
    env: { ...process.env, TACIT_HOME: dir, TACIT_DATABASE_URL: db },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function exited(child: ChildProcess): Promise<Exit> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
}

/** Runs `tacit learn` on `db` to the end; returns its JSON summary. */
async function learnToEnd(db: string): Promise<{ tasks: number; tasksLearned: number }> {
  const result = await exited(startLearn(db));
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

function committedTasks(db: string): number {
  const reader = new Database(db, { readonly: true, fileMustExist: true });
  try {
    return (
      reader.prepare("SELECT count(*) AS n FROM learn_jobs WHERE status = 'done'").get() as { n: number }
    ).n;
  } catch (error) {
    // Before the child's first write the schema may not be there yet: nothing is committed.
    if (/no such table/.test((error as Error).message)) return 0;
    throw error;
  } finally {
    reader.close();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `tacit learn`, waits until `after` tasks are committed, waits `delayMs` more and kills
 * it. Returns whether it was killed (false when it finished first).
 */
async function learnAndKill(db: string, after: number, delayMs: number): Promise<boolean> {
  const child = startLearn(db);
  const exit = exited(child);
  let done = false;
  void exit.then(() => {
    done = true;
  });
  while (!done && committedTasks(db) < after) await pause(10);
  await pause(delayMs);
  if (done) return false;
  child.kill("SIGKILL");
  const result = await exit;
  return result.signal === "SIGKILL";
}

/** What learning left in the store, without ids and times (they differ from run to run). */
function learntState(db: string) {
  const reader = new Database(db, { readonly: true, fileMustExist: true });
  try {
    const all = (sql: string) => reader.prepare(sql).all();
    const lessons = (all("SELECT data FROM lessons") as Array<{ data: string }>)
      .map((row) => {
        const lesson = JSON.parse(row.data);
        return {
          kind: lesson.kind,
          trigger: lesson.trigger,
          rule: lesson.rule,
          scope: lesson.scope,
          status: lesson.status,
          maturity: lesson.maturity,
          confidence: lesson.confidence,
          supportTaskCount: lesson.supportTaskCount,
          evidenceCount: lesson.evidenceCount,
          successCount: lesson.successCount,
          failureCount: lesson.failureCount,
          evidence: lesson.evidence
            .map((item: { quote: string; sessionId?: string; taskId?: string }) =>
              [item.sessionId, item.taskId, item.quote].join(" | "),
            )
            .sort(),
        };
      })
      .sort((first, second) => `${first.kind}${first.rule}`.localeCompare(`${second.kind}${second.rule}`));
    return {
      lessons,
      sources: all(`SELECT l.kind, l.rule, s.session_id, s.task_id FROM lesson_sources s
        JOIN lessons l ON l.pk = s.lesson_pk ORDER BY l.kind, l.rule, s.session_id, s.task_id`),
      events: all("SELECT type, count(*) AS n FROM lesson_events GROUP BY type ORDER BY type"),
      signals: all(`SELECT id, message_seq, type, source, evidence, confidence FROM task_feedback_signals
        ORDER BY id`),
      attempts: all("SELECT id, attempt_label, failure_reason FROM task_failed_attempts ORDER BY id"),
      outcomes: all("SELECT id, success, error_count, retry_count FROM outcomes ORDER BY id"),
      jobs: all("SELECT task_id, status, fingerprint, lessons FROM learn_jobs ORDER BY task_id").map(
        (row) => ({ ...(row as Record<string, unknown>), lessons: undefined }),
      ),
      patterns: all("SELECT task_id, success FROM pattern_observations ORDER BY task_id"),
      skills: all("SELECT name, status, scope, version FROM skills ORDER BY name"),
    };
  } finally {
    reader.close();
  }
}

describe("tacit learn killed at random points", () => {
  it("resumes to exactly the state of a run never interrupted", async () => {
    const clean = join(dir, "clean.db");
    copyFileSync(seed, clean);
    const summary = await learnToEnd(clean);
    expect(summary.tasks).toBeGreaterThan(20);
    const expected = learntState(clean);
    expect(expected.lessons.length).toBeGreaterThan(0);
    expect(expected.sources.length).toBeGreaterThan(0);
    expect(expected.skills.length).toBeGreaterThan(0);

    const random = seededRandom(20261125);
    let interrupted = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const db = join(dir, `trial-${trial}.db`);
      copyFileSync(seed, db);
      let floor = 0;
      for (let kill = 0; kill < KILLS_PER_TRIAL; kill++) {
        // A kill point at or after the last one: at 0 it dies before its first commit, at the number
        // of tasks after its last one (making instincts, skills, recall vectors).
        floor += Math.floor(random() * (summary.tasks - floor + 1));
        if (await learnAndKill(db, floor, Math.floor(random() * 40))) interrupted++;
      }
      const resumed = await learnToEnd(db);
      expect(resumed.tasks).toBe(summary.tasks);
      expect(learntState(db), `trial ${trial}`).toEqual(expected);
    }
    // The kill points land inside the run, not after it: most runs were cut short.
    expect(interrupted).toBeGreaterThanOrEqual(TRIALS);
  }, 240_000);
});
