import { z } from "zod";
import { EXPORT_FORMATS } from "../../../core/dataset/formats.js";
import { NotFoundError } from "../../../core/errors.js";
import type { ApiApp } from "../app.js";
import { bodyOf, paramsOf, queryOf } from "../validate.js";
import type { ViewerServices } from "../viewer-services.js";
import { idParams, idSchema, limitSchema, needSource, offsetSchema, reasonSchema } from "./route-schemas.js";

const FEATURE = "the dataset";

/**
 * The dataset's review queue (reads); approve, reject and export (token required: an export hands
 * out what was captured). 501 without the source.
 */
export function registerDatasetRoutes(app: ApiApp, services: ViewerServices): void {
  const source = () => needSource(services.sources.dataset, FEATURE);

  app.get("/api/dataset/samples", async (c) => {
    const dataset = source();
    const query = queryOf(
      c,
      z.object({ status: idSchema.optional(), limit: limitSchema(50, 500), offset: offsetSchema }),
    );
    return c.json(await dataset.listSamples(query));
  });
  app.get("/api/dataset/samples/:id", async (c) => {
    const dataset = source();
    const { id } = paramsOf(c, idParams);
    const sample = await dataset.getSample(id);
    if (!sample) throw new NotFoundError("sample", id);
    return c.json({ sample });
  });
  app.post("/api/dataset/samples/:id/approve", async (c) => {
    const dataset = source();
    const { id } = paramsOf(c, idParams);
    const { note } = await bodyOf(c, z.object({ note: reasonSchema.optional() }));
    return c.json({ sample: await dataset.approve(id, note ?? null) });
  });
  app.post("/api/dataset/samples/:id/reject", async (c) => {
    const dataset = source();
    const { id } = paramsOf(c, idParams);
    const { note } = await bodyOf(c, z.object({ note: reasonSchema }));
    return c.json({ sample: await dataset.reject(id, note) });
  });
  app.post("/api/dataset/export", async (c) => {
    const dataset = source();
    const { format } = await bodyOf(
      c,
      z.object({ format: z.enum(["jsonl", ...EXPORT_FORMATS]).default("jsonl") }),
    );
    const file = await dataset.export({ format });
    c.header("Content-Type", file.contentType);
    c.header("Content-Disposition", `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`);
    return c.body(file.body);
  });
}
