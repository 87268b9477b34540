import { TacitError } from "../core/errors.js";
import type { LessonScope } from "../core/lessons/lesson.js";
import type { Skill, SkillEvent, SkillStatus } from "../core/skills/skill.js";

/** Filters for listing skills. `projectId` matches that project's skills and every global one. */
export interface SkillFilter {
  limit: number;
  status?: SkillStatus[];
  scope?: LessonScope;
  projectId?: string;
  /** Only skills with this name (in any scope the other filters allow). */
  name?: string;
}

/**
 * One atomic change to the skill book. Every write names the skill it expects to replace, as it
 * was read (null: the skill must not exist yet), so two generators changing one skill at once
 * cannot overwrite each other: the second gets a {@link SkillConflictError} and retries.
 */
export interface SkillCommit {
  writes: Array<{ skill: Skill; expected: Skill | null }>;
  events: SkillEvent[];
}

/** A skill changed between reading and writing it, or its name is taken in its scope. Retry with fresh data. */
export class SkillConflictError extends TacitError {
  static override readonly marker: string = "tacit.error.skill-conflict";
  override readonly name = "SkillConflictError";
  readonly isRetryable = true;
}

/** Storage of skills and their history. */
export interface SkillStore {
  getSkill(id: string): Promise<Skill | null>;
  /** Newest first (by `updatedAt`). */
  listSkills(filter: SkillFilter): Promise<Skill[]>;
  /** Writes skills and their events in one transaction, or nothing. */
  commitSkillChanges(commit: SkillCommit): Promise<void>;
  /** Oldest first. */
  listSkillEvents(skillId: string): Promise<SkillEvent[]>;
}
