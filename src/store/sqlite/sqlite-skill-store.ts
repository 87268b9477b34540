import type { Skill, SkillEvent } from "../../core/skills/skill.js";
import { skillScopeKey } from "../../core/skills/skill.js";
import { type SkillCommit, SkillConflictError, type SkillFilter, type SkillStore } from "../skill-store.js";
import { type SqliteDatabase, withBusyRetry } from "./sqlite-database.js";

type Row = Record<string, unknown>;

/** Skills and their history in SQLite (tables of migration 006). */
export class SqliteSkillStore implements SkillStore {
  constructor(private readonly db: SqliteDatabase) {}

  async getSkill(id: string): Promise<Skill | null> {
    const row = this.db.prepare("SELECT data FROM skills WHERE id = ?").get(id) as
      | { data: string }
      | undefined;
    return row ? (JSON.parse(row.data) as Skill) : null;
  }

  async listSkills(filter: SkillFilter): Promise<Skill[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.status?.length) {
      where.push(`status IN (${filter.status.map(() => "?").join(", ")})`);
      params.push(...filter.status);
    }
    if (filter.scope) {
      where.push("scope = ?");
      params.push(filter.scope);
    }
    if (filter.projectId) {
      where.push("(project_id = ? OR scope = 'global')");
      params.push(filter.projectId);
    }
    if (filter.name !== undefined) {
      where.push("name = ?");
      params.push(filter.name);
    }
    const sql = `SELECT data FROM skills ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY updated_at DESC, pk DESC LIMIT ?`;
    const rows = this.db.prepare(sql).all(...params, filter.limit) as Array<{ data: string }>;
    return rows.map((row) => JSON.parse(row.data) as Skill);
  }

  async commitSkillChanges(commit: SkillCommit): Promise<void> {
    const write = this.db.transaction(() => {
      for (const { skill, expected } of commit.writes) this.writeSkill(skill, expected);
      const insert = this.db.prepare(
        `INSERT INTO skill_events (id, skill_id, type, version, before_state, after_state, reason, at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const event of commit.events) {
        insert.run(
          event.id,
          event.skillId,
          event.type,
          event.after.version,
          event.before ? JSON.stringify(event.before) : null,
          JSON.stringify(event.after),
          event.reason,
          event.at,
        );
      }
    });
    withBusyRetry(() => write.immediate());
  }

  async listSkillEvents(skillId: string): Promise<SkillEvent[]> {
    const rows = this.db
      .prepare("SELECT * FROM skill_events WHERE skill_id = ? ORDER BY at, rowid")
      .all(skillId) as Row[];
    return rows.map(toSkillEvent);
  }

  private writeSkill(skill: Skill, expected: Skill | null): void {
    const values = {
      id: skill.id,
      scopeKey: skillScopeKey(skill),
      name: skill.name,
      status: skill.status,
      scope: skill.scope,
      projectId: skill.projectId,
      version: skill.version,
      createdAt: skill.createdAt,
      updatedAt: skill.updatedAt,
      data: JSON.stringify(skill),
    };
    const unique = <T>(work: () => T): T => {
      try {
        return work();
      } catch (error) {
        if ((error as { code?: string }).code !== "SQLITE_CONSTRAINT_UNIQUE") throw error;
        throw new SkillConflictError(
          `skill ${skill.id}, or a skill named ${skill.name} in ${values.scopeKey}, already exists`,
          { cause: error },
        );
      }
    };
    if (expected === null) {
      unique(() =>
        this.db
          .prepare(
            `INSERT INTO skills (id, scope_key, name, status, scope, project_id, version, created_at, updated_at, data)
            VALUES (@id, @scopeKey, @name, @status, @scope, @projectId, @version, @createdAt, @updatedAt, @data)`,
          )
          .run(values),
      );
      return;
    }
    const info = unique(() =>
      this.db
        .prepare(
          `UPDATE skills SET scope_key = @scopeKey, name = @name, status = @status, scope = @scope,
            project_id = @projectId, version = @version, created_at = @createdAt, updated_at = @updatedAt, data = @data
          WHERE id = @id AND data = @expected`,
        )
        .run({ ...values, expected: JSON.stringify(expected) }),
    );
    if (info.changes === 0) throw new SkillConflictError(`skill ${skill.id} changed since it was read`);
  }
}

function toSkillEvent(row: Row): SkillEvent {
  return {
    id: row.id as string,
    skillId: row.skill_id as string,
    type: row.type as SkillEvent["type"],
    before: row.before_state ? (JSON.parse(row.before_state as string) as Skill) : null,
    after: JSON.parse(row.after_state as string) as Skill,
    reason: row.reason as string,
    at: row.at as number,
  };
}
