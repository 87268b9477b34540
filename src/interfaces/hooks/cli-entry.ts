import { fileURLToPath } from "node:url";

/**
 * How to start this tacit's CLI from anywhere: the absolute node binary, node's arguments, and
 * the absolute entry script. Built it is `node dist/interfaces/cli/tacit.cjs`, the `tacit` bin
 * (main.ts bundled as CommonJS, see scripts/build-hook.mjs); run from source (tests, `tsx`) it is
 * `node --import <tsx loader> main.ts`, with the loader resolved to an absolute URL so the command
 * works from any working directory.
 */
export function cliEntry(): string[] {
  const fromSource = import.meta.url.endsWith(".ts");
  const main = fileURLToPath(new URL(fromSource ? "../cli/main.ts" : "../cli/tacit.cjs", import.meta.url));
  return fromSource
    ? [process.execPath, "--import", import.meta.resolve("tsx"), main]
    : [process.execPath, main];
}

/** Quotes one argument for the POSIX shell the agents run hook commands with. */
export function shellQuote(argument: string): string {
  if (/^[A-Za-z0-9_/.:=@%+,-]+$/.test(argument)) return argument;
  return `'${argument.replaceAll("'", `'\\''`)}'`;
}
