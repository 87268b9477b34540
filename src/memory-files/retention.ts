/**
 * Retention of the guardian's history: `tacit prune` deletes audits, rollbacks, snapshots and
 * one-off corrections older than `retentionDays`, and keeps at most `maxSnapshotsPerFile`
 * snapshots per file. Deleted rows are overwritten in the database file, not just unlinked.
 */
import type { z } from "zod";
import type { memoryFilesSettingsSchema } from "../core/memory-files/memory-file-settings.js";
import type { MemoryFilePruneResult, MemoryFileStore } from "../store/memory-file-store.js";
import { memoryFilesSettings } from "./guardian.js";

const DAY_MS = 86_400_000;

/** Prunes guardian history by the retention settings; returns what was deleted and the cut-off. */
export async function pruneMemoryFileHistory(input: {
  store: MemoryFileStore;
  now: () => number;
  settings?: z.input<typeof memoryFilesSettingsSchema>;
}): Promise<MemoryFilePruneResult & { before: number }> {
  const settings = memoryFilesSettings(input.settings);
  const before = input.now() - settings.retentionDays * DAY_MS;
  const result = await input.store.pruneMemoryFiles({
    before,
    maxSnapshotsPerFile: settings.maxSnapshotsPerFile,
  });
  return { ...result, before };
}
