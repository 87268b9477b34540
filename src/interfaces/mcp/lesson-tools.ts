import { z } from "zod";
import { LESSON_KINDS, LESSON_STATUSES, MATURITY_STATES } from "../../core/lessons/lesson.js";
import { MAX_FEEDBACK_REASON_CHARS } from "../../lessons/index.js";
import { lessonSummarySchema, type ToolContext, toLessonSummary } from "./tool-context.js";
import { defineTool, type McpTool } from "./tool-definition.js";

/** `record_feedback`: an explicit judgement of one lesson, with its reason; maturity is recomputed on decayed feedback. */
export function recordFeedbackTool(context: ToolContext): McpTool {
  return defineTool({
    name: "record_feedback",
    title: "Say whether a lesson helped",
    description:
      "Records that a lesson (usually one that recall injected) helped or misled, with the reason when given " +
      "(stored with the feedback, secrets redacted; `tacit lessons show` lists it). Feedback decays with a " +
      "90-day half-life; enough helpful feedback makes a lesson proven (recalled more strongly), enough " +
      "harmful feedback deprecates it (never recalled). Returns the stored feedback and the lesson's new " +
      "status and maturity.",
    inputSchema: z.object({
      lesson_id: z.string().min(1).describe("the lesson's id, as recall or list_lessons gave it"),
      helpful: z.boolean().describe("true: the lesson helped; false: it misled or did not apply"),
      reason: z
        .string()
        .max(MAX_FEEDBACK_REASON_CHARS)
        .optional()
        .describe("why, in a sentence (stored with the feedback; secrets are redacted first)"),
    }),
    outputSchema: z.object({
      id: z.string().describe("the feedback event's id"),
      feedback: z.enum(["helpful", "harmful"]),
      reason: z.string().nullable().describe("the reason as stored (redacted); null when none was given"),
      lesson: lessonSummarySchema.describe("the lesson after the feedback"),
    }),
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
    async run(input) {
      const type = input.helpful ? ("helpful" as const) : ("harmful" as const);
      const change = await context.runtime.lessons.feedback(input.lesson_id, {
        type,
        source: "user",
        reason: input.reason,
      });
      if (!change.feedback) throw new Error(`feedback on lesson ${input.lesson_id} was not recorded`);
      return {
        id: change.feedback.id,
        feedback: type,
        reason: change.feedback.reason ?? null,
        lesson: toLessonSummary(change.lesson),
      };
    },
  });
}

/** `list_lessons`: what tacit has learnt, filtered. */
export function listLessonsTool(context: ToolContext): McpTool {
  return defineTool({
    name: "list_lessons",
    title: "List learnt lessons",
    description:
      "Lists the lessons tacit has learnt, most recently updated first. With `project`, that project's " +
      "lessons and the global ones; without, every lesson. Filters combine (each list matches any of its values).",
    inputSchema: z.object({
      project: z.string().min(1).optional().describe("project id (git root or cwd path)"),
      status: z.array(z.enum(LESSON_STATUSES)).min(1).optional().describe("content lifecycle states"),
      maturity: z.array(z.enum(MATURITY_STATES)).min(1).optional().describe("track-record states"),
      kind: z.array(z.enum(LESSON_KINDS)).min(1).optional().describe("lesson kinds"),
      limit: z.number().int().min(1).max(500).default(20).describe("at most this many (default 20)"),
    }),
    outputSchema: z.object({ lessons: z.array(lessonSummarySchema) }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async run(input) {
      const lessons = await context.runtime.lessons.list({
        limit: input.limit,
        projectId: input.project,
        status: input.status,
        maturity: input.maturity,
        kind: input.kind,
      });
      return { lessons: lessons.map(toLessonSummary) };
    },
  });
}
