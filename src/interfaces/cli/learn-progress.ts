import cliProgress from "cli-progress";
import type { LearnProgress } from "../../learn/learn-worker.js";

/** How often the plain progress line is written when there is no bar, in ms. */
export const PLAIN_PROGRESS_EVERY_MS = 10_000;

/** Shows a learning run's progress on stderr. */
export interface LearnProgressView {
  update(progress: LearnProgress): void;
  stop(): void;
}

/**
 * Progress by task with an estimate of the time left: a bar on a terminal, else (not a terminal,
 * or `--no-progress`) a plain line at most every {@link PLAIN_PROGRESS_EVERY_MS}, the first once
 * that long has passed, so a short run prints nothing. Sessions not yet split into tasks count for
 * the average number of tasks of those split so far (see {@link expectedTasks}).
 */
export function createLearnProgressView(options: {
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  bar: boolean;
  now: () => number;
  everyMs?: number;
}): LearnProgressView {
  const started = options.now();
  if (options.bar) {
    const bar = new cliProgress.SingleBar(
      {
        stream: options.stream,
        format: "learning {bar} {tasks} tasks | session {session}/{sessions} | {left}",
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let running = false;
    return {
      update(progress) {
        const payload = {
          tasks: taskCount(progress),
          session: Math.min(progress.done + 1, progress.total),
          sessions: progress.total,
          left: timeLeft(progress, options.now() - started),
        };
        const total = Math.max(expectedTasks(progress).tasks, 1);
        if (!running) {
          bar.start(total, progress.tasksDone, payload);
          running = true;
        }
        bar.setTotal(total);
        bar.update(progress.tasksDone, payload);
      },
      stop: () => {
        if (running) bar.stop();
      },
    };
  }
  const every = options.everyMs ?? PLAIN_PROGRESS_EVERY_MS;
  let next = started + every;
  return {
    update(progress) {
      const at = options.now();
      if (at < next) return;
      next = at + every;
      options.stream.write(`${plainLine(progress, at - started)}\n`);
    },
    stop: () => {
      // Plain lines leave nothing on screen to clear.
    },
  };
}

/**
 * The tasks of the whole run: those known, plus, for each session not yet split into tasks, the
 * average of the sessions split so far (`estimated`). Without that, a run over many small sessions
 * showed a full bar and "about 0s left" from its first session to its last.
 */
export function expectedTasks(progress: LearnProgress): { tasks: number; estimated: boolean } {
  const unsplit = progress.total - progress.sessionsSplit;
  if (unsplit <= 0 || progress.sessionsSplit === 0) return { tasks: progress.tasksKnown, estimated: false };
  const perSession = progress.tasksKnown / progress.sessionsSplit;
  return { tasks: Math.round(progress.tasksKnown + perSession * unsplit), estimated: true };
}

/** `120/821` tasks, or `120/~821` while the total is an estimate. */
function taskCount(progress: LearnProgress): string {
  const { tasks, estimated } = expectedTasks(progress);
  return `${progress.tasksDone}/${estimated ? "~" : ""}${Math.max(tasks, progress.tasksDone)}`;
}

/** `learning: 120/821 tasks (115 learnt), session 1/1, about 4m 10s left`. */
export function plainLine(progress: LearnProgress, elapsedMs: number): string {
  return (
    `learning: ${taskCount(progress)} tasks (${progress.tasksLearned} learnt), ` +
    `session ${Math.min(progress.done + 1, progress.total)}/${progress.total}, ${timeLeft(progress, elapsedMs)}`
  );
}

/**
 * The estimate: "about 4m 10s left", or "time left unknown" before the first task. Timed per task
 * learnt when there is one: tasks already learnt in an earlier run are skipped in no time.
 */
export function timeLeft(progress: LearnProgress, elapsedMs: number): string {
  const timed = progress.tasksLearned > 0 ? progress.tasksLearned : progress.tasksDone;
  if (timed === 0) return "time left unknown";
  const ms = (elapsedMs / timed) * Math.max(0, expectedTasks(progress).tasks - progress.tasksDone);
  return `about ${duration(ms)} left`;
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
