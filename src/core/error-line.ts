/**
 * Which line of a failed call's output carries the error. Tools print warnings, notices, the echo
 * of the script they run and the exit status around the error itself, often first: `npm warn
 * Unknown env config …` ahead of `error TS2307: Cannot find module …`. The headline is the first
 * line that reads as an error (the tool-error lexicon the signal rules use) and is none of the
 * lines below; else the first line that is none of them; else the first line. Pure.
 */
import { TOOL_ERROR_PHRASES } from "./signals/agent-phrases.js";

/** Lines that are never the error, each with an example of what it is for. */
export const NOT_THE_ERROR: ReadonlyArray<{ pattern: RegExp; example: string }> = [
  {
    pattern: /^(?:npm|pnpm|yarn)\s+(?:warn|notice)\b/i,
    example:
      'npm warn Unknown env config "verify-deps-before-run". This will stop working in the next major version of npm.',
  },
  {
    pattern: /^(?:WARN|warning|warn)\b[\s:!]/i,
    example: "warning: in the working copy of 'a.txt', LF will be replaced by CRLF",
  },
  {
    pattern: /^\(node:\d+\) \[?\w*(?:Warning|DEP\d+)\]?/,
    example: "(node:4242) ExperimentalWarning: Type Stripping is an experimental feature",
  },
  {
    pattern: /^\(Use `node --trace-/,
    example: "(Use `node --trace-warnings ...` to show where the warning was created)",
  },
  { pattern: /^⚠/, example: "⚠ Next.js inferred your workspace root, but it may not be correct." },
  { pattern: /^(?:process )?exit(?:ed)?(?: with)? (?:code|status)[: ]*\d+\.?$/i, example: "Exit code 1" },
  { pattern: /^> \S/, example: "> web@0.1.0 build" },
  { pattern: /^traceback \(most recent call last\):?$/i, example: "Traceback (most recent call last):" },
];

/** The line of `output` that carries the error (see the module comment); "" for empty output. */
export function errorHeadline(output: string): string {
  const line = headlineLine(output);
  return line === null ? "" : line.text;
}

/**
 * The output from its headline on, at most `maxLines` lines and `maxChars` characters (cut with
 * "…"): what an error keeps as its message, and what recall shows of a failed call.
 */
export function errorExcerpt(output: string, limits: { maxChars: number; maxLines?: number }): string {
  const line = headlineLine(output);
  if (line === null) return "";
  const rest = output.slice(line.start).split("\n");
  const text = rest
    .slice(0, limits.maxLines ?? rest.length)
    .join("\n")
    .trim();
  return text.length > limits.maxChars ? `${text.slice(0, limits.maxChars - 1)}…` : text;
}

interface Line {
  text: string;
  /** Offset of the line in the output. */
  start: number;
}

function headlineLine(output: string): Line | null {
  const lines: Line[] = [];
  let start = 0;
  for (const raw of output.split("\n")) {
    const text = raw.replace(/<\/?tool_use_error>/g, "").trim();
    if (text !== "") lines.push({ text, start });
    start += raw.length + 1;
  }
  const candidates = lines.filter((line) => !NOT_THE_ERROR.some((entry) => entry.pattern.test(line.text)));
  return candidates.find((line) => readsAsError(line.text)) ?? candidates[0] ?? lines[0] ?? null;
}

function readsAsError(line: string): boolean {
  const lower = line.toLowerCase();
  return TOOL_ERROR_PHRASES.some((phrase) => {
    phrase.pattern.lastIndex = 0;
    return phrase.pattern.test(lower);
  });
}
