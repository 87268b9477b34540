import { z } from "zod";
import { findProjectId } from "../../capture/project.js";
import { compactHistory, DEFAULT_WINDOW_LIMIT, historyMessageSchema } from "../../core/compaction/index.js";
import { recall } from "../../recall/recall.js";
import type { ToolContext } from "./tool-context.js";
import { defineTool, type McpTool } from "./tool-definition.js";

// `recallTool` returns recall's items as they are, so a new kind there fails to compile here.
const RECALL_KINDS = ["lesson", "skill", "evidence"] as const;

const recallItemSchema = z.object({
  kind: z.enum(RECALL_KINDS).describe("lesson, skill or evidence (a quote from an earlier session)"),
  id: z.string().describe("the lesson, skill or message id"),
  text: z.string().describe("the statement as injected"),
  attribution: z
    .enum(["user", "assistant", "tool_output"])
    .optional()
    .describe("evidence only: who said what it quotes (the user, the assistant, or tool output)"),
  score: z.number().describe("final score (relevance × quality × maturity for lessons)"),
  parts: z.record(z.string(), z.number()).describe("the score's components"),
  convention: z
    .literal(true)
    .optional()
    .describe(
      "present on the lessons of the project's conventions block, which hold for every task of their kind",
    ),
});

/** `recall`: what tacit would inject for a prompt; the `tacit recall --json` contract. */
export function recallTool(context: ToolContext): McpTool {
  return defineTool({
    name: "recall",
    title: "Recall lessons for a prompt",
    description:
      "Returns the few lessons, skills and facts from earlier sessions that matter for this prompt, as " +
      "ready-to-inject text (`context`, empty when nothing is relevant) and as scored items. Call it with the " +
      "user's request before starting a task. The project defaults to the git root (else the directory) of " +
      "`cwd`, else of the server's working directory. With `session_id` the recall is logged, so the task's " +
      "outcome later feeds back into the recalled lessons.",
    inputSchema: z.object({
      query: z.string().min(1).describe("the prompt or question to recall for, usually the user's request"),
      project: z
        .string()
        .min(1)
        .optional()
        .describe("project id as recorded on sessions: its git root (or cwd) path"),
      session_id: z
        .string()
        .min(1)
        .optional()
        .describe(
          "tacit session id of the session asking: its recent turns add live signals, its own messages are " +
            "not recalled, and the recall is logged",
        ),
      cwd: z
        .string()
        .min(1)
        .optional()
        .describe("working directory whose project is meant, when `project` is not given"),
    }),
    outputSchema: z.object({
      context: z.string().describe("exactly the text to inject; empty when nothing is relevant"),
      items: z.array(recallItemSchema).describe("what the context holds, in order"),
    }),
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
    async run(input) {
      const { runtime } = context;
      const result = await recall(
        {
          store: runtime.store,
          embedder: runtime.embedder,
          now: runtime.now,
          gate: runtime.gate,
          config: context.recallConfig,
        },
        {
          query: input.query,
          projectId: input.project ?? findProjectId(input.cwd ?? context.cwd),
          sessionId: input.session_id ?? null,
          log: input.session_id !== undefined,
        },
      );
      return { context: result.context, items: result.items };
    },
  });
}

const outputMessageSchema = z.object({
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: z.string().nullable(),
});

/** `compact_context`: the four-message compaction of a long agent history (docs/design.md#compaction). */
export function compactContextTool(): McpTool {
  return defineTool({
    name: "compact_context",
    title: "Compact a long agent history",
    description:
      "Compacts a long agent history (OpenAI-style chat messages with tool calls) into four messages: " +
      "system (rules and tools), assistant (history summary: first and latest user goal, older tool calls " +
      "folded into tool×count), assistant (the latest `window` tool records with thought, call and " +
      "observation) and system (state and the instruction for this round). Pure: nothing is stored.",
    inputSchema: z.object({
      messages: z
        .array(historyMessageSchema)
        .describe(
          "the history: {role: system|user|assistant|tool, content, tool_calls?: [{id, type: function, " +
            "function: {name, arguments}}], tool_call_id? (required on tool messages), name?}",
        ),
      instruction: z
        .string()
        .optional()
        .describe("the current instruction (first line used); default: continue the current task"),
      window: z
        .number()
        .int()
        .min(1)
        .max(200)
        .default(DEFAULT_WINDOW_LIMIT)
        .describe(`tool records kept in the window (default ${DEFAULT_WINDOW_LIMIT})`),
    }),
    outputSchema: z.object({
      messages: z.array(outputMessageSchema).length(4).describe("the four compacted messages"),
      stats: z.object({
        inputMessages: z.number().int(),
        loopRecords: z.number().int().describe("tool calls found"),
        foldedRecords: z.number().int().describe("older records summarised as tool×count"),
        windowRecords: z.number().int(),
        trimmedObservations: z.number().int().describe("window records whose older result was dropped"),
        inputTokens: z.number().describe("estimated tokens of the input"),
        outputTokens: z.number().describe("estimated tokens of the four messages"),
        savedRatio: z.number().describe("1 − output/input; negative when a short history grows"),
      }),
    }),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async run(input) {
      const result = compactHistory({
        messages: input.messages,
        windowLimit: input.window,
        instruction: input.instruction,
      });
      return { messages: result.messages, stats: result.stats };
    },
  });
}
