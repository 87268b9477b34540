/**
 * The user's own agent as tacit's language model: a LanguageModel that runs the installed agent
 * non-interactively (`claude -p`, `codex exec`) with the user's existing login, once per call.
 * What each agent needs on its command line and how to read its output is its dialect
 * (claude-code-dialect.ts, codex-dialect.ts); this module does what they share:
 *
 * - a run never starts from inside another run: with the guard variable already set, the call is
 *   refused (a model run that reached tacit again would otherwise loop);
 * - the child gets the guard variable, so `tacit hook` does nothing if the agent fires hooks, and
 *   loses the variables that tie a process to the agent session that started tacit;
 * - it works in `$TACIT_HOME/host-model`, created private (0700), so any transcript the agent writes
 *   names that folder, which the importer and the hooks skip;
 * - the prompt goes on stdin; the trusted system text, when the agent takes it from a file, goes
 *   into a private file there, removed after the call;
 * - the run is killed past `timeoutMs × (maxRetries + 1)` plus a start-up allowance (the agent
 *   retries inside the run; `timeoutMs` bounds each of its HTTP attempts).
 *
 * Like every LanguageModel it is called only through the model gate, which adds the breaker, the
 * daily ceiling, redaction, validation and the call log.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tacitHome } from "../../store/tacit-home.js";
import {
  type GenerateOptions,
  type GenerateResult,
  type LanguageModel,
  ModelCallError,
} from "../language-model.js";
import { findAgentBinary } from "./find-agent-binary.js";
import { HOST_MODEL_VARIABLE, hostModelFolderOf, isHostModelRun } from "./host-model-guard.js";
import { type AgentProcessResult, runAgentProcess } from "./run-agent-process.js";

/** The agents tacit can use as its model. */
export type HostAgentName = "claude-code" | "codex";

/** Options of {@link createHostAgentModel}. */
export interface HostAgentModelOptions {
  /** The model the agent should use; undefined: the agent's own default. */
  model: string | undefined;
  /** `llm.command`: the agent's binary (a path or a name on PATH); undefined: found on PATH. */
  command: string | undefined;
  /** The environment of the run (the user's: their login, PATH, TACIT_HOME). */
  env: NodeJS.ProcessEnv;
  /** Timeout of each of the agent's HTTP attempts, ms. */
  timeoutMs: number;
  /** Retries the agent may make inside one run. */
  maxRetries: number;
  /** Resolves a relative `command`. Default: the process's working directory. */
  cwd?: string;
  /** Time the agent may take to start, on top of its request timeouts, ms. Default {@link STARTUP_ALLOWANCE_MS}. */
  startupAllowanceMs?: number;
}

/** What one call runs. */
export interface AgentInvocation {
  args: string[];
  /** Written to the agent's stdin. */
  input: string;
  /** Variables added to the child's environment. */
  env: Record<string, string>;
  /** Provider warnings for the result (settings the agent cannot take). */
  warnings: string[];
}

/** What a dialect gets to build one invocation. */
export interface InvocationContext {
  model: string | undefined;
  timeoutMs: number;
  maxRetries: number;
  /** Writes `text` to a private file in the host-model folder, removed after the call; returns its path. */
  privateFile: (text: string) => string;
}

/** How one agent is run and read. */
export interface AgentDialect {
  agent: HostAgentName;
  /** The binary's usual name on PATH. */
  binaryName: string;
  /** Variables the agent sets for the processes of its session (hooks, tools): dropped from the child. */
  sessionVariables: readonly string[];
  invocation(call: GenerateOptions, context: InvocationContext): AgentInvocation;
  /** Reads a finished run; throws {@link ModelCallError} when it failed. */
  read(result: AgentProcessResult, binary: string): Omit<GenerateResult, "warnings">;
}

/** Time the agent may take to start before its first request, on top of its request timeouts, ms. */
export const STARTUP_ALLOWANCE_MS = 15_000;

/** The host-model folder of an environment: `$TACIT_HOME/host-model`. */
export function hostModelFolder(env: NodeJS.ProcessEnv): string {
  return hostModelFolderOf(tacitHome(env));
}

/** Creates the model. Does no IO until the first call. */
export function createHostAgentModel(dialect: AgentDialect, options: HostAgentModelOptions): LanguageModel {
  return {
    provider: dialect.agent,
    modelId: options.model ?? "default",
    async generate(call: GenerateOptions): Promise<GenerateResult> {
      if (isHostModelRun(options.env)) {
        throw new ModelCallError({
          message: `refused: this process runs inside tacit's own model run (${HOST_MODEL_VARIABLE} is set), which never starts another`,
          kind: "unavailable",
          attempts: 0,
          isRetryable: false,
        });
      }
      const binary = findAgentBinary(dialect.binaryName, {
        command: options.command,
        env: options.env,
        ...(options.cwd ? { cwd: options.cwd } : {}),
      });
      if (!binary) {
        throw new ModelCallError({
          message: `${options.command ?? dialect.binaryName} not found${options.command ? "" : " on PATH"}: install ${dialect.agent} or set llm.command to its binary`,
          kind: "unavailable",
          attempts: 0,
          isRetryable: false,
        });
      }
      const folder = hostModelFolder(options.env);
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const files: string[] = [];
      const privateFile = (text: string) => {
        const file = join(folder, `${randomUUID()}.txt`);
        files.push(file);
        writeFileSync(file, text, { mode: 0o600 });
        return file;
      };
      try {
        const invocation = dialect.invocation(call, {
          model: options.model,
          timeoutMs: options.timeoutMs,
          maxRetries: options.maxRetries,
          privateFile,
        });
        const result = await runAgentProcess({
          command: binary.path,
          args: invocation.args,
          cwd: folder,
          env: childEnvironment(options.env, dialect.sessionVariables, invocation.env),
          input: invocation.input,
          timeoutMs:
            options.timeoutMs * (options.maxRetries + 1) +
            (options.startupAllowanceMs ?? STARTUP_ALLOWANCE_MS),
          ...(call.abortSignal ? { abortSignal: call.abortSignal } : {}),
        });
        return { ...dialect.read(result, dialect.binaryName), warnings: invocation.warnings };
      } finally {
        for (const file of files) rmSync(file, { force: true });
      }
    },
  };
}

/** The user's environment without the agent's session variables, with the guard and the dialect's own. */
function childEnvironment(
  env: NodeJS.ProcessEnv,
  sessionVariables: readonly string[],
  added: Record<string, string>,
): NodeJS.ProcessEnv {
  const child: NodeJS.ProcessEnv = { ...env };
  for (const name of sessionVariables) delete child[name];
  return { ...child, ...added, [HOST_MODEL_VARIABLE]: "1" };
}

/** The last characters of a process's output, on one line, for an error message. */
export function outputTail(text: string, length = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `…${flat.slice(-length)}` : flat;
}

/** Whether an HTTP status is worth retrying later (timeouts, conflicts, rate limits, server errors). */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}
