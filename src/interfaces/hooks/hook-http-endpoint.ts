/**
 * Where a hook daemon listens for HTTP hooks, and with what token: `$TACIT_HOME/hook-<hash>.http`,
 * beside its socket and pid file (`<hash>` is of the database path: one daemon, one endpoint per
 * database). `tacit install` writes it (a configured port, else a free one it picks; a new random
 * token), the daemon reads it when it starts and listens on 127.0.0.1 at that port, and the agent's
 * settings name the same port in each HTTP hook's URL and the token through a variable its headers
 * interpolate. Claude Code does not interpolate variables into a hook's URL, so the port is fixed at
 * install and the daemon must take that one; the file is 0600 (the token is a secret).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import * as z from "zod/mini";
import { InvalidInputError } from "../../core/errors.js";
import { writePrivateFileAtomically } from "../../store/private-files.js";
import type { HookAgent } from "./hook-event.js";

/** What the endpoint file holds. */
export interface HookHttpEndpoint {
  /** The loopback port the daemon listens on. */
  port: number;
  /** The secret every request must carry (`Authorization: Bearer <token>`). */
  token: string;
  /** The database the daemon stores HTTP events in (the one its socket is named after). */
  database: string;
}

/** Tokens start with this, so redaction recognises one wherever it shows up (redaction.ts). */
export const TOKEN_PREFIX = "tacit_hook_";

/** The URL path of the hooks of each agent: `/tacit-hook/claude-code`; tacit's HTTP hooks are found by it. */
export const HOOK_PATH_PREFIX = "/tacit-hook/";

/** The path a daemon answers liveness checks on (`tacit doctor`), with the token. */
export const HEALTH_PATH = `${HOOK_PATH_PREFIX}health`;

const endpointSchema = z.object({
  port: z.number().check(z.int(), z.minimum(1), z.maximum(65_535)),
  token: z.string().check(z.startsWith(TOKEN_PREFIX), z.minLength(TOKEN_PREFIX.length + 32)),
  database: z.string().check(z.minLength(1)),
});

/** The endpoint file of the daemon listening at `socketPath`. */
export function endpointPath(socketPath: string): string {
  return socketPath.replace(/\.sock$/, ".http");
}

/**
 * The variable Claude Code interpolates into the hooks' Authorization header: one per database
 * (`TACIT_HOOK_TOKEN_<HASH>`), so a user install and a project install for different databases
 * each send their own daemon's token.
 */
export function tokenVariable(socketPath: string): string {
  const hash = /hook-([0-9a-f]+)\.sock$/.exec(socketPath)?.[1] ?? "";
  return hash ? `TACIT_HOOK_TOKEN_${hash.toUpperCase()}` : "TACIT_HOOK_TOKEN";
}

/** The URL of `agent`'s HTTP hooks on the daemon at `port`. */
export function hookUrl(port: number, agent: HookAgent): string {
  return `http://127.0.0.1:${port}${HOOK_PATH_PREFIX}${agent}`;
}

/** A new token: 32 random bytes, base64url, after the prefix. */
export function newToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/**
 * The endpoint in `file`; null when there is none (HTTP hooks were never installed for this
 * database). A file that is not a valid endpoint is an error naming the file and the field.
 */
export function readEndpoint(file: string): HookHttpEndpoint | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidInputError({ file, message: `not JSON (${(error as Error).message})` });
  }
  const parsed = z.safeParse(endpointSchema, value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidInputError({
      file,
      field: issue?.path.join(".") || undefined,
      message: `${issue?.message ?? "invalid"}; run tacit install again to write a new one`,
    });
  }
  return parsed.data;
}

/** Writes the endpoint file whole (temporary name, then rename), readable by its user only. */
export function writeEndpoint(file: string, endpoint: HookHttpEndpoint): void {
  writePrivateFileAtomically(file, `${JSON.stringify(endpoint, null, 2)}\n`);
}

/**
 * The endpoint an install writes: the one already there (same port, same token: installing again
 * changes nothing), with `port` when one is configured and differs; else a new token on a free
 * port. `changed` says whether the file must be written (and running daemons restarted).
 */
export async function plannedEndpoint(options: {
  file: string;
  database: string;
  /** The configured port (`hooks.httpPort`); 0 or absent: keep the current one, else pick one. */
  port?: number;
}): Promise<{ endpoint: HookHttpEndpoint; changed: boolean }> {
  const current = readEndpointOrNull(options.file);
  const wanted = options.port && options.port > 0 ? options.port : (current?.port ?? (await freePort()));
  const endpoint: HookHttpEndpoint = {
    port: wanted,
    token: current?.token ?? newToken(),
    database: options.database,
  };
  const changed =
    current === null ||
    current.port !== endpoint.port ||
    current.token !== endpoint.token ||
    current.database !== endpoint.database;
  return { endpoint, changed };
}

/** The current endpoint, or null when there is none or it is unreadable (an install replaces it). */
function readEndpointOrNull(file: string): HookHttpEndpoint | null {
  try {
    return readEndpoint(file);
  } catch (error) {
    // A broken file is replaced by a new endpoint: what it held cannot be used anyway.
    if (error instanceof InvalidInputError) return null;
    throw error;
  }
}

/** A port free on 127.0.0.1 now (the system's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error("no free port on 127.0.0.1"))));
    });
  });
}
