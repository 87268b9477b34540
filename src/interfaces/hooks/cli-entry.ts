import { fileURLToPath } from "node:url";

/**
 * How to start this tacit's CLI from anywhere: the absolute node binary, node's arguments, and
 * the absolute entry script. Built (`dist/…/main.js`) it is `node main.js`; run from source (tests,
 * `tsx`) it is `node --import <tsx loader> main.ts`, with the loader resolved to an absolute URL so
 * the command works from any working directory.
 */
export function cliEntry(): string[] {
  const fromSource = import.meta.url.endsWith(".ts");
  const main = fileURLToPath(new URL(fromSource ? "../cli/main.ts" : "../cli/main.js", import.meta.url));
  return fromSource
    ? [process.execPath, "--import", import.meta.resolve("tsx"), main]
    : [process.execPath, main];
}

/** Quotes one argument for the POSIX shell the agents run hook commands with. */
export function shellQuote(argument: string): string {
  if (/^[A-Za-z0-9_/.:=@%+,-]+$/.test(argument)) return argument;
  return `'${argument.replaceAll("'", `'\\''`)}'`;
}
