import type { Context } from "hono";
import { z } from "zod";
import { NotFoundError } from "../../../core/errors.js";
import {
  LESSON_KINDS,
  LESSON_SCOPES,
  LESSON_STATUSES,
  type LessonScope,
  MATURITY_STATES,
} from "../../../core/lessons/lesson.js";
import { LESSON_SORTS, listLessonPage } from "../../../inspect/lesson-catalogue.js";
import { lessonDossier } from "../../../inspect/lesson-dossier.js";
import type { LessonChange } from "../../../lessons/index.js";
import type { ApiApp } from "../app.js";
import { bodyOf, paramsOf, queryOf } from "../validate.js";
import type { ViewerServices } from "../viewer-services.js";
import { idParams, idSchema, limitSchema, listOf, offsetSchema, reasonSchema } from "./route-schemas.js";

const listQuery = z.object({
  status: listOf(LESSON_STATUSES),
  maturity: listOf(MATURITY_STATES),
  kind: listOf(LESSON_KINDS),
  scope: z.enum(LESSON_SCOPES as [LessonScope, ...LessonScope[]]).optional(),
  project: idSchema.optional(),
  convention: z.enum(["true", "false"]).optional(),
  q: z.string().max(500).optional(),
  sort: z.enum(LESSON_SORTS).default("updated"),
  order: z.enum(["asc", "desc"]).default("desc"),
  limit: limitSchema(50, 500),
  offset: offsetSchema,
});

/**
 * Lessons: listing, the dossier, history (reads); promote, deprecate, archive and revert (changes,
 * token required). A refused change (promoting a deprecated lesson, reverting over a later change)
 * is a 409 with the reason.
 */
export function registerLessonRoutes(app: ApiApp, services: ViewerServices): void {
  const { lessons } = services;

  app.get("/api/lessons", async (c) => {
    const query = queryOf(c, listQuery);
    const page = await listLessonPage(
      { store: services.store, now: services.now, quality: services.recall?.quality },
      {
        ...query,
        projectId: query.project,
        text: query.q,
        convention: query.convention === undefined ? undefined : query.convention === "true",
      },
    );
    return c.json(page);
  });

  app.get("/api/lessons/:id", async (c) => c.json(await lessonDossier(services, paramsOf(c, idParams).id)));

  app.get("/api/lessons/:id/history", async (c) => {
    const { id } = paramsOf(c, idParams);
    if (!(await lessons.get(id))) throw new NotFoundError("lesson", id);
    return c.json({ events: await lessons.history(id) });
  });

  const optionalReason = z.object({ reason: reasonSchema.optional() });
  app.post("/api/lessons/:id/promote", async (c) => {
    const { id } = paramsOf(c, idParams);
    const { reason } = await bodyOf(c, optionalReason);
    return changed(c, await lessons.promote(id, reason ?? "promoted in the viewer"));
  });
  app.post("/api/lessons/:id/deprecate", async (c) => {
    const { id } = paramsOf(c, idParams);
    const { reason } = await bodyOf(c, z.object({ reason: reasonSchema }));
    return changed(c, await lessons.deprecate(id, reason));
  });
  app.post("/api/lessons/:id/archive", async (c) => {
    const { id } = paramsOf(c, idParams);
    const { reason } = await bodyOf(c, optionalReason);
    return changed(c, await lessons.archive(id, reason ?? "archived in the viewer"));
  });
  app.post("/api/lesson-events/:id/revert", async (c) => {
    const { id } = paramsOf(c, idParams);
    await bodyOf(c, z.object({}));
    return changed(c, await lessons.revert(id));
  });
}

/** The lesson after a change and its history events, or the refusal as a 409. */
function changed(c: Context, change: LessonChange): Response {
  if (!change.ok) return c.json({ error: change.error.message, code: change.error.code }, 409);
  return c.json({ lesson: change.lesson, events: change.events });
}
