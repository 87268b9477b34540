import { createReadStream } from "node:fs";

/** One line of a file, with where it ends so an import can resume after it. */
export interface FileLine {
  /** 1-based line number in the file. */
  lineNumber: number;
  /** Raw bytes of the line, without the newline (and without a trailing CR). */
  bytes: Buffer;
  /** Byte offset just after this line's newline (or end of file). */
  endOffset: number;
  /** False for a last line with no newline: it may still be being written. */
  terminated: boolean;
}

/**
 * Streams a file line by line from `startOffset`, holding at most one line plus one chunk in
 * memory. Line numbers continue from `startLine`.
 */
export async function* readLines(
  path: string,
  options: { startOffset?: number; startLine?: number } = {},
): AsyncGenerator<FileLine> {
  const stream = createReadStream(path, { start: options.startOffset ?? 0, highWaterMark: 1 << 20 });
  yield* splitLines(stream as AsyncIterable<Buffer>, options);
}

/**
 * Splits a byte stream into lines the way every tacit reader counts them: a line ends at LF only
 * (a CR before it is dropped; a lone CR is part of the line, as JSON Lines has it), so a line
 * number means the same in an import report and in `tacit signals detect`.
 */
export async function* splitLines(
  chunks: AsyncIterable<Buffer | string>,
  options: { startOffset?: number; startLine?: number } = {},
): AsyncGenerator<FileLine> {
  let offset = options.startOffset ?? 0;
  let lineNumber = options.startLine ?? 0;
  let pending: Buffer[] = [];
  let pendingLength = 0;
  for await (const raw of chunks) {
    const chunk = typeof raw === "string" ? Buffer.from(raw) : raw;
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      if (newline === -1) break;
      const piece = chunk.subarray(start, newline);
      const bytes = pendingLength ? Buffer.concat([...pending, piece], pendingLength + piece.length) : piece;
      pending = [];
      pendingLength = 0;
      offset += bytes.length + 1;
      lineNumber++;
      yield { lineNumber, bytes: stripCarriageReturn(bytes), endOffset: offset, terminated: true };
      start = newline + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      pending.push(Buffer.from(rest));
      pendingLength += rest.length;
    }
  }
  if (pendingLength > 0) {
    const bytes = Buffer.concat(pending, pendingLength);
    lineNumber++;
    yield {
      lineNumber,
      bytes: stripCarriageReturn(bytes),
      endOffset: offset + bytes.length,
      terminated: false,
    };
  }
}

function stripCarriageReturn(bytes: Buffer): Buffer {
  return bytes.length > 0 && bytes[bytes.length - 1] === 13 ? bytes.subarray(0, bytes.length - 1) : bytes;
}
