/**
 * The rule that learns from a tool's own error text when that text states the remedy ("File has
 * not been read yet. Read it first before writing to it."): the lexicon of such messages is
 * lexicon/tool-remedies.ts; this rule finds the task's failed calls whose output carries one and
 * returns one heuristic per remedy, stronger the more often the same error came back. Pure.
 */
import { compiledEntries } from "../lexicon/define-lexicon.js";
import { TOOL_REMEDIES, type ToolRemedyEntry } from "../lexicon/tool-remedies.js";
import type { ExperienceContext } from "./experience-context.js";
import { MAX_HEURISTIC_EVIDENCE_CHARS, MAX_RULE_CHARS, MAX_TRIGGER_CHARS } from "./experience-limits.js";
import type { TransferableHeuristic } from "./offline-experience.js";
import { clip, firstLine, isFailedCall, isToolCall } from "./task-message.js";

/** Confidence of a remedy seen once; each repeat of the same error adds {@link REPEAT_STEP}. */
const BASE_CONFIDENCE = 0.6;
const REPEAT_STEP = 0.05;
const MAX_CONFIDENCE = 0.8;

/** An offline rule as an object: it reads the task and returns what it found. */
export interface ExperienceRule {
  readonly id: string;
  learn(context: ExperienceContext): TransferableHeuristic[];
}

/** Edits (insert, delete, substitute, swap two neighbours) from one short name to another. */
function editDistance(first: string, second: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: second.length + 1 }, (_, index) => index);
  for (let i = 1; i <= first.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= second.length; j += 1) {
      const substitute = (previous[j - 1] ?? 0) + (first[i - 1] === second[j - 1] ? 0 : 1);
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitute);
      if (i > 1 && j > 1 && first[i - 1] === second[j - 2] && first[i - 2] === second[j - 1])
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      current.push(best);
    }
    [before, previous] = [previous, current];
  }
  return previous[second.length] ?? 0;
}

/** True when two names differ only by a slip of the keyboard (`tset` / `test`): no lesson in that. */
function isTypo(first: string, second: string): boolean {
  const [a, b] = [first.toLowerCase(), second.toLowerCase()];
  return editDistance(a, b) <= Math.min(2, Math.floor(Math.max(a.length, b.length) / 3));
}

const fill = (template: string, groups: readonly string[]) =>
  template.replace(/\{(\d)\}/g, (_, index: string) => groups[Number(index)] ?? "");

interface Found {
  entry: ToolRemedyEntry;
  groups: string[];
  quote: string;
  times: number;
}

/**
 * Self-stated remedies: every failed tool call whose output matches an entry of the tool-remedies
 * lexicon (for the tools the entry names) supports that entry's lesson, in the task's language;
 * the same remedy met again (the same error, any file) raises the confidence from 0.6 by 0.05 per
 * repeat, to at most 0.8. The evidence is the tool's own line. Example: Edit fails with "File has
 * not been read yet. Read it first before writing to it." → {kind prefer, trigger "Updating an
 * existing file with the Edit or Write tool", rule "Read a file before you edit it: …"}.
 */
export const remedyRule: ExperienceRule = {
  id: "tool-remedy",
  learn(context) {
    const found = new Map<string, Found>();
    const entries = compiledEntries(TOOL_REMEDIES);
    for (const row of context.rows) {
      if (!isToolCall(row) || !isFailedCall(row, context.signals)) continue;
      const output = row.toolOutput ?? "";
      for (const { entry, pattern } of entries) {
        if (entry.tools !== undefined && !entry.tools.test(row.toolName ?? "")) continue;
        const match = pattern.exec(output);
        if (match === null) continue;
        const groups = [...match].map((group) => group ?? "");
        const [first, second] = entry.notATypo ?? [0, 0];
        if (entry.notATypo !== undefined && isTypo(groups[first] ?? "", groups[second] ?? "")) continue;
        const key = `${entry.id}\u0000${groups.slice(1).join("\u0000")}`;
        const seen = found.get(key);
        if (seen) seen.times += 1;
        else found.set(key, { entry, groups, quote: firstLine(output.slice(match.index)), times: 1 });
      }
    }
    return [...found.values()].map(({ entry, groups, quote, times }) => {
      const language = context.zh ? "zh" : "en";
      return {
        kind: "prefer",
        trigger: clip(fill(entry.trigger[language], groups), MAX_TRIGGER_CHARS),
        rule: clip(fill(entry.rule[language], groups), MAX_RULE_CHARS),
        why: context.zh
          ? `工具的报错自己说明了补救办法（出现 ${times} 次）`
          : `The tool's own error names the remedy (seen ${times} time${times === 1 ? "" : "s"})`,
        evidence: clip(quote, MAX_HEURISTIC_EVIDENCE_CHARS),
        confidence: Math.min(MAX_CONFIDENCE, BASE_CONFIDENCE + REPEAT_STEP * (times - 1)),
      };
    });
  },
};
