/**
 * The tacit SDK: one object that captures an agent's sessions, recalls lessons into its prompts,
 * records outcomes and errors, learns, and compacts long histories. For agent frameworks with no
 * dedicated integration (the CLI, hooks, MCP server and OpenClaw plugin cover the others).
 *
 * The store, models and services load when `createTacit()` runs, not when this module is imported,
 * so importing the package root stays cheap and opens nothing.
 */
import type { MessageInput, OutcomeInput, SessionInput } from "./capture/capture.js";
import { findProjectId } from "./capture/project.js";
import {
  type CompactHistoryOptions,
  type CompactHistoryResult,
  compactHistory,
  parseHistoryMessages,
} from "./core/compaction/index.js";
import { InvalidInputError, TacitError } from "./core/errors.js";
import type { ExperienceMode } from "./core/learning/index.js";
import type { Lesson } from "./core/lessons/lesson.js";
import type { FeedbackType } from "./core/lessons/outcome-scoring.js";
import type { AgentKind, ErrorEntry, ErrorType, Outcome } from "./core/types.js";
import type { LearnRunSummary } from "./learn/learn-worker.js";
import type {
  FeedbackChange,
  LearnResult,
  LessonDetails,
  LessonInput,
  RecallJudgement,
} from "./lessons/index.js";
import type { Embedder } from "./models/embedder.js";
import type { LanguageModel } from "./models/language-model.js";
import type { RecallResult } from "./recall/recall.js";
import type { Runtime } from "./runtime.js";
import type { TacitGuard } from "./sdk-guard.js";
import type { LessonFilter } from "./store/lesson-store.js";
import type { CaptureWriteResult } from "./store/store.js";

/** Options of {@link createTacit}. */
export interface TacitOptions {
  /** The database: a path, `sqlite:PATH` or `file:PATH`. Default `TACIT_DATABASE_URL`, else `$TACIT_HOME/tacit.db`. */
  db?: string;
  /** Where configuration is read from (`TACIT_*`). Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /**
   * The agent's working directory: resolves a relative `db`, and is the default `cwd` of captured
   * sessions and recalls (its git root, else itself, is the project). Without it, sessions and
   * recalls have no project unless a call names one, and only global lessons apply to them.
   */
  cwd?: string;
  /** The clock, epoch ms. Default `Date.now`. */
  now?: () => number;
  /** Used instead of the configured embedder (default: the offline hashing embedder). */
  embedder?: Embedder;
  /** Used instead of the configured language model. It still goes through the model gate (daily ceiling, breaker). */
  model?: LanguageModel;
  /** Which agent the sessions come from. Default `"sdk"`. */
  agent?: AgentKind;
}

/**
 * Names a session the way the caller knows it. tacit stores it as `agent:sessionId`, so ids from
 * different agents never collide; `agent` defaults to the one given to {@link createTacit}.
 */
export interface SessionRef {
  sessionId: string;
  agent?: AgentKind;
}

/** A tool result that arrives apart from its call (OpenAI `role: "tool"` messages); it is paired by `toolUseId`. */
export interface ToolResultItem {
  type: "tool_result";
  toolUseId: string;
  output: string;
  isError?: boolean;
  toolName?: string | null;
  /** Stable id; re-sending it adds nothing. Default `result:<toolUseId>`. */
  id?: string;
  createdAt?: number;
}

/**
 * A batch to capture into one session: the session's fields (created or updated) and messages
 * appended in order. Messages with a stable `id` are written once however often they are re-sent.
 */
export interface CaptureInput
  extends SessionRef,
    Omit<SessionInput, "id" | "agent" | "sourceSessionId" | "parentSessionId"> {
  /** The parent session (a subagent's caller), in the caller's ids. */
  parentSessionId?: string | null;
  messages?: ReadonlyArray<MessageInput | ToolResultItem>;
}

/** What {@link Tacit.capture} wrote. */
export interface CaptureResult extends CaptureWriteResult {
  /** The id tacit stores the session under (`agent:sessionId`), as the CLI shows it. */
  storedSessionId: string;
}

/** Options of {@link Tacit.recall}. */
export interface RecallOptions extends Partial<SessionRef> {
  /** The project to recall for. Default: from `cwd`, else the session's project, else the SDK's `cwd`. */
  projectId?: string | null;
  cwd?: string;
  /** Log the recall so the session's outcome feeds back into the lessons. Default: when a session is named. */
  log?: boolean;
}

/** An outcome of a task or turn: success, duration, errors, retries (docs/design.md#outcome-scoring). */
export type OutcomeRecord = SessionRef & Omit<OutcomeInput, "sessionId"> & { judgeRecalls?: boolean };

/** An error the agent met, for the retry context. */
export interface ErrorRecord extends SessionRef {
  message: string;
  taskId?: string | null;
  errorType?: ErrorType;
  stackTrace?: string | null;
  toolName?: string | null;
  context?: string | null;
  createdAt?: number;
}

/** Options of {@link Tacit.learn}. */
export interface LearnOptions extends Partial<SessionRef> {
  /** Model calls per task: `minimal` 0, `balanced` ≤ 1 (default), `full` ≤ 2. Always within the daily ceiling. */
  mode?: ExperienceMode;
  /** Only sessions active since this time, epoch ms. */
  since?: number;
  /**
   * The folder of the memory files (MEMORY.md, USER.md, …) to run the memory pipeline on after
   * learning: the memory gate on the sessions' new turns, the write guardian on what it proposes.
   * Default: the configured `memoryFiles.workspace` (none: the pipeline does not run); `false`:
   * it does not run.
   */
  memoryFilesWorkspace?: string | false;
}

/** The lesson book, for reading and judging what tacit has learnt. */
export interface TacitLessons {
  /** Lessons, newest first. Default limit 50. */
  list(filter?: Partial<LessonFilter>): Promise<Lesson[]>;
  /** A lesson with its feedback, recall record and weight. Throws `NotFoundError` for an unknown id. */
  show(id: string): Promise<LessonDetails>;
  /**
   * Records user feedback on a lesson, with an optional reason (stored with it, secrets redacted;
   * at most 2000 characters); maturity follows the decayed counts.
   */
  feedback(
    id: string,
    feedback: { type: FeedbackType; reason?: string } & Partial<SessionRef>,
  ): Promise<FeedbackChange>;
  /** Adds a lesson by hand; an exact or near duplicate merges into the lesson it repeats. */
  add(lesson: LessonInput): Promise<LearnResult>;
}

/** The SDK object returned by {@link createTacit}. */
export interface Tacit {
  capture(input: CaptureInput): Promise<CaptureResult>;
  /** The context to inject before a prompt (`""` when nothing is relevant), with its items and scores. */
  recall(prompt: string, options?: RecallOptions): Promise<RecallResult>;
  /**
   * Records how a task went and judges the lessons recalled into it by the outcome's score (success,
   * duration, errors, retries: helpful, neutral or harmful; once per recall, see `lessonFeedback`).
   * Pass `judgeRecalls: false` for an outcome that does not say whether the user's task succeeded.
   */
  recordOutcome(outcome: OutcomeRecord): Promise<Outcome & { lessonFeedback: RecallJudgement[] }>;
  recordError(error: ErrorRecord): Promise<ErrorEntry>;
  /** The "## Previous errors" retry context (docs/design.md#retry-context); `""` when there are none. */
  errorContext(filter: Partial<SessionRef> & { taskId?: string; includeResolved?: boolean }): Promise<string>;
  /** Learns lessons from captured sessions (all, or one); resumable and idempotent. */
  learn(options?: LearnOptions): Promise<LearnRunSummary>;
  lessons: TacitLessons;
  guard: TacitGuard;
  /**
   * Compacts a long history into four messages (docs/design.md#compaction). Pure; validates
   * `messages` first.
   */
  compact(
    messages: readonly unknown[],
    options?: Omit<CompactHistoryOptions, "messages">,
  ): CompactHistoryResult;
  /** The id tacit stores a session under. */
  storedSessionId(ref: SessionRef): string;
  /** Closes the database. Later calls throw. */
  close(): Promise<void>;
}

/**
 * Opens tacit for an agent framework: the store (SQLite), the models (offline unless configured
 * or injected) and the services on them.
 *
 * @example
 * const tacit = await createTacit({ cwd: process.cwd() });
 * const { context } = await tacit.recall(prompt, { sessionId });
 * await tacit.capture({ sessionId, messages: [{ role: "user", content: prompt }] });
 */
export async function createTacit(options: TacitOptions = {}): Promise<Tacit> {
  const [
    { openRuntime, learnServices },
    { recall },
    { learnSessions },
    { recordReportedOutcome },
    { createSdkGuard },
  ] = await Promise.all([
    import("./runtime.js"),
    import("./recall/recall.js"),
    import("./learn/learn-worker.js"),
    import("./lessons/recall-feedback.js"),
    import("./sdk-guard.js"),
  ]);
  const runtime: Runtime = await openRuntime({
    db: options.db,
    env: options.env,
    cwd: options.cwd,
    now: options.now,
    embedder: options.embedder,
    model: options.model,
  });
  const defaultAgent = options.agent ?? "sdk";
  let closed = false;
  const stored = (ref: SessionRef): string => `${ref.agent ?? defaultAgent}:${ref.sessionId}`;
  const open = (): Runtime => {
    if (closed) throw new TacitError("this tacit instance is closed");
    return runtime;
  };
  const requireSession = (ref: Partial<SessionRef>, field: string): void => {
    if (typeof ref.sessionId !== "string" || ref.sessionId === "") {
      throw new InvalidInputError({ message: "expected a non-empty session id", field });
    }
  };

  async function projectFor(request: RecallOptions): Promise<string | null> {
    if (request.projectId !== undefined) return request.projectId;
    if (request.cwd) return findProjectId(request.cwd);
    if (request.sessionId) {
      const session = await open().store.getSession(stored(request as SessionRef));
      if (session?.projectId) return session.projectId;
    }
    return options.cwd ? findProjectId(options.cwd) : null;
  }

  return {
    async capture(input) {
      requireSession(input, "sessionId");
      const { capture } = open();
      const { sessionId, agent, messages = [], parentSessionId, ...session } = input;
      const kind = agent ?? defaultAgent;
      const id = stored({ sessionId, agent: kind });
      const written = await capture.writeBatch({
        sessions: [
          {
            ...session,
            id,
            agent: kind,
            sourceSessionId: sessionId,
            cwd: session.cwd ?? options.cwd ?? null,
            parentSessionId: parentSessionId ? stored({ sessionId: parentSessionId, agent: kind }) : null,
          },
        ],
        items: messages.map((item) =>
          "type" in item && item.type === "tool_result"
            ? {
                type: "tool_result" as const,
                sessionId: id,
                result: { ...item, isError: item.isError ?? false },
              }
            : { type: "message" as const, sessionId: id, message: item as MessageInput },
        ),
      });
      return { ...written, storedSessionId: id };
    },

    async recall(prompt, request = {}) {
      const runtime = open();
      const sessionId = request.sessionId ? stored(request as SessionRef) : null;
      return recall(
        {
          store: runtime.store,
          embedder: runtime.embedder,
          now: runtime.now,
          config: runtime.settings.recall,
        },
        {
          query: prompt,
          projectId: await projectFor(request),
          sessionId,
          log: request.log ?? sessionId !== null,
        },
      );
    },

    async recordOutcome(outcome) {
      requireSession(outcome, "sessionId");
      const { sessionId, agent, ...rest } = outcome;
      const recorded = await recordReportedOutcome(open(), {
        ...rest,
        sessionId: stored({ sessionId, agent }),
      });
      return { ...recorded.outcome, lessonFeedback: recorded.lessonFeedback };
    },

    async recordError(error) {
      requireSession(error, "sessionId");
      const { sessionId, agent, ...rest } = error;
      return await open().capture.recordError({ ...rest, sessionId: stored({ sessionId, agent }) });
    },

    async errorContext(filter) {
      return await open().capture.errorContext({
        sessionId: filter.sessionId ? stored(filter as SessionRef) : undefined,
        taskId: filter.taskId,
        includeResolved: filter.includeResolved,
      });
    },

    async learn(request = {}) {
      const runtime = open();
      const { configuredMemoryPipeline } = await import("./memory-files/memory-pipeline.js");
      const memoryFiles =
        request.memoryFilesWorkspace === false
          ? null
          : configuredMemoryPipeline({
              store: runtime.store,
              modelGate: runtime.gate,
              now: runtime.now,
              config: runtime.config.values,
              cwd: options.cwd ?? process.cwd(),
              ...(request.memoryFilesWorkspace ? { workspace: request.memoryFilesWorkspace } : {}),
            });
      return await learnSessions({
        ...learnServices(runtime),
        ...(memoryFiles ? { memoryFiles } : {}),
        config: { ...runtime.settings.learn, ...(request.mode ? { mode: request.mode } : {}) },
        sessionId: request.sessionId ? stored(request as SessionRef) : undefined,
        since: request.since,
      });
    },

    lessons: {
      list: async (filter = {}) => open().lessons.list({ limit: 50, ...filter }),
      show: async (id) => open().lessons.details(id),
      feedback: async (id, feedback) =>
        open().lessons.feedback(id, {
          type: feedback.type,
          source: "user",
          reason: feedback.reason,
          sessionId: feedback.sessionId ? stored(feedback as SessionRef) : undefined,
        }),
      add: async (lesson) => open().lessons.learn(lesson),
    },

    guard: createSdkGuard({ open, stored, projectFor, requireSession, defaultAgent, cwd: options.cwd }),

    compact(messages, compactOptions = {}) {
      return compactHistory({ ...compactOptions, messages: parseHistoryMessages(messages) });
    },

    storedSessionId: stored,

    async close() {
      if (closed) return;
      closed = true;
      await runtime.close();
    },
  };
}
