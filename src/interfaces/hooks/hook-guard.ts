/**
 * The guard at the tool call for the Claude Code and Codex hooks, loaded only on PreToolUse and
 * UserPromptSubmit: the guard service (src/guard/) given the event, and its verdict in the agent's
 * words.
 *
 * - Claude Code: `permissionDecision` `deny` (the reason goes to the model) or `ask` (the user
 *   confirms), else `additionalContext`. It never answers `allow`: that would skip the user's own
 *   permission rules.
 * - Codex: `deny` and `additionalContext`; its PreToolUse has no `ask` (an answer with it counts as a
 *   failed hook), so what would be asked is reminded.
 */
import type { GuardAbilities, GuardVerdict } from "../../core/guard/decide.js";
import { DEFAULT_GUARD_SETTINGS, type GuardSettings } from "../../core/guard/guard-settings.js";
import { createRedactor, type RedactionConfig } from "../../core/redaction.js";
import { guardPrompt, guardToolCall } from "../../guard/guard-service.js";
import type { Store } from "../../store/store.js";
import type { HookGuard } from "./handle-hook.js";
import type { HookAgent } from "./hook-event.js";

/** What each agent's PreToolUse hook can answer. */
export const HOOK_ABILITIES: Readonly<Record<HookAgent, GuardAbilities>> = {
  "claude-code": { deny: true, ask: true, context: true },
  codex: { deny: true, ask: false, context: true },
};

/** The guard for one hook event. */
export function createHookGuard(deps: {
  agent: HookAgent;
  store: Store;
  /** The `guard` settings (null: the defaults). */
  settings: GuardSettings | null;
  redaction?: Partial<RedactionConfig>;
  now: () => number;
  /** Takes the writes of a tool call's check, to run once the answer is sent (see `GuardDeps.defer`). */
  defer?: (writes: () => Promise<void>) => void;
}): HookGuard {
  const redactor = createRedactor(deps.redaction);
  const guardDeps = (ensureSession: () => Promise<void>) => ({
    store: deps.store,
    settings: deps.settings ?? DEFAULT_GUARD_SETTINGS,
    now: deps.now,
    redact: (text: string) => redactor(text).text,
    ensureSession,
    demote: (lessonId: string, detail: string) => demote(deps, lessonId, detail),
    ...(deps.defer ? { defer: deps.defer } : {}),
  });
  return {
    async beforeToolCall(request) {
      const verdict = await guardToolCall(guardDeps(request.ensureSession), {
        toolName: request.event.tool_name,
        input: request.event.tool_input,
        sessionId: request.sessionId,
        projectId: request.projectId,
        abilities: HOOK_ABILITIES[deps.agent],
      });
      return preToolUseOutput(verdict);
    },
    async afterPrompt(request) {
      // The prompt's own rows (and so its session) are stored before the guard follows it.
      await guardPrompt(guardDeps(storedAlready), request);
    },
  };
}

/** The session is already stored: nothing to do. */
async function storedAlready(): Promise<void> {
  return undefined;
}

/** The PreToolUse answer Claude Code and Codex read, or "" for none. */
export function preToolUseOutput(verdict: GuardVerdict): string {
  if (verdict.answer === null) return "";
  const output =
    verdict.answer === "remind"
      ? { hookEventName: "PreToolUse", additionalContext: verdict.context }
      : {
          hookEventName: "PreToolUse",
          permissionDecision: verdict.answer,
          permissionDecisionReason: verdict.reason,
        };
  return JSON.stringify({ hookSpecificOutput: output });
}

/** Makes a lesson stale through the lesson book (its history keeps why), loaded only then. */
async function demote(deps: { store: Store; now: () => number }, lessonId: string, detail: string) {
  const [{ createLessonBook }, { createHashingEmbedder }] = await Promise.all([
    import("../../lessons/lesson-book.js"),
    import("../../models/hashing-embedder.js"),
  ]);
  // Demoting changes no content, so nothing is embedded: the offline embedder stands in.
  const book = createLessonBook({ store: deps.store, embedder: createHashingEmbedder(), now: deps.now });
  await book.demote(lessonId, { kind: "overridden", detail });
}
