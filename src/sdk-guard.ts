/**
 * The SDK's guard at the tool call (`tacit.guard`): the guard service (src/guard/) over the SDK's
 * runtime, for agent loops that check each tool call before running it.
 */
import type { GuardAbilities, GuardVerdict } from "./core/guard/decide.js";
import { createRedactor } from "./core/redaction.js";
import { guardPrompt, guardToolCall } from "./guard/guard-service.js";
import type { Runtime } from "./runtime.js";
import type { SessionRef } from "./sdk.js";

/** A tool call about to run, for {@link TacitGuard.check}. */
export interface GuardCallInput extends SessionRef {
  toolName: string;
  /** The tool's input as the agent gives it (`{ command }` for a shell, `{ file_path }` for an edit). */
  input: unknown;
  /** Paths the agent derived itself (a patch's files), beside those in the input. */
  derivedPaths?: readonly string[];
  /** Where the call runs; its git root is the project. Default: the session's project, else the SDK's `cwd`. */
  cwd?: string;
  projectId?: string | null;
  /** What the agent can answer. Default: deny, ask and context. */
  abilities?: GuardAbilities;
}

/** The guard at the tool call, for agent loops of your own. */
export interface TacitGuard {
  /**
   * Checks a tool call against the project's lessons before it runs: `deny` (show `reason` to the
   * model instead of running it), `ask` (ask the user), `remind` (add `context` to what the model
   * reads), or `answer: null`. What it answered is recorded, and the calls that follow judge it.
   */
  check(call: GuardCallInput): Promise<GuardVerdict>;
  /**
   * Call with each user prompt: settles the last denials (an override, "yes, run npm this once",
   * lets the next try through) and, given the `recallId` of the prompt's recall, follows the lessons
   * recalled into it.
   */
  prompt(
    input: SessionRef & { prompt: string; cwd?: string; projectId?: string | null; recallId?: string | null },
  ): Promise<void>;
}

/** What the guard needs from the SDK object that owns it. */
export interface SdkGuardContext {
  open: () => Runtime;
  stored: (ref: SessionRef) => string;
  projectFor: (
    request: Partial<SessionRef> & { projectId?: string | null; cwd?: string },
  ) => Promise<string | null>;
  requireSession: (ref: Partial<SessionRef>, field: string) => void;
  defaultAgent: NonNullable<SessionRef["agent"]>;
  /** The SDK's working directory, the sessions' default. */
  cwd: string | undefined;
}

/** `tacit.guard` over the SDK's runtime. */
export function createSdkGuard(context: SdkGuardContext): TacitGuard {
  const { open, stored, projectFor, requireSession } = context;
  /** The guard's dependencies on the runtime, for one session (stored first when the guard records). */
  const guardDeps = (runtime: Runtime, ref: SessionRef, cwd: string | undefined) => {
    const redactor = createRedactor(runtime.settings.capture.redaction);
    return {
      store: runtime.store,
      settings: runtime.config.values.guard,
      now: runtime.now,
      redact: (text: string) => redactor(text).text,
      ensureSession: async () => {
        await runtime.capture.upsertSession({
          id: stored(ref),
          agent: ref.agent ?? context.defaultAgent,
          sourceSessionId: ref.sessionId,
          cwd: cwd ?? context.cwd ?? null,
        });
      },
      demote: async (lessonId: string, detail: string) => {
        await runtime.lessons.demote(lessonId, { kind: "overridden", detail });
      },
    };
  };
  return {
    async check(call) {
      requireSession(call, "sessionId");
      const runtime = open();
      const { sessionId, agent, cwd, projectId: _projectId, abilities, ...toolCall } = call;
      return guardToolCall(guardDeps(runtime, { sessionId, agent }, cwd), {
        ...toolCall,
        sessionId: stored(call),
        projectId: await projectFor(call),
        abilities: abilities ?? { deny: true, ask: true, context: true },
      });
    },
    async prompt(input) {
      requireSession(input, "sessionId");
      const runtime = open();
      await guardPrompt(guardDeps(runtime, input, input.cwd), {
        sessionId: stored(input),
        projectId: await projectFor(input),
        prompt: input.prompt,
        ...(input.recallId ? { recallId: input.recallId } : {}),
      });
    },
  };
}
