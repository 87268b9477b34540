import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { TacitError } from "../../core/errors.js";
import { tacitHome } from "../../store/open-store.js";

/** Where the HTTP server's bearer token lives: `$TACIT_HOME/api-token`. */
export function apiTokenPath(env: NodeJS.ProcessEnv): string {
  return join(tacitHome(env), "api-token");
}

/**
 * Reads the bearer token, creating it on first use: 32 random bytes (base64url) in a file only its
 * owner may read (0600, in a 0700 folder when tacit creates it). An existing token file that other
 * users can read is refused rather than trusted.
 */
export async function loadApiToken(path: string): Promise<{ token: string; created: boolean }> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const fresh = randomBytes(32).toString("base64url");
  try {
    // "wx": never overwrite a token another process created meanwhile.
    await writeFile(path, `${fresh}\n`, { mode: 0o600, flag: "wx" });
    return { token: fresh, created: true };
  } catch (error) {
    if ((error as { code?: unknown }).code !== "EEXIST") throw error;
  }
  if (process.platform !== "win32") {
    const mode = (await stat(path)).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      throw new TacitError(
        `${path} can be read by other users (mode ${mode.toString(8)}); run: chmod 600 ${path}`,
      );
    }
  }
  const token = (await readFile(path, "utf8")).trim();
  if (token.length < 16) {
    throw new TacitError(`${path} holds no usable token; delete it and a new one is made`);
  }
  return { token, created: false };
}

/** Compares a presented token with the expected one in constant time. */
export function tokenMatches(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
