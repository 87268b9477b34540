/**
 * The lessons the hook tests, the end-to-end tests and the hook benchmark use: "use pnpm, not npm"
 * for a project, as the CLI adds it and as a stored lesson (recalled; the guard only reminds it, as
 * its evidence is not the user's stored words); and the user's explicit prohibition of npm, quoting
 * what they said in an earlier session (the guard denies npm with it).
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

/** What the user said in an earlier session: an explicit prohibition. */
export const NPM_PROHIBITION = "never use npm here, use pnpm";

/** The lesson learnt from {@link NPM_PROHIBITION}, quoting it from `quoteSession` (`<agent>:<id>`). */
export function npmProhibitionLesson(options: { project: string; quoteSession: string; at: number }): Lesson {
  return createLesson({
    id: "lesson-npm",
    kind: "prefer",
    trigger: "Choosing a package manager",
    rule: "Use `pnpm`, not `npm`",
    domain: "workflow",
    scope: "project",
    projectId: options.project,
    evidence: [{ quote: NPM_PROHIBITION, sessionId: options.quoteSession, at: options.at }],
    now: options.at,
  });
}
