/**
 * The hook daemon's HTTP listener: Claude Code's HTTP hooks POST each event's JSON to
 * `http://127.0.0.1:<port>/tacit-hook/<agent>` and read the hook's answer from the response body,
 * so an event costs the agent one loopback round trip instead of starting a process.
 *
 * Only the agent of this user may use it:
 * - it listens on 127.0.0.1 only;
 * - the Host header must name that address (or localhost) and the port: a web page that rebinds a
 *   name of its own to 127.0.0.1 sends its own name and is refused (403);
 * - a request with an Origin header comes from a browser and is refused (403): the agent sends none;
 * - every request carries the endpoint's token (`Authorization: Bearer …`), compared in constant
 *   time (401 otherwise);
 * - a body over {@link MAX_BODY_BYTES} is refused (413) without being read whole;
 * - a body that is not a JSON object naming `hook_event_name` and `session_id` is refused (400,
 *   naming what was wrong). What the event then holds is validated by the hook handler itself, as
 *   for a command hook: an invalid event is logged and answered with nothing.
 *
 * The answer is what the command hook prints (`{"hookSpecificOutput":…}`, or nothing): 200 with
 * that JSON, or 200 with an empty body. Claude Code treats any other status, a refused connection
 * and a timeout as a non-blocking hook error: the agent goes on without the hook.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import * as z from "zod/mini";
import { HOOK_AGENTS, type HookAgent } from "./hook-event.js";
import { HEALTH_PATH, HOOK_PATH_PREFIX, type HookHttpEndpoint } from "./hook-http-endpoint.js";

/** A body beyond this is refused; hook-main.ts refuses 32 MiB payloads the same way. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** How long a closing listener waits for the requests in hand, ms. */
const CLOSE_GRACE_MS = 5_000;

/** How long a request may take to arrive whole, ms (a client that stalls is cut off). */
const REQUEST_TIMEOUT_MS = 30_000;

/** What every hook event holds, checked before it is handed on. */
const envelope = z.looseObject({
  hook_event_name: z.string().check(z.minLength(1)),
  session_id: z.string().check(z.minLength(1)),
});

/** One event received over HTTP. */
export interface HttpHookEvent {
  agent: HookAgent;
  /** `hook_event_name` of the payload. */
  eventName: string;
  sessionId: string;
  /** `cwd` of the payload, when it names one. */
  cwd: string | undefined;
  /** The body as received: the hook handler parses and validates it as it does stdin. */
  payload: Buffer;
  /** When the body was read whole, a `performance.now()` time. */
  receivedAt: number;
}

/** What the listener does with an event: resolves with the hook's answer ("" for none). */
export type HttpHookHandler = (event: HttpHookEvent) => Promise<string>;

/** A listening endpoint. */
export interface HookHttpListener {
  close(): Promise<void>;
}

/**
 * Listens at the endpoint; null (after `fail` says why) when the port is taken by another program
 * (HTTP hooks then fail, without blocking the agent, until `tacit install` picks another port).
 */
export async function listenForHooks(options: {
  endpoint: HookHttpEndpoint;
  handle: HttpHookHandler;
  fail: (message: string) => void;
  /** Called for every request (the daemon's idle timer). */
  onRequest?: () => void;
}): Promise<HookHttpListener | null> {
  const { endpoint } = options;
  const expected = digest(endpoint.token);
  const hosts = new Set([`127.0.0.1:${endpoint.port}`, `localhost:${endpoint.port}`]);
  const server = createServer((request, response) => {
    options.onRequest?.();
    void serve(request, response, { ...options, expected, hosts }).catch((error: Error) => {
      options.fail(`HTTP hook: ${error.stack ?? error.message}`);
      reply(response, 500, { error: "internal error; see the hook log" });
    });
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = REQUEST_TIMEOUT_MS;
  server.on("clientError", (_error, socket) => socket.destroy());
  const listening = await new Promise<boolean>((settle) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      options.fail(
        error.code === "EADDRINUSE"
          ? `HTTP hooks: port ${endpoint.port} on 127.0.0.1 is taken by another program, so the agent's HTTP hooks cannot reach tacit (they fail without blocking it; the transcript fills in at Stop). Run tacit install again to pick another port.`
          : `HTTP hooks: cannot listen on 127.0.0.1:${endpoint.port}: ${error.message}`,
      );
      settle(false);
    });
    server.listen(endpoint.port, "127.0.0.1", () => settle(true));
  });
  if (!listening) return null;
  server.on("error", (error) => options.fail(`HTTP hooks: ${error.message}`));
  return { close: () => closeServer(server) };
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  options: {
    expected: Buffer;
    hosts: ReadonlySet<string>;
    handle: HttpHookHandler;
    fail: (message: string) => void;
  },
): Promise<void> {
  if (!options.hosts.has((request.headers.host ?? "").toLowerCase())) {
    return refuse(request, response, 403, "the Host header must be this daemon's 127.0.0.1 address");
  }
  if (request.headers.origin !== undefined) {
    return refuse(request, response, 403, "requests from a browser (with an Origin header) are refused");
  }
  const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
  const agent = path.slice(HOOK_PATH_PREFIX.length);
  const isHook = path.startsWith(HOOK_PATH_PREFIX) && (HOOK_AGENTS as readonly string[]).includes(agent);
  if (!isHook && path !== HEALTH_PATH) return refuse(request, response, 404, `no route for ${path}`);
  if (!authorized(request.headers.authorization, options.expected)) {
    return refuse(request, response, 401, "missing or wrong token (Authorization: Bearer …)");
  }
  if (path === HEALTH_PATH) return reply(response, 200, { tacit: "hook-daemon", pid: process.pid });
  if (request.method !== "POST") return refuse(request, response, 405, "hook events are POSTed");
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    return refuse(request, response, 413, `body larger than ${MAX_BODY_BYTES} bytes`);
  }
  const body = await readBody(request);
  if (body === null) return refuse(request, response, 413, `body larger than ${MAX_BODY_BYTES} bytes`);
  const receivedAt = performance.now();
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch (error) {
    return reply(response, 400, { error: `body is not JSON: ${(error as Error).message}` });
  }
  const parsed = z.safeParse(envelope, value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return reply(response, 400, {
      error: `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"} (a hook event's JSON object)`,
    });
  }
  const cwd = (value as { cwd?: unknown }).cwd;
  const answer = await options.handle({
    agent: agent as HookAgent,
    eventName: parsed.data.hook_event_name,
    sessionId: parsed.data.session_id,
    cwd: typeof cwd === "string" && cwd !== "" ? cwd : undefined,
    payload: body,
    receivedAt,
  });
  response.writeHead(200, answer ? { "content-type": "application/json" } : {});
  response.end(answer);
}

/** Whether the Authorization header carries the token: SHA-256 of both, compared in constant time. */
export function authorized(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), expected);
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** The body, or null once it passes the limit (the rest is not read). */
function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners("data");
        request.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** Refuses a request without reading its body (the connection is closed after the answer). */
function refuse(request: IncomingMessage, response: ServerResponse, status: number, error: string): void {
  response.setHeader("connection", "close");
  reply(response, status, { error });
  request.resume();
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

/**
 * Stops accepting connections and closes the idle ones; a request in hand is still answered (its
 * event is in the daemon's queue), unless it takes longer than {@link CLOSE_GRACE_MS}.
 */
function closeServer(server: Server): Promise<void> {
  return new Promise((closed) => {
    server.close(() => closed());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
  });
}
