/**
 * The `guard` section: the guard at the tool call (docs/guard.md) — whether a call a lesson
 * forbids is denied, asked about or only reminded, and how the agent's adherence is judged. A
 * project's own `.tacit/config.json` may set it (`tacit config set guard.mode remind --project`).
 */
import {
  DEFAULT_GUARD_SETTINGS as DEFAULTS,
  GUARD_MODES,
  UNCONFIRMED_ANSWERS,
} from "../../core/guard/guard-settings.js";
import { choice, count, flag, positive, section } from "../setting.js";

export const guardSettingsSchema = section({
  mode: choice(
    GUARD_MODES,
    DEFAULTS.mode,
    "`enforce`: a tool call the user's explicit prohibition forbids is denied (the agent reads the lesson and what to do instead), other matching lessons are reminded; `remind`: matching lessons are only added as context; `off`: the guard does nothing.",
  ),
  denyEstablished: flag(
    DEFAULTS.denyEstablished,
    "Let established and proven lessons deny a call too, not only the user's explicit prohibitions.",
  ),
  unconfirmed: choice(
    UNCONFIRMED_ANSWERS,
    DEFAULTS.unconfirmed,
    "What a call gets when a lesson forbids it but may not deny it: `remind` (the lesson as context) or `ask` (the user confirms the call; agents that cannot ask get a reminder).",
  ),
  maxLessonsPerCall: positive(
    DEFAULTS.maxLessonsPerCall,
    "Lessons named in one answer to a tool call, at most.",
  ),
  remindOncePerSession: flag(
    DEFAULTS.remindOncePerSession,
    "Remind a lesson that only concerns a call (a command or file it names, nothing it forbids) once per session.",
  ),
  justInTime: flag(
    DEFAULTS.justInTime,
    "Remind lessons about the commands and files they name when a tool call uses them.",
  ),
  adherenceWindow: positive(
    DEFAULTS.adherenceWindow,
    "Tool calls after a denial or reminder within which the agent's next move is judged: the forbidden call again is ignored, the suggested one followed; a denial not retried within them counts as followed.",
  ),
  demoteAfterOverrides: count(
    DEFAULTS.demoteAfterOverrides,
    'Times the user may override a lesson\'s denial ("yes, run npm this once") before it is made stale; 0: never.',
  ),
});
