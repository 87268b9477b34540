import { createHash } from "node:crypto";
import { z } from "zod";
import type { MessageInput } from "../../capture/capture.js";
import { NotFoundError } from "../../core/errors.js";
import { scoreImplicitFeedback } from "../../core/lessons/outcome-scoring.js";
import { ERROR_TYPES } from "../../core/types.js";
import { recordReportedOutcome } from "../../lessons/index.js";
import { ensureSession, sessionIdSchema, type ToolContext } from "./tool-context.js";
import { defineTool, type McpTool } from "./tool-definition.js";

const AGENTS = ["claude-code", "codex", "openclaw", "generic", "mcp", "sdk"] as const;

const taskIdSchema = z
  .string()
  .min(1)
  .describe("a task tacit segmented (`<session>:task:<n>`, see `tacit learn`); omit when there is none");

/**
 * A task id that names no task breaks the foreign key of outcomes and errors; say so plainly
 * instead of passing the driver's message on.
 */
function explainMissingTask(error: unknown, taskId: string | undefined): never {
  if (taskId !== undefined && (error as { code?: unknown }).code === "SQLITE_CONSTRAINT_FOREIGNKEY") {
    throw new NotFoundError("task", taskId);
  }
  throw error;
}

const lessonFeedbackSchema = z.object({
  lessonId: z.string(),
  recallId: z.string().describe("the recall event that injected the lesson"),
  feedback: z
    .enum(["helpful", "neutral", "harmful"])
    .describe("the outcome's implicit feedback (its score: ≥ 0.7 helpful, ≤ 0.4 harmful, else neutral)"),
  result: z
    .enum(["applied", "already-judged", "lesson-removed"])
    .describe(
      "applied: recorded now; already-judged: the lesson already had feedback from this recall; " +
        "lesson-removed: the lesson no longer exists",
    ),
});

/**
 * `record_outcome`: stores the outcome, judges the lessons recall
 * injected into the session (or task) by it, and returns both with the outcome's implicit feedback.
 */
export function recordOutcomeTool(context: ToolContext): McpTool {
  return defineTool({
    name: "record_outcome",
    title: "Record how a task went",
    description:
      "Records the outcome of a task and returns it with its implicit " +
      "feedback score: rawScore = 0.4·success + 0.2·duration + 0.2·errors + 0.2·retries (duration < 5 min, " +
      "0 errors and 0 retries score 1.0); ≥ 0.7 is helpful, ≤ 0.4 harmful, otherwise neutral. The lessons " +
      "recall injected into the session (with `task_id`: into that task) and that no outcome has judged yet get " +
      "that feedback (helpful, neutral or harmful) — once per recall, also across `tacit learn`; " +
      "`lessonFeedback` lists them. Give duration_ms, error_count and retry_count: without them a failure " +
      "scores 0.6, neutral.",
    inputSchema: z.object({
      session_id: sessionIdSchema,
      task_id: taskIdSchema.optional(),
      success: z.boolean().describe("whether the task was completed"),
      duration_ms: z.number().int().min(0).optional().describe("time from start to finish, ms (default 0)"),
      error_count: z.number().int().min(0).optional().describe("errors met on the way (default 0)"),
      retry_count: z.number().int().min(0).optional().describe("retries (default 0)"),
      files_touched: z.array(z.string()).max(1000).optional().describe("paths of the files changed"),
      strategy: z
        .string()
        .max(200)
        .optional()
        .describe("decomposition strategy, e.g. file-based, feature-based"),
      failure_mode: z.string().max(200).optional().describe("when success is false: e.g. timeout, conflict"),
      failure_details: z.string().max(20_000).optional().describe("error context when success is false"),
    }),
    outputSchema: z.object({
      outcome: z.object({
        id: z.string(),
        sessionId: z.string(),
        taskId: z.string().nullable(),
        durationMs: z.number(),
        errorCount: z.number().int(),
        retryCount: z.number().int(),
        success: z.boolean(),
        filesTouched: z.array(z.string()),
        strategy: z.string().nullable(),
        failureMode: z.string().nullable(),
        failureDetails: z.string().nullable().describe("redacted"),
        createdAt: z.number().describe("epoch ms"),
      }),
      score: z.object({
        type: z.enum(["helpful", "neutral", "harmful"]),
        rawScore: z.number().describe("weighted sum, 0..1"),
        rawValue: z.number().describe("signal strength stored with feedback, 0..1"),
        parts: z.object({
          success: z.number(),
          duration: z.number(),
          errors: z.number(),
          retries: z.number(),
        }),
      }),
      lessonFeedback: z
        .array(lessonFeedbackSchema)
        .describe("the recalled lessons this outcome judged, in recall order; empty when none were pending"),
    }),
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
    async run(input) {
      const { runtime } = context;
      const { outcome, lessonFeedback } = await recordReportedOutcome(
        runtime,
        {
          sessionId: input.session_id,
          taskId: input.task_id ?? null,
          success: input.success,
          durationMs: input.duration_ms,
          errorCount: input.error_count,
          retryCount: input.retry_count,
          filesTouched: input.files_touched,
          strategy: input.strategy ?? null,
          failureMode: input.failure_mode ?? null,
          failureDetails: input.failure_details ?? null,
        },
        () => ensureSession(context, input.session_id),
      ).catch((error: unknown) => explainMissingTask(error, input.task_id));
      return { outcome, score: scoreImplicitFeedback(outcome), lessonFeedback };
    },
  });
}

/** `record_error`: the error shows in `get_error_context` until resolved (docs/design.md#retry-context). */
export function recordErrorTool(context: ToolContext): McpTool {
  return defineTool({
    name: "record_error",
    title: "Record an error",
    description:
      "Records an error met during a session (secrets are redacted). Without `error_type` it is classified " +
      "from the message: validation, timeout, conflict, tool_failure (when tool_name is given) or unknown. " +
      "Recorded errors make up get_error_context's retry context.",
    inputSchema: z.object({
      session_id: sessionIdSchema,
      message: z.string().min(1).max(20_000).describe("the error message"),
      error_type: z
        .enum(ERROR_TYPES)
        .optional()
        .describe("the category; default: classified from the message"),
      tool_name: z.string().min(1).optional().describe("the tool that failed"),
      context: z.string().max(20_000).optional().describe("what was being done"),
      stack_trace: z.string().max(100_000).optional(),
      task_id: taskIdSchema.optional(),
    }),
    outputSchema: z.object({
      id: z.string().describe("the error's id (`tacit errors resolve ID` resolves it)"),
      errorType: z.enum(ERROR_TYPES),
      sessionId: z.string(),
    }),
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
    async run(input) {
      await ensureSession(context, input.session_id);
      const entry = await context.runtime.capture
        .recordError({
          sessionId: input.session_id,
          taskId: input.task_id ?? null,
          message: input.message,
          errorType: input.error_type,
          toolName: input.tool_name ?? null,
          context: input.context ?? null,
          stackTrace: input.stack_trace ?? null,
        })
        .catch((error: unknown) => explainMissingTask(error, input.task_id));
      return { id: entry.id, errorType: entry.errorType, sessionId: entry.sessionId };
    },
  });
}

/** `get_error_context`: the "## Previous errors" retry context with counts (docs/design.md#retry-context). */
export function getErrorContextTool(context: ToolContext): McpTool {
  return defineTool({
    name: "get_error_context",
    title: "Get the retry context of earlier errors",
    description:
      'Returns the "## Previous errors" markdown for a session or task (unresolved errors grouped by type, ' +
      "with context, tool and time, then questions to consider) — empty when there are none — and counts by type.",
    inputSchema: z
      .object({
        session_id: z.string().min(1).optional().describe("tacit's session id"),
        task_id: z.string().min(1).optional().describe("a task id instead of (or with) a session"),
        include_resolved: z.boolean().default(false).describe("also list resolved errors"),
      })
      .refine((input) => input.session_id !== undefined || input.task_id !== undefined, {
        message: "give session_id or task_id",
      }),
    outputSchema: z.object({
      context: z.string().describe('markdown starting "## Previous errors", or empty'),
      stats: z.object({
        total: z.number().int(),
        unresolved: z.number().int(),
        byType: z.record(z.string(), z.number().int()).describe("errors per type"),
      }),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async run(input) {
      const filter = { sessionId: input.session_id, taskId: input.task_id };
      const { capture } = context.runtime;
      return {
        context: await capture.errorContext({ ...filter, includeResolved: input.include_resolved }),
        stats: await capture.errorStats(filter),
      };
    },
  });
}

const captureMessageSchema = z.object({
  role: z.enum(["user", "assistant", "tool", "system"]),
  content: z.string().max(1_000_000).default("").describe("the text (tool calls may leave it empty)"),
  tool_name: z.string().min(1).optional().describe("for a tool call: the tool"),
  tool_input: z.unknown().optional().describe("for a tool call: its input (JSON text or any value)"),
  tool_output: z.string().optional().describe("for a tool call: its result"),
  is_error: z.boolean().optional().describe("the tool call failed (an error is recorded)"),
  id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      "a stable id within the session; default: derived from the message, so re-sending adds nothing",
    ),
  timestamp: z
    .union([z.number().int().min(0), z.iso.datetime({ offset: true })])
    .optional()
    .describe("when it was said: epoch ms or ISO 8601; default: now"),
});

/**
 * A message's id: the caller's, else a hash of what it says and when, so re-sending a batch adds
 * nothing. Identical messages in one batch stay apart by their occurrence.
 */
function messageId(message: z.output<typeof captureMessageSchema>, seen: Map<string, number>): string {
  if (message.id) return message.id;
  const fingerprint = JSON.stringify([
    message.role,
    message.content,
    message.tool_name ?? null,
    message.tool_input ?? null,
    message.tool_output ?? null,
    message.is_error ?? false,
    message.timestamp ?? null,
  ]);
  const occurrence = seen.get(fingerprint) ?? 0;
  seen.set(fingerprint, occurrence + 1);
  const hash = createHash("sha256").update(`${fingerprint}\n${occurrence}`).digest("hex").slice(0, 24);
  return `mcp-${hash}`;
}

/** `capture_messages`: appends messages to a session, idempotently. */
export function captureMessagesTool(context: ToolContext): McpTool {
  return defineTool({
    name: "capture_messages",
    title: "Capture conversation messages",
    description:
      "Appends messages to a session (created when new) so tacit can learn from it. Secrets are redacted, " +
      "injected <tacit-context> is removed and huge outputs are truncated before anything is stored. A tool " +
      "call is one message with tool_name, tool_input and tool_output; a failed one (is_error) also records " +
      "an error. Re-sending messages adds nothing: ids are the caller's or derived from the message.",
    inputSchema: z.object({
      session_id: sessionIdSchema,
      agent: z.enum(AGENTS).default("mcp").describe("the agent the session belongs to (for a new session)"),
      cwd: z
        .string()
        .min(1)
        .optional()
        .describe(
          "the session's working directory: its git root becomes the project (default: the server's)",
        ),
      messages: z.array(captureMessageSchema).min(1).max(5000).describe("in order"),
    }),
    outputSchema: z.object({
      sessionId: z.string(),
      received: z.number().int(),
      inserted: z.number().int().describe("messages stored now (re-sent ones are not counted)"),
      toolCallsInserted: z.number().int(),
      errorsInserted: z.number().int(),
    }),
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    async run(input) {
      const { store, capture } = context.runtime;
      const exists = (await store.getSession(input.session_id)) !== null;
      if (!exists || input.cwd !== undefined) {
        await capture.upsertSession({
          id: input.session_id,
          agent: input.agent,
          sourceSessionId: input.session_id,
          cwd: input.cwd ?? context.cwd,
        });
      }
      const seen = new Map<string, number>();
      const messages: MessageInput[] = input.messages.map((message) => ({
        id: messageId(message, seen),
        role: message.role,
        content: message.content,
        toolName: message.tool_name ?? null,
        toolInput: message.tool_input,
        toolOutput: message.tool_output ?? null,
        isError: message.is_error ?? false,
        createdAt: message.timestamp === undefined ? undefined : new Date(message.timestamp).getTime(),
      }));
      const written = await capture.appendMessages(input.session_id, messages);
      return {
        sessionId: input.session_id,
        received: input.messages.length,
        inserted: written.messagesInserted,
        toolCallsInserted: written.toolCallsInserted,
        errorsInserted: written.errorsInserted,
      };
    },
  });
}
