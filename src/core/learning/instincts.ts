/**
 * Instincts (docs/design.md, "Instincts"): small, reusable behaviour patterns read from the last observations of a
 * session — the validated shape of model output, the model-free fallback, and the observation
 * lines both read. Pure.
 */

import { z } from "zod";
import { readConventions } from "../conventions/convention-rule.js";
import { LESSON_DOMAINS, type LessonDomain, type LessonScope } from "../lessons/lesson.js";
import { languageOf } from "../lexicon/language.js";
import { hasStrongStandingMarker } from "../lexicon/standing-markers.js";
import { extractCorrection, formatTerm, phraseCorrection, readsAsTerm } from "./experience-text.js";
import {
  asMainChain,
  clip,
  describeToolCall,
  detectTaskSignals,
  isActionCall,
  isFailedCall,
  isFileEdit,
  isToolCall,
  type TaskMessage,
  toolCommand,
  toolTarget,
  userWords,
} from "./task-message.js";
import { inferDomain } from "./to-lessons.js";
import { activityTrigger } from "./topics.js";
import { isContentless } from "./user-sentences.js";

/** One instinct candidate, without the ids the caller adds. */
export interface InstinctCandidate {
  /** When it applies; at most {@link MAX_INSTINCT_TRIGGER_CHARS} characters. */
  trigger: string;
  /** What to do; at most {@link MAX_INSTINCT_ACTION_CHARS} characters. */
  action: string;
  /** 0..1. */
  confidence: number;
  domain: LessonDomain;
  scope: LessonScope;
  /** 1–3 excerpts of the observations, each at most {@link MAX_INSTINCT_EVIDENCE_CHARS} characters. */
  evidence: string[];
}

/** Instinct limits, in characters: trigger 80, action 120, each evidence quote 200; at most 3 quotes. */
export const MAX_INSTINCT_TRIGGER_CHARS = 80;
/** See {@link MAX_INSTINCT_TRIGGER_CHARS}. */
export const MAX_INSTINCT_ACTION_CHARS = 120;
/** See {@link MAX_INSTINCT_TRIGGER_CHARS}. */
export const MAX_INSTINCT_EVIDENCE_CHARS = 200;
/** See {@link MAX_INSTINCT_TRIGGER_CHARS}. */
export const MAX_INSTINCT_EVIDENCE_ITEMS = 3;
/** Candidates kept per call. */
export const MAX_INSTINCTS = 3;
/** Observations one call looks at (the tail of the buffer). */
export const MAX_OBSERVATIONS = 30;
/** Longest model reply searched for a JSON array, in characters. */
const MAX_RAW_CHARS = 200_000;
const MAX_ARRAY_STARTS = 20;

const limitedText = (max: number) =>
  z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().min(1))
    .transform((value) => clip(value, max));

/**
 * One instinct as a model returns it, normalised: trigger and action
 * trimmed, required and cut to 80 / 120 characters; confidence clamped to 0..1 (0.5 when not a
 * finite number); an unknown domain becomes `project`, any scope but `global` becomes
 * `project`; evidence keeps the first 3 non-empty strings (a single string is accepted), each cut
 * to 200 characters, and an item without evidence is invalid.
 */
export const instinctCandidateSchema: z.ZodType<InstinctCandidate, unknown> = z
  .object({
    trigger: limitedText(MAX_INSTINCT_TRIGGER_CHARS),
    action: limitedText(MAX_INSTINCT_ACTION_CHARS),
    confidence: z.unknown().optional(),
    domain: z.unknown().optional(),
    scope: z.unknown().optional(),
    evidence: z.union([z.string(), z.array(z.unknown())]),
  })
  .transform((item) => ({
    trigger: item.trigger,
    action: item.action,
    confidence:
      typeof item.confidence === "number" && Number.isFinite(item.confidence)
        ? Math.min(1, Math.max(0, item.confidence))
        : 0.5,
    domain: LESSON_DOMAINS.find((domain) => domain === item.domain) ?? "project",
    scope: item.scope === "global" ? ("global" as const) : ("project" as const),
    evidence: (Array.isArray(item.evidence) ? item.evidence : [item.evidence])
      .flatMap((quote) => (typeof quote === "string" && quote.trim() !== "" ? [quote.trim()] : []))
      .slice(0, MAX_INSTINCT_EVIDENCE_ITEMS)
      .map((quote) => clip(quote, MAX_INSTINCT_EVIDENCE_CHARS)),
  }))
  .pipe(
    z.object({
      trigger: z.string(),
      action: z.string(),
      confidence: z.number(),
      domain: z.enum(LESSON_DOMAINS as [LessonDomain, ...LessonDomain[]]),
      scope: z.enum(["project", "global"]),
      evidence: z.array(z.string()).min(1),
    }),
  );

function byConfidence(candidates: InstinctCandidate[]): InstinctCandidate[] {
  return candidates
    .map((candidate, index) => ({ candidate, index }))
    .sort(
      (first, second) =>
        second.candidate.confidence - first.candidate.confidence || first.index - second.index,
    )
    .map(({ candidate }) => candidate)
    .slice(0, MAX_INSTINCTS);
}

/**
 * A model's instinct array: invalid items are dropped, the rest sorted by confidence (highest
 * first, stable) and cut to {@link MAX_INSTINCTS}. The root must be an array.
 */
export const instinctsSchema: z.ZodType<InstinctCandidate[], unknown> = z
  .array(z.unknown())
  .transform((value) =>
    byConfidence(
      value.flatMap((item) => {
        const parsed = instinctCandidateSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  );

/** The balanced `[…]` starting at `start`, honouring JSON strings, or null when it never closes. */
function balancedArray(text: string, start: number): string | null {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === "\\") index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === "[" || character === "{") depth += 1;
    else if (character === "]" || character === "}") {
      depth -= 1;
      if (depth === 0) return text.slice(start, index + 1);
    }
  }
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // Not JSON: the caller tries the next candidate array.
    void error;
    return undefined;
  }
}

/**
 * Instinct candidates from raw model text: the first JSON array in it (plain, fenced or wrapped
 * in prose; the first-`[`-to-last-`]` slice is tried last) with at least one valid item,
 * normalised by {@link instinctsSchema}: at most 3, each within the instinct limits. Returns []
 * for empty, malformed or all-invalid output; the caller counts [] as a failed call.
 */
export function parseInstinctCandidates(raw: string): InstinctCandidate[] {
  const text = raw.length > MAX_RAW_CHARS ? raw.slice(0, MAX_RAW_CHARS) : raw;
  const candidates: string[] = [];
  let start = text.indexOf("[");
  while (start !== -1 && candidates.length < MAX_ARRAY_STARTS) {
    const found = balancedArray(text, start);
    if (found !== null) candidates.push(found);
    start = text.indexOf("[", start + 1);
  }
  const last = text.lastIndexOf("]");
  if (text.indexOf("[") !== -1 && last > text.indexOf("["))
    candidates.push(text.slice(text.indexOf("["), last + 1));
  for (const candidate of candidates) {
    const parsed = instinctsSchema.safeParse(parseJson(candidate));
    if (parsed.success && parsed.data.length > 0) return parsed.data;
  }
  return [];
}

/**
 * One line per observation, numbered from 1:
 * `#3 | event=tool_call | tool=Bash | outcome=error | in="npm install" | out="npm ERR! …"`.
 * User and assistant text become `event=user_message` / `assistant_message` with `text=` (200
 * characters); tool input and output are cut to 120. Rows that are neither are left out.
 */
export function renderObservations(observations: readonly TaskMessage[]): string {
  const lines: string[] = [];
  for (const row of asMainChain(observations)) {
    const segments = [`#${lines.length + 1}`];
    const words = userWords(row);
    if (words !== null) {
      segments.push("event=user_message", `text=${JSON.stringify(clip(words, 200))}`);
    } else if (row.role === "assistant" && row.kind === "text" && row.content.trim() !== "") {
      segments.push("event=assistant_message", `text=${JSON.stringify(clip(row.content, 200))}`);
    } else if (isToolCall(row)) {
      segments.push("event=tool_call", `tool=${row.toolName ?? "unknown"}`);
      segments.push(`outcome=${isFailedCall(row) ? "error" : "success"}`);
      const input = toolTarget(row);
      if (input !== "") segments.push(`in=${JSON.stringify(clip(input, 120))}`);
      const output = (row.toolOutput ?? "").trim();
      if (output !== "") segments.push(`out=${JSON.stringify(clip(output, 120))}`);
    } else {
      continue;
    }
    lines.push(segments.join(" | "));
  }
  return lines.join("\n");
}

function candidate(
  trigger: string,
  action: string,
  confidence: number,
  evidence: string[],
): InstinctCandidate {
  const cut = {
    trigger: clip(trigger, MAX_INSTINCT_TRIGGER_CHARS),
    action: clip(action, MAX_INSTINCT_ACTION_CHARS),
  };
  return {
    ...cut,
    confidence,
    domain: inferDomain(`${cut.trigger} ${cut.action}`),
    scope: "project",
    evidence: evidence
      .slice(0, MAX_INSTINCT_EVIDENCE_ITEMS)
      .map((quote) => clip(quote, MAX_INSTINCT_EVIDENCE_CHARS)),
  };
}

/**
 * An explicit rule the user stated ("always …", "never …", "from now on …", "以后都 …"): the
 * conventions of their messages, read as the convention rule reads them (so the two lessons are
 * one). Confidence 0.75.
 */
function explicitRules(rows: readonly TaskMessage[]): InstinctCandidate[] {
  return rows.flatMap((row) => {
    const words = userWords(row);
    if (words === null) return [];
    return readConventions(words)
      .filter((found) => hasStrongStandingMarker(found.quote) && !isContentless(found.quote))
      .map((found) => candidate(found.trigger, found.rule, 0.75, [found.quote]));
  });
}

/** A user correction followed by a successful action: "use Y instead of X" worked. Confidence 0.75. */
function correctionsThatWorked(rows: readonly TaskMessage[]): InstinctCandidate[] {
  const signals = detectTaskSignals(rows);
  const found: InstinctCandidate[] = [];
  for (const signal of signals) {
    const constraint = signal.type === "constraint";
    if (signal.source !== "user" || (signal.rule !== "explicit-correction" && !constraint)) continue;
    const correction = extractCorrection(
      signal.evidence,
      rows.filter((row) => row.seq < signal.seq),
    );
    const success = rows.find(
      (row) => row.seq > signal.seq && isActionCall(row) && !isFailedCall(row, signals),
    );
    if (correction === null || correction.right === null || success === undefined) continue;
    // A constraint counts only when it names both sides ("don't use X, use Y").
    if (constraint && correction.wrong === null) continue;
    // "admin 账号连生产库" does not read as a term: the task experience quotes the user instead.
    if (![correction.wrong, correction.right].every(readsAsTerm)) continue;
    const zh = languageOf(signal.evidence) === "zh";
    const wrong = correction.wrong === null ? null : formatTerm(correction.wrong);
    const trigger = wrong
      ? zh
        ? `准备使用 ${wrong}`
        : `About to use ${wrong}`
      : (activityTrigger(signal.evidence, zh) ??
        (zh ? "本项目中的类似任务" : "Similar tasks in this project"));
    const action = phraseCorrection(correction, zh);
    found.push(candidate(trigger, action, 0.75, [signal.evidence, describeToolCall(success, 200)]));
  }
  return found;
}

/** The same command run right after file edits at least 3 times. Confidence 0.65 + 0.05 per extra run, ≤ 0.85. */
function checksAfterEdits(rows: readonly TaskMessage[], zh: boolean): InstinctCandidate[] {
  const calls = rows.filter(isToolCall);
  const runs = new Map<string, string[]>();
  calls.forEach((call, index) => {
    const command = toolCommand(call);
    const previous = calls[index - 1];
    if (command === null || previous === undefined || !isFileEdit(previous)) return;
    const evidence = runs.get(command) ?? [];
    evidence.push(`${describeToolCall(previous, 90)} → ${describeToolCall(call, 90)}`);
    runs.set(command, evidence);
  });
  const found: InstinctCandidate[] = [];
  for (const [command, evidence] of runs) {
    if (evidence.length < 3) continue;
    const formatted = formatTerm(clip(command, 80));
    found.push(
      candidate(
        zh ? "修改文件之后" : "After editing files",
        zh ? `运行 ${formatted} 检查改动` : `Run ${formatted} to check the change`,
        Math.round(Math.min(0.85, 0.65 + 0.05 * (evidence.length - 3)) * 100) / 100,
        evidence,
      ),
    );
  }
  return found;
}

/**
 * The model-free fallback (a heuristic observer) over the last
 * {@link MAX_OBSERVATIONS} observations. It reports only patterns the observations show in action:
 * - an explicit rule the user stated ("Always run the linter before committing" → trigger
 *   "Before committing", "以后都用 pnpm" → trigger "选择包管理器"), confidence 0.75;
 * - a correction followed by a successful action ("use pnpm instead of npm", then `pnpm install`
 *   succeeds → "Use `pnpm`, not `npm`"), confidence 0.75;
 * - the same command run right after a file edit at least 3 times ("After editing files" →
 *   "Run `npm test` to check the change"), confidence 0.65–0.85.
 * At most 3, highest confidence first; duplicates (same trigger and action) once; [] when nothing
 * qualifies. Error → retry → success runs are left to the task experience, which sees inputs.
 */
export function heuristicInstincts(observations: readonly TaskMessage[]): InstinctCandidate[] {
  const rows = asMainChain(observations)
    .sort((first, second) => first.seq - second.seq)
    .slice(-MAX_OBSERVATIONS);
  const said = rows.flatMap((row) => userWords(row) ?? []).join("\n");
  const zh = languageOf(said) === "zh";
  const all = [...explicitRules(rows), ...correctionsThatWorked(rows), ...checksAfterEdits(rows, zh)];
  const unique = new Map<string, InstinctCandidate>();
  for (const found of all) {
    const key = `${found.trigger.toLowerCase()}\u0000${found.action.toLowerCase()}`;
    if (!unique.has(key)) unique.set(key, found);
  }
  return byConfidence([...unique.values()]);
}
