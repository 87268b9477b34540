import { z } from "zod";
import type { RecallBudget, RecallCandidate, RejectedCandidate } from "../core/recall/context.js";
import type { ModelGate } from "../models/model-gate.js";

const SYSTEM = `You choose what an AI coding agent should be reminded of before it acts on a user's prompt.
Candidates are of three kinds with different jobs: "lesson" = a behavioural rule learnt from past
corrections and failures; "skill" = a reusable method; "evidence" = a fact from past sessions.
Keep only candidates that clearly apply to the prompt. Keep none when none apply: an empty list is a
good answer. At most 3 lessons, 2 skills and 3 evidence items, 5 in all.`;

const keepSchema = z.object({ keep: z.array(z.string()).max(20) });

/**
 * Recall's optional model filter (docs/design.md#model-filter): the model picks from the candidates
 * that passed the relevance gate.
 * Fails closed: when the model is unavailable, refuses, or answers something unusable, the ranked
 * list stands (returns null). Only ids from the pool are accepted.
 */
export async function filterWithModel(
  gate: ModelGate,
  prompt: string,
  pool: RecallCandidate[],
  budget: RecallBudget,
): Promise<{ kept: RecallCandidate[]; dropped: RejectedCandidate[] } | null> {
  const eligible = pool
    .filter((candidate) => candidate.relevance >= budget.minRelevance[candidate.kind])
    .sort((a, b) => b.score - a.score)
    .slice(0, 12);
  if (!gate.model || eligible.length === 0) return null;
  const listed = eligible.map((candidate) => ({
    id: candidate.id,
    kind: candidate.kind,
    text: candidate.text,
  }));
  const result = await gate.call({
    purpose: "recall-filter",
    system: SYSTEM,
    prompt: `User prompt:\n${prompt.slice(0, 2000)}\n\nCandidates:\n${JSON.stringify(listed, null, 1)}`,
    instructions: 'Reply with JSON only: {"keep": ["<candidate id>", …]}',
    schema: keepSchema,
    maxOutputTokens: 300,
  });
  if (!result.ok) return null;
  const keep = new Set(result.value.keep);
  const known = new Set(eligible.map((candidate) => candidate.id));
  if ([...keep].some((id) => !known.has(id))) return null;
  return {
    kept: pool.filter((candidate) => keep.has(candidate.id)),
    dropped: pool
      .filter((candidate) => !keep.has(candidate.id))
      .map((candidate) => ({ candidate, reason: "left out by the model filter" })),
  };
}
