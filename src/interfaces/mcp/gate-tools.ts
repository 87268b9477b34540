import { resolve } from "node:path";
import { z } from "zod";
import { GATE_DECISIONS } from "../../core/memory-gate/gate-decision.js";
import { gateCorrections } from "../../memory-files/corrections.js";
import { gateTurnShape, toGateTurn } from "../../memory-files/gate-input.js";
import { createMemoryGate } from "../../memory-files/gate-service.js";
import { GATE_MODES } from "../../memory-files/gate-settings.js";
import { ensureSession, sessionIdSchema, type ToolContext } from "./tool-context.js";
import { defineTool, type McpTool } from "./tool-definition.js";

/** `gate_decide`: the memory gate on one turn; the decision is stored. */
export function gateDecideTool(context: ToolContext): McpTool {
  return defineTool({
    name: "gate_decide",
    title: "Decide whether a turn belongs in memory",
    description:
      "The memory gate: decides whether something the user said in this turn belongs in a long-term memory " +
      "file, and which: UPDATE_USER (stable preferences and facts about the user), UPDATE_SOUL (principles " +
      "for how the agent behaves), UPDATE_IDENTITY (the agent's name, role, avatar, vibe), UPDATE_TOOLS " +
      "(machine-local tool facts and aliases), UPDATE_MEMORY (durable shared facts, decisions, lessons) or " +
      "NO_WRITE (small talk, one-offs, moods, chatter about the thread, unverifiable runtime claims). Returns " +
      "the decision, a clean third-person candidate fact and the reason. Uses the configured model when there " +
      "is one, else offline rules (English and Chinese). Every decision is stored (`tacit gate list`).",
    inputSchema: z.object({
      ...gateTurnShape,
      session_id: sessionIdSchema.optional(),
      mode: z
        .enum(GATE_MODES)
        .optional()
        .describe("offline (rules only), model, or auto (the model when one is configured; the default)"),
      workspace: z
        .string()
        .min(1)
        .optional()
        .describe(
          "the memory files' folder: its apply-to-future corrections (tacit guardian correct) are consulted",
        ),
    }),
    outputSchema: z.object({
      decision: z.enum(GATE_DECISIONS),
      candidate_fact: z.string().nullable().describe("the fact to write; null for NO_WRITE"),
      reason: z.string(),
      decision_id: z.string().describe("the stored decision's id (tacit gate show ID)"),
      model: z.string().describe("the model's id, or offline-rules/v1"),
    }),
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
    async run(input) {
      if (input.session_id !== undefined) await ensureSession(context, input.session_id);
      const gate = createMemoryGate({
        store: context.runtime.store,
        gate: context.runtime.gate,
        now: context.runtime.now,
        ...(input.workspace !== undefined
          ? {
              corrections: () =>
                gateCorrections({
                  store: context.runtime.store,
                  workspace: resolve(input.workspace as string),
                }),
            }
          : {}),
      });
      const { record } = await gate.decide(toGateTurn(input), {
        ...(input.session_id !== undefined ? { sessionId: input.session_id } : {}),
        ...(input.mode !== undefined ? { mode: input.mode } : {}),
      });
      return {
        decision: record.decision,
        candidate_fact: record.candidateFact,
        reason: record.reason,
        decision_id: record.id,
        model: record.model,
      };
    },
  });
}
