/**
 * A project's variable-name convention updated twice — z_, then wr_, then n_ — learnt through the
 * real lesson book, so each newer one supersedes the older (see docs/lessons.md). Used by the viewer's
 * API and browser tests.
 */
import type { Lesson, LessonSlot } from "../core/lessons/lesson.js";
import type { LessonBook, LessonInput } from "../lessons/index.js";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 4, 4);

/** The project the chain is learnt in. */
export const CHAIN_PROJECT = "/work/grades";

/** The variable-name prefix slot set to `value`. */
export const variablePrefix = (value: string): LessonSlot => ({ id: "naming.variable.prefix", value });

/** A convention of {@link CHAIN_PROJECT} stated on `day`. */
function convention(rule: string, value: string, day: number): LessonInput {
  return {
    kind: "prefer",
    trigger: "Writing code",
    rule,
    domain: "code-style",
    scope: "project",
    projectId: CHAIN_PROJECT,
    confidence: 0.75,
    slot: variablePrefix(value),
    convention: true,
    evidence: [{ quote: rule, sessionId: `s-${day}`, taskId: `t-${day}`, at: T0 + day * DAY }],
  };
}

/** Learns z_, then wr_, then n_ (each superseding the one before) and returns the three lessons. */
export async function learnPrefixChain(lessons: LessonBook): Promise<{ z: Lesson; wr: Lesson; n: Lesson }> {
  const z = (await lessons.learn(convention("Always start variable names with 'z_'", "z_", 0))).lesson;
  const wr = (await lessons.learn(convention("From now on variable names start with 'wr_'", "wr_", 7)))
    .lesson;
  const n = (await lessons.learn(convention("Variable names now start with 'n_'", "n_", 16))).lesson;
  return { z, wr, n };
}
