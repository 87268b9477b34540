import { z } from "zod";
import { overview } from "../../../inspect/overview.js";
import { availableSources } from "../../../inspect/viewer-sources.js";
import type { ApiApp } from "../app.js";
import { queryOf } from "../validate.js";
import type { ViewerServices } from "../viewer-services.js";

/** GET /api/capabilities, /api/overview, /api/projects. */
export function registerOverviewRoutes(app: ApiApp, services: ViewerServices, version: string): void {
  app.get("/api/capabilities", (c) =>
    c.json({ version, sources: availableSources(services.sources), readOnlyStore: services.store.readOnly }),
  );
  app.get("/api/overview", async (c) => {
    const { days } = queryOf(c, z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }));
    return c.json(await overview(services, days));
  });
  app.get("/api/projects", async (c) => c.json({ projects: await services.store.insights.projects() }));
}
