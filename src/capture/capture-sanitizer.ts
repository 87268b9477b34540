/**
 * The capture pass over every text a session, message or tool result carries: truncation with the
 * true original size, redaction (JSON as structured values), harness text marked, tacit's own
 * injected block stripped, project ids resolved once per working folder (docs/security.md).
 */
import { ulid } from "ulid";
import { harnessOrigin } from "../core/harness-text.js";
import { boundDepth, boundedJsonText } from "../core/json-text.js";
import { type Redactor, redactStructured, sanitizeForCapture, truncationMarker } from "../core/redaction.js";
import { stripInjectedContext } from "../core/tacit-context.js";
import type { MessageWrite, SessionWrite, ToolResultWrite } from "../store/store.js";
import type { CaptureConfig, MessageInput, SessionInput, ToolResultInput } from "./capture.js";
import { findProjectId } from "./project.js";

/** Applies the capture pass to every text a session, message or tool result carries. */
export class Sanitizer {
  private readonly projectIds = new Map<string, string>();

  constructor(
    private readonly redact: Redactor,
    private readonly config: CaptureConfig,
  ) {}

  /**
   * Truncates and redacts one text (with `json`, JSON text is redacted as a structured value). A
   * text an earlier stage already cut (the hook spool) ends with the truncation marker: its size
   * stays the one that marker names, the true original.
   */
  text(
    value: string,
    maxChars: number,
    options: { json?: boolean } = {},
  ): { text: string; originalSize: number | null } {
    const earlier = EARLIER_CUT.exec(value);
    if (!earlier) return sanitizeForCapture(value, { redact: this.redact, maxChars, ...options });
    const originalSize = Number(earlier[1]);
    const head = sanitizeForCapture(value.slice(0, earlier.index), {
      redact: this.redact,
      maxChars,
      ...options,
    });
    const kept =
      head.originalSize === null
        ? head.text
        : head.text.slice(0, head.text.length - truncationMarker(head.originalSize).length);
    return { text: kept + truncationMarker(originalSize), originalSize };
  }

  metadata(value: Record<string, unknown> | undefined): Record<string, unknown> {
    if (!value) return {};
    return redactStructured(boundDepth(value), this.redact).value as Record<string, unknown>;
  }

  session(input: SessionInput, now: number): SessionWrite {
    const cwd = input.cwd ?? null;
    let projectId = input.projectId ?? null;
    if (!projectId && cwd) {
      projectId = this.projectIds.get(cwd) ?? findProjectId(cwd);
      this.projectIds.set(cwd, projectId);
    }
    // Paths and branch names are text like any other: a secret in them is redacted too (recall
    // redacts the project it is asked about the same way, so lessons stay visible).
    const redacted = (text: string | null) => (text ? this.redact(text).text : null);
    const createdAt = input.createdAt ?? now;
    return {
      id: input.id ?? `${input.agent}:${input.sourceSessionId}`,
      agent: input.agent,
      sourceSessionId: input.sourceSessionId,
      channelId: input.channelId ?? input.agent,
      conversationTarget: input.conversationTarget,
      accountId: input.accountId,
      projectId: redacted(projectId),
      cwd: redacted(cwd),
      gitBranch: redacted(input.gitBranch || null),
      parentSessionId: input.parentSessionId,
      title: input.title ? this.redact(input.title).text.slice(0, 200) : null,
      createdAt,
      lastActivityAt: input.lastActivityAt ?? createdAt,
      metadata: this.metadata(input.metadata),
    };
  }

  message(sessionId: string, input: MessageInput, now: number): MessageWrite {
    const kind = input.kind ?? (input.toolName ? "tool_call" : "text");
    // tacit injects its context into what the user and the harness say, never into tool calls.
    const injectedInto = (input.role === "user" || input.role === "system") && kind !== "tool_call";
    const rawContent = input.content ?? "";
    const content = this.text(
      injectedInto ? stripInjectedContext(rawContent) : rawContent,
      this.config.maxContentChars,
    );
    const rawInput =
      input.toolInput === undefined || input.toolInput === null
        ? null
        : typeof input.toolInput === "string"
          ? input.toolInput
          : boundedJsonText(input.toolInput);
    const toolInput =
      rawInput === null ? null : this.text(rawInput, this.config.maxToolInputChars, { json: true });
    const toolOutput =
      input.toolOutput === undefined || input.toolOutput === null
        ? null
        : this.text(input.toolOutput, this.config.maxToolOutputChars);
    const metadata = this.metadata(input.metadata);
    if (input.role === "user" && kind === "text" && metadata.origin === undefined) {
      const origin = harnessOrigin(content.text);
      if (origin !== null) Object.assign(metadata, { isMeta: true, origin });
    }
    return {
      id: input.id ? `${sessionId}:${input.id}` : `${sessionId}:${ulid()}`,
      sessionId,
      role: input.role,
      kind,
      content: content.text,
      toolName: input.toolName ? this.redact(input.toolName).text : null,
      toolInput: toolInput?.text ?? null,
      toolOutput: toolOutput?.text ?? null,
      isError: input.isError ?? false,
      toolUseId: input.toolUseId ?? null,
      isSidechain: input.isSidechain ?? false,
      parentId: input.parentId ?? null,
      apiMessageId: input.apiMessageId ?? null,
      originalSize: largest(content.originalSize, toolInput?.originalSize, toolOutput?.originalSize),
      startsTurn:
        input.role === "user" && kind === "text" && content.text.trim() !== "" && metadata.isMeta !== true,
      createdAt: input.createdAt ?? now,
      metadata,
    };
  }

  toolResult(sessionId: string, input: ToolResultInput, now: number): ToolResultWrite {
    const output = this.text(input.output, this.config.maxToolOutputChars);
    return {
      id: `${sessionId}:${input.id ?? `result:${input.toolUseId}`}`,
      sessionId,
      toolUseId: input.toolUseId,
      output: output.text,
      isError: input.isError,
      toolName: input.toolName ? this.redact(input.toolName).text : null,
      originalSize: output.originalSize,
      createdAt: input.createdAt ?? now,
    };
  }
}

/** The truncation marker an earlier cut left at the end of a text, with the size it names. */
const EARLIER_CUT = /\n…\[tacit: truncated, original (\d+) bytes\]$/;

function largest(...sizes: Array<number | null | undefined>): number | null {
  const present = sizes.filter((size): size is number => typeof size === "number");
  return present.length ? Math.max(...present) : null;
}
