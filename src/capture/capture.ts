import { ulid } from "ulid";
import { classifyError, formatErrorContext } from "../core/error-context.js";
import { errorExcerpt } from "../core/error-line.js";
import { createRedactor, type RedactionConfig } from "../core/redaction.js";
import type {
  AgentKind,
  ErrorEntry,
  ErrorStats,
  ErrorType,
  MessageKind,
  MessageRole,
  Outcome,
} from "../core/types.js";
import type { CaptureBatch, CaptureWriteResult, ErrorWrite, Store } from "../store/store.js";
import { Sanitizer } from "./capture-sanitizer.js";

/** Capture settings. Sizes are in characters. */
export interface CaptureConfig {
  redaction: RedactionConfig;
  /** Longest message text kept (default 200 000); longer text is cut with a visible marker. */
  maxContentChars: number;
  /** Longest tool output kept (default 64 000). */
  maxToolOutputChars: number;
  /** Longest tool input kept (default 32 000). */
  maxToolInputChars: number;
}

export const DEFAULT_CAPTURE_CONFIG: CaptureConfig = {
  redaction: { enabled: true, patterns: [] },
  maxContentChars: 200_000,
  maxToolOutputChars: 64_000,
  maxToolInputChars: 32_000,
};

/** A session as a caller describes it. `id` defaults to `agent:sourceSessionId`. */
export interface SessionInput {
  id?: string;
  agent: AgentKind;
  sourceSessionId: string;
  channelId?: string;
  conversationTarget?: string | null;
  accountId?: string | null;
  cwd?: string | null;
  /** Overrides the project id found from `cwd` (git root, else cwd). */
  projectId?: string | null;
  gitBranch?: string | null;
  parentSessionId?: string | null;
  title?: string | null;
  /** epoch ms; defaults to now */
  createdAt?: number;
  lastActivityAt?: number;
  metadata?: Record<string, unknown>;
}

/** A message as a caller describes it; sanitized before it is stored. */
export interface MessageInput {
  /** Stable id; re-sending the same id adds nothing. Defaults to a new ULID. */
  id?: string;
  role: MessageRole;
  kind?: MessageKind;
  /** Message text; tool calls may leave it empty. */
  content?: string;
  toolName?: string | null;
  /** Tool input: JSON text, or any value (stringified). */
  toolInput?: unknown;
  toolOutput?: string | null;
  isError?: boolean;
  toolUseId?: string | null;
  isSidechain?: boolean;
  parentId?: string | null;
  apiMessageId?: string | null;
  createdAt?: number;
  metadata?: Record<string, unknown>;
}

export interface ToolResultInput {
  id?: string;
  toolUseId: string;
  output: string;
  isError: boolean;
  toolName?: string | null;
  createdAt?: number;
}

export interface OutcomeInput extends Partial<Omit<Outcome, "sessionId" | "success">> {
  sessionId: string;
  success: boolean;
}

export interface ErrorInput {
  sessionId: string;
  taskId?: string | null;
  errorType?: ErrorType;
  message: string;
  stackTrace?: string | null;
  toolName?: string | null;
  context?: string | null;
  createdAt?: number;
}

/** A mixed batch for importers: sessions plus ordered messages and tool results, written atomically. */
export interface RawCaptureBatch {
  sessions: SessionInput[];
  items: Array<
    | { type: "message"; sessionId: string; message: MessageInput }
    | { type: "tool_result"; sessionId: string; result: ToolResultInput }
  >;
  importFile?: CaptureBatch["importFile"];
}

/**
 * The capture API: the only way data enters the store. Everything passes through the same
 * sanitizer before it is written: tacit's own injected context is removed from user and system
 * text (never from tool input or output), secrets are redacted, huge texts truncated, and text the
 * agent harness wrote into a user turn (command output, caveats, reminders) is marked as not the
 * user's (`metadata.isMeta`, `metadata.origin`).
 */
export interface Capture {
  upsertSession(session: SessionInput): Promise<string>;
  /** Appends messages to a session in one transaction, in order. */
  appendMessages(sessionId: string, messages: MessageInput[]): Promise<CaptureWriteResult>;
  writeBatch(batch: RawCaptureBatch): Promise<CaptureWriteResult>;
  recordOutcome(outcome: OutcomeInput): Promise<Outcome>;
  recordError(error: ErrorInput): Promise<ErrorEntry>;
  resolveError(id: string): Promise<boolean>;
  errorStats(filter: { sessionId?: string; taskId?: string }): Promise<ErrorStats>;
  /** The "## Previous errors" retry context (docs/design.md#retry-context); "" when there are none. */
  errorContext(filter: { sessionId?: string; taskId?: string; includeResolved?: boolean }): Promise<string>;
}

export function createCapture(options: {
  store: Store;
  config?: Partial<CaptureConfig>;
  now?: () => number;
}): Capture {
  const config = { ...DEFAULT_CAPTURE_CONFIG, ...options.config };
  const now = options.now ?? Date.now;
  const redact = createRedactor(config.redaction);
  const store = options.store;
  const sanitizer = new Sanitizer(redact, config);
  const clean = (text: string | null | undefined) => (text ? redact(text).text : (text ?? null));

  const toBatch = (raw: RawCaptureBatch): CaptureBatch => {
    const batch: CaptureBatch = { sessions: [], items: [], errors: [], importFile: raw.importFile };
    for (const session of raw.sessions) batch.sessions.push(sanitizer.session(session, now()));
    for (const item of raw.items) {
      if (item.type === "message") {
        const message = sanitizer.message(item.sessionId, item.message, now());
        batch.items.push({ type: "message", message });
        if (message.kind === "tool_call" && message.isError && message.toolOutput !== null) {
          batch.errors.push(toolError(message.sessionId, message.id, message, message.createdAt));
        }
      } else {
        const result = sanitizer.toolResult(item.sessionId, item.result, now());
        batch.items.push({ type: "tool_result", result });
        if (result.isError) {
          batch.errors.push(
            toolError(
              result.sessionId,
              result.id,
              { toolOutput: result.output, ...result },
              result.createdAt,
            ),
          );
        }
      }
    }
    return batch;
  };

  return {
    async upsertSession(session) {
      const write = sanitizer.session(session, now());
      await store.writeCapture({ sessions: [write], items: [], errors: [] });
      return write.id;
    },
    async appendMessages(sessionId, messages) {
      return store.writeCapture(
        toBatch({
          sessions: [],
          items: messages.map((message) => ({ type: "message", sessionId, message })),
        }),
      );
    },
    async writeBatch(raw) {
      return store.writeCapture(toBatch(raw));
    },
    async recordOutcome(input) {
      const outcome: Outcome = {
        id: input.id ?? ulid(),
        sessionId: input.sessionId,
        taskId: input.taskId ?? null,
        durationMs: input.durationMs ?? 0,
        errorCount: input.errorCount ?? 0,
        retryCount: input.retryCount ?? 0,
        success: input.success,
        filesTouched: (input.filesTouched ?? []).map((file) => redact(file).text),
        strategy: clean(input.strategy),
        failureMode: clean(input.failureMode),
        failureDetails: input.failureDetails ? redact(input.failureDetails).text : null,
        createdAt: input.createdAt ?? now(),
      };
      await store.recordOutcome(outcome);
      return outcome;
    },
    async recordError(input) {
      const message = redact(input.message).text;
      const entry: ErrorEntry = {
        id: ulid(),
        sessionId: input.sessionId,
        taskId: input.taskId ?? null,
        messageId: null,
        errorType: input.errorType ?? classifyError(message, { fromTool: Boolean(input.toolName) }),
        message,
        stackTrace: input.stackTrace ? redact(input.stackTrace).text : null,
        toolName: clean(input.toolName),
        context: input.context ? redact(input.context).text : null,
        resolved: false,
        resolvedAt: null,
        createdAt: input.createdAt ?? now(),
      };
      await store.recordError(entry);
      return entry;
    },
    resolveError: (id) => store.resolveError(id, now()),
    errorStats: (filter) => store.errorStats(filter),
    async errorContext(filter) {
      const errors = await store.listErrors({ ...filter, limit: 200 });
      return formatErrorContext(errors, { includeResolved: filter.includeResolved });
    },
  };
}

/** The error a failed tool call leaves. Its id derives from the row that carried the failure. */
function toolError(
  sessionId: string,
  rowId: string,
  call: {
    toolOutput: string | null;
    toolName: string | null;
    toolInput?: string | null;
    toolUseId?: string | null;
  },
  createdAt: number,
): ErrorWrite {
  const output = call.toolOutput ?? "";
  // From the line that carries the error: warnings and notices printed before it are not the error.
  const message = errorExcerpt(output, { maxChars: 500 });
  return {
    id: `${rowId}:error`,
    sessionId,
    taskId: null,
    messageId: null,
    toolUseId: call.toolUseId ?? null,
    errorType: classifyError(message, { fromTool: true }),
    message: message || "tool call failed",
    stackTrace: null,
    toolName: call.toolName,
    context: call.toolInput ? call.toolInput.slice(0, 300) : null,
    createdAt,
  };
}
