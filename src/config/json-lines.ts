/**
 * Line numbers in a JSON file, for errors that point at `file:line`: where a key sits, and where
 * `JSON.parse` stopped. Pure.
 */

/**
 * The 1-based line of the member at `path` (object keys; array indexes as numbers) in valid JSON
 * text, or undefined when it is not there.
 */
export function jsonKeyLine(text: string, path: readonly (string | number)[]): number | undefined {
  const scanner = { text, index: 0, line: 1 };
  return findIn(scanner, path, 0);
}

interface Scanner {
  text: string;
  index: number;
  line: number;
}

function findIn(scanner: Scanner, path: readonly (string | number)[], depth: number): number | undefined {
  skipSpace(scanner);
  const open = scanner.text[scanner.index];
  if (open !== "{" && open !== "[") {
    skipValue(scanner);
    return undefined;
  }
  scanner.index++;
  let position = 0;
  for (;;) {
    skipSpace(scanner);
    const next = scanner.text[scanner.index];
    if (next === undefined) return undefined;
    if (next === "}" || next === "]") {
      scanner.index++;
      return undefined;
    }
    if (next === ",") {
      scanner.index++;
      continue;
    }
    let name: string | number = position++;
    const line = scanner.line;
    if (open === "{") {
      name = readString(scanner);
      skipSpace(scanner);
      scanner.index++; // the colon
    }
    if (name === path[depth]) {
      if (depth === path.length - 1) return line;
      return findIn(scanner, path, depth + 1);
    }
    skipValue(scanner);
  }
}

function skipSpace(scanner: Scanner): void {
  for (;;) {
    const character = scanner.text[scanner.index];
    if (character === "\n") scanner.line++;
    else if (character !== " " && character !== "\t" && character !== "\r") return;
    scanner.index++;
  }
}

function readString(scanner: Scanner): string {
  const start = scanner.index;
  scanner.index++;
  while (scanner.index < scanner.text.length && scanner.text[scanner.index] !== '"') {
    scanner.index += scanner.text[scanner.index] === "\\" ? 2 : 1;
  }
  scanner.index++;
  return JSON.parse(scanner.text.slice(start, scanner.index)) as string;
}

function skipValue(scanner: Scanner): void {
  skipSpace(scanner);
  const character = scanner.text[scanner.index];
  if (character === '"') {
    readString(scanner);
    return;
  }
  if (character === "{" || character === "[") {
    findIn(scanner, [], 0);
    return;
  }
  while (scanner.index < scanner.text.length && !/[,}\]\s]/.test(scanner.text[scanner.index] as string)) {
    scanner.index++;
  }
}
