import { z } from "zod";
import { NotFoundError } from "../../../core/errors.js";
import { LESSON_STATUSES, type LessonStatus } from "../../../core/lessons/lesson.js";
import type { ApiApp } from "../app.js";
import { paramsOf, queryOf } from "../validate.js";
import type { ViewerServices } from "../viewer-services.js";
import { idParams, idSchema, limitSchema, needSource } from "./route-schemas.js";

const FEATURE = "conventions";

/**
 * GET /api/conventions (a project's standing conventions, `?project=&status=`) and
 * /api/conventions/:id (with the supersession chain it belongs to, oldest first): reads; 501
 * without the source.
 */
export function registerConventionRoutes(app: ApiApp, services: ViewerServices): void {
  app.get("/api/conventions", async (c) => {
    const conventions = needSource(services.sources.conventions, FEATURE);
    const query = queryOf(
      c,
      z.object({
        project: idSchema.optional(),
        status: z.enum(LESSON_STATUSES as [LessonStatus, ...LessonStatus[]]).optional(),
        limit: limitSchema(100, 1000),
      }),
    );
    return c.json({
      conventions: await conventions.list({
        projectId: query.project,
        status: query.status,
        limit: query.limit,
      }),
    });
  });
  app.get("/api/conventions/:id", async (c) => {
    const conventions = needSource(services.sources.conventions, FEATURE);
    const { id } = paramsOf(c, idParams);
    const convention = await conventions.get(id);
    if (!convention) throw new NotFoundError("convention", id);
    return c.json({ convention, chain: await conventions.chain(id) });
  });
}
