/**
 * The built viewer (`vite build` into dist/viewer): read once at start into memory, served by exact
 * path only (nothing outside the folder can be named), `/` as index.html.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context } from "hono";
import { TacitError } from "../../core/errors.js";

/** The viewer's files by URL path (`/index.html`, `/assets/index-abc.js`). */
export interface ViewerAssets {
  directory: string;
  files: Map<string, { body: Buffer; type: string }>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/**
 * Where the built viewer is: dist/viewer beside the compiled server (a package install or
 * `npm run build`), or the repository's dist/viewer when the server runs from source (tests).
 */
export function defaultViewerDirectory(): string {
  const here = fileURLToPath(new URL(".", import.meta.url));
  const candidates = [join(here, "..", "..", "viewer"), join(here, "..", "..", "..", "dist", "viewer")];
  return candidates.find((dir) => existsSync(join(dir, "index.html"))) ?? (candidates[0] as string);
}

/** Reads the built viewer; throws naming the folder when it has not been built. */
export function loadViewerAssets(directory: string): ViewerAssets {
  if (!existsSync(join(directory, "index.html"))) {
    throw new TacitError(
      `the viewer is not built (no ${join(directory, "index.html")}): run npm run build, or serve the API only with --no-viewer`,
    );
  }
  const files = new Map<string, { body: Buffer; type: string }>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const url = `/${relative(directory, path).split(sep).join("/")}`;
        files.set(url, {
          body: readFileSync(path),
          type: TYPES[extname(path)] ?? "application/octet-stream",
        });
      }
    }
  };
  walk(directory);
  return { directory, files };
}

/** Answers a GET for one of the viewer's files, or a JSON 404. */
export function serveAsset(c: Context, assets: ViewerAssets): Response {
  const path = c.req.path === "/" ? "/index.html" : c.req.path;
  const file = assets.files.get(path);
  if (!file) return c.json({ error: `not found: ${c.req.path}` }, 404);
  c.header("Content-Type", file.type);
  // Built files carry a content hash in their names; index.html names the current ones.
  c.header("Cache-Control", path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
  return c.body(new Uint8Array(file.body));
}
