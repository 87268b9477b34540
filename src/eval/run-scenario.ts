import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MessageInput } from "../capture/capture.js";
import { findProjectId } from "../capture/project.js";
import { lessonStatement } from "../core/recall/statements.js";
import type { LearnConfig } from "../learn/learn-session.js";
import { learnSessions } from "../learn/learn-worker.js";
import { recall } from "../recall/recall.js";
import { openRuntime, type Runtime } from "../runtime.js";
import { type ProbeScore, scoreProbe } from "./metrics.js";
import {
  type LoadedScenario,
  resolveTime,
  type ScenarioMessage,
  type ScenarioProbe,
  type ScenarioSession,
} from "./scenario-format.js";
import { importTranscript } from "./transcript-session.js";

/** Gap between messages that give no `at`. */
const DEFAULT_STEP_MS = 20_000;
/** Where a probe sits when it gives no `at`: an hour after the last session. */
const DEFAULT_PROBE_DELAY_MS = 3_600_000;

/** What one probe got. */
export interface ProbeReport {
  index: number;
  prompt: string;
  /** The probe's clock, ISO. */
  at: string;
  expected: number;
  found: number;
  unrelatedChecks: number;
  falseInjections: number;
  tokens: number;
  injected: Array<{ kind: string; text: string; score: number }>;
  problems: string[];
}

/** One scenario's result. */
export interface ScenarioReport {
  name: string;
  suite: string;
  file: string;
  topic: string;
  language: "en" | "zh";
  /** found / expected (1 when nothing was expected). */
  recallAt3: number;
  expected: number;
  found: number;
  /** expectNothing probes plus expectAbsent entries. */
  unrelatedChecks: number;
  falseInjections: number;
  probes: number;
  /** Tokens injected over all probes, and per probe. */
  injectedTokens: number;
  meanInjectedTokens: number;
  llmCalls: number;
  lessonsLearnt: number;
  /**
   * Every lesson learnt: as recall states it, its whole rule, whether it is a convention, and why it
   * was archived when it was ("superseded by …").
   */
  lessons: Array<{
    text: string;
    rule: string;
    convention: boolean;
    kind: string;
    status: string;
    maturity: string;
    scope: string;
    reason?: string;
  }>;
  wallMs: number;
  /** One line per miss or false injection, naming the probe and what was injected. */
  failures: string[];
  /** Learning degradations (model fallbacks, failed tasks). */
  warnings: string[];
  probeReports: ProbeReport[];
}

/** How scenarios run. */
export interface RunScenarioOptions {
  /** The environment the runtime sees (model settings); TACIT_HOME is always the temporary folder. */
  env?: NodeJS.ProcessEnv;
  learn?: Partial<LearnConfig>;
}

/**
 * Runs one scenario on a fresh store in a temporary folder: captures its sessions through the
 * capture API (or the importer, for transcripts), learns each session at its own end time in
 * chronological order, then recalls for each probe at the probe's time and scores it. The
 * folder is removed afterwards.
 */
export async function runScenario(
  loaded: LoadedScenario,
  options: RunScenarioOptions = {},
): Promise<ScenarioReport> {
  const started = performance.now();
  const dir = await mkdtemp(join(tmpdir(), "tacit-eval-"));
  let clock = 0;
  const runtime = await openRuntime({
    db: join(dir, "tacit.db"),
    env: { ...options.env, TACIT_HOME: dir },
    // Its own folder as the project: no project file, so a scenario runs with the defaults.
    cwd: dir,
    now: () => clock,
  });
  try {
    const { scenario } = loaded;
    const captured: Array<{ sessionIds: string[]; end: number }> = [];
    for (const [index, session] of scenario.sessions.entries()) {
      const id = session.id ?? `s${index + 1}`;
      const project = session.project ?? scenario.project;
      if (session.transcript !== undefined) {
        captured.push(
          await importTranscript({
            runtime,
            scenarioFile: loaded.file,
            transcript: session.transcript,
            sessionId: id,
            project,
            start: session.start ? Date.parse(session.start) : null,
            workDir: dir,
          }),
        );
      } else {
        clock = Date.parse(session.start as string);
        captured.push(await captureSession(runtime, session, id, project));
      }
    }
    let llmCalls = 0;
    let lessonsLearnt = 0;
    const warnings: string[] = [];
    for (const { sessionIds, end } of [...captured].sort((a, b) => a.end - b.end)) {
      clock = end;
      for (const sessionId of sessionIds) {
        const summary = await learnSessions({
          store: runtime.store,
          lessons: runtime.lessons,
          gate: runtime.gate,
          now: runtime.now,
          skills: runtime.settings.skills,
          config: { ...runtime.settings.learn, ...options.learn },
          sessionId,
        });
        llmCalls += summary.modelCalls;
        lessonsLearnt += summary.lessons.created;
        warnings.push(...summary.warnings);
      }
    }
    const lastEnd = Math.max(...captured.map((session) => session.end));
    const lessons = await runtime.store.listLessons({ limit: 10_000 });
    const learnt = lessons.map((lesson) => lessonStatement(lesson));
    const probeReports: ProbeReport[] = [];
    for (const [index, probe] of scenario.probes.entries()) {
      clock = resolveTime(probe.at, lastEnd, lastEnd + DEFAULT_PROBE_DELAY_MS);
      probeReports.push(await runProbe(runtime, probe, index, scenario.project, learnt));
    }
    const sum = (pick: (probe: ProbeReport) => number) =>
      probeReports.reduce((total, probe) => total + pick(probe), 0);
    const expected = sum((probe) => probe.expected);
    const found = sum((probe) => probe.found);
    const injectedTokens = sum((probe) => probe.tokens);
    return {
      name: scenario.name,
      suite: loaded.suite,
      file: loaded.file,
      topic: scenario.topic,
      language: loaded.language,
      recallAt3: expected === 0 ? 1 : Math.round((found / expected) * 10_000) / 10_000,
      expected,
      found,
      unrelatedChecks: sum((probe) => probe.unrelatedChecks),
      falseInjections: sum((probe) => probe.falseInjections),
      probes: probeReports.length,
      injectedTokens,
      meanInjectedTokens: Math.round((injectedTokens / probeReports.length) * 10) / 10,
      llmCalls,
      lessonsLearnt,
      lessons: lessons.map((lesson, index) => ({
        text: learnt[index] as string,
        rule: lesson.rule,
        convention: lesson.convention === true,
        kind: lesson.kind,
        status: lesson.status,
        maturity: lesson.maturity,
        scope: lesson.scope,
        ...(lesson.status === "archived" && lesson.statusReason ? { reason: lesson.statusReason } : {}),
      })),
      wallMs: Math.round(performance.now() - started),
      failures: probeReports.flatMap((probe) =>
        probe.problems.map((problem) => `probe ${probe.index + 1} "${clipPrompt(probe.prompt)}": ${problem}`),
      ),
      warnings,
      probeReports,
    };
  } finally {
    await runtime.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function captureSession(
  runtime: Runtime,
  session: ScenarioSession,
  id: string,
  project: string,
): Promise<{ sessionIds: string[]; end: number }> {
  const start = Date.parse(session.start as string);
  const messages = toMessageInputs(session.messages ?? [], start);
  const end = Math.max(start, ...messages.map((message) => message.createdAt ?? start));
  const sessionId = await runtime.capture.upsertSession({
    agent: session.agent ?? "generic",
    sourceSessionId: id,
    cwd: project,
    projectId: findProjectId(project),
    createdAt: start,
    lastActivityAt: end,
  });
  await runtime.capture.appendMessages(sessionId, messages);
  if (session.outcome) {
    await runtime.capture.recordOutcome({
      sessionId,
      success: session.outcome.success,
      durationMs: Math.round((session.outcome.durationMinutes ?? (end - start) / 60_000) * 60_000),
      errorCount: session.outcome.errors ?? messages.filter((message) => message.isError).length,
      retryCount: session.outcome.retries ?? 0,
      createdAt: end,
    });
  }
  return { sessionIds: [sessionId], end };
}

/** Scenario messages as capture input: stable ids m1, m2, …; times from `at` or 20 s apart. */
export function toMessageInputs(messages: readonly ScenarioMessage[], start: number): MessageInput[] {
  let time = start - DEFAULT_STEP_MS;
  return messages.map((message, index) => {
    time = resolveTime(message.at, start, index === 0 ? start : time + DEFAULT_STEP_MS);
    const base = { id: `m${index + 1}`, createdAt: time };
    if (message.role !== "tool") return { ...base, role: message.role, content: message.text ?? "" };
    return {
      ...base,
      role: "tool",
      kind: "tool_call",
      content: message.text ?? "",
      toolName: message.tool ?? "tool",
      toolInput: typeof message.input === "string" ? { command: message.input } : (message.input ?? null),
      toolOutput: message.output ?? "",
      isError: message.error ?? false,
    };
  });
}

async function runProbe(
  runtime: Runtime,
  probe: ScenarioProbe,
  index: number,
  scenarioProject: string,
  learnt: readonly string[],
): Promise<ProbeReport> {
  const project = probe.project ?? scenarioProject;
  const projectId = findProjectId(project);
  const at = runtime.now();
  let sessionId: string | null = null;
  if (probe.recent) {
    const start = at - probe.recent.length * DEFAULT_STEP_MS;
    const messages = toMessageInputs(probe.recent, start);
    sessionId = await runtime.capture.upsertSession({
      agent: "generic",
      sourceSessionId: `probe-${index + 1}`,
      cwd: project,
      projectId,
      createdAt: start,
      lastActivityAt: at,
    });
    await runtime.capture.appendMessages(sessionId, messages);
  }
  const result = await recall(
    { store: runtime.store, embedder: runtime.embedder, now: runtime.now, config: runtime.settings.recall },
    { query: probe.prompt, projectId, sessionId, log: false },
  );
  const score: ProbeScore = scoreProbe(probe, { ...result, learnt });
  return {
    index,
    prompt: probe.prompt,
    at: new Date(at).toISOString(),
    expected: score.expected,
    found: score.found,
    unrelatedChecks: score.unrelatedChecks,
    falseInjections: score.falseInjections,
    tokens: score.tokens,
    injected: result.items.map((item) => ({
      kind: item.kind,
      text: item.text,
      score: item.score,
      ...(item.convention ? { convention: true } : {}),
    })),
    problems: score.problems,
  };
}

function clipPrompt(prompt: string): string {
  const line = prompt.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
