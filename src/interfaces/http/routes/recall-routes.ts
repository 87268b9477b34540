import { z } from "zod";
import { tryRecall } from "../../../inspect/recall-playground.js";
import type { ApiApp } from "../app.js";
import { queryOf } from "../validate.js";
import type { ViewerServices } from "../viewer-services.js";
import { idSchema } from "./route-schemas.js";

/** GET /api/recall: the playground — what would be injected for a prompt, and what was left out, why. */
export function registerRecallRoutes(app: ApiApp, services: ViewerServices): void {
  app.get("/api/recall", async (c) => {
    const query = queryOf(
      c,
      z.object({
        prompt: z.string().trim().min(1).max(20_000),
        project: idSchema.optional(),
        session: idSchema.optional(),
      }),
    );
    return c.json(
      await tryRecall(services, {
        prompt: query.prompt,
        projectId: query.project ?? null,
        sessionId: query.session ?? null,
      }),
    );
  });
}
