/**
 * The viewer's HTTP application (Hono): the JSON API under /api, the built viewer at /, and the
 * MCP endpoint at /mcp when given. Every request first passes the Host/Origin check (403); API
 * requests that change something — and every API request when reads need the token — then need
 * the bearer token (401). Errors are JSON `{"error": message}`; no cookies are set or read.
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError, errorResponse } from "./api-error.js";
import { bearerMatches, hostOrOriginRefusal } from "./request-guard.js";
import { registerConventionRoutes } from "./routes/convention-routes.js";
import { registerDatasetRoutes } from "./routes/dataset-routes.js";
import { registerLessonRoutes } from "./routes/lesson-routes.js";
import { registerMemoryFileRoutes } from "./routes/memory-file-routes.js";
import { registerOverviewRoutes } from "./routes/overview-routes.js";
import { registerRecallRoutes } from "./routes/recall-routes.js";
import { registerSessionRoutes } from "./routes/session-routes.js";
import { registerSkillRoutes } from "./routes/skill-routes.js";
import { serveAsset, type ViewerAssets } from "./viewer-assets.js";
import type { ViewerServices } from "./viewer-services.js";

/** The Hono environment of the app: Node's request and response are reachable (for /mcp). */
export type ApiEnv = { Bindings: HttpBindings };
/** The app the routes are registered on. */
export type ApiApp = Hono<ApiEnv>;

/** Largest API request body, bytes. */
export const MAX_API_BODY_BYTES = 256 * 1024;

/**
 * The policy every page and API answer carries: nothing but this server's own scripts, styles,
 * images and API (so no CDN, font or analytics request can leave the machine), no framing.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export interface ApiAppOptions {
  services: ViewerServices;
  /** The bearer token that changes need (and reads, when `readsNeedToken`). */
  token: string;
  /** The `host:port` names requests may carry (known once the port is). */
  ownHosts: () => readonly string[];
  /** Also require the token to read (always when the server is reachable beyond this machine). */
  readsNeedToken: boolean;
  /** The built viewer; null serves the API only. */
  assets: ViewerAssets | null;
  /** Answers /mcp (it checks its own Host, Origin and token, and answers in JSON-RPC). */
  mcp?: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  version: string;
}

/** Builds the application. */
export function createApiApp(options: ApiAppOptions): ApiApp {
  const app: ApiApp = new Hono<ApiEnv>();
  const { mcp } = options;
  if (mcp) {
    app.all("/mcp", async (c) => {
      await mcp(c.env.incoming, c.env.outgoing);
      return RESPONSE_ALREADY_SENT;
    });
  }

  app.use("*", async (c, next) => {
    const refusal = hostOrOriginRefusal(
      { host: c.req.header("host"), origin: c.req.header("origin") },
      options.ownHosts(),
    );
    if (refusal) throw new ApiError(403, refusal);
    await next();
    c.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Frame-Options", "DENY");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    c.header("Cross-Origin-Resource-Policy", "same-origin");
  });

  app.use("/api/*", async (c, next) => {
    const reads = c.req.method === "GET" || c.req.method === "HEAD";
    if ((!reads || options.readsNeedToken) && !bearerMatches(c.req.header("authorization"), options.token)) {
      c.header("WWW-Authenticate", 'Bearer realm="tacit"');
      throw new ApiError(
        401,
        reads
          ? "reading needs the bearer token on this server (see $TACIT_HOME/api-token)"
          : "changes need the bearer token: send Authorization: Bearer <token> (see $TACIT_HOME/api-token)",
      );
    }
    await next();
    c.header("Cache-Control", "no-store");
  });
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_API_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, `request body over ${MAX_API_BODY_BYTES} bytes`);
      },
    }),
  );

  const { services } = options;
  registerOverviewRoutes(app, services, options.version);
  registerSessionRoutes(app, services);
  registerLessonRoutes(app, services);
  registerRecallRoutes(app, services);
  registerSkillRoutes(app, services);
  registerConventionRoutes(app, services);
  registerMemoryFileRoutes(app, services);
  registerDatasetRoutes(app, services);

  const { assets } = options;
  if (assets) app.get("*", (c) => (c.req.path.startsWith("/api/") ? c.notFound() : serveAsset(c, assets)));

  app.notFound((c) => c.json({ error: `not found: ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    const { status, message } = errorResponse(error);
    if (status === 401) c.header("WWW-Authenticate", 'Bearer realm="tacit"');
    c.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    c.header("X-Content-Type-Options", "nosniff");
    return c.json({ error: message }, status as 400);
  });
  return app;
}
