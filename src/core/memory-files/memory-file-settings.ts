/**
 * Settings of the memory-file guardian: where the files live, how big they may grow, and what is
 * kept of their history. Read through a parameter (never from the environment) so every caller,
 * the CLI, the MCP tools and later the config file, passes the same validated object.
 */
import { z } from "zod";

/** The `memoryFiles` settings, each with its default. */
export const memoryFilesSettingsSchema = z.object({
  workspace: z
    .string()
    .min(1)
    .optional()
    .describe("The folder holding MEMORY.md, USER.md, SOUL.md, IDENTITY.md and TOOLS.md (default: the cwd)."),
  maxFileBytes: z
    .number()
    .int()
    .positive()
    .default(8192)
    .describe("A write that would make a memory file larger than this many bytes (UTF-8) is refused."),
  maxFileLines: z
    .number()
    .int()
    .positive()
    .default(200)
    .describe("A write that would make a memory file longer than this many lines is refused."),
  nearCapRatio: z
    .number()
    .gt(0)
    .max(1)
    .default(0.9)
    .describe(
      "Past this share of either cap a file stops growing: the write is skipped and the guardian proposes entries to merge or retire.",
    ),
  maxSnapshotsPerFile: z
    .number()
    .int()
    .positive()
    .default(100)
    .describe(
      "Snapshots kept per file and workspace; older ones are deleted (their writes can no longer be rolled back).",
    ),
  retentionDays: z
    .number()
    .positive()
    .default(365)
    .describe("`tacit prune` deletes guardian history (audits, snapshots, rollbacks) older than this."),
  storeSnapshots: z
    .boolean()
    .default(true)
    .describe(
      "Keep before/after snapshots of each write; without them only a created file can be rolled back.",
    ),
  enableRollback: z.boolean().default(true).describe("Allow rolling back and correcting written facts."),
});

/** Validated memory-file settings. */
export type MemoryFilesSettings = z.output<typeof memoryFilesSettingsSchema>;

/** The defaults, as a plain object (equal to `memoryFilesSettingsSchema.parse({})`). */
export const DEFAULT_MEMORY_FILES_SETTINGS: MemoryFilesSettings = {
  maxFileBytes: 8192,
  maxFileLines: 200,
  nearCapRatio: 0.9,
  maxSnapshotsPerFile: 100,
  retentionDays: 365,
  storeSnapshots: true,
  enableRollback: true,
};

/** A fact is one line of at most this many characters. */
export const MAX_FACT_CHARS = 500;
