import { lstat, mkdir, readdir, rmdir, unlink } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
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
  isValidSkillName,
  type Skill,
  type SkillEvent,
  type SkillEventType,
  skillScopeKey,
  uniqueSkillName,
} from "../core/skills/skill.js";
import { parseSkillMarkdown, readSkillMarker, renderSkillMarkdown } from "../core/skills/skill-markdown.js";
import {
  hasSkillSupport,
  matchSkills,
  type SkillChange,
  upgradeSkill,
} from "../core/skills/upgrade-skill.js";
import { SkillConflictError, type SkillFilter, type SkillStore } from "../store/skill-store.js";
import type { Store } from "../store/store.js";
import { linkedPath, readOwnFile, refuseLinkedFolders, writeFileAtomically } from "./skill-files.js";
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

/** What `export` did. Paths are absolute. */
export interface ExportResult {
  dir: string;
  /** SKILL.md files written (new or changed). */
  written: string[];
  /** SKILL.md files already up to date. */
  unchanged: string[];
  /** SKILL.md files tacit had written for skills no longer active, now removed. */
  removed: string[];
  /** Skills not exported, with why (a file tacit did not write is in the way, a name clash). */
  skipped: Array<{ name: string; path: string; reason: string }>;
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
     * `projectId` is given; a project skill wins a name clash). Overwrites only files tacit wrote
     * (they start with its marker), never deletes a folder it did not empty, and removes the files
     * it wrote for skills since archived or drafted. Files are replaced atomically. Symbolic links
     * are never followed (see skill-files.ts): a linked folder on the way to `dir`, below `root`
     * (default: `dir`'s parent), refuses the export; a linked skill folder or SKILL.md is skipped.
     */
    async export(input: { dir: string; projectId?: string; root?: string }): Promise<ExportResult> {
      const dir = resolve(input.dir);
      await refuseLinkedFolders(resolve(input.root ?? dirname(dir)), dir);
      const result: ExportResult = { dir, written: [], unchanged: [], removed: [], skipped: [] };
      const active = await skills.listSkills({
        status: ["active"],
        limit: config.maxRows,
        ...(input.projectId ? { projectId: input.projectId } : {}),
      });
      // A project's own skill wins a name clash with a global one; otherwise by name, for stable output.
      const ordered = [...active].sort(
        (first, second) =>
          Number(first.scope === "global") - Number(second.scope === "global") ||
          first.name.localeCompare(second.name),
      );
      // Nothing to write and no folder to tidy: create none (an empty `.claude/skills` is clutter).
      if (ordered.length === 0 && !(await folderExists(dir))) return result;
      await mkdir(dir, { recursive: true });
      const exported = new Map<string, Skill>();
      for (const skill of ordered) {
        const folder = join(dir, skill.name);
        const path = join(folder, "SKILL.md");
        const owner = exported.get(skill.name);
        if (owner || !isValidSkillName(skill.name)) {
          const reason = owner ? `name also used by skill ${owner.id}` : "invalid name";
          result.skipped.push({ name: skill.name, path, reason });
          continue;
        }
        const linked = await linkedPath(folder, path);
        if (linked) {
          result.skipped.push({ name: skill.name, path, reason: linked });
          continue;
        }
        const markdown = renderSkillMarkdown(skill);
        const present = await readOwnFile(path);
        if (present !== null) {
          const marker = tacitMarker(present);
          const other = marker && marker.skillId !== skill.id ? await skills.getSkill(marker.skillId) : null;
          if (!marker || other?.status === "active") {
            const reason = marker
              ? `holds active skill ${marker.skillId}`
              : "SKILL.md exists and was not written by tacit";
            result.skipped.push({ name: skill.name, path, reason });
            continue;
          }
        }
        exported.set(skill.name, skill);
        if (present === markdown) {
          result.unchanged.push(path);
          continue;
        }
        await writeFileAtomically(folder, "SKILL.md", markdown, ids());
        result.written.push(path);
      }
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (!entry.isDirectory() || exported.has(entry.name)) continue;
        const path = join(dir, entry.name, "SKILL.md");
        const present = await readOwnFile(path);
        const marker = present === null ? null : tacitMarker(present);
        if (!marker) continue;
        const skill = await skills.getSkill(marker.skillId);
        if (!skill || skill.status === "active") continue;
        await unlink(path);
        result.removed.push(path);
        if ((await readdir(join(dir, entry.name))).length === 0) await rmdir(join(dir, entry.name));
      }
      return result;
    },
  };
}

function creationReason(skill: Skill, origin: "experiences" | "lesson"): string {
  if (origin === "lesson")
    return `from a proven lesson with at least 2 supporting tasks (lessons ${skill.sourceLessonIds.join(", ")})`;
  const lessons = skill.sourceLessonIds.length;
  return `from ${skill.sourceTaskIds.length} successful tasks${lessons ? ` and ${lessons} lesson(s)` : ""}`;
}

/** Whether `path` is there (a folder or anything else: export then fails on it as before). */
async function folderExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** The skill book's type, as `createSkillBook` returns it. */
export type SkillBook = ReturnType<typeof createSkillBook>;

/** The tacit marker of a SKILL.md, or null when tacit did not write it. */
function tacitMarker(text: string): { skillId: string; version: number } | null {
  try {
    return readSkillMarker(parseSkillMarkdown(text).body);
  } catch (error) {
    // A file that does not parse as SKILL.md was not written by tacit: leave it alone.
    if (error instanceof InvalidInputError) return null;
    throw error;
  }
}
