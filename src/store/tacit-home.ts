import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** Where tacit keeps its files: `$TACIT_HOME`, else `~/.tacit`. Loads no store code. */
export function tacitHome(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.TACIT_HOME;
  return home ? resolve(home) : join(homedir(), ".tacit");
}
