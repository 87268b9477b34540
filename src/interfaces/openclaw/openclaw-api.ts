/**
 * The part of OpenClaw's plugin API this plugin uses, typed structurally: the `openclaw`
 * package is not a dependency (it needs Node ≥ 24 and native modules), so only the members called
 * here are declared, and every event payload is validated with zod in `openclaw-events.ts`, which
 * is why handlers take `unknown`.
 *
 * Read from openclaw/openclaw:
 * - docs/plugins/hooks.md @ 060f3c10e499f38707b7fab680a2e1e236b575b1 — `api.on(name, handler,
 *   { priority, timeoutMs })`, the hook catalog, `before_prompt_build` returning `prependContext`,
 *   `agent_end` fire-and-forget with a 30 s budget, `allowConversationAccess` for `agent_end`;
 * - docs/plugins/sdk-entrypoints.md @ 11e8189ab5761e1656fc7723c87a101cab8483fa and
 *   src/plugin-sdk/plugin-entry.ts @ 00632cd5bb5653aef8989f897f3702d6abc9135d — `definePluginEntry`
 *   (import `openclaw/plugin-sdk/plugin-entry`) returns `{ id, name, description, configSchema,
 *   register }`, `configSchema` defaulting to an empty object schema;
 * - src/plugins/plugin-api.types.ts @ 001ba9a34d6f100c3150d9209bef8774607f843d — `api.on`,
 *   `api.logger`, `api.pluginConfig`, `api.registrationMode`;
 * - src/plugins/hook-types.ts @ 013ba5dc55898a812dec6b610ac24cf9de4816d3 — hook names, event and
 *   context payloads, the handler map.
 */

/** OpenClaw's plugin logger (`PluginLogger`); every method is optional here so a partial one works. */
export interface OpenClawLogger {
  debug?(message: string): void;
  info?(message: string): void;
  warn?(message: string): void;
  error?(message: string): void;
}

/** The hooks this plugin registers (a subset of OpenClaw's `PluginHookName`). */
export type OpenClawHookName =
  | "session_start"
  | "session_end"
  | "before_prompt_build"
  | "before_tool_call"
  | "after_tool_call"
  | "agent_end"
  | "gateway_stop";

/** Options of `api.on`: handler order (higher first) and a per-handler budget in ms. */
export interface OpenClawHookOptions {
  priority?: number;
  timeoutMs?: number;
}

/** A hook handler; the payloads are validated inside, so they are typed `unknown`. */
export type OpenClawHookHandler = (event: unknown, context: unknown) => unknown;

/** The registration API OpenClaw passes to `register` (`OpenClawPluginApi`), as far as it is used. */
export interface OpenClawPluginApi {
  readonly id?: string;
  /** `"full"` on normal Gateway start; discovery, setup and CLI-metadata loads strip most methods. */
  readonly registrationMode?: string;
  /** This plugin's entry under `plugins.entries.<id>.config`. */
  readonly pluginConfig?: Record<string, unknown>;
  readonly logger?: OpenClawLogger;
  on(hookName: OpenClawHookName, handler: OpenClawHookHandler, options?: OpenClawHookOptions): void;
}

/** `OpenClawPluginConfigSchema`: validation plus the JSON Schema OpenClaw shows and checks. */
export interface OpenClawPluginConfigSchema {
  safeParse(value: unknown): {
    success: boolean;
    data?: unknown;
    error?: { issues: Array<{ path: Array<string | number>; message: string }> };
  };
  jsonSchema: Record<string, unknown>;
}

/** What `definePluginEntry` accepts. */
export interface OpenClawPluginEntryOptions {
  id: string;
  name: string;
  description: string;
  configSchema?: OpenClawPluginConfigSchema;
  register(api: OpenClawPluginApi): void;
}

/** The normalized entry object OpenClaw loads from a plugin's default export. */
export interface OpenClawPluginEntry {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly configSchema: OpenClawPluginConfigSchema;
  register(api: OpenClawPluginApi): void;
}

/** OpenClaw's empty object schema (`emptyPluginConfigSchema`): no config accepted. */
const EMPTY_CONFIG_SCHEMA: OpenClawPluginConfigSchema = {
  safeParse(value) {
    const isEmpty =
      value === undefined ||
      (typeof value === "object" &&
        value !== null &&
        !Array.isArray(value) &&
        Object.keys(value).length === 0);
    return isEmpty
      ? { success: true, data: value }
      : { success: false, error: { issues: [{ path: [], message: "config must be empty" }] } };
  },
  jsonSchema: { type: "object", additionalProperties: false, properties: {} },
};

/**
 * A stand-in for `definePluginEntry` from `openclaw/plugin-sdk/plugin-entry`, which this package
 * cannot import. OpenClaw's helper only normalizes its options (filling the empty config schema;
 * it returns `configSchema` through a lazy getter, a plain property is equivalent for readers), so
 * this returns the same object shape and OpenClaw loads it as if the SDK had built it.
 */
export function definePluginEntry(options: OpenClawPluginEntryOptions): OpenClawPluginEntry {
  return {
    id: options.id,
    name: options.name,
    description: options.description,
    configSchema: options.configSchema ?? EMPTY_CONFIG_SCHEMA,
    register: options.register,
  };
}
