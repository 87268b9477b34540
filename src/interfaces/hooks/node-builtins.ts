/**
 * The node built-ins of the hook's hot path, loaded through CommonJS `require`.
 *
 * In node 20 an ESM `import … from "node:fs"` builds the module's full namespace, which reads the
 * lazy `fs.promises` getter and so loads fs/promises and node's stream modules: about 7 ms, more than
 * the rest of a tool event; every other ESM built-in import costs a wrapper too. `require` returns
 * the modules the runtime has already loaded for itself.
 *
 * The require is made from this file's path (`import.meta.filename`, which the CommonJS bin defines
 * as its `__filename`), not from its URL: converting a URL to a path and back costs a tool event
 * about half a millisecond.
 */
import { createRequire } from "node:module";

const requireBuiltin = createRequire(import.meta.filename);

/** `node:fs`, without the cost of its ESM namespace. */
export const fs = requireBuiltin("node:fs") as typeof import("node:fs");
/** `node:path`. */
export const path = requireBuiltin("node:path") as typeof import("node:path");
/** `node:os`, loaded on first use only (node does not load it at startup). */
export function requireOs(): typeof import("node:os") {
  return requireBuiltin("node:os") as typeof import("node:os");
}
/** `node:net`, loaded on first use only (it brings node's stream modules). */
export function requireNet(): typeof import("node:net") {
  return requireBuiltin("node:net") as typeof import("node:net");
}
