/** The `memoryGate` section: which turns hold something for a memory file (docs/memory-files.md). */
import { DEFAULT_MEMORY_GATE_SETTINGS as DEFAULTS, GATE_MODES } from "../../memory-files/gate-settings.js";
import { choice, flag, positive, section } from "../setting.js";

export const memoryGateSettingsSection = section({
  enabled: flag(
    DEFAULTS.enabled,
    "Run the gate on stored turns (`tacit gate run`, and the learning pipeline when a workspace is set).",
  ),
  windowSize: positive(
    DEFAULTS.windowSize,
    "Messages the gate reads per turn, the user's message and the agent's reply included.",
  ),
  storeRawResponse: flag(DEFAULTS.storeRawResponse, "Keep the model's raw reply with each decision."),
  mode: choice(
    GATE_MODES,
    DEFAULTS.mode,
    "`offline`: the rules only; `model`: the configured model (the rules, with a warning, when it fails); `auto`: the model when one is configured, else the rules.",
  ),
});
