import { EXPERIENCE_MODES, type ExperienceMode } from "../../core/learning/index.js";
import { learnSessions } from "../../learn/learn-worker.js";
import { learnServices } from "../../runtime.js";
import { CliError, type CliIo, type GlobalOptions, withRuntime, writeJson, writeLine } from "./cli-io.js";
import { createLearnProgressView } from "./learn-progress.js";
import { onInterrupt } from "./progress-bar.js";

const INSTINCT_SOURCES = ["offline", "model", "off"] as const;

export interface LearnCommandOptions extends GlobalOptions {
  session?: string;
  since?: string;
  mode?: string;
  instincts?: string;
  json?: boolean;
  progress?: boolean;
}

/** `tacit learn`: turns captured sessions into lessons, task by task; resumable and idempotent. */
export async function learnCommand(options: LearnCommandOptions, io: CliIo): Promise<number> {
  // Unset: the configuration's (learning.mode, learning.instincts; TACIT_LEARN_INSTINCTS).
  const { mode, instincts } = options;
  if (mode !== undefined && !EXPERIENCE_MODES.includes(mode as ExperienceMode)) {
    throw new CliError(`--mode must be one of ${EXPERIENCE_MODES.join(", ")}, got "${mode}"`);
  }
  if (instincts !== undefined && !INSTINCT_SOURCES.includes(instincts as (typeof INSTINCT_SOURCES)[number])) {
    throw new CliError(`--instincts must be one of ${INSTINCT_SOURCES.join(", ")}, got "${instincts}"`);
  }
  const since = options.since === undefined ? undefined : Date.parse(options.since);
  if (since !== undefined && Number.isNaN(since)) {
    throw new CliError(
      `--since must be a date such as 2026-11-01 or 2026-11-01T12:00:00Z, got "${options.since}"`,
    );
  }
  const summary = await withRuntime(io, options, async (runtime) => {
    const view = createLearnProgressView({
      stream: io.stderr,
      bar: options.progress !== false && io.stderr.isTTY === true && !options.json,
      now: io.now,
    });
    // Ctrl-C stops the bar, gives the terminal back and says how to resume.
    const release = onInterrupt(io, () => view.stop());
    // With a workspace configured, the memory gate and the write guardian run after learning.
    const { configuredMemoryPipeline } = await import("../../memory-files/memory-pipeline.js");
    const memoryFiles = configuredMemoryPipeline({
      store: runtime.store,
      modelGate: runtime.gate,
      now: runtime.now,
      config: runtime.config.values,
      cwd: io.cwd,
    });
    try {
      return await learnSessions({
        ...learnServices(runtime),
        ...(memoryFiles ? { memoryFiles } : {}),
        config: {
          ...runtime.settings.learn,
          ...(mode ? { mode: mode as ExperienceMode } : {}),
          ...(instincts ? { instincts: instincts as (typeof INSTINCT_SOURCES)[number] } : {}),
        },
        sessionId: options.session,
        since,
        onProgress: (progress) => view.update(progress),
      });
    } finally {
      view.stop();
      release();
    }
  });
  if (options.session && summary.sessions === 0) throw new CliError(`session ${options.session} not found`);
  if (options.json) {
    writeJson(io, summary);
    return 0;
  }
  writeLine(
    io.stdout,
    `Learnt ${summary.tasksLearned} task(s) in ${summary.sessions} session(s)` +
      (summary.tasksUnchanged ? ` (${summary.tasksUnchanged} unchanged since the last run)` : "") +
      `: ${summary.signals} feedback signals, ${summary.lessons.created} new lesson(s), ${summary.lessons.merged} updated.`,
  );
  const experiences = summary.experiences;
  writeLine(
    io.stdout,
    `Task experiences: ${experiences.offline} offline, ${experiences.model} from the model, ${experiences.cached} cached; ${summary.modelCalls} model call(s).`,
  );
  const files = summary.memoryFiles;
  if (files) {
    const { written, refused, skipped, failed } = files.writes;
    writeLine(
      io.stdout,
      `Memory files in ${files.workspace}: ${files.decided} turn(s) decided by the memory gate, ` +
        `${written} fact(s) written, ${refused} refused, ${skipped} skipped, ${failed} failed` +
        (files.resumed ? ` (${files.resumed} left by an interrupted run)` : "") +
        ".",
    );
  }
  for (const warning of summary.warnings.slice(0, 10)) writeLine(io.stderr, `warning: ${warning}`);
  if (summary.warnings.length + summary.warningsOmitted > 10) {
    writeLine(
      io.stderr,
      `… ${summary.warnings.length + summary.warningsOmitted - 10} more warnings (--json lists them)`,
    );
  }
  return summary.tasksFailed > 0 ? 1 : 0;
}
