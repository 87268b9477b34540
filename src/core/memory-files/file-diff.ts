/**
 * What a write changed: a unified diff (made with jsdiff) and counts of lines added, removed and
 * modified. A removed line directly replaced by an added one counts as modified, so replacing one
 * entry is "1 modified", not "1 added, 1 removed".
 */
import { createTwoFilesPatch, diffLines } from "diff";

/** Lines a change added, removed and modified. */
export interface LineChanges {
  linesAdded: number;
  linesRemoved: number;
  linesModified: number;
}

/**
 * A unified diff of one file, `a/NAME` → `b/NAME` with three lines of context; a file that did not
 * exist (before: null) or no longer exists (after: null) is `/dev/null` on that side.
 */
export function unifiedDiff(file: string, before: string | null, after: string | null): string {
  return createTwoFilesPatch(
    before === null ? "/dev/null" : `a/${file}`,
    after === null ? "/dev/null" : `b/${file}`,
    before ?? "",
    after ?? "",
    undefined,
    undefined,
    { context: 3 },
  );
}

/** Lines added, removed and modified from `before` to `after` (each run of removals paired with the additions after it). */
export function countLineChanges(before: string, after: string): LineChanges {
  const counts: LineChanges = { linesAdded: 0, linesRemoved: 0, linesModified: 0 };
  let removed = 0;
  let added = 0;
  const settle = () => {
    const modified = Math.min(removed, added);
    counts.linesModified += modified;
    counts.linesRemoved += removed - modified;
    counts.linesAdded += added - modified;
    removed = 0;
    added = 0;
  };
  for (const change of diffLines(before, after)) {
    const lines = change.count ?? 0;
    if (change.removed) removed += lines;
    else if (change.added) added += lines;
    else settle();
  }
  settle();
  return counts;
}
