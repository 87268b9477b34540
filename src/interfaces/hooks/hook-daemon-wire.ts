/**
 * What the hook client and the hook daemon say to each other, whichever way the event travels (the
 * daemon's Unix socket, or one of its FIFO pairs: hook-fifo-client.ts). Loaded on every hook: no
 * imports.
 *
 * The client sends a header line (`DaemonRequest`) then the payload; the daemon writes ACCEPTED
 * once it holds the whole event, then ANSWERED and the hook's output.
 */

/** The header line of an event sent to the daemon. */
export interface DaemonRequest {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  /** ms left of the event's deadline when it was sent. */
  deadlineMs?: number;
}

/** What the daemon writes once it holds the whole event. */
export const ACCEPTED = "A";
/** What the daemon writes before the hook's output. */
export const ANSWERED = "D";

/**
 * What became of an event sent to the daemon: answered (with the output, "" for none); unavailable
 * (no daemon, or it never acknowledged the event or died before answering: the client handles the
 * event itself); timed out (acknowledged, but not answered by the event's deadline).
 */
export type DaemonReply =
  | { kind: "answered"; output: string }
  | { kind: "unavailable" }
  | { kind: "timed-out" };

/**
 * A daemon that does not acknowledge a sent event within this share of what is left of its deadline
 * is treated as absent: the rest is left for handling the event in the client's process.
 */
export const ACCEPT_SHARE = 0.5;

/**
 * A payload's `hook_event_name`, read without parsing it (whoever handles the event validates the
 * payload): "" when it is not there.
 */
export function hookEventName(payload: Buffer): string {
  return /"hook_event_name"\s*:\s*"(\w+)"/.exec(payload.toString("utf8", 0, 65_536))?.[1] ?? "";
}
