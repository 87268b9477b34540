import { estimateTokens } from "../compaction/tokens.js";
import { neutralizeContextText, TACIT_CONTEXT_CLOSE, TACIT_CONTEXT_OPEN } from "../tacit-context.js";

/** What a recalled item is: a behavioural lesson, a skill (a method), or memory evidence (a fact). */
export type RecallKind = "lesson" | "skill" | "evidence";

/** Who said what a piece of evidence quotes: the user, the assistant, or a tool's output. */
export type EvidenceAttribution = "user" | "assistant" | "tool_output";

/** One ranked candidate for injection. */
export interface RecallCandidate {
  kind: RecallKind;
  id: string;
  /** The short factual statement injected for it (one line; evidence names who said it). */
  text: string;
  /** Evidence only: who said what it quotes. */
  attribution?: EvidenceAttribution;
  /** The final ranking score (0..1.5). */
  score: number;
  /** How relevant it is to the prompt at all (topic similarity, 0..1): the "inject nothing" gate. */
  relevance: number;
  /** The score's parts, for `--explain` and the JSON contract. */
  parts: Record<string, number>;
  /** A lesson of the project's conventions block (see core/recall/conventions.ts). */
  convention?: true;
}

/** The context budget (docs/design.md, "Budget and injection order") and the minimum relevance. */
export interface RecallBudget {
  maxLessons: number;
  maxSkills: number;
  maxEvidence: number;
  /** Items in all. */
  maxItems: number;
  /** Tokens of the whole rendered block (estimateTokens). */
  maxTokens: number;
  /** Below this relevance an item is never injected, however few others there are. */
  minRelevance: Record<RecallKind, number>;
  /** Below this score an item is never injected. */
  minScore: Record<RecallKind, number>;
}

export const DEFAULT_RECALL_BUDGET: RecallBudget = {
  maxLessons: 3,
  maxSkills: 2,
  maxEvidence: 3,
  maxItems: 5,
  maxTokens: 1000,
  minRelevance: { lesson: 0.45, skill: 0.6, evidence: 0.62 },
  minScore: { lesson: 0.15, skill: 0.2, evidence: 0.2 },
};

/** Why a candidate was left out. */
export interface RejectedCandidate {
  candidate: RecallCandidate;
  reason: string;
}

export interface AssembledContext {
  /** Exactly the text to inject; "" when nothing is relevant. */
  context: string;
  /** The injected items, in injection order (conventions → lessons → skills → evidence). */
  items: RecallCandidate[];
  rejected: RejectedCandidate[];
  tokens: number;
}

const ORDER: readonly RecallKind[] = ["lesson", "skill", "evidence"];
const CONVENTIONS_HEADING = "Conventions of this project (they hold for every task of this kind):";
const HEADINGS: Record<RecallKind, string> = {
  lesson: "Lessons from earlier sessions (follow them unless the user says otherwise):",
  skill: "Skills that fit this task:",
  evidence: "Relevant facts from earlier sessions:",
};

/**
 * Chooses what to inject: the conventions block as given (chosen under its own budget, see
 * `chooseConventions`), then per kind best first, skipping anything under the minimum relevance
 * or score, lessons → skills → evidence within the per-kind caps, the total cap and the token cap
 * (the conventions block aside). When nothing qualifies the context is empty: never padded with
 * unrelated items.
 */
export function assembleContext(
  candidates: readonly RecallCandidate[],
  budget: RecallBudget = DEFAULT_RECALL_BUDGET,
  conventions: readonly RecallCandidate[] = [],
): AssembledContext {
  const rejected: RejectedCandidate[] = [];
  const chosen: RecallCandidate[] = [];
  const caps: Record<RecallKind, number> = {
    lesson: budget.maxLessons,
    skill: budget.maxSkills,
    evidence: budget.maxEvidence,
  };
  for (const kind of ORDER) {
    const ranked = candidates
      .filter((candidate) => candidate.kind === kind)
      .sort((a, b) => b.score - a.score);
    let taken = 0;
    for (const candidate of ranked) {
      const reason =
        candidate.relevance < budget.minRelevance[kind]
          ? `not relevant enough (relevance ${round(candidate.relevance)} < ${budget.minRelevance[kind]})`
          : candidate.score < budget.minScore[kind]
            ? `score ${round(candidate.score)} < ${budget.minScore[kind]}`
            : taken >= caps[kind]
              ? `over the ${kind} limit (${caps[kind]})`
              : chosen.length >= budget.maxItems
                ? `over the item limit (${budget.maxItems})`
                : estimateTokens(renderContext([...chosen, candidate])) > budget.maxTokens
                  ? `over the token budget (${budget.maxTokens})`
                  : null;
      if (reason) {
        rejected.push({ candidate, reason });
        continue;
      }
      chosen.push(candidate);
      taken++;
    }
  }
  const items = [...conventions.map((item): RecallCandidate => ({ ...item, convention: true })), ...chosen];
  const context = renderContext(items);
  return { context, items, rejected, tokens: context ? estimateTokens(context) : 0 };
}

/**
 * Renders items as short statements inside `<tacit-context>…</tacit-context>`; "" for no items.
 * Each item's text is neutralised first (see tacit-context.ts): one line, and nothing in it can
 * close the block or open another.
 */
export function renderContext(items: readonly RecallCandidate[]): string {
  if (items.length === 0) return "";
  const lines = [TACIT_CONTEXT_OPEN];
  const conventions = items.filter((item) => item.convention);
  if (conventions.length > 0) lines.push(CONVENTIONS_HEADING, ...conventions.map((item) => `- ${item.text}`));
  for (const kind of ORDER) {
    const ofKind = items.filter((item) => item.kind === kind && !item.convention);
    if (ofKind.length === 0) continue;
    lines.push(HEADINGS[kind]);
    for (const item of ofKind) lines.push(`- ${neutralizeContextText(item.text)}`);
  }
  lines.push(TACIT_CONTEXT_CLOSE);
  return lines.join("\n");
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
