/**
 * Codex as tacit's model: `codex exec` (one prompt, non-interactively), with
 *
 * - `--json`: JSON Lines events on stdout (`thread.started`, `turn.started`, `item.completed` with
 *   the `agent_message`, `turn.completed` with `usage`, `turn.failed` with `error.message`);
 * - `--ephemeral`: no rollout file is written, so nothing reaches `~/.codex/sessions`, the user's
 *   `codex resume` list or tacit's importer;
 * - `--sandbox read-only` in the empty host-model folder and `web_search="disabled"`: Codex keeps
 *   its shell tool, but it can change nothing and finds nothing to read;
 * - `--skip-git-repo-check`: the host-model folder is no repository;
 * - `-c features.hooks=false`: the user's Codex hooks (tacit's among them) stay off;
 * - `--model` only when `llm.model` is set (else the model of the user's Codex configuration);
 * - `-`: the prompt is read from stdin. Codex has no system-prompt flag, so tacit's instructions
 *   come first in that input.
 *
 * The shapes are the documented ones of `codex exec --json` (an earlier release called the
 * message item `assistant_message` and its type field `item_type`: both are read).
 */
import { z } from "zod";
import { type GenerateResult, ModelCallError } from "../language-model.js";
import type { AgentDialect } from "./host-agent-model.js";
import { outputTail } from "./host-agent-model.js";
import type { AgentProcessResult } from "./run-agent-process.js";

const count = z.number().int().nonnegative();

const itemSchema = z.looseObject({
  type: z.string().optional(),
  item_type: z.string().optional(),
  text: z.string().optional(),
});

/** The events of `codex exec --json` that tacit reads; every other line is passed over. */
const eventSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("item.completed"), item: itemSchema }),
  z.looseObject({
    type: z.literal("turn.completed"),
    usage: z
      .looseObject({
        input_tokens: count.optional(),
        cached_input_tokens: count.optional(),
        output_tokens: count.optional(),
      })
      .optional(),
  }),
  z.looseObject({
    type: z.literal("turn.failed"),
    error: z.looseObject({ message: z.string().optional() }).optional(),
  }),
  z.looseObject({ type: z.literal("error"), message: z.string().optional() }),
]);

const MESSAGE_TYPES = new Set(["agent_message", "assistant_message"]);

/** The `codex exec` dialect. */
export const codexDialect: AgentDialect = {
  agent: "codex",
  binaryName: "codex",
  sessionVariables: [],
  invocation(call, context) {
    const args = [
      "exec",
      "--json",
      "--ephemeral",
      "--skip-git-repo-check",
      "--sandbox",
      "read-only",
      "-c",
      "features.hooks=false",
      "-c",
      'web_search="disabled"',
    ];
    if (context.model !== undefined) args.push("--model", context.model);
    args.push("-");
    const input = call.system?.trim() ? `${call.system.trim()}\n\n${call.prompt}` : call.prompt;
    const warnings: string[] = [];
    if (call.temperature !== undefined)
      warnings.push("codex exec takes no temperature; its default was used");
    return { args, input, env: {}, warnings };
  },
  read: readCodexEvents,
};

/**
 * Reads a finished `codex exec --json` run: the last agent message is the text, the turns' usage
 * is summed. Throws {@link ModelCallError}: `http-error` when a turn failed or the run exited
 * non-zero, `invalid-response` when it printed no agent message. An `error` event alone is not a
 * failure (Codex reports its reconnect attempts that way); it only explains a failed run.
 */
export function readCodexEvents(run: AgentProcessResult, binary = "codex"): Omit<GenerateResult, "warnings"> {
  let text: string | undefined;
  let inputTokens: number | null = null;
  let outputTokens: number | null = null;
  let failure: string | undefined;
  let lastError: string | undefined;
  let events = 0;
  for (const line of run.stdout.split("\n")) {
    const trimmed = line.trim();
    if (!trimmed.startsWith("{")) continue;
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (error) {
      // A line that is not an event (a notice): passed over like an unknown event.
      void error;
      continue;
    }
    events++;
    const parsed = eventSchema.safeParse(json);
    if (!parsed.success) continue;
    const event = parsed.data;
    if (event.type === "item.completed") {
      const kind = event.item.type ?? event.item.item_type;
      if (kind !== undefined && MESSAGE_TYPES.has(kind) && event.item.text !== undefined)
        text = event.item.text;
    } else if (event.type === "turn.completed") {
      if (event.usage?.input_tokens !== undefined)
        inputTokens = (inputTokens ?? 0) + event.usage.input_tokens;
      if (event.usage?.output_tokens !== undefined)
        outputTokens = (outputTokens ?? 0) + event.usage.output_tokens;
    } else if (event.type === "turn.failed") {
      failure = event.error?.message ?? "turn failed";
    } else {
      lastError = event.message;
    }
  }
  const exit = run.signal ? `signal ${run.signal}` : `code ${run.code}`;
  if (failure !== undefined || run.code !== 0) {
    const reason = failure ?? lastError ?? (outputTail(run.stderr) || outputTail(run.stdout) || "no output");
    throw new ModelCallError({
      message: `${binary} exec failed (exit ${exit}): ${outputTail(reason)}`,
      kind: "http-error",
      attempts: 1,
      isRetryable: true,
    });
  }
  if (text === undefined) {
    throw new ModelCallError({
      message:
        events === 0
          ? `${binary} exec printed no JSON events (stdout: ${outputTail(run.stdout) || "empty"})`
          : `${binary} exec printed ${events} events but no agent message`,
      kind: "invalid-response",
      attempts: 1,
      isRetryable: false,
    });
  }
  return { text, usage: { inputTokens, outputTokens } };
}
