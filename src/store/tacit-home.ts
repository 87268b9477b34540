/**
 * Where tacit keeps its files. Loads no store code, and is on the hook's tool-event path: node
 * built-ins through `require` (see interfaces/hooks/node-builtins.ts for why), nothing else.
 */
import { createRequire } from "node:module";

const requireBuiltin = createRequire(import.meta.filename);

/** Where tacit keeps its files: `$TACIT_HOME`, else `~/.tacit`. */
export function tacitHome(env: NodeJS.ProcessEnv = process.env): string {
  const path = requireBuiltin("node:path") as typeof import("node:path");
  const home = env.TACIT_HOME;
  if (home) return path.resolve(home);
  const os = requireBuiltin("node:os") as typeof import("node:os");
  return path.join(os.homedir(), ".tacit");
}
