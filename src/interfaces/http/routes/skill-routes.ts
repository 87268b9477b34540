import { z } from "zod";
import { NotFoundError } from "../../../core/errors.js";
import { SKILL_STATUSES, type SkillStatus } from "../../../core/skills/skill.js";
import type { ApiApp } from "../app.js";
import { paramsOf, queryOf } from "../validate.js";
import type { ViewerServices } from "../viewer-services.js";
import { idParams, idSchema, limitSchema, listOf } from "./route-schemas.js";

/** GET /api/skills and /api/skills/:id (with its history): reads. */
export function registerSkillRoutes(app: ApiApp, services: ViewerServices): void {
  const { store } = services;
  app.get("/api/skills", async (c) => {
    const query = queryOf(
      c,
      z.object({
        status: listOf<SkillStatus>(SKILL_STATUSES),
        project: idSchema.optional(),
        limit: limitSchema(100, 1000),
      }),
    );
    return c.json({
      skills: await store.listSkills({ status: query.status, projectId: query.project, limit: query.limit }),
    });
  });
  app.get("/api/skills/:id", async (c) => {
    const { id } = paramsOf(c, idParams);
    const skill = await store.getSkill(id);
    if (!skill) throw new NotFoundError("skill", id);
    return c.json({ skill, events: await store.listSkillEvents(id) });
  });
}
