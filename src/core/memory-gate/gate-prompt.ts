/**
 * The memory gate's model mode, the pure half: the instructions the model gets, the turn as the
 * data it reads, and the zod schema its JSON answer must pass: `{decision, candidate_fact, reason}`
 * (a fact is required for every decision but NO_WRITE). The call itself goes through the model
 * gate (src/memory-files/gate-model.ts). Pure.
 */
import { z } from "zod";
import { GATE_DECISIONS, type GateTurn } from "./gate-decision.js";

/** Longest candidate fact and reason a model may return, in characters. */
export const MAX_MODEL_FACT_CHARS = 500;
export const MAX_MODEL_REASON_CHARS = 500;

/** The model's answer. */
export const gateModelAnswerSchema = z
  .object({
    decision: z.enum(GATE_DECISIONS),
    candidate_fact: z.string().trim().max(MAX_MODEL_FACT_CHARS).nullable().optional(),
    reason: z.string().trim().min(1).max(MAX_MODEL_REASON_CHARS),
  })
  .refine((answer) => answer.decision === "NO_WRITE" || (answer.candidate_fact ?? "") !== "", {
    message: "candidate_fact is required unless the decision is NO_WRITE",
    path: ["candidate_fact"],
  });

/** The model's answer after validation. */
export type GateModelAnswer = z.infer<typeof gateModelAnswerSchema>;

/** The system prompt of the gate's model call (trusted text). */
export const GATE_SYSTEM_PROMPT = [
  "You are the memory gate of an AI agent. The agent keeps long-term memory in five markdown files.",
  "For the current turn, decide whether something the USER said belongs in one of them:",
  "- UPDATE_USER: a stable preference or a lasting fact about the user (name, how to address them, time zone, work, diet, habits). 'I prefer morning check-ins' → 'prefers morning check-ins'.",
  "- UPDATE_SOUL: an enduring principle or standing instruction for how the agent behaves in every conversation (honesty, tone, format, asking before acting). 'Always be honest with me' → 'Always be honest with the user'.",
  "- UPDATE_IDENTITY: the agent's own name, role, avatar, emoji or vibe. 'Your name is Aria' → 'name is Aria'.",
  "- UPDATE_TOOLS: a fact about the user's own machines and tools: aliases, install paths, what a command means on this computer, device names.",
  "- UPDATE_MEMORY: a durable shared fact, decision or lesson (deadlines, how the team works, facts about people in the user's life, what was decided, what was learnt).",
  "- NO_WRITE: small talk, thanks, one-off tactics ('this time', 'for this button'), passing moods ('I'm tired today'), chatter about the conversation at hand, questions, suppositions, unverifiable claims about a system's current state ('the server seems slow today'), secrets and personal data (passwords, e-mail addresses, phone numbers).",
  "Only the user's own words count; the agent's reply and earlier messages are context. When in doubt, NO_WRITE.",
  "candidate_fact: one clean, standalone fact in the third person, without the user's wording around it (no 'I', no 'remember that'); null for NO_WRITE. Write it in the language the user wrote in.",
  "reason: one short sentence saying why.",
].join("\n");

/** Trusted text after the data: the answer's shape. */
export const GATE_ANSWER_INSTRUCTIONS =
  'Reply with JSON only: {"decision": "NO_WRITE" | "UPDATE_MEMORY" | "UPDATE_USER" | "UPDATE_SOUL" | "UPDATE_IDENTITY" | "UPDATE_TOOLS", "candidate_fact": string or null, "reason": string}.';

/** The turn as the model reads it (untrusted: the model gate fences it as data). */
export function gatePrompt(turn: GateTurn): string {
  const recent = turn.recentMessages.map((message) => `[${message.role}] ${message.message}`);
  return [
    "Recent messages (oldest first):",
    recent.length > 0 ? recent.join("\n") : "(none)",
    "",
    "Current user message:",
    turn.currentUserMessage,
    "",
    "Current agent reply:",
    turn.currentAgentReply === "" ? "(none)" : turn.currentAgentReply,
  ].join("\n");
}
