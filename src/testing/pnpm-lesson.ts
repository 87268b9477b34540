/**
 * The lesson the hook tests, the end-to-end tests and the hook benchmark recall: "use pnpm, not
 * npm" for a project, as the CLI adds it and as a stored lesson.
 */
import { createLesson, type Lesson } from "../core/lessons/lesson.js";

/** Its trigger and rule. */
export const PNPM_LESSON = {
  trigger: "installing the dependencies",
  rule: "Use pnpm install, not npm install: this repo is a pnpm workspace",
} as const;

/** `tacit lessons add` arguments that add it for `project`. */
export function pnpmLessonArgs(project: string): string[] {
  return [
    "lessons",
    "add",
    "--trigger",
    PNPM_LESSON.trigger,
    "--rule",
    PNPM_LESSON.rule,
    "--project",
    project,
  ];
}

/** The lesson as stored: a project preference with the user's words as evidence. */
export function pnpmLesson(options: { id: string; project: string; at: number }): Lesson {
  return createLesson({
    id: options.id,
    kind: "prefer",
    ...PNPM_LESSON,
    domain: "workflow",
    scope: "project",
    projectId: options.project,
    evidence: [{ quote: "no, not npm — use pnpm", sessionId: "earlier", at: options.at }],
    now: options.at,
  });
}
