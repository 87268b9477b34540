/**
 * Slots of how a project keeps its work: the format its config is written in, read as the member a
 * rule names only where the rule speaks of config, so "user config is YAML" → "config moves to TOML"
 * → "config is KDL now" is a chain. The tracker tickets live in is no slot here: "the jira key" names
 * how a commit message or a branch starts (slots.ts). Part of the slot lexicon (slots.ts). Pure.
 */
import { members, type SlotEntry } from "./slot-entry.js";

/** The process slots, tried in this order. */
export const PROCESS_SLOTS: readonly SlotEntry[] = [
  // Said of config or settings: "user config is YAML", "config moves to TOML".
  members(
    "config-format",
    ["config"],
    {
      yaml: "yaml",
      yml: "yaml",
      toml: "toml",
      json: "json",
      json5: "json5",
      kdl: "kdl",
      ini: "ini",
      hcl: "hcl",
      ron: "ron",
    },
    "user config is TOML now",
    { only: /\bconfig(?:uration)?s?\b|\bsettings\b|配置/i },
  ),
];
