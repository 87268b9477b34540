/**
 * The eval's metrics, pure: whether a probe found its expected lessons among the first three
 * injected lessons or in the project's conventions block (Recall@3), whether it injected anything
 * it must not (false injections), and the totals over scenarios.
 */

import { escapeRegExp } from "../core/regexp.js";

/** Lessons counted for Recall@3: the first this many injected lesson items. */
export const RECALL_AT = 3;

/** One injected item, as recall returns it. */
export interface InjectedItem {
  kind: string;
  text: string;
  /** A lesson of the conventions block (its own budget: every one of them counts). */
  convention?: boolean;
}

/** What a probe expects (see the scenario format). */
export interface ProbeExpectation {
  expect?: readonly LessonWords[];
  expectNothing?: boolean;
  expectAbsent?: readonly LessonWords[];
}

/** What recall injected for a probe, and what it had to choose from (for diagnosing misses). */
export interface ProbeInjection {
  context: string;
  items: readonly InjectedItem[];
  tokens: number;
  /** Candidates recall considered and left out, with the reason. */
  rejected?: ReadonlyArray<InjectedItem & { reason: string }>;
  /** Every lesson in the store, as recall would state it. */
  learnt?: readonly string[];
}

/** The verdict on one probe. */
export interface ProbeScore {
  expected: number;
  found: number;
  /** Checks that something must not be injected: 1 for expectNothing, one per expectAbsent entry. */
  unrelatedChecks: number;
  falseInjections: number;
  tokens: number;
  /** One line per miss or false injection. */
  problems: string[];
}

/** A lesson named by words of its text (see {@link matchesLesson}). */
export interface LessonWords {
  words: readonly string[];
  without?: readonly string[];
}

/**
 * True when `text` contains `word`, case-insensitively, at the start of a word: "npm" does not
 * match inside "pnpm", "test" matches "tests", "pnpm" matches "用pnpm". A word that starts with
 * a CJK character matches anywhere.
 */
export function containsWord(text: string, word: string): boolean {
  const escaped = escapeRegExp(word.toLowerCase());
  const boundary = /^[a-z0-9]/i.test(word) ? "(?<![a-z0-9])" : "";
  return new RegExp(`${boundary}${escaped}`, "u").test(text.toLowerCase());
}

/** True when `text` contains every one of `words` and none of `without`. */
export function matchesLesson(text: string, lesson: LessonWords): boolean {
  return (
    lesson.words.every((word) => containsWord(text, word)) &&
    !(lesson.without ?? []).some((word) => containsWord(text, word))
  );
}

function wordsOf(lesson: LessonWords): string {
  const without = lesson.without?.length ? ` without [${lesson.without.join(", ")}]` : "";
  return `[${lesson.words.join(", ")}]${without}`;
}

/** Scores one probe against what was injected for it. */
export function scoreProbe(expectation: ProbeExpectation, injection: ProbeInjection): ProbeScore {
  const lessons = injection.items.filter((item) => item.kind === "lesson");
  const top = [
    ...lessons.filter((item) => item.convention),
    ...lessons.filter((item) => !item.convention).slice(0, RECALL_AT),
  ];
  const score: ProbeScore = {
    expected: 0,
    found: 0,
    unrelatedChecks: 0,
    falseInjections: 0,
    tokens: injection.tokens,
    problems: [],
  };
  for (const lesson of expectation.expect ?? []) {
    score.expected++;
    if (top.some((item) => matchesLesson(item.text, lesson))) score.found++;
    else
      score.problems.push(
        `expected a lesson with ${wordsOf(lesson)} (${diagnose(lesson, injection)}): ${describe(injection.items)}`,
      );
  }
  if (expectation.expectNothing) {
    score.unrelatedChecks++;
    if (injection.context.trim() !== "") {
      score.falseInjections++;
      score.problems.push(`expected nothing: ${describe(injection.items)}`);
    }
  }
  for (const lesson of expectation.expectAbsent ?? []) {
    score.unrelatedChecks++;
    const present = lessons.find((item) => matchesLesson(item.text, lesson));
    if (present) {
      score.falseInjections++;
      score.problems.push(`must not inject a lesson with ${wordsOf(lesson)}: injected "${present.text}"`);
    }
  }
  return score;
}

/** Why an expected lesson is missing: never learnt, learnt but left out (and why), or not a candidate. */
export function diagnose(lesson: LessonWords, injection: ProbeInjection): string {
  const rejected = injection.rejected?.find(
    (item) => item.kind === "lesson" && matchesLesson(item.text, lesson),
  );
  if (rejected) return `learnt, not injected: ${rejected.reason}`;
  if (injection.learnt === undefined) return "not injected";
  const learnt = injection.learnt?.find((text) => matchesLesson(text, lesson));
  if (learnt === undefined) return "not learnt";
  return `learnt as "${learnt}", not a recall candidate`;
}

/** How a probe's injected items read in a failure line. */
export function describe(items: readonly InjectedItem[]): string {
  if (items.length === 0) return "nothing was injected";
  return `injected ${items.map((item) => `${item.kind} "${item.text}"`).join("; ")}`;
}

/** Counts summed over scenarios. */
export interface EvalCounts {
  scenarios: number;
  probes: number;
  expected: number;
  found: number;
  unrelatedChecks: number;
  falseInjections: number;
  injectedTokens: number;
  llmCalls: number;
  wallMs: number;
}

/** Totals: counts and the two rates. */
export interface EvalTotals extends EvalCounts {
  /** Micro-averaged: found / expected over all expected lessons (1 when none were expected). */
  recallAt3: number;
  /** False injections / unrelated checks (0 when there were none). */
  falseInjectionRate: number;
  /** Injected tokens per probe. */
  meanInjectedTokens: number;
}

/** Sums counts and derives the rates. */
export function totals(
  parts: ReadonlyArray<Omit<EvalCounts, "scenarios"> & { scenarios?: number }>,
): EvalTotals {
  const sum: EvalCounts = {
    scenarios: 0,
    probes: 0,
    expected: 0,
    found: 0,
    unrelatedChecks: 0,
    falseInjections: 0,
    injectedTokens: 0,
    llmCalls: 0,
    wallMs: 0,
  };
  for (const part of parts) {
    sum.scenarios += part.scenarios ?? 1;
    sum.probes += part.probes;
    sum.expected += part.expected;
    sum.found += part.found;
    sum.unrelatedChecks += part.unrelatedChecks;
    sum.falseInjections += part.falseInjections;
    sum.injectedTokens += part.injectedTokens;
    sum.llmCalls += part.llmCalls;
    sum.wallMs += part.wallMs;
  }
  return {
    ...sum,
    recallAt3: sum.expected === 0 ? 1 : round(sum.found / sum.expected),
    falseInjectionRate: sum.unrelatedChecks === 0 ? 0 : round(sum.falseInjections / sum.unrelatedChecks),
    meanInjectedTokens: sum.probes === 0 ? 0 : round(sum.injectedTokens / sum.probes),
  };
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
