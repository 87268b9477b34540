import { resolve } from "node:path";
import { z } from "zod";
import { MEMORY_FILE_NAMES } from "../../core/memory-files/memory-file-layouts.js";
import { writeMemoryFact } from "../../memory-files/guardian.js";
import { rollbackAudit, rollbackSession, type SessionRollbackResult } from "../../memory-files/rollback.js";
import { GUARDIAN_STATUSES } from "../../store/memory-file-store.js";
import type { ToolContext } from "./tool-context.js";
import { defineTool, type McpTool } from "./tool-definition.js";

const workspaceSchema = z
  .string()
  .min(1)
  .optional()
  .describe(
    "the folder holding the memory files (absolute, or relative to the server's cwd; default the server's cwd)",
  );

/** `memory_write`: one candidate fact through the write guardian. */
export function memoryWriteTool(context: ToolContext): McpTool {
  return defineTool({
    name: "memory_write",
    title: "Write a fact to a memory file, through the guardian",
    description:
      "Runs one candidate fact through tacit's write guardian for MEMORY.md (durable shared facts, decisions, " +
      "lessons), USER.md (the user's stable preferences and background), SOUL.md (principles for the agent's " +
      "behaviour), IDENTITY.md (the agent's name, role, vibe) or TOOLS.md (machine-local tools and aliases). " +
      "It writes the fact into the right section, or refuses it with the reason: a duplicate, a fact a newer " +
      "line contradicts, a temporary signal, the wrong file, secrets or personal data, or a file near its size " +
      "cap (then it proposes entries to merge or retire). Every call is audited; a write can be rolled back " +
      "with guardian_rollback.",
    inputSchema: z.object({
      file: z.enum(MEMORY_FILE_NAMES).describe("the memory file"),
      fact: z.string().min(1).describe("the candidate fact, one line"),
      workspace: workspaceSchema,
      session_id: z.string().min(1).optional().describe("the session the fact came from"),
      turn_id: z.string().min(1).optional().describe("the turn the fact came from"),
      decision_id: z.string().min(1).optional().describe("the memory-gate decision that proposed it"),
    }),
    outputSchema: z.object({
      auditId: z.string().describe("the audit of this call (for guardian_rollback)"),
      status: z.enum(GUARDIAN_STATUSES).describe("written, refused, skipped or failed"),
      reason: z.string(),
      diff: z.string().nullable().describe("the unified diff of the write; null when nothing was written"),
      section: z.string().nullable().describe("the section written to"),
      rule: z.string().nullable().describe("the check that refused or skipped it"),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async run(input) {
      const result = await writeMemoryFact({
        store: context.runtime.store,
        workspace: resolve(context.cwd, input.workspace ?? "."),
        file: input.file,
        fact: input.fact,
        sessionId: input.session_id ?? null,
        turnId: input.turn_id ?? null,
        decisionId: input.decision_id ?? null,
        now: context.runtime.now,
      });
      const { auditId, status, reason, diff, section, rule } = result;
      return { auditId, status, reason, diff, section, rule };
    },
  });
}

const rollbackSchema = z.object({
  auditId: z.string(),
  rollbackId: z.string(),
  file: z.string(),
  action: z
    .enum(["restored", "deleted"])
    .describe("restored the content before the write, or deleted a file it created"),
  forced: z.boolean(),
  backupSnapshotId: z.string().nullable().describe("a forced rollback's backup of the content it replaced"),
});

/** `guardian_rollback`: undo one guardian write, or a session's. */
export function guardianRollbackTool(context: ToolContext): McpTool {
  return defineTool({
    name: "guardian_rollback",
    title: "Roll back memory-file writes",
    description:
      "Rolls back one guardian write (audit_id) or every write of a session (session_id, newest first, stopping " +
      "at the first that cannot be). The file gets back its exact bytes from before the write, or is deleted if " +
      "the write created it; the rolled-back fact is deleted from tacit's database. Refused: a second rollback, " +
      "an audit that wrote nothing, and a file changed since the write (unless force, which backs up the current " +
      "content first).",
    inputSchema: z
      .object({
        audit_id: z.string().min(1).optional().describe("the audit of the write (from memory_write)"),
        session_id: z.string().min(1).optional().describe("roll back every write of this session instead"),
        workspace: workspaceSchema,
        force: z.boolean().default(false).describe("roll back even if the file changed since the write"),
        reason: z.string().max(2000).optional().describe("why"),
      })
      .refine((input) => (input.audit_id === undefined) !== (input.session_id === undefined), {
        message: "give audit_id or session_id (one of them)",
      }),
    outputSchema: z.object({
      rolledBack: z.array(rollbackSchema),
      stopped: z
        .object({ auditId: z.string(), reason: z.string() })
        .nullable()
        .describe("the write a session rollback stopped at, and why"),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    async run(input): Promise<SessionRollbackResult> {
      const common = {
        store: context.runtime.store,
        workspace: resolve(context.cwd, input.workspace ?? "."),
        force: input.force,
        reason: input.reason,
        requestedBy: "mcp",
        now: context.runtime.now,
      };
      if (input.session_id !== undefined) return rollbackSession({ ...common, sessionId: input.session_id });
      return {
        rolledBack: [await rollbackAudit({ ...common, auditId: input.audit_id ?? "" })],
        stopped: null,
      };
    },
  });
}
