/**
 * YAML (or JSON) text read against a zod schema, with the position of what is wrong: a syntax
 * error or the first schema issue is an `InvalidInputError` naming the file, the line of the
 * offending node (a missing field points at the object that lacks it) and the field. Pure.
 */
import { LineCounter, parseDocument } from "yaml";
import type { z } from "zod";
import { InvalidInputError } from "./errors.js";

/** `sessions[0].messages[2].role`; `(root)` for the document itself. */
export function fieldPath(path: ReadonlyArray<string | number>): string {
  let text = "";
  for (const part of path) text += typeof part === "number" ? `[${part}]` : text ? `.${part}` : part;
  return text || "(root)";
}

/**
 * Parses `text` as YAML (JSON is YAML too) and validates it with `schema`. `file` names the text in
 * errors; `what` says what the text should have been ("YAML or JSON" by default).
 */
export function parseYamlAs<Schema extends z.ZodType>(
  schema: Schema,
  text: string,
  file: string,
  what = "YAML or JSON",
): z.output<Schema> {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const [syntax] = document.errors;
  if (syntax) {
    const line = lineCounter.linePos(syntax.pos[0]).line;
    throw new InvalidInputError({
      message: `not valid ${what}: ${syntax.message.split("\n")[0]}`,
      file,
      line,
    });
  }
  const parsed = schema.safeParse(document.toJS());
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0] as z.core.$ZodIssue;
  const path = issue.path.map((part) => (typeof part === "symbol" ? String(part) : part));
  const line = lineOf(document, lineCounter, path);
  throw new InvalidInputError({
    message: issue.message,
    file,
    ...(line !== undefined ? { line } : {}),
    field: fieldPath(path),
  });
}

/** The line of the deepest node on `path` that exists (a missing field points at its parent). */
function lineOf(
  document: ReturnType<typeof parseDocument>,
  lineCounter: LineCounter,
  path: ReadonlyArray<string | number>,
): number | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = document.getIn(path.slice(0, length), true) as
      | { range?: [number, number, number] }
      | undefined;
    if (node?.range) return lineCounter.linePos(node.range[0]).line;
  }
  return undefined;
}
