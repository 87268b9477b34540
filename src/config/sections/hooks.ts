/** The `hooks` section: the Claude Code / Codex hooks and their resident daemon (docs/integrations.md). */
import { choice, count, flag, positive, section } from "../setting.js";

export const hooksSettingsSchema = section({
  daemon: flag(
    true,
    "Hand hook events to a resident daemon (one per database) instead of loading tacit for each event. `TACIT_HOOK_DAEMON=0` turns it off.",
    { env: "TACIT_HOOK_DAEMON" },
  ),
  daemonIdleMs: positive(
    300_000,
    "The daemon exits after this long (ms) without an event. An agent at work sends events every few seconds; after a longer pause the next prompt starts a new daemon in about 100 ms.",
    { env: "TACIT_HOOK_DAEMON_IDLE_MS" },
  ),
  daemonCheckMs: positive(
    5_000,
    "How often (ms) the daemon checks that its socket, databases and code are still there (folder watches make it exit at once; this catches what a watch missed).",
    { env: "TACIT_HOOK_DAEMON_CHECK_MS" },
  ),
  promptDeadlineMs: positive(
    2_000,
    "Longest a prompt-level event (session start, prompt, stop, compaction, session end) may keep the agent waiting, in ms from when the hook starts, the daemon's answer included. Past it the prompt gets no recalled context, and what the event meant to store waits on disk until the database is free.",
    { env: "TACIT_HOOK_PROMPT_DEADLINE_MS" },
  ),
  toolEventDeadlineMs: positive(
    1_000,
    "Longest a tool event may keep the agent waiting, in ms. Past it (a database locked by another process) the tool call waits on disk and is stored once the lock clears.",
    { env: "TACIT_HOOK_TOOL_DEADLINE_MS" },
  ),
  daemonWaitMs: positive(
    50,
    "How long (ms) a hook waits on a daemon that is silent (it does not take the connection, or stops reading a tool event) before handling the event itself; a tool event is then queued, redacted, for the daemon. Raise it on a machine so loaded that a daemon often misses it.",
    { env: "TACIT_HOOK_DAEMON_WAIT_MS" },
  ),
  backgroundLearn: flag(
    true,
    "Learn a session in the background when the agent stops. `TACIT_NO_BACKGROUND_LEARN=1` turns it off.",
    { env: "TACIT_NO_BACKGROUND_LEARN", envInverted: true },
  ),
  transport: choice(
    ["auto", "http", "command"],
    "auto",
    "How `tacit install claude-code` wires the per-event hooks (prompt, tool calls): `http` posts them to the resident daemon on 127.0.0.1 (no process per event; Claude Code 2.1.63 or later), `command` runs `tacit hook` for each, `auto` picks `http` when the installed Claude Code has HTTP hooks. `--transport` wins.",
  ),
  httpPort: count(
    0,
    "The 127.0.0.1 port the hook daemon listens on for HTTP hooks, written into the agent's settings by `tacit install`. 0: a free port picked at install (kept by later installs).",
  ),
  httpIdleMs: positive(
    43_200_000,
    "With HTTP hooks nothing restarts the daemon between two events, so it stays while a session is open: it exits `hooks.daemonIdleMs` after the last open session ended (SessionEnd), or this long (ms) after an open session's last event.",
    { env: "TACIT_HOOK_HTTP_IDLE_MS" },
  ),
  timeoutSeconds: positive(
    10,
    "Seconds an agent waits for tacit's hook before going on without it, written by `tacit install` (its `--timeout` wins).",
  ),
});
