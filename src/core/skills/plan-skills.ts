/**
 * Skill planning: which skills the evidence supports. Successful task experiences are grouped by
 * topic; a group of at least two distinct tasks becomes a candidate (no skill from a single lucky
 * run), and so does a proven lesson backed by at least two tasks. Steps come from the working
 * approaches, when-to-use from goals and triggers, pitfalls from linked avoid / anti-pattern
 * lessons and failed attempts. Pure.
 */

import type { FailedAttempt, TaskExperience } from "../learning/offline-experience.js";
import type { Lesson, LessonKind, LessonScope } from "../lessons/lesson.js";
import { languageOf } from "../lexicon/language.js";
import { MAX_SKILL_ITEMS, MIN_SUPPORT_TASKS, type SkillContent } from "./skill.js";
import {
  antiPatternApproach,
  attemptApproach,
  attemptPitfall,
  describeSkill,
  lessonPitfall,
  medoidIndex,
  mergeSteps,
  skillNameFrom,
  skillTitle,
  splitApproach,
  uniqueItems,
} from "./skill-text.js";
import { coversTopic, diceSimilarity, type TextSimilarity, topicTokens } from "./topic.js";

/** One finished task and what was learnt from it. */
export interface SkillExperience {
  taskId: string;
  /** The project of the task's session, or null. */
  projectId: string | null;
  /** True when the task succeeded (task status `completed`). Only successful tasks make skills. */
  success: boolean;
  /** When the task ended or was last updated, epoch ms; orders grouping. */
  at: number;
  experience: Pick<TaskExperience, "goal" | "workingApproach" | "failedAttempts">;
}

/** Settings of planning. */
export interface SkillPlanConfig {
  /** Distinct supporting tasks a skill needs (default {@link MIN_SUPPORT_TASKS}). */
  minSupportTasks: number;
  /** Mean similarity to a group's members that joins the group (default 0.5). */
  groupThreshold: number;
}

/** The default {@link SkillPlanConfig}. */
export const DEFAULT_SKILL_PLAN_CONFIG: SkillPlanConfig = {
  minSupportTasks: MIN_SUPPORT_TASKS,
  groupThreshold: 0.5,
};

/** A skill the evidence supports, before it is matched with stored skills. */
export interface SkillCandidate extends SkillContent {
  /** Proposed name (valid slug); a stored skill it upgrades keeps its own name. */
  name: string;
  sourceLessonIds: string[];
  sourceTaskIds: string[];
  scope: LessonScope;
  projectId: string | null;
  /** Approaches now known to fail (failed attempts, anti-patterns): an upgrade drops steps matching them. */
  failedApproaches: string[];
  origin: "experiences" | "lesson";
}

/** Input of {@link planSkills}. */
export interface PlanSkillsInput {
  lessons: readonly Lesson[];
  experiences: readonly SkillExperience[];
  /** Goal similarity, 0..1; default Dice over words and CJK bigrams (`topicSimilarity`). */
  similarity?: TextSimilarity;
  config?: Partial<SkillPlanConfig>;
}

const STEP_KINDS: readonly LessonKind[] = ["prefer", "verify", "clarify", "pattern"];
const PITFALL_KINDS: readonly LessonKind[] = ["avoid", "anti_pattern"];
/** Members compared when joining a group (keeps planning near-linear on large stores). */
const MAX_COMPARED_MEMBERS = 12;

/**
 * Plans the skills the evidence supports, in a stable order (experience groups by first task,
 * then lesson seeds). Lessons archived, stale or deprecated are ignored; a project lesson is used
 * only by a skill of its project.
 */
export function planSkills(input: PlanSkillsInput): SkillCandidate[] {
  const config = { ...DEFAULT_SKILL_PLAN_CONFIG, ...input.config };
  const similarity = memoizedSimilarity(input.similarity);
  const all = input.lessons.filter((lesson) => lesson.status !== "archived");
  const lessons = all.filter((lesson) => lesson.status !== "stale" && lesson.maturity !== "deprecated");
  const seen = new Set<string>();
  const experiences = [...input.experiences]
    .filter(
      (item) =>
        item.success && item.experience.workingApproach.trim() !== "" && item.experience.goal.trim() !== "",
    )
    .sort((first, second) => first.at - second.at || compare(first.taskId, second.taskId))
    .filter((item) => !seen.has(item.taskId) && seen.add(item.taskId));
  const groups = groupBy(experiences, (item) => item.experience.goal, similarity, config.groupThreshold);
  const candidates: SkillCandidate[] = [];
  const usedAsStep = new Set<string>();
  for (const group of groups) {
    if (new Set(group.map((item) => item.taskId)).size < config.minSupportTasks) continue;
    const candidate = experienceCandidate(group, { usable: lessons, all }, similarity);
    for (const id of candidate.stepLessonIds) usedAsStep.add(id);
    candidates.push(candidate.candidate);
  }
  const seeds = lessons.filter(
    (lesson) =>
      lesson.maturity === "proven" &&
      lesson.supportTaskCount >= config.minSupportTasks &&
      STEP_KINDS.includes(lesson.kind) &&
      !usedAsStep.has(lesson.id),
  );
  const byScope = new Map<string, Lesson[]>();
  for (const seed of seeds) {
    const key = `${seed.scope}\u0000${seed.projectId ?? ""}`;
    byScope.set(key, [...(byScope.get(key) ?? []), seed]);
  }
  for (const scoped of byScope.values()) {
    for (const group of groupBy(scoped, (lesson) => lesson.trigger, similarity, config.groupThreshold)) {
      candidates.push(lessonCandidate(group, { usable: lessons, all }));
    }
  }
  return candidates;
}

/** Greedy average-link grouping in input order: an item joins the group it is most similar to on average. */
function groupBy<T>(
  items: readonly T[],
  text: (item: T) => string,
  similarity: TextSimilarity,
  threshold: number,
): T[][] {
  const groups: T[][] = [];
  for (const item of items) {
    let best: T[] | null = null;
    let bestScore = threshold;
    for (const group of groups) {
      const compared = group.slice(0, MAX_COMPARED_MEMBERS);
      const score =
        compared.reduce((sum, member) => sum + similarity(text(item), text(member)), 0) / compared.length;
      if (score >= bestScore) {
        best = group;
        bestScore = score;
      }
    }
    if (best) best.push(item);
    else groups.push([item]);
  }
  return groups;
}

function experienceCandidate(
  group: readonly SkillExperience[],
  known: { usable: readonly Lesson[]; all: readonly Lesson[] },
  similarity: TextSimilarity,
): { candidate: SkillCandidate; stepLessonIds: string[] } {
  const goals = group.map((item) => item.experience.goal);
  const center = medoidIndex(goals, (first, second) =>
    similarity(goals[first] as string, goals[second] as string),
  );
  const representative = goals[center] as string;
  const projects = new Set(group.map((item) => item.projectId));
  const [onlyProject] = [...projects];
  const projectId = projects.size === 1 && onlyProject !== undefined ? onlyProject : null;
  const scope: LessonScope = projectId === null ? "global" : "project";
  const taskIds = group.map((item) => item.taskId);
  const goalTokens = goals.map((goal) => topicTokens(goal));
  const lessons = linkLessons(
    visible(known, (lesson) => visibleTo(lesson, scope, projectId)),
    (lesson) =>
      lesson.evidence.some((item) => item.taskId !== undefined && taskIds.includes(item.taskId)) ||
      goalTokens.some((tokens) => coversTopic(lesson.trigger, tokens)),
  );
  const stepLessons = lessons.filter(
    (lesson) =>
      STEP_KINDS.includes(lesson.kind) && (lesson.status !== "candidate" || lesson.maturity === "proven"),
  );
  const zh = languageOf(representative) === "zh";
  const attempts: FailedAttempt[] = group.flatMap((item) => item.experience.failedAttempts);
  const pitfallLessons = lessons.filter((lesson) => PITFALL_KINDS.includes(lesson.kind));
  const approachSteps = mergeSteps(
    [...group.keys()]
      .sort((first, second) => (first === center ? -1 : second === center ? 1 : first - second))
      .map((index) => ({
        taskId: (group[index] as SkillExperience).taskId,
        steps: splitApproach((group[index] as SkillExperience).experience.workingApproach),
      })),
    MAX_SKILL_ITEMS.steps,
  );
  const steps = uniqueItems(
    [...approachSteps, ...stepLessons.map((lesson) => lesson.rule)],
    MAX_SKILL_ITEMS.steps,
  );
  const whenToUse = uniqueItems(
    [
      representative,
      ...goals.filter((_, index) => index !== center),
      ...stepLessons.map((lesson) => lesson.trigger),
    ],
    MAX_SKILL_ITEMS.whenToUse,
  );
  const title = skillTitle(representative);
  const usedLessons = [...stepLessons, ...pitfallLessons];
  const candidate: SkillCandidate = {
    name: skillNameFrom(
      representative,
      goals.filter((_, index) => index !== center),
    ),
    title,
    description: describeSkill({ title, whenToUse, taskCount: new Set(taskIds).size }),
    whenToUse,
    steps,
    pitfalls: uniqueItems(
      [...pitfallLessons.map(lessonPitfall), ...attempts.map((attempt) => attemptPitfall(attempt, zh))],
      MAX_SKILL_ITEMS.pitfalls,
    ),
    sourceLessonIds: sortedUnique(usedLessons.map((lesson) => lesson.id)),
    sourceTaskIds: sortedUnique(taskIds),
    scope,
    projectId,
    failedApproaches: failedApproaches(pitfallLessons, attempts),
    origin: "experiences",
  };
  return { candidate, stepLessonIds: stepLessons.map((lesson) => lesson.id) };
}

function lessonCandidate(
  seeds: readonly Lesson[],
  known: { usable: readonly Lesson[]; all: readonly Lesson[] },
): SkillCandidate {
  const [first] = seeds as [Lesson, ...Lesson[]];
  const scope = first.scope;
  const projectId = first.projectId;
  const triggers = seeds.map((lesson) => lesson.trigger);
  const center = medoidIndex(triggers, (a, b) =>
    diceSimilarity(topicTokens(triggers[a] as string), topicTokens(triggers[b] as string)),
  );
  const representative = triggers[center] as string;
  const seedIds = new Set(seeds.map((lesson) => lesson.id));
  const triggerTokens = triggers.map((trigger) => topicTokens(trigger));
  const pitfallLessons = linkLessons(
    visible(known, (lesson) => visibleTo(lesson, scope, projectId) && !seedIds.has(lesson.id)),
    (lesson) => triggerTokens.some((tokens) => coversTopic(lesson.trigger, tokens)),
  ).filter((lesson) => PITFALL_KINDS.includes(lesson.kind));
  const taskIds = seeds.flatMap((lesson) =>
    lesson.evidence.flatMap((item) => (item.taskId !== undefined ? [item.taskId] : [])),
  );
  const whenToUse = uniqueItems(triggers, MAX_SKILL_ITEMS.whenToUse);
  // One seed: the title says what to do (its rule) and the trigger says when; several: the trigger.
  const title = skillTitle(seeds.length === 1 ? first.rule : representative);
  const supportTasks = Math.max(new Set(taskIds).size, ...seeds.map((lesson) => lesson.supportTaskCount));
  return {
    name: skillNameFrom(
      representative,
      triggers.filter((_, index) => index !== center),
    ),
    title,
    description: describeSkill({
      title,
      whenToUse,
      taskCount: supportTasks,
      ...(seeds.length === 1 && first.why ? { why: first.why } : {}),
    }),
    whenToUse,
    steps: uniqueItems(
      seeds.map((lesson) => lesson.rule),
      MAX_SKILL_ITEMS.steps,
    ),
    pitfalls: uniqueItems(pitfallLessons.map(lessonPitfall), MAX_SKILL_ITEMS.pitfalls),
    sourceLessonIds: sortedUnique([...seedIds, ...pitfallLessons.map((lesson) => lesson.id)]),
    sourceTaskIds: sortedUnique(taskIds),
    scope,
    projectId,
    failedApproaches: failedApproaches(pitfallLessons, []),
    origin: "lesson",
  };
}

/**
 * The usable lessons `linked` selects, plus every anti-pattern inverted from a linked lesson
 * (`invertedFromId`), even when its own trigger would not match. The lesson it was inverted from
 * has gone stale, so it is looked for among all lessons, not only the usable ones.
 */
function linkLessons(
  lessons: { usable: readonly Lesson[]; all: readonly Lesson[] },
  linked: (lesson: Lesson) => boolean,
): Lesson[] {
  const direct = lessons.usable.filter(linked);
  const ids = new Set(direct.map((lesson) => lesson.id));
  const sources = new Set(lessons.all.filter(linked).map((lesson) => lesson.id));
  const inverted = lessons.usable.filter(
    (lesson) =>
      !ids.has(lesson.id) &&
      lesson.kind === "anti_pattern" &&
      lesson.invertedFromId !== null &&
      sources.has(lesson.invertedFromId),
  );
  return [...direct, ...inverted];
}

function visible(
  known: { usable: readonly Lesson[]; all: readonly Lesson[] },
  keep: (lesson: Lesson) => boolean,
): { usable: Lesson[]; all: Lesson[] } {
  return { usable: known.usable.filter(keep), all: known.all.filter(keep) };
}

/** A global lesson serves every skill; a project lesson only a skill of its project. */
function visibleTo(lesson: Lesson, scope: LessonScope, projectId: string | null): boolean {
  if (lesson.scope === "global") return true;
  return scope === "project" && lesson.projectId === projectId;
}

function failedApproaches(pitfallLessons: readonly Lesson[], attempts: readonly FailedAttempt[]): string[] {
  return sortedUnique([
    ...pitfallLessons
      .map((lesson) => (lesson.kind === "anti_pattern" ? antiPatternApproach(lesson.rule) : ""))
      .filter((text) => text !== ""),
    ...attempts.map(attemptApproach).filter((text) => text.trim() !== ""),
  ]);
}

function memoizedSimilarity(similarity: TextSimilarity | undefined): TextSimilarity {
  if (similarity) {
    const cache = new Map<string, number>();
    return (first, second) => {
      const key = first < second ? `${first}\u0000${second}` : `${second}\u0000${first}`;
      let value = cache.get(key);
      if (value === undefined) {
        value = similarity(first, second);
        cache.set(key, value);
      }
      return value;
    };
  }
  const tokens = new Map<string, Set<string>>();
  const of = (text: string) => {
    let set = tokens.get(text);
    if (!set) {
      set = topicTokens(text);
      tokens.set(text, set);
    }
    return set;
  };
  return (first, second) => diceSimilarity(of(first), of(second));
}

function sortedUnique(values: readonly string[]): string[] {
  return [...new Set(values)].sort(compare);
}

function compare(first: string, second: string): number {
  return first < second ? -1 : first > second ? 1 : 0;
}
