import { z } from "zod";
import { NotFoundError } from "../../../core/errors.js";
import type { ApiApp } from "../app.js";
import { bodyOf, paramsOf, queryOf } from "../validate.js";
import type { ViewerServices } from "../viewer-services.js";
import { idParams, idSchema, limitSchema, needSource, reasonSchema } from "./route-schemas.js";

const FEATURE = "memory-file guarding";

/**
 * Guarded memory files: files, each file's history, gate decisions and guardian audits (reads);
 * rollback and correction of an audit (changes, token required). 501 without the source.
 */
export function registerMemoryFileRoutes(app: ApiApp, services: ViewerServices): void {
  const source = () => needSource(services.sources.memoryFiles, FEATURE);
  const pathQuery = z.object({ path: z.string().min(1).max(4096).optional(), limit: limitSchema(100, 1000) });

  app.get("/api/memory-files", async (c) => c.json({ files: await source().listFiles() }));
  app.get("/api/memory-files/history", async (c) => {
    const files = source();
    const query = queryOf(c, z.object({ path: z.string().min(1).max(4096), limit: limitSchema(100, 1000) }));
    return c.json({ versions: await files.fileHistory(query.path, query.limit) });
  });
  app.get("/api/gate-decisions", async (c) => {
    const files = source();
    const query = queryOf(c, pathQuery);
    return c.json({ decisions: await files.listGateDecisions({ path: query.path, limit: query.limit }) });
  });
  app.get("/api/audits", async (c) => {
    const files = source();
    const query = queryOf(c, pathQuery.extend({ status: idSchema.optional() }));
    return c.json({
      audits: await files.listAudits({ path: query.path, status: query.status, limit: query.limit }),
    });
  });
  app.get("/api/audits/:id", async (c) => {
    const files = source();
    const { id } = paramsOf(c, idParams);
    const audit = await files.getAudit(id);
    if (!audit) throw new NotFoundError("audit", id);
    return c.json({ audit });
  });
  app.post("/api/audits/:id/rollback", async (c) => {
    const files = source();
    const { id } = paramsOf(c, idParams);
    const { reason } = await bodyOf(
      c,
      z.object({ reason: reasonSchema.default("rolled back in the viewer") }),
    );
    return c.json({ audit: await files.rollback(id, reason) });
  });
  app.post("/api/audits/:id/correct", async (c) => {
    const files = source();
    const { id } = paramsOf(c, idParams);
    const correction = await bodyOf(c, z.object({ verdict: idSchema, note: reasonSchema }));
    return c.json({ audit: await files.correct(id, correction) });
  });
}
