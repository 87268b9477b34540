/**
 * The guard's settings and their defaults (the `guard` section of the configuration is built from
 * these). Pure.
 */

/** What the guard does with a call a lesson applies to. */
export type GuardMode = "off" | "remind" | "enforce";
export const GUARD_MODES = ["off", "remind", "enforce"] as const;

/** What a forbidden call gets when its lesson may not deny it. */
export type UnconfirmedAnswer = "remind" | "ask";
export const UNCONFIRMED_ANSWERS = ["remind", "ask"] as const;

/** Everything the guard is configured by. */
export interface GuardSettings {
  /**
   * `enforce`: a call an explicit prohibition forbids is denied, other matches are reminded (or
   * asked); `remind`: every match is only reminded; `off`: the guard does nothing.
   */
  mode: GuardMode;
  /** Whether established and proven lessons may deny too (not only the user's explicit prohibitions). */
  denyEstablished: boolean;
  /** What a forbidden call gets when its lesson may not deny it: a reminder, or the user is asked. */
  unconfirmed: UnconfirmedAnswer;
  /** Lessons named in one answer, at most. */
  maxLessonsPerCall: number;
  /** Remind a lesson that only applies to a call (it forbids nothing there) once per session. */
  remindOncePerSession: boolean;
  /** Remind lessons about the commands and files they name when a call uses them. */
  justInTime: boolean;
  /** Tool calls after a denial or reminder within which the agent's choice is judged. */
  adherenceWindow: number;
  /** Overrides by the user that make a lesson stale (0: never). */
  demoteAfterOverrides: number;
}

export const DEFAULT_GUARD_SETTINGS: GuardSettings = {
  mode: "enforce",
  denyEstablished: false,
  unconfirmed: "remind",
  maxLessonsPerCall: 2,
  remindOncePerSession: true,
  justInTime: true,
  adherenceWindow: 3,
  demoteAfterOverrides: 2,
};
