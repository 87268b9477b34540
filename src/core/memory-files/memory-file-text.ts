/**
 * A memory file as lines: where its sections are, which lines are entries, and the two edits the
 * guardian makes (add a fact to a section, replace one line). Every line it does not edit keeps its
 * exact bytes, line ending included (a file may mix `\r\n` and `\n`); new lines take the file's
 * dominant line ending.
 */

/** One line: its text without the line ending, and the ending (`""` on a last line without one). */
export interface FileLine {
  text: string;
  eol: "\r\n" | "\n" | "";
}

/** A line that states something: a bullet anywhere, or any other text inside a `##` section. */
export interface MemoryEntry {
  /** 1-based line number. */
  line: number;
  /** The statement, without indentation and bullet marker. */
  text: string;
  /** The `##` section it is in, as written (null above the first one). */
  section: string | null;
}

const UTF8 = new TextEncoder();
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const BULLET = /^([ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+)(.*)$/;

/** Splits text into lines, keeping each line's ending. Empty text has no lines. */
export function splitLines(content: string): FileLine[] {
  if (content === "") return [];
  const lines: FileLine[] = [];
  let start = 0;
  while (start < content.length) {
    const newline = content.indexOf("\n", start);
    if (newline === -1) {
      lines.push({ text: content.slice(start), eol: "" });
      break;
    }
    const crlf = newline > start && content[newline - 1] === "\r";
    lines.push({ text: content.slice(start, crlf ? newline - 1 : newline), eol: crlf ? "\r\n" : "\n" });
    start = newline + 1;
  }
  return lines;
}

/** The inverse of {@link splitLines}. */
export function joinLines(lines: readonly FileLine[]): string {
  return lines.map((line) => line.text + line.eol).join("");
}

/** The line ending most lines use (`\n` when there is none). */
export function dominantEol(lines: readonly FileLine[]): "\r\n" | "\n" {
  let crlf = 0;
  let lf = 0;
  for (const line of lines) {
    if (line.eol === "\r\n") crlf++;
    else if (line.eol === "\n") lf++;
  }
  return crlf > lf ? "\r\n" : "\n";
}

/** The level and title of a markdown heading line, or null. */
export function headingOf(text: string): { level: number; title: string } | null {
  const found = HEADING.exec(text);
  return found ? { level: found[1]?.length ?? 0, title: found[2] ?? "" } : null;
}

/** A line's statement without indentation and bullet marker, and whether it had one. */
export function entryText(text: string): { text: string; bullet: string | null } {
  const found = BULLET.exec(text);
  return found
    ? { text: (found[2] ?? "").trim(), bullet: found[1] ?? null }
    : { text: text.trim(), bullet: null };
}

/** True for a line that is no statement: blank, a heading, a comment or a code fence. */
function isStructure(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed === "" || headingOf(text) !== null || trimmed.startsWith("<!--") || trimmed.startsWith("```")
  );
}

/** Every entry of a file, in order. */
export function entriesOf(content: string): MemoryEntry[] {
  const entries: MemoryEntry[] = [];
  let section: string | null = null;
  splitLines(content).forEach((line, index) => {
    const heading = headingOf(line.text);
    if (heading) {
      if (heading.level <= 2) section = heading.level === 2 ? heading.title : null;
      return;
    }
    if (isStructure(line.text)) return;
    const entry = entryText(line.text);
    if (entry.text === "" || (entry.bullet === null && section === null)) return;
    entries.push({ line: index + 1, text: entry.text, section });
  });
  return entries;
}

/** Size of a text as a memory file's caps count it: UTF-8 bytes and lines. */
export function measure(content: string): { bytes: number; lines: number } {
  return { bytes: UTF8.encode(content).byteLength, lines: splitLines(content).length };
}

/** Index of the `## ` heading whose title is one of `titles` (case-insensitive), or -1. */
function sectionIndex(lines: readonly FileLine[], titles: readonly string[]): number {
  const wanted = new Set(titles.map((title) => title.toLowerCase()));
  return lines.findIndex((line) => {
    const heading = headingOf(line.text);
    return heading?.level === 2 && wanted.has(heading.title.toLowerCase());
  });
}

/**
 * Adds `- fact` at the end of the section titled by one of `titles` (the first is the canonical
 * name, the others its aliases), following the bullet style of the section's last entry. A missing
 * section is appended at the end of the file under the canonical title.
 */
export function insertFact(content: string, titles: readonly string[], fact: string): string {
  const lines = splitLines(content);
  const eol = dominantEol(lines);
  const at = sectionIndex(lines, titles);
  const bulletLine = (marker: string): FileLine => ({ text: `${marker}${fact}`, eol });
  if (at === -1) {
    const last = lines.at(-1);
    if (last && last.eol === "") last.eol = eol;
    if (last && last.text.trim() !== "") lines.push({ text: "", eol });
    lines.push({ text: `## ${titles[0] ?? "Notes"}`, eol }, { text: "", eol }, bulletLine("- "));
    return joinLines(lines);
  }
  let end = lines.findIndex((line, index) => {
    const heading = index > at ? headingOf(line.text) : null;
    return heading !== null && heading.level <= 2;
  });
  if (end === -1) end = lines.length;
  let lastEntry = -1;
  for (let index = end - 1; index > at; index--) {
    if ((lines[index]?.text.trim() ?? "") !== "") {
      lastEntry = index;
      break;
    }
  }
  const marker = lastEntry === -1 ? "- " : (entryText(lines[lastEntry]?.text ?? "").bullet ?? "- ");
  let insertAt: number;
  const added: FileLine[] = [];
  if (lastEntry !== -1) {
    insertAt = lastEntry + 1;
  } else if (at + 1 < end && (lines[at + 1]?.text.trim() ?? "") === "") {
    insertAt = at + 2;
  } else {
    insertAt = at + 1;
    added.push({ text: "", eol });
  }
  added.push(bulletLine(marker));
  const next = lines[insertAt];
  if (next && next.text.trim() !== "" && headingOf(next.text)) added.push({ text: "", eol });
  const before = lines[insertAt - 1];
  if (before && before.eol === "") before.eol = eol;
  lines.splice(insertAt, 0, ...added);
  return joinLines(lines);
}

/** Replaces the statement on 1-based `line` with `fact`, keeping its indentation, marker and ending. */
export function replaceEntry(content: string, line: number, fact: string): string {
  const lines = splitLines(content);
  const target = lines[line - 1];
  if (!target) throw new RangeError(`line ${line} is past the end of the file (${lines.length} lines)`);
  target.text = `${entryText(target.text).bullet ?? ""}${fact}`;
  return joinLines(lines);
}
