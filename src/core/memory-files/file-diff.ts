/**
 * What a write changed: a unified diff (made with jsdiff) and counts of lines added, removed and
 * modified. A removed line directly replaced by an added one counts as modified, so replacing one
 * entry is "1 modified", not "1 added, 1 removed". One diff gives both.
 */
import { formatPatch, structuredPatch } from "diff";

const CONTEXT = 3;

/** Text split after each `\n`, endings kept. */
function linesWithEndings(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Lines a change added, removed and modified. */
export interface LineChanges {
  linesAdded: number;
  linesRemoved: number;
  linesModified: number;
}

/**
 * The unified diff of one file, `a/NAME` → `b/NAME` with three lines of context (a file that did not
 * exist, before: null, or no longer exists, after: null, is `/dev/null` on that side), and its counts.
 */
export function diffFile(
  file: string,
  before: string | null,
  after: string | null,
): LineChanges & { diff: string } {
  // Lines both sides share at the start and end, past the context, need not be diffed: the diff
  // of what is left, with its hunks moved down by the lines skipped, is the same diff.
  const old = linesWithEndings(before ?? "");
  const next = linesWithEndings(after ?? "");
  let prefix = 0;
  while (prefix < old.length && prefix < next.length && old[prefix] === next[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < old.length - prefix &&
    suffix < next.length - prefix &&
    old[old.length - 1 - suffix] === next[next.length - 1 - suffix]
  )
    suffix++;
  const head = Math.max(0, prefix - CONTEXT);
  const tail = Math.max(0, suffix - CONTEXT);
  const patch = structuredPatch(
    before === null ? "/dev/null" : `a/${file}`,
    after === null ? "/dev/null" : `b/${file}`,
    old.slice(head, old.length - tail).join(""),
    next.slice(head, next.length - tail).join(""),
    undefined,
    undefined,
    { context: CONTEXT },
  );
  for (const hunk of patch.hunks) {
    hunk.oldStart += head;
    hunk.newStart += head;
  }
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
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith("-")) removed++;
      else if (line.startsWith("+")) added++;
      else if (!line.startsWith("\\")) settle();
    }
    settle();
  }
  return { diff: formatPatch(patch), ...counts };
}

/** The unified diff alone (see {@link diffFile}). */
export function unifiedDiff(file: string, before: string | null, after: string | null): string {
  return diffFile(file, before, after).diff;
}

/** The line counts alone (see {@link diffFile}). */
export function countLineChanges(before: string, after: string): LineChanges {
  const { diff: _diff, ...counts } = diffFile("file", before, after);
  return counts;
}
