import { z } from "zod";
import {
  LESSON_KINDS,
  LESSON_SCOPES,
  LESSON_STATUSES,
  type Lesson,
  MATURITY_STATES,
} from "../../core/lessons/lesson.js";
import type { RecallConfig } from "../../recall/recall.js";
import type { Runtime } from "../../runtime.js";

/** The services the MCP tools use: a subset of the runtime, so tests can pass their own. */
export type McpRuntime = Pick<Runtime, "store" | "capture" | "lessons" | "embedder" | "gate" | "now">;

/** What every tool is built with. */
export interface ToolContext {
  runtime: McpRuntime;
  /** The server's working directory: the default project (git root, else this directory) and new sessions' cwd. */
  cwd: string;
  /** Recall settings (the runtime's `settings.recall`, from `tacit config`). */
  recallConfig?: Partial<RecallConfig>;
}

/** A tacit session id, as the tools take it. */
export const sessionIdSchema = z
  .string()
  .min(1)
  .describe(
    "tacit's session id. Imported sessions are named `<agent>:<source id>` (e.g. `claude-code:3f2a…`); " +
      "a session that does not exist yet is created (agent `mcp`).",
  );

/** A lesson as the tools return it. */
export const lessonSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(LESSON_KINDS),
  trigger: z.string().describe("when the lesson applies"),
  rule: z.string().describe("what to do or not do"),
  why: z.string().describe("the reason, from evidence (may be empty)"),
  status: z.enum(LESSON_STATUSES).describe("content lifecycle"),
  maturity: z.enum(MATURITY_STATES).describe("track record (decayed feedback)"),
  scope: z.enum(LESSON_SCOPES),
  projectId: z.string().nullable().describe("the project a project-scoped lesson applies to"),
  supportTaskCount: z.number().int().describe("distinct tasks that support the lesson"),
});

export function toLessonSummary(lesson: Lesson): z.input<typeof lessonSummarySchema> {
  return {
    id: lesson.id,
    kind: lesson.kind,
    trigger: lesson.trigger,
    rule: lesson.rule,
    why: lesson.why,
    status: lesson.status,
    maturity: lesson.maturity,
    scope: lesson.scope,
    projectId: lesson.projectId,
    supportTaskCount: lesson.supportTaskCount,
  };
}

/**
 * Makes sure a session exists before something is recorded on it (outcomes and errors reference
 * their session). A new one is an `mcp` session in the server's working directory; an existing
 * one is left as it is.
 */
export async function ensureSession(context: ToolContext, sessionId: string): Promise<void> {
  if (await context.runtime.store.getSession(sessionId)) return;
  await context.runtime.capture.upsertSession({
    id: sessionId,
    agent: "mcp",
    sourceSessionId: sessionId,
    cwd: context.cwd,
  });
}
