import { z } from "zod";
import { AGENT_KINDS, type AgentKind } from "../../../core/types.js";
import { sessionMessage, sessionTimeline } from "../../../inspect/session-timeline.js";
import { taskDetails } from "../../../inspect/task-details.js";
import { SIGNAL_TYPES } from "../../../store/insight-store.js";
import type { ApiApp } from "../app.js";
import { paramsOf, queryOf } from "../validate.js";
import type { ViewerServices } from "../viewer-services.js";
import { idParams, idSchema, limitSchema, offsetSchema } from "./route-schemas.js";

/** Sessions (list, timeline, one message), tasks and feedback signals: all reads. */
export function registerSessionRoutes(app: ApiApp, services: ViewerServices): void {
  const { store } = services;

  app.get("/api/sessions", async (c) => {
    const query = queryOf(
      c,
      z.object({
        limit: limitSchema(50, 500),
        agent: z.enum(AGENT_KINDS as [AgentKind, ...AgentKind[]]).optional(),
        project: idSchema.optional(),
      }),
    );
    const filter = { agent: query.agent, projectId: query.project };
    const [sessions, total] = await Promise.all([
      store.listSessions({ ...filter, limit: query.limit }),
      store.countSessions(filter),
    ]);
    return c.json({ sessions, total });
  });

  app.get("/api/sessions/:id/timeline", async (c) => {
    const { id } = paramsOf(c, idParams);
    const query = queryOf(
      c,
      z.object({ afterSeq: z.coerce.number().int().min(-1).optional(), limit: limitSchema(200, 1000) }),
    );
    return c.json(await sessionTimeline(services, id, query));
  });

  app.get("/api/sessions/:id/messages/:seq", async (c) => {
    const { id, seq } = paramsOf(c, z.object({ id: idSchema, seq: z.coerce.number().int().min(0) }));
    return c.json(await sessionMessage(store, id, seq));
  });

  app.get("/api/tasks", async (c) => {
    const query = queryOf(c, z.object({ session: idSchema.optional(), limit: limitSchema(100, 1000) }));
    return c.json({ tasks: await store.listTasks({ sessionId: query.session, limit: query.limit }) });
  });

  app.get("/api/tasks/:id", async (c) => c.json(await taskDetails(store, paramsOf(c, idParams).id)));

  app.get("/api/signals", async (c) => {
    const query = queryOf(
      c,
      z.object({
        type: z.enum(SIGNAL_TYPES as [string, ...string[]]).optional(),
        session: idSchema.optional(),
        task: idSchema.optional(),
        limit: limitSchema(100, 1000),
        offset: offsetSchema,
      }),
    );
    const filter = {
      type: query.type as (typeof SIGNAL_TYPES)[number] | undefined,
      sessionId: query.session,
      taskId: query.task,
    };
    const [signals, total] = await Promise.all([
      store.insights.listSignals({ ...filter, limit: query.limit, offset: query.offset }),
      store.insights.countSignals(filter),
    ]);
    return c.json({ signals, total });
  });
}
