/**
 * The turn as callers hand it to the gate (`tacit gate decide` on stdin, the MCP tool, labelled
 * sets): `{"recent_messages": [{"role", "message"}], "current_user_message", "current_agent_reply"}`,
 * validated with zod; an error names the field that is wrong.
 */
import { z } from "zod";
import { InvalidInputError } from "../core/errors.js";
import { describeJsonError } from "../core/json-error.js";
import type { GateTurn } from "../core/memory-gate/gate-decision.js";

/** Longest message the gate reads, in characters (longer ones are refused, not cut). */
export const MAX_GATE_MESSAGE_CHARS = 200_000;

const message = z.string().max(MAX_GATE_MESSAGE_CHARS);

/** One message of the window. */
export const gateMessageSchema = z
  .object({
    role: z.enum(["user", "assistant", "system", "tool"]).describe("who said it"),
    message: message.describe("what was said"),
  })
  .strict();

/** The fields of the turn contract, for schemas that add their own (the MCP tool, labelled sets). */
export const gateTurnShape = {
  recent_messages: z
    .array(gateMessageSchema)
    .default([])
    .describe(
      "the messages before this turn, oldest first (the gate keeps the last ones that fit its window)",
    ),
  current_user_message: message.describe("what the user said in this turn"),
  current_agent_reply: message.default("").describe("what the agent replied (empty when it has not)"),
};

/** The turn contract. */
export const gateTurnInputSchema = z.object(gateTurnShape).strict();

/** The contract's snake_case fields as the gate's turn. */
export function toGateTurn(input: z.output<typeof gateTurnInputSchema>): GateTurn {
  return {
    recentMessages: input.recent_messages,
    currentUserMessage: input.current_user_message,
    currentAgentReply: input.current_agent_reply,
  };
}

/** `field.path: message; …` for zod issues. */
export function describeZodIssues(issues: readonly z.core.$ZodIssue[]): { field: string; message: string } {
  const [first] = issues;
  const field = (first?.path ?? [])
    .map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`))
    .join("")
    .replace(/^\./, "");
  return { field: field || "(root)", message: first?.message ?? "invalid" };
}

/**
 * JSON text validated by `schema`. Throws InvalidInputError naming `source` (and `line`) and the
 * first field that is wrong (e.g. `recent_messages[2].role`).
 */
export function parseJsonWith<T extends z.ZodType>(
  text: string,
  schema: T,
  source: string,
  line?: number,
): z.output<T> {
  const where = { file: source, ...(line !== undefined ? { line } : {}) };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // A turn may hold a secret, and the parser's message quotes it: say where, never what.
    void error;
    throw new InvalidInputError({ message: `not JSON: ${describeJsonError(text)}`, ...where });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const { field, message } = describeZodIssues(parsed.error.issues);
    throw new InvalidInputError({ message, ...where, field });
  }
  return parsed.data;
}

/** Reads the turn contract from JSON text; `source` names where it came from ("stdin", a file). */
export function parseGateInput(text: string, source: string): GateTurn {
  return toGateTurn(parseJsonWith(text, gateTurnInputSchema, source));
}
