/**
 * Pasted output: lines a machine wrote that a user pasted into a message — a test runner's
 * results, log lines with their timestamps, a stack trace, an alarm. They are not the user's
 * words: "× stringify > never double-encodes percent signs" or "Runbook: never fail over the
 * primary" inside a pasted alarm is no rule of the user's. A paragraph whose lines are mostly
 * these is cut from what a user says (see `withoutPastedOutput`). Each entry has an example. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** Lines a machine wrote. Case-sensitive: log levels and alarm headers are written in capitals. */
export const PASTED_LINES = defineLexicon(
  "pasted-lines",
  [
    { pattern: /^\s*[✓✔×✗✘]\s+\S/, example: " × test/stringify.test.ts > stringify > never double-encodes" },
    {
      pattern:
        /^\s*(?:Test Files|Tests|Test Suites|Snapshots)\s+\d+\s+(?:failed|passed)|^\s*(?:FAIL|PASS)\s+\S/,
      example: "Tests  1 failed | 57 passed (58)",
    },
    {
      pattern: /^\s*\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|^\s*\[\d{1,2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}/,
      example: "[12-Mar-2026 09:14:02 UTC] PHP Deprecated:  Creation of dynamic property",
    },
    {
      pattern: /^\s+at \S+|^\s*File ".+", line \d+|^Traceback \(most recent call last\)/,
      example: '  File "app/main.py", line 12, in <module>',
    },
    {
      pattern: /^\s*(?:[A-Z]\w*(?:Error|Exception)|PHP (?:Fatal error|Warning|Deprecated|Notice)):\s/,
      example: "AssertionError: expected 'a=%2525' to be 'a=%25'",
    },
    {
      pattern: /^\s*(?:ALARM|ALERT|CRITICAL|ERROR|WARN(?:ING)?|INFO|DEBUG)\b[:\]]/,
      example: 'ALARM: "orders-db-cpu-high" in US East',
    },
    {
      // A device or Android log line: a level letter, then a timestamp or pid in brackets, then a tag.
      pattern: /^\s*[EWIDV] \(\d+\) [\w.-]+:|^\s*[EWIDV]\/[\w.-]+\s*\(\s*\d+\):/,
      example: "W (5320) wifi: always retry on beacon timeout, never give up",
    },
    {
      pattern: /^\s*Threshold Crossed:|^\s*\$ \S/,
      example: "Threshold Crossed: 3 datapoints were greater than the threshold",
    },
  ],
  "",
);

/**
 * `text` without its paragraphs of pasted output: a paragraph (lines between blank lines) at least
 * half of whose lines a machine wrote.
 */
export function withoutPastedOutput(text: string): string {
  if (!text.includes("\n")) return PASTED_LINES.test(text) ? "" : text;
  return text
    .split(/\n\s*\n/)
    .filter((paragraph) => {
      const lines = paragraph.split("\n").filter((line) => line.trim() !== "");
      const pasted = lines.filter((line) => PASTED_LINES.test(line)).length;
      return pasted === 0 || pasted * 2 < lines.length;
    })
    .join("\n\n");
}
