import { PassThrough } from "node:stream";
import { runCli } from "../interfaces/cli/program.js";

/** Runs the CLI in-process with captured output, as a user would call it. */
export async function runTacit(
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; now?: () => number; stdin?: string } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (chunk) => {
    out += chunk;
  });
  stderr.on("data", (chunk) => {
    err += chunk;
  });
  const code = await runCli(argv, {
    stdout,
    stderr,
    stdin: inputStream(options.stdin ?? ""),
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    now: options.now ?? Date.now,
  });
  return { code, stdout: out, stderr: err };
}

function inputStream(text: string): PassThrough {
  const stream = new PassThrough();
  stream.end(text);
  return stream;
}
