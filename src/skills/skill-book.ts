/**
 * The skill book: skills generated from lessons and successful task experiences, upgraded in place
 * with history, shown, archived, and exported as SKILL.md files (the export is in skill-export.ts).
 */
import { ulid } from "ulid";
import { InvalidInputError, NotFoundError } from "../core/errors.js";
import { taskExperienceSchema } from "../core/learning/offline-experience.js";
import {
  type PlanSkillsInput,
  planSkills,
  type SkillExperience,
  type SkillPlanConfig,
} from "../core/skills/plan-skills.js";
import {
  createSkill,
  type Skill,
  type SkillEvent,
  type SkillEventType,
  skillScopeKey,
  uniqueSkillName,
} from "../core/skills/skill.js";
import { renderSkillMarkdown } from "../core/skills/skill-markdown.js";
import {
  hasSkillSupport,
  matchSkills,
  type SkillChange,
  upgradeSkill,
} from "../core/skills/upgrade-skill.js";
import { SkillConflictError, type SkillFilter, type SkillStore } from "../store/skill-store.js";
import type { Store } from "../store/store.js";
import { type ExportResult, exportSkills } from "./skill-export.js";
import { adoptSkillLessons } from "./skill-lessons.js";

/** Settings of the skill book. */
export interface SkillBookConfig {
  plan: Partial<SkillPlanConfig>;
  /** Most tasks, lessons and skills read by one run (default 10,000 each). */
  maxRows: number;
  /** Optional goal similarity for grouping (an embedder-backed one, say); default word overlap. */
  similarity?: PlanSkillsInput["similarity"];
}

/** What `generate` did. */
export interface GenerateResult {
  created: Skill[];
  upgraded: Array<{ skill: Skill; change: Exclude<SkillChange, "none">; reason: string }>;
  /** Draft skills the evidence supports again. */
  activated: Skill[];
  /** Active skills whose supporting tasks are now known to have failed. */
  drafted: Skill[];
  /** Skills the evidence still supports, unchanged. */
  unchanged: number;
  /** Candidates not written, with why (an archived skill covers them). */
  skipped: Array<{ name: string; reason: string }>;
  considered: { tasks: number; successfulTasks: number; lessons: number; candidates: number };
  /** Degradations, e.g. a cached experience that could not be read. */
  warnings: string[];
  /** Lessons newly adopted by the skills they went into (and linked to them). */
  adoptedLessons: string[];
}

const MAX_ATTEMPTS = 5;
const CHANGE_EVENTS: Record<Exclude<SkillChange, "none">, SkillEventType> = {
  refine: "skill-refined",
  extend: "skill-extended",
  fix: "skill-fixed",
};

/**
 * The skill book: generates skills from lessons and successful task experiences (at least two
 * supporting tasks each), upgrades them in place with history, and exports the active ones as
 * Claude Code skills (`<dir>/<name>/SKILL.md`).
 */
export function createSkillBook(options: {
  store: Store;
  skills: SkillStore;
  config?: Partial<SkillBookConfig>;
  now?: () => number;
  ids?: () => string;
}) {
  const { store, skills } = options;
  const config: SkillBookConfig = { plan: {}, maxRows: 10_000, ...options.config };
  const now = options.now ?? Date.now;
  const ids = options.ids ?? ulid;
  const event = (type: SkillEventType, before: Skill | null, after: Skill, reason: string): SkillEvent => ({
    id: ids(),
    skillId: after.id,
    type,
    before,
    after,
    reason,
    at: after.updatedAt,
  });

  async function withRetry<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof SkillConflictError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /** Successful tasks' experiences (in the project when given), and every task's success by id. */
  async function readExperiences(projectId: string | undefined, warnings: string[]) {
    const tasks = await store.listTasks({ limit: config.maxRows });
    const succeeded = new Map(tasks.map((task) => [task.id, task.status === "completed"]));
    const projects = new Map<string, string | null>();
    const experiences: SkillExperience[] = [];
    for (const task of tasks) {
      if (task.status !== "completed") continue;
      if (!projects.has(task.sessionId))
        projects.set(task.sessionId, (await store.getSession(task.sessionId))?.projectId ?? null);
      const taskProject = projects.get(task.sessionId) ?? null;
      if (projectId !== undefined && taskProject !== projectId) continue;
      const cached = await store.getCachedExperience(task.id);
      if (!cached) continue;
      const parsed = taskExperienceSchema.safeParse(cached.experience);
      if (!parsed.success) {
        warnings.push(
          `task ${task.id}: cached experience unreadable (${parsed.error.issues[0]?.message ?? "invalid"})`,
        );
        continue;
      }
      experiences.push({
        taskId: task.id,
        projectId: taskProject,
        success: true,
        at: task.createdAt,
        experience: parsed.data,
      });
    }
    return { tasks: tasks.length, succeeded, experiences };
  }

  async function resolveSkill(ref: string, projectId?: string): Promise<Skill> {
    const byId = await skills.getSkill(ref);
    if (byId) return byId;
    const named = await skills.listSkills({ name: ref, limit: 50, ...(projectId ? { projectId } : {}) });
    const preferred = named.filter((skill) => skill.scope === "project");
    const choices = preferred.length > 0 ? preferred : named;
    if (choices.length > 1)
      throw new InvalidInputError({
        field: "skill",
        message: `${choices.length} skills are named ${ref} (${choices.map((skill) => skill.id).join(", ")}); give an id or --project`,
      });
    const [only] = choices;
    if (!only) throw new NotFoundError("skill", ref);
    return only;
  }

  /** Sets a skill's status with a history event; null when it already had that status. */
  function setStatus(id: string, status: "draft" | "archived", reason: string): Promise<Skill | null> {
    return withRetry(async () => {
      const current = await skills.getSkill(id);
      if (!current) throw new NotFoundError("skill", id);
      if (current.status === status) return null;
      const skill: Skill = { ...current, status, statusReason: reason, updatedAt: now() };
      const type: SkillEventType = status === "draft" ? "skill-drafted" : "skill-archived";
      await skills.commitSkillChanges({
        writes: [{ skill, expected: current }],
        events: [event(type, current, skill, reason)],
      });
      return skill;
    });
  }

  return {
    /**
     * Plans skills from the lessons and successful tasks (of one project and the global lessons
     * when `projectId` is given), then creates new skills and upgrades matched ones in place.
     * Candidates matching an archived skill are skipped; active skills whose tasks are now known
     * to have failed go back to draft. The lessons a skill was made from are adopted by it (see
     * `adoptSkillLessons`). Idempotent: a second run with no new evidence changes nothing.
     */
    async generate(input: { projectId?: string } = {}): Promise<GenerateResult> {
      const warnings: string[] = [];
      const { tasks, succeeded, experiences } = await readExperiences(input.projectId, warnings);
      const lessons = await store.listLessons({
        limit: config.maxRows,
        ...(input.projectId ? { projectId: input.projectId } : {}),
      });
      const candidates = planSkills({
        lessons,
        experiences,
        config: config.plan,
        ...(config.similarity ? { similarity: config.similarity } : {}),
      });
      const result: GenerateResult = {
        created: [],
        upgraded: [],
        activated: [],
        drafted: [],
        unchanged: 0,
        skipped: [],
        considered: {
          tasks,
          successfulTasks: experiences.length,
          lessons: lessons.length,
          candidates: candidates.length,
        },
        warnings,
        adoptedLessons: [],
      };
      const filter: SkillFilter = {
        limit: config.maxRows,
        ...(input.projectId ? { projectId: input.projectId } : {}),
      };
      const existing = await skills.listSkills(filter);
      const matched = new Set<string>();
      for (const { candidate, skill: match } of matchSkills(candidates, existing)) {
        if (match) matched.add(match.id);
        await withRetry(async () => {
          const time = now();
          // Another generator may have written this skill meanwhile (a conflict brought us back here).
          const scoped = await skills.listSkills(filter);
          const current = match
            ? ((await skills.getSkill(match.id)) ?? match)
            : (matchSkills(
                [candidate],
                scoped.filter((skill) => !matched.has(skill.id)),
              )[0]?.skill ?? null);
          if (!current) {
            const taken = new Set(
              scoped
                .filter((skill) => skillScopeKey(skill) === skillScopeKey(candidate))
                .map((skill) => skill.name),
            );
            const skill = createSkill({
              ...candidate,
              name: uniqueSkillName(candidate.name, taken),
              id: ids(),
              now: time,
            });
            await skills.commitSkillChanges({
              writes: [{ skill, expected: null }],
              events: [event("skill-created", null, skill, creationReason(skill, candidate.origin))],
            });
            matched.add(skill.id);
            result.created.push(skill);
            return;
          }
          if (current.status === "archived") {
            result.skipped.push({ name: current.name, reason: `skill ${current.id} is archived` });
            return;
          }
          const upgrade = upgradeSkill(current, candidate, time);
          const events: SkillEvent[] = [];
          let skill = upgrade.skill;
          if (upgrade.change !== "none")
            events.push(event(CHANGE_EVENTS[upgrade.change], current, skill, upgrade.reason));
          if (skill.status === "draft") {
            const before = skill;
            skill = { ...skill, status: "active", statusReason: null, updatedAt: time };
            events.push(event("skill-activated", before, skill, "supported again by successful tasks"));
          }
          if (events.length === 0) {
            result.unchanged++;
            return;
          }
          await skills.commitSkillChanges({ writes: [{ skill, expected: current }], events });
          if (upgrade.change !== "none")
            result.upgraded.push({ skill, change: upgrade.change, reason: upgrade.reason });
          if (current.status === "draft") result.activated.push(skill);
        });
      }
      for (const id of matched) {
        const skill = await skills.getSkill(id);
        if (skill && skill.status !== "archived") {
          result.adoptedLessons.push(...(await adoptSkillLessons({ store, now, ids }, skill)));
        }
      }
      for (const skill of existing) {
        if (
          matched.has(skill.id) ||
          skill.status !== "active" ||
          hasSkillSupport(skill, (id) => succeeded.get(id), config.plan.minSupportTasks)
        )
          continue;
        const drafted = await setStatus(
          skill.id,
          "draft",
          "its supporting tasks are now known to have failed",
        );
        if (drafted) result.drafted.push(drafted);
      }
      return result;
    },

    /** Skills, newest first. */
    list(filter: SkillFilter): Promise<Skill[]> {
      return skills.listSkills(filter);
    },

    /** A skill by id or name (a project's own skill before a global one), with its SKILL.md. */
    async show(
      ref: string,
      options: { projectId?: string } = {},
    ): Promise<{ skill: Skill; markdown: string }> {
      const skill = await resolveSkill(ref, options.projectId);
      return { skill, markdown: renderSkillMarkdown(skill) };
    },

    /** Every change to a skill (by id or name), oldest first. */
    async history(ref: string, options: { projectId?: string } = {}): Promise<SkillEvent[]> {
      return skills.listSkillEvents((await resolveSkill(ref, options.projectId)).id);
    },

    /** Archives a skill: never exported, never upgraded, and not made again. */
    async archive(ref: string, reason: string): Promise<Skill> {
      const skill = await resolveSkill(ref);
      return (await setStatus(skill.id, "archived", reason)) ?? skill;
    },

    /**
     * Writes `<dir>/<name>/SKILL.md` for every active skill (of a project and the global ones when
     * `projectId` is given); see {@link exportSkills}.
     */
    export: (input: { dir: string; projectId?: string; root?: string }): Promise<ExportResult> =>
      exportSkills({ skills, maxRows: config.maxRows, ids }, input),
  };
}

function creationReason(skill: Skill, origin: "experiences" | "lesson"): string {
  if (origin === "lesson")
    return `from a proven lesson with at least 2 supporting tasks (lessons ${skill.sourceLessonIds.join(", ")})`;
  const lessons = skill.sourceLessonIds.length;
  return `from ${skill.sourceTaskIds.length} successful tasks${lessons ? ` and ${lessons} lesson(s)` : ""}`;
}

/** The skill book's type, as `createSkillBook` returns it. */
export type SkillBook = ReturnType<typeof createSkillBook>;
