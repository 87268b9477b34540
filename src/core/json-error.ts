/**
 * Where JSON text stops being JSON, told without quoting it. `JSON.parse`'s messages copy a few
 * characters of the input ("Unexpected token 'A', "AKIAIOSFOD"... is not valid JSON"), and the input
 * may hold a secret, so logs and reports use {@link describeJsonError} instead.
 */

/** The first syntax error in `text`: its character offset and what was expected there. */
export interface JsonSyntaxError {
  position: number;
  line: number;
  column: number;
  expected: string;
}

class Stop extends Error {
  constructor(
    readonly position: number,
    readonly expected: string,
  ) {
    super(expected);
  }
}

/** Finds the first syntax error of `text` as JSON; null when it parses. Never throws. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  let index = 0;
  const space = () => {
    while (index < text.length && " \t\n\r".includes(text[index] as string)) index++;
  };
  const literal = (word: string) => {
    for (const character of word) {
      if (text[index] !== character) throw new Stop(index, `the literal ${word}`);
      index++;
    }
  };
  const string = () => {
    index++;
    while (index < text.length) {
      const code = text.charCodeAt(index);
      if (code === 0x22) {
        index++;
        return;
      }
      if (code < 0x20) throw new Stop(index, "no control character inside a string");
      if (code === 0x5c) {
        const next = text[index + 1] ?? "";
        if (next === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6)))
            throw new Stop(index, "four hex digits after \\u");
          index += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(next) || next === "") throw new Stop(index, "a valid escape");
        index += 2;
        continue;
      }
      index++;
    }
    throw new Stop(index, "the end of a string");
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(index, index + 400));
    if (!match || match[0] === "" || match[0] === "-") throw new Stop(index, "a value");
    index += match[0].length;
  };
  const value = (depth: number): void => {
    if (depth > 2_000) throw new Stop(index, "less nesting");
    space();
    const character = text[index];
    if (character === undefined) throw new Stop(index, "a value");
    if (character === "{") container("}", depth, true);
    else if (character === "[") container("]", depth, false);
    else if (character === '"') string();
    else if (character === "t") literal("true");
    else if (character === "f") literal("false");
    else if (character === "n") literal("null");
    else number();
  };
  const container = (close: string, depth: number, object: boolean): void => {
    index++;
    space();
    if (text[index] === close) {
      index++;
      return;
    }
    for (;;) {
      if (object) {
        space();
        if (text[index] !== '"') throw new Stop(index, "a property name in double quotes");
        string();
        space();
        if (text[index] !== ":") throw new Stop(index, "':' after a property name");
        index++;
      }
      value(depth + 1);
      space();
      if (text[index] === ",") {
        index++;
        continue;
      }
      if (text[index] === close) {
        index++;
        return;
      }
      throw new Stop(index, `',' or '${close}'`);
    }
  };
  try {
    value(0);
    space();
    if (index < text.length) throw new Stop(index, "the end of the text");
    return null;
  } catch (error) {
    if (error instanceof RangeError) return { position: index, line: 0, column: 0, expected: "less nesting" };
    if (!(error instanceof Stop)) throw error;
    const before = text.slice(0, error.position);
    const line = before.split("\n").length;
    const column = error.position - before.lastIndexOf("\n");
    return { position: error.position, line, column, expected: error.expected };
  }
}

/**
 * "line 1, column 1 (character 0): expected a value" — where JSON text `JSON.parse` refused goes
 * wrong and what was expected there, never the text itself.
 */
export function describeJsonError(text: string): string {
  const found = findJsonSyntaxError(text);
  if (!found) return "no syntax error found";
  return `line ${found.line}, column ${found.column} (character ${found.position}): expected ${found.expected}`;
}
