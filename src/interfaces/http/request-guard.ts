/**
 * The checks every request to tacit's HTTP server passes before anything else, shared by the MCP
 * endpoint and the viewer's API: the `Host` header names this server (a web page whose name
 * resolves to 127.0.0.1 — DNS rebinding — sends its own name), an `Origin` header, when sent, is
 * this server's own (no cross-site calls), and bearer tokens are compared in constant time.
 */
import { isIP } from "node:net";
import { tokenMatches } from "../mcp/api-token.js";

/** The address tacit's HTTP server binds to unless told otherwise. */
export const DEFAULT_HTTP_HOST = "127.0.0.1";

/** True for addresses only this machine can reach: 127.0.0.0/8, ::1 and `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (name === "localhost" || name === "::1") return true;
  return isIP(name) === 4 && name.startsWith("127.");
}

/**
 * The `host:port` values a request may name: the bound address, `127.0.0.1` and `localhost` when
 * it is loopback, and any names given (a wildcard bind such as 0.0.0.0 names no one itself).
 */
export function ownHostNames(bound: string, port: number, extra: readonly string[] = []): string[] {
  const names = new Set<string>();
  const add = (name: string) => {
    const bare = name.toLowerCase().replace(/^\[|\]$/g, "");
    names.add(isIP(bare) === 6 ? `[${bare}]:${port}` : `${bare}:${port}`);
  };
  if (isLoopbackHost(bound)) ["127.0.0.1", "localhost"].forEach(add);
  if (bound !== "0.0.0.0" && bound !== "::") add(bound);
  extra.forEach(add);
  return [...names];
}

/** Why a request's Host or Origin is refused, or null when both name this server. */
export function hostOrOriginRefusal(
  headers: { host?: string | undefined; origin?: string | undefined },
  own: readonly string[],
): string | null {
  const host = headers.host?.toLowerCase();
  if (!host || !own.includes(host)) return `host not allowed: ${headers.host ?? "(none)"}`;
  const origin = headers.origin;
  if (origin !== undefined && !own.some((name) => origin.toLowerCase() === `http://${name}`)) {
    return `origin not allowed: ${origin}`;
  }
  return null;
}

/** True when an `Authorization` header carries `Bearer <token>` with this token. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1] !== undefined && tokenMatches(match[1], token);
}
