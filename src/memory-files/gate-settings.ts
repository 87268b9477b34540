/**
 * The memory gate's settings, as the configuration file will hold them (`memoryGate`): an exported
 * zod schema with defaults, and the same defaults as a plain object.
 */
import { z } from "zod";

/** How the gate decides: the offline rules, the configured model, or the model when one is configured. */
export const GATE_MODES = ["offline", "model", "auto"] as const;
export type GateMode = (typeof GATE_MODES)[number];

/** The memory gate's settings. */
export interface MemoryGateSettings {
  /** Run the gate on stored turns (`tacit gate run`, and the pipeline once it is wired). Default true. */
  enabled: boolean;
  /** Messages the gate reads per turn, the user's message and the agent's reply included. Default 10. */
  windowSize: number;
  /** Keep the model's raw reply with each decision. Default true. */
  storeRawResponse: boolean;
  /**
   * `offline`: the rules only. `model`: the configured model; without one, or when it fails, the
   * rules decide with a warning. `auto`: the model when one is configured, else the rules
   * (silently); a model failure falls back with a warning. Default `auto`.
   */
  mode: GateMode;
}

export const DEFAULT_MEMORY_GATE_SETTINGS: MemoryGateSettings = {
  enabled: true,
  windowSize: 10,
  storeRawResponse: true,
  mode: "auto",
};

/** The settings as configuration: each optional, defaulting to {@link DEFAULT_MEMORY_GATE_SETTINGS}. */
export const memoryGateSettingsSchema = z
  .object({
    enabled: z.boolean().default(DEFAULT_MEMORY_GATE_SETTINGS.enabled),
    windowSize: z.number().int().min(2).max(200).default(DEFAULT_MEMORY_GATE_SETTINGS.windowSize),
    storeRawResponse: z.boolean().default(DEFAULT_MEMORY_GATE_SETTINGS.storeRawResponse),
    mode: z.enum(GATE_MODES).default(DEFAULT_MEMORY_GATE_SETTINGS.mode),
  })
  .strict();
