/**
 * Runs an agent's command line once, non-interactively: the input goes to its stdin (never on its
 * argv, which other users of the machine can read with `ps`), its stdout and stderr are collected,
 * and it is killed when it runs past its deadline, when the caller aborts, or when it writes more
 * than the output cap. Failures to run at all become a {@link ModelCallError}; what the process
 * printed and how it exited is the caller's to judge.
 */
import { spawn } from "node:child_process";
import { ModelCallError } from "../language-model.js";

/** Options of {@link runAgentProcess}. */
export interface AgentProcessOptions {
  /** The executable (absolute path, or a name looked up on the child's PATH). */
  command: string;
  args: readonly string[];
  cwd: string;
  /** The child's whole environment. */
  env: NodeJS.ProcessEnv;
  /** Written to the child's stdin, which is then closed. */
  input: string;
  /** Kill the child after this long, ms. */
  timeoutMs: number;
  abortSignal?: AbortSignal;
  /** Kill the child once stdout and stderr together pass this many bytes. Default 16 MiB. */
  maxOutputBytes?: number;
}

/** How the child ended and what it printed. */
export interface AgentProcessResult {
  /** Exit code, or null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const DEFAULT_MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

/** Runs the command (see the module comment). Never leaves the child running. */
export function runAgentProcess(options: AgentProcessOptions): Promise<AgentProcessResult> {
  const name = options.command;
  const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  return new Promise((resolve, reject) => {
    if (options.abortSignal?.aborted) {
      reject(aborted(name, 0));
      return;
    }
    const child = spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let size = 0;
    let failure: ModelCallError | undefined;
    const stop = (error: ModelCallError) => {
      failure ??= error;
      child.kill("SIGKILL");
    };
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutputBytes) {
        stop(
          new ModelCallError({
            message: `${name} wrote more than ${maxOutputBytes} bytes of output`,
            kind: "invalid-response",
            attempts: 1,
            isRetryable: false,
          }),
        );
        return;
      }
      into.push(chunk);
    };
    child.stdout.on("data", collect(stdout));
    child.stderr.on("data", collect(stderr));
    const timer = setTimeout(
      () =>
        stop(
          new ModelCallError({
            message: `${name} gave no answer within ${options.timeoutMs} ms`,
            kind: "timeout",
            attempts: 1,
            isRetryable: true,
          }),
        ),
      options.timeoutMs,
    );
    const onAbort = () => stop(aborted(name, 1));
    options.abortSignal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      options.abortSignal?.removeEventListener("abort", onAbort);
    };
    child.on("error", (error: NodeJS.ErrnoException) => {
      settle();
      const missing = error.code === "ENOENT" || error.code === "EACCES";
      reject(
        failure ??
          new ModelCallError({
            message: missing
              ? `cannot run ${name}: ${error.code === "ENOENT" ? "not found" : "not executable"} (set llm.command to the agent's binary)`
              : `cannot run ${name}: ${error.message}`,
            kind: missing ? "unavailable" : "http-error",
            attempts: 0,
            isRetryable: !missing,
            cause: error,
          }),
      );
    });
    // The child may exit without reading its input (a bad flag): its closed pipe is no failure of ours.
    child.stdin.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") return;
      stop(
        new ModelCallError({
          message: `writing the prompt to ${name} failed: ${error.message}`,
          kind: "http-error",
          attempts: 1,
          isRetryable: true,
          cause: error,
        }),
      );
    });
    child.stdin.end(options.input);
    child.on("close", (code, signal) => {
      settle();
      if (failure) {
        reject(failure);
        return;
      }
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      });
    });
  });
}

function aborted(name: string, attempts: number): ModelCallError {
  return new ModelCallError({
    message: `the call to ${name} was aborted`,
    kind: "aborted",
    attempts,
    isRetryable: false,
  });
}
