/**
 * Whether the agent followed a lesson it was stopped by or reminded of, read from what it did next:
 * - the forbidden call made again → ignored;
 * - the suggested command (or the lesson's "instead") used → followed;
 * - after a denial, the call not retried within the window, or before the user's next prompt →
 *   followed;
 * - the user's next prompt lets the call through ("yes, run npm this once") → overridden.
 * A reminder or a recalled lesson that nothing afterwards bears on is closed without a verdict.
 * Pure.
 */
import { OVERRIDE_CUES } from "../lexicon/override-cues.js";
import { maskText } from "../signals/signal-text.js";
import type { GuardCheck } from "./checks.js";
import { type CallContext, hasFlag, matchesTarget } from "./match.js";
import { describeAction, type ToolAction } from "./tool-call.js";

/** How a lesson fared once it was enforced or injected. */
export type AdherenceOutcome = "followed" | "ignored" | "overridden";
export const ADHERENCE_OUTCOMES = ["followed", "ignored", "overridden"] as const;

/** How a lesson reached the agent: a denial, a question to the user, a reminder, a recall into the prompt. */
export type GuardEventKind = "deny" | "ask" | "remind" | "recall";
export const GUARD_EVENT_KINDS = ["deny", "ask", "remind", "recall"] as const;

/** A lesson the agent was stopped by or reminded of, whose adherence is still open. */
export interface PendingAdherence {
  id: string;
  kind: GuardEventKind;
  check: GuardCheck;
  /** What the agent was told to run instead, or null. */
  suggestion: string | null;
  /** Tool calls seen since. */
  callsSeen: number;
}

/** What the next call or prompt did to one open event. */
export interface AdherenceStep {
  id: string;
  callsSeen: number;
  /** Set when the event closes: the verdict (null: nothing bore on it) and what showed it. */
  closed: { outcome: AdherenceOutcome | null; detail: string } | null;
}

/** True when an event of this kind and check can be judged at all by what follows. */
export function isJudgeable(kind: GuardEventKind, check: GuardCheck): boolean {
  if (check.kind === "forbid") return true;
  // A lesson about a command judges only the flag it asks for; other "about" lessons have no wrong call.
  return kind !== "deny" && check.target.type === "command" && check.target.flag !== undefined;
}

/** Steps every open event one tool call further (`actions`: what the call does; none for a Read). */
export function adherenceAfterCall(
  pending: readonly PendingAdherence[],
  actions: readonly ToolAction[],
  context: CallContext,
  window: number,
): AdherenceStep[] {
  return pending.map((event) => {
    const callsSeen = event.callsSeen + 1;
    const verdict = judgeCall(event, actions, context);
    if (verdict) return { id: event.id, callsSeen, closed: verdict };
    if (callsSeen < window) return { id: event.id, callsSeen, closed: null };
    const stopped = event.kind === "deny" || event.kind === "ask";
    return {
      id: event.id,
      callsSeen,
      closed: stopped
        ? { outcome: "followed", detail: `not retried in the next ${callsSeen} tool call(s)` }
        : { outcome: null, detail: `no call it applies to in the next ${callsSeen} tool call(s)` },
    };
  });
}

/** Closes every open event at the user's next prompt: an override, else what the turn showed. */
export function adherenceAfterPrompt(pending: readonly PendingAdherence[], prompt: string): AdherenceStep[] {
  return pending.map((event) => {
    const stopped = event.kind === "deny" || event.kind === "ask";
    if (stopped && overrides(prompt, event.check))
      return {
        id: event.id,
        callsSeen: event.callsSeen,
        closed: { outcome: "overridden", detail: clip(prompt) },
      };
    return {
      id: event.id,
      callsSeen: event.callsSeen,
      closed: stopped
        ? { outcome: "followed", detail: "not retried before the user's next prompt" }
        : { outcome: null, detail: "no call it applies to before the user's next prompt" },
    };
  });
}

/**
 * True when a prompt lets through what `check` stopped: an override cue ("this once", "go ahead",
 * "yes, use …"), and either the forbidden thing named (the program, the file) or a short reply.
 */
export function overrides(prompt: string, check: GuardCheck): boolean {
  const masked = maskText(prompt);
  if (!OVERRIDE_CUES.pattern.test(masked)) return false;
  const words = prompt.trim().split(/\s+/).length;
  return words <= 8 || namesSubject(prompt.toLowerCase(), check);
}

function namesSubject(lower: string, check: GuardCheck): boolean {
  const target = check.target;
  const subject =
    target.type === "command" ? target.program : (target.path.replace(/\/+$/, "").split("/").at(-1) ?? "");
  if (subject === "") return false;
  return new RegExp(`(?:^|[^\\w.-])${subject.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:$|[^\\w-])`).test(
    lower,
  );
}

function judgeCall(
  event: PendingAdherence,
  actions: readonly ToolAction[],
  context: CallContext,
): AdherenceStep["closed"] {
  const { check } = event;
  const target = check.target;
  if (check.kind === "about") {
    if (target.type !== "command" || target.flag === undefined) return null;
    const runs = actions.find(
      (action) =>
        action.kind === "command" &&
        action.command.program === target.program &&
        (!target.subcommand || action.command.subcommand === target.subcommand),
    );
    if (runs?.kind !== "command") return null;
    return hasFlag(runs.command, target.flag)
      ? { outcome: "followed", detail: `ran \`${clip(describeAction(runs))}\`` }
      : { outcome: "ignored", detail: `ran \`${clip(describeAction(runs))}\` without ${target.flag}` };
  }
  const again = actions.find((action) => matchesTarget(target, action, context));
  if (again) return { outcome: "ignored", detail: `ran \`${clip(describeAction(again))}\` again` };
  const insteadProgram = (event.suggestion ?? check.instead ?? "").trim().split(/\s+/)[0]?.toLowerCase();
  const used = insteadProgram
    ? actions.find((action) => action.kind === "command" && action.command.program === insteadProgram)
    : undefined;
  if (used) return { outcome: "followed", detail: `ran \`${clip(describeAction(used))}\`` };
  return null;
}

function clip(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
