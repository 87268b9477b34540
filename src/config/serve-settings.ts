import { z } from "zod";
import { TacitError } from "../core/errors.js";

/**
 * Settings of `tacit serve` (the `serve` section of `tacit config`, sections/serve.ts; the
 * command's flags override them).
 */
export const serveSettingsSchema = z.object({
  /** TCP port of the viewer, its API and MCP. */
  port: z.number().int().min(0).max(65_535).default(7077),
  /** Address to listen on. Anything but loopback needs TACIT_API_TOKEN. */
  host: z.string().min(1).default("127.0.0.1"),
  /** More host names requests may carry, for a server reached by a name (e.g. over a tunnel). */
  allowedHosts: z.array(z.string().min(1)).default([]),
});

export type ServeSettings = z.infer<typeof serveSettingsSchema>;

/** The defaults of {@link serveSettingsSchema}. */
export const DEFAULT_SERVE_SETTINGS: ServeSettings = { port: 7077, host: "127.0.0.1", allowedHosts: [] };

/** Shortest token accepted from TACIT_API_TOKEN. */
export const MIN_EXPLICIT_TOKEN_CHARS = 32;

/**
 * The token the user set in `TACIT_API_TOKEN`, or null when unset. One shorter than
 * {@link MIN_EXPLICIT_TOKEN_CHARS} or with spaces is refused, naming the variable.
 */
export function explicitApiToken(env: NodeJS.ProcessEnv): string | null {
  const value = env.TACIT_API_TOKEN;
  if (value === undefined || value === "") return null;
  if (value.length < MIN_EXPLICIT_TOKEN_CHARS || /\s/.test(value)) {
    throw new TacitError(
      `TACIT_API_TOKEN must be at least ${MIN_EXPLICIT_TOKEN_CHARS} characters with no spaces (got ${value.length}); e.g. openssl rand -base64 32`,
    );
  }
  return value;
}
