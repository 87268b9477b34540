/**
 * The node built-ins of the hook's hot path, loaded through CommonJS `require`.
 *
 * In node 20 an ESM `import … from "node:fs"` builds the module's full namespace, which reads the
 * lazy `fs.promises` getter and so loads fs/promises and node's stream modules: about 7 ms, more than
 * the rest of a tool event; every other ESM built-in import costs a wrapper too. `require` returns
 * the modules the runtime has already loaded for itself.
 */
import { createRequire } from "node:module";

const requireBuiltin = createRequire(import.meta.url);

/** `node:fs`, without the cost of its ESM namespace. */
export const fs = requireBuiltin("node:fs") as typeof import("node:fs");
/** `node:path`. */
export const path = requireBuiltin("node:path") as typeof import("node:path");
/** `node:os`. */
export const os = requireBuiltin("node:os") as typeof import("node:os");
/** `node:net`, loaded on first use only (it brings node's stream modules). */
export function requireNet(): typeof import("node:net") {
  return requireBuiltin("node:net") as typeof import("node:net");
}
