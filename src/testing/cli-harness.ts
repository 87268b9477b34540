import { PassThrough } from "node:stream";
import type { CliIo } from "../interfaces/cli/cli-io.js";
import { runCli } from "../interfaces/cli/program.js";

/**
 * A CliIo over in-memory streams, with what has been written to stdout and stderr so far. `stdin`
 * is the input text (ended), or a stream the test controls; default: empty.
 */
export function captureCliIo(
  options: {
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    now?: () => number;
    stdin?: string | NodeJS.ReadableStream;
  } = {},
): { io: CliIo; out: () => string; err: () => string } {
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
  const stdin = typeof options.stdin === "object" ? options.stdin : inputStream(options.stdin ?? "");
  return {
    io: {
      stdout,
      stderr,
      stdin,
      env: options.env ?? {},
      cwd: options.cwd ?? process.cwd(),
      now: options.now ?? Date.now,
    },
    out: () => out,
    err: () => err,
  };
}

/** Runs the CLI in-process with captured output, as a user would call it. */
export async function runTacit(
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; now?: () => number; stdin?: string } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { io, out, err } = captureCliIo(options);
  const code = await runCli(argv, io);
  return { code, stdout: out(), stderr: err() };
}

function inputStream(text: string): PassThrough {
  const stream = new PassThrough();
  stream.end(text);
  return stream;
}
