/**
 * The hook events tacit handles, as Claude Code (and Codex, which uses the same shape) writes them
 * on a hook command's stdin. Field names follow the Claude Code hooks reference; unknown fields are
 * kept (loose objects) and ignored, so a newer agent adding fields never breaks capture.
 *
 * Schemas use `zod/mini`: the hook runs on every tool call of the user's agent, and the mini build
 * validates the same way at a fraction of the load time of the full zod API.
 */
import * as z from "zod/mini";
import { describeJsonError } from "../../core/json-error.js";
import { withoutBom } from "../../core/json-text.js";

/** The agents whose hooks tacit speaks. Both write the same event shape. */
export const HOOK_AGENTS = ["claude-code", "codex"] as const;
export type HookAgent = (typeof HOOK_AGENTS)[number];

/**
 * The events tacit handles; any other `hook_event_name` is ignored. PreToolUse is answered (the
 * guard at the tool call) but stores nothing unless the guard acts.
 */
export const HOOK_EVENT_NAMES = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Stop",
  "SubagentStop",
  "PreCompact",
  "SessionEnd",
] as const;
export type HookEventName = (typeof HOOK_EVENT_NAMES)[number];

/** Fields every event carries. Codex sends `transcript_path: null` when there is no transcript. */
const common = () => ({
  session_id: z.string().check(z.minLength(1)),
  transcript_path: z.nullish(z.string()),
  cwd: z.optional(z.string()),
  permission_mode: z.optional(z.string()),
  /** Claude Code: the prompt the event belongs to. */
  prompt_id: z.optional(z.string()),
  /** Codex: the turn the event belongs to. */
  turn_id: z.optional(z.string()),
  model: z.optional(z.string()),
  /** Set when the event fired inside a subagent. */
  agent_id: z.optional(z.string()),
  agent_type: z.optional(z.string()),
});

/**
 * One schema per event, built on first use: a hook process reads one event, and building all eight
 * schemas would cost a tool event more than validating it.
 */
const schemas = {
  SessionStart: () =>
    z.looseObject({
      ...common(),
      hook_event_name: z.literal("SessionStart"),
      /** startup, resume, clear or compact. */
      source: z.optional(z.string()),
    }),
  UserPromptSubmit: () =>
    z.looseObject({
      ...common(),
      hook_event_name: z.literal("UserPromptSubmit"),
      prompt: z.string(),
    }),
  PreToolUse: () =>
    z.looseObject({
      ...common(),
      hook_event_name: z.literal("PreToolUse"),
      tool_name: z.string().check(z.minLength(1)),
      tool_input: z.optional(z.unknown()),
      tool_use_id: z.optional(z.string()),
    }),
  PostToolUse: () =>
    z.looseObject({
      ...common(),
      hook_event_name: z.literal("PostToolUse"),
      tool_name: z.string(),
      tool_input: z.optional(z.unknown()),
      tool_response: z.optional(z.unknown()),
      tool_use_id: z.optional(z.string()),
      duration_ms: z.optional(z.number()),
    }),
  PostToolUseFailure: () =>
    z.looseObject({
      ...common(),
      hook_event_name: z.literal("PostToolUseFailure"),
      tool_name: z.string(),
      tool_input: z.optional(z.unknown()),
      tool_use_id: z.optional(z.string()),
      error: z.optional(z.unknown()),
      is_interrupt: z.optional(z.boolean()),
      duration_ms: z.optional(z.number()),
    }),
  Stop: () =>
    z.looseObject({
      ...common(),
      hook_event_name: z.literal("Stop"),
      stop_hook_active: z.optional(z.boolean()),
      last_assistant_message: z.nullish(z.string()),
    }),
  SubagentStop: () =>
    z.looseObject({
      ...common(),
      hook_event_name: z.literal("SubagentStop"),
      stop_hook_active: z.optional(z.boolean()),
      agent_transcript_path: z.nullish(z.string()),
      last_assistant_message: z.nullish(z.string()),
    }),
  PreCompact: () =>
    z.looseObject({
      ...common(),
      hook_event_name: z.literal("PreCompact"),
      /** manual or auto. */
      trigger: z.optional(z.string()),
      custom_instructions: z.nullish(z.string()),
    }),
  SessionEnd: () =>
    z.looseObject({
      ...common(),
      hook_event_name: z.literal("SessionEnd"),
      /** clear, logout, prompt_input_exit, other … */
      reason: z.optional(z.string()),
    }),
} satisfies Record<HookEventName, () => z.ZodMiniType>;

/** The schemas built so far: the hook daemon validates event after event with the same few. */
const built = new Map<HookEventName, z.ZodMiniType>();

function schemaOf(name: HookEventName): z.ZodMiniType {
  let schema = built.get(name);
  if (!schema) {
    schema = schemas[name]();
    built.set(name, schema);
  }
  return schema;
}

type EventOf<Name extends HookEventName> = z.infer<ReturnType<(typeof schemas)[Name]>>;
export type SessionStartEvent = EventOf<"SessionStart">;
export type UserPromptSubmitEvent = EventOf<"UserPromptSubmit">;
export type PreToolUseEvent = EventOf<"PreToolUse">;
export type PostToolUseEvent = EventOf<"PostToolUse">;
export type PostToolUseFailureEvent = EventOf<"PostToolUseFailure">;
export type StopEvent = EventOf<"Stop">;
export type SubagentStopEvent = EventOf<"SubagentStop">;
export type PreCompactEvent = EventOf<"PreCompact">;
export type SessionEndEvent = EventOf<"SessionEnd">;
/** One validated hook event. */
export type HookEvent = { [Name in HookEventName]: EventOf<Name> }[HookEventName];

/** What reading stdin gave: an event, an event tacit does not handle, or a reason it is unusable. */
export type ParsedHookInput =
  | { kind: "event"; event: HookEvent }
  | { kind: "ignored"; eventName: string }
  | { kind: "invalid"; reason: string };

/**
 * Reads one hook payload (the whole of stdin; a leading byte order mark is accepted). Malformed JSON and payloads that miss a field the
 * event needs are `invalid` with a reason naming the field; events tacit does not handle
 * (Notification, PermissionRequest, …) are `ignored`.
 */
export function parseHookInput(text: string): ParsedHookInput {
  let value: unknown;
  const json = withoutBom(text);
  try {
    value = JSON.parse(json);
  } catch (error) {
    // The parser's message quotes the input, which may hold a secret: say where, never what.
    void error;
    return { kind: "invalid", reason: `stdin is not JSON: ${describeJsonError(json)}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { kind: "invalid", reason: "stdin is not a JSON object" };
  }
  const name = (value as Record<string, unknown>).hook_event_name;
  if (typeof name !== "string") return { kind: "invalid", reason: "hook_event_name: expected a string" };
  if (!(HOOK_EVENT_NAMES as readonly string[]).includes(name)) return { kind: "ignored", eventName: name };
  const parsed = z.safeParse(schemaOf(name as HookEventName), value);
  if (parsed.success) return { kind: "event", event: parsed.data as HookEvent };
  const reason = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
  return { kind: "invalid", reason: `${name}: ${reason}` };
}
