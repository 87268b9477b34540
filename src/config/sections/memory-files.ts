/** The `memoryFiles` section: the write guardian of MEMORY.md, USER.md, SOUL.md, IDENTITY.md and TOOLS.md. */
import * as z from "zod/mini";
import { DEFAULT_MEMORY_FILES_SETTINGS as DEFAULTS } from "../../core/memory-files/memory-file-settings.js";
import { days, flag, positive, ratio, section, setting } from "../setting.js";

export const memoryFilesSettingsSection = section({
  workspace: setting(z.optional(z.string().check(z.minLength(1))), {
    description:
      "The folder holding MEMORY.md, USER.md, SOUL.md, IDENTITY.md and TOOLS.md. Set, `tacit learn` (and the hooks' background learner) writes what the memory gate finds in new turns there. Unset: commands use the working directory (`--workspace` wins) and learning writes no memory file.",
  }),
  maxFileBytes: positive(
    DEFAULTS.maxFileBytes,
    "A write that would make a memory file larger than this many bytes (UTF-8) is refused.",
  ),
  maxFileLines: positive(
    DEFAULTS.maxFileLines,
    "A write that would make a memory file longer than this many lines is refused.",
  ),
  nearCapRatio: ratio(
    DEFAULTS.nearCapRatio,
    "Past this share of either cap a file stops growing: the write is skipped and the guardian proposes entries to merge or retire.",
  ),
  maxSnapshotsPerFile: positive(
    DEFAULTS.maxSnapshotsPerFile,
    "Snapshots kept per file and workspace; older ones are deleted (their writes can no longer be rolled back).",
  ),
  retentionDays: days(
    DEFAULTS.retentionDays,
    "`tacit prune` deletes guardian history (audits, snapshots, rollbacks) older than this.",
  ),
  storeSnapshots: flag(
    DEFAULTS.storeSnapshots,
    "Keep before/after snapshots of each write; without them only a created file can be rolled back.",
  ),
  enableRollback: flag(DEFAULTS.enableRollback, "Allow rolling back and correcting written facts."),
});
