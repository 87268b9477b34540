/**
 * The guard at the tool call in OpenClaw: `before_tool_call` checks the call against the lessons
 * (the SDK's `tacit.guard`) and answers in OpenClaw's terms.
 *
 * - deny → `{ block: true, blockReason }`: OpenClaw does not run the tool and gives the model the
 *   reason as the tool's result;
 * - ask → `{ requireApproval }`: OpenClaw holds the call until the user allows or denies it (a
 *   timeout denies);
 * - a reminder has no place in `before_tool_call` (it cannot add context), so a lesson that would
 *   only be reminded is left to recall in `before_prompt_build`.
 */
import type { GuardAbilities, GuardVerdict } from "../../core/guard/decide.js";

/** What OpenClaw's `before_tool_call` can answer. */
export const OPENCLAW_ABILITIES: GuardAbilities = { deny: true, ask: true, context: false };

/** Longest OpenClaw waits for the user's approval of a call, ms, before denying it. */
const APPROVAL_TIMEOUT_MS = 120_000;

/** OpenClaw's `before_tool_call` result for a verdict (`PluginHookBeforeToolCallResult`), or undefined. */
export function openClawToolAnswer(verdict: GuardVerdict):
  | { block: true; blockReason: string }
  | {
      requireApproval: {
        title: string;
        description: string;
        severity: "warning";
        timeoutMs: number;
        timeoutBehavior: "deny";
        allowedDecisions: Array<"allow-once" | "deny">;
      };
    }
  | undefined {
  if (verdict.answer === "deny") return { block: true, blockReason: verdict.reason };
  if (verdict.answer === "ask") {
    return {
      requireApproval: {
        title: "tacit: a lesson of this project speaks against this call",
        description: verdict.reason,
        severity: "warning",
        timeoutMs: APPROVAL_TIMEOUT_MS,
        timeoutBehavior: "deny",
        allowedDecisions: ["allow-once", "deny"],
      },
    };
  }
  return undefined;
}
