/**
 * Size caps. A memory file is pasted into every prompt, so it may not grow past its caps (bytes and
 * lines). Past `nearCapRatio` of either cap it stops growing: instead of writing, the guardian
 * proposes entries to merge (two that overlap) and to retire (the oldest of each section: the
 * guardian appends, so the top of a section is its oldest entry).
 */
import { factTokens, tokenOverlap } from "./fact-similarity.js";
import type { MemoryFilesSettings } from "./memory-file-settings.js";
import { entriesOf, type MemoryEntry, measure } from "./memory-file-text.js";

/** Where a file's size stands against its caps. */
export interface CapStatus {
  bytes: number;
  lines: number;
  /** The cap it is past, or null. */
  over: "bytes" | "lines" | null;
  /** Past `nearCapRatio` of a cap (and not over). */
  near: "bytes" | "lines" | null;
  /** The larger of bytes/maxFileBytes and lines/maxFileLines. */
  share: number;
}

/** The size of `content` against the caps of `settings`. */
export function capStatus(
  content: string,
  settings: Pick<MemoryFilesSettings, "maxFileBytes" | "maxFileLines" | "nearCapRatio">,
): CapStatus {
  const { bytes, lines } = measure(content);
  const byteShare = bytes / settings.maxFileBytes;
  const lineShare = lines / settings.maxFileLines;
  const worst = byteShare >= lineShare ? "bytes" : "lines";
  const share = Math.max(byteShare, lineShare);
  return {
    bytes,
    lines,
    over: share > 1 ? worst : null,
    near: share <= 1 && share > settings.nearCapRatio ? worst : null,
    share,
  };
}

/** Entries worth merging or retiring to make room. */
export interface RoomProposals {
  /** Pairs of entries that overlap (share at least half their words), most alike first. */
  merge: Array<{ lines: [number, number]; texts: [string, string] }>;
  /** The oldest entry of each section, largest sections first. */
  retire: Array<{ line: number; text: string }>;
}

/** Overlap from which two entries are worth merging. */
export const MERGE_OVERLAP = 0.5;

/** Up to `limit` entries of `content` to merge and to retire. */
export function proposeRoom(content: string, limit = 3): RoomProposals {
  const entries = entriesOf(content);
  const tokens = entries.map((entry) => factTokens(entry.text));
  const pairs: Array<{ overlap: number; a: MemoryEntry; b: MemoryEntry }> = [];
  for (let left = 0; left < entries.length; left++) {
    for (let right = left + 1; right < entries.length; right++) {
      const a = entries[left];
      const b = entries[right];
      if (!a || !b || a.section !== b.section) continue;
      const overlap = tokenOverlap(tokens[left] ?? [], tokens[right] ?? []);
      if (overlap >= MERGE_OVERLAP) pairs.push({ overlap, a, b });
    }
  }
  pairs.sort((x, y) => y.overlap - x.overlap || x.a.line - y.a.line);
  const bySection = new Map<string, MemoryEntry[]>();
  for (const entry of entries) {
    const key = entry.section ?? "";
    bySection.set(key, [...(bySection.get(key) ?? []), entry]);
  }
  const retire = [...bySection.values()]
    .sort((x, y) => y.length - x.length)
    .map((list) => list[0])
    .filter((entry): entry is MemoryEntry => entry !== undefined)
    .slice(0, limit)
    .map((entry) => ({ line: entry.line, text: entry.text }));
  return {
    merge: pairs.slice(0, limit).map(({ a, b }) => ({ lines: [a.line, b.line], texts: [a.text, b.text] })),
    retire,
  };
}

/** The proposals as one sentence for a reason. */
export function describeProposals(proposals: RoomProposals): string {
  const quote = (text: string) => `"${text.length > 60 ? `${text.slice(0, 59)}…` : text}"`;
  const parts: string[] = [];
  if (proposals.merge.length)
    parts.push(
      `merge ${proposals.merge.map((pair) => `lines ${pair.lines[0]} and ${pair.lines[1]} (${quote(pair.texts[0])} / ${quote(pair.texts[1])})`).join("; ")}`,
    );
  if (proposals.retire.length)
    parts.push(
      `retire ${proposals.retire.map((entry) => `line ${entry.line} (${quote(entry.text)})`).join("; ")}`,
    );
  return parts.length
    ? parts.join("; or ")
    : "no entries to merge or retire were found; edit the file by hand";
}
