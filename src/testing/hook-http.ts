/**
 * Posting hook events to a hook daemon's HTTP endpoint the way Claude Code's HTTP hooks do (one
 * POST of the event's JSON, `Content-Type: application/json`, the token in a header), with any
 * header overridden so tests can send what a browser or another program would.
 */
import { request } from "node:http";
import type { HookHttpEndpoint } from "../interfaces/hooks/hook-http-endpoint.js";

/** What the daemon answered. */
export interface HookHttpReply {
  status: number;
  body: string;
}

/** POSTs `body` to `path` (default: Claude Code's hook path) on the endpoint; a fresh connection each time. */
export function postHook(
  endpoint: Pick<HookHttpEndpoint, "port" | "token">,
  body: string | Buffer,
  options: { path?: string; method?: string; headers?: Record<string, string | undefined> } = {},
): Promise<HookHttpReply> {
  const headers: Record<string, string> = {
    host: `127.0.0.1:${endpoint.port}`,
    "content-type": "application/json",
    authorization: `Bearer ${endpoint.token}`,
    "content-length": String(Buffer.byteLength(body)),
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port: endpoint.port,
        path: options.path ?? "/tacit-hook/claude-code",
        method: options.method ?? "POST",
        headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
