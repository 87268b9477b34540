import { ulid } from "ulid";
import { toSignalMessages, toTaskMessage, userRequest } from "../core/learning/task-message.js";
import type { MaturityConfig } from "../core/lessons/maturity.js";
import type { QualityConfig, RecallScoringWeights } from "../core/lessons/quality.js";
import {
  type AssembledContext,
  assembleContext,
  DEFAULT_RECALL_BUDGET,
  type EvidenceAttribution,
  type RecallBudget,
  type RecallCandidate,
  type RecallKind,
} from "../core/recall/context.js";
import { type ConventionSettings, DEFAULT_CONVENTION_SETTINGS } from "../core/recall/convention-settings.js";
import { conventionsBlock, promptWork } from "../core/recall/conventions.js";
import { contentTerms, ftsMatchQuery } from "../core/recall/fts-text.js";
import { isGeneralQuestion, isKnowledgeQuestion } from "../core/recall/intents.js";
import {
  DEFAULT_RELEVANCE_CONFIG,
  type PromptProfile,
  type RelevanceConfig,
} from "../core/recall/scoring.js";
import type { RedactionConfig } from "../core/redaction.js";
import { detectLiveSignals } from "../core/signals/live-signals.js";
import type { LiveSignalName } from "../core/signals/signal-types.js";
import { cosineSimilarity } from "../core/vector.js";
import { type Embedder, embedderId } from "../models/embedder.js";
import type { ModelGate } from "../models/model-gate.js";
import { lessonScopeKey } from "../store/lesson-store.js";
import type { Store } from "../store/store.js";
import { lessonsFor, skillsFor } from "./recall-candidates.js";
import { embedAll, errorsMetBefore, evidenceFor, promptClauses, situationsOf } from "./recall-evidence.js";
import { filterWithModel } from "./recall-filter.js";
import { recallRedactor, redactRecallRequest } from "./recall-redaction.js";

export { recallRedactor, redactRecallRequest } from "./recall-redaction.js";

/** Recall settings: the score's weights and the budget (docs/design.md, "Recall"), and the candidate pool size. */
export interface RecallConfig {
  budget: RecallBudget;
  weights: Partial<RecallScoringWeights>;
  /** Terms of a lesson's quality weight (docs/design.md, "Quality weight"). */
  quality: Partial<QualityConfig>;
  /** Added to trigger similarity per live signal a lesson is made for (default 0.2). */
  triggerSignalBoost?: number;
  /** Adjustments of relevance beyond topic similarity (see core/recall/scoring.ts). */
  relevance: RelevanceConfig;
  /** Candidates fetched from each of full-text and vector search before fusion. Default 30. */
  pool: number;
  /** Recent turns of the session read for live signals and trigger matching. Default 8. */
  recentTurns: number;
  /**
   * Let the model pick from the relevant candidates (docs/design.md, "Model filter"). Off by default: it
   * costs one call per prompt. Any failure falls back (closed) to the ranked list.
   */
  llmFilter: boolean;
  /** The conventions block: its budget and filter (see core/recall/conventions.ts). */
  conventions: ConventionSettings;
  /**
   * Maturity thresholds used when a recalled lesson's maturity is recomputed on feedback decayed to
   * now (defaults: `DEFAULT_MATURITY_CONFIG`); the lesson book's settings belong here too.
   */
  maturity: Partial<MaturityConfig>;
  /**
   * How the prompt is redacted (default: capture's built-in rules); the runtime passes capture's
   * settings, so configured patterns apply to recall prompts too.
   */
  redaction?: Partial<RedactionConfig>;
}

export const DEFAULT_RECALL_CONFIG: RecallConfig = {
  llmFilter: false,
  conventions: DEFAULT_CONVENTION_SETTINGS,
  maturity: {},
  budget: DEFAULT_RECALL_BUDGET,
  weights: {},
  quality: {},
  relevance: DEFAULT_RELEVANCE_CONFIG,
  pool: 30,
  recentTurns: 8,
};

export interface RecallRequest {
  /** The prompt (or question) to recall for. */
  query: string;
  /** The project as recorded on sessions (git root or cwd); its lessons first, then global ones. */
  projectId?: string | null;
  /** The session asking: its recent turns give live signals; its own messages are not evidence. */
  sessionId?: string | null;
  /** Log this recall so its outcome can later feed back into the lessons (default true). */
  log?: boolean;
}

/** One injected (or rejected) item, in the `tacit recall --json` contract. */
export interface RecallItem {
  kind: RecallKind;
  id: string;
  text: string;
  /** Evidence only: who said what it quotes (the user, the assistant, tool output). */
  attribution?: EvidenceAttribution;
  score: number;
  parts: Record<string, number>;
  /** A lesson of the project's conventions block. */
  convention?: true;
}

export interface RecallResult {
  /** Exactly the text to inject; "" when nothing is relevant. */
  context: string;
  items: RecallItem[];
  rejected: Array<RecallItem & { reason: string }>;
  liveSignals: LiveSignalName[];
  /** The logged recall event, or null when nothing was logged. */
  recallId: string | null;
  tokens: number;
}

/**
 * Recalls the few lessons, skills and facts that matter for a prompt: full-text (BM25) and vector
 * (sqlite-vec KNN) candidates fused by reciprocal rank, brought up to date (maturity on feedback
 * decayed to now; a candidate with harmful feedback is held back), scored by topic, trigger and
 * quality × maturity, then fitted to the budget — and nothing at all when nothing is relevant. A
 * project's standing conventions come as a block of their own (see core/recall/conventions.ts).
 */
export async function recall(
  deps: {
    store: Store;
    embedder: Embedder;
    now: () => number;
    config?: Partial<RecallConfig>;
    gate?: ModelGate;
  },
  given: RecallRequest,
): Promise<RecallResult> {
  // The prompt is redacted before it is embedded, searched, sent to a model or logged.
  const request = redactRecallRequest(given, recallRedactor(deps.config));
  const config = { ...DEFAULT_RECALL_CONFIG, ...deps.config };
  const { store, embedder } = deps;
  const id = embedderId(embedder);
  const now = deps.now();
  const projectId = request.projectId ?? null;
  const recent = request.sessionId ? await recentMessages(store, request.sessionId, config.recentTurns) : [];
  const liveSignals = recent.length ? detectLiveSignals(toSignalMessages(recent).messages) : [];
  const recentText = [
    request.query,
    // What the user asked, in their own words: not command output or other harness text.
    ...recent.flatMap((message) => userRequest(message) ?? []),
  ]
    .join("\n")
    .slice(0, 4000);
  const clauses = promptClauses(request.query);
  const [queryVector, recentVector, ...clauseVectors] = (await embedAll(embedder, [
    request.query,
    recentText,
    ...clauses,
  ])) as [Float32Array, Float32Array, ...Float32Array[]];
  /** A prompt that asks for several things matches a lesson about any one of them. */
  const topicOf = (vector: Float32Array) =>
    Math.max(
      cosineSimilarity(queryVector, vector),
      ...clauseVectors.map((clause) => cosineSimilarity(clause, vector)),
    );
  const match = ftsMatchQuery(request.query);
  const queryTerms = contentTerms(request.query);
  const general = isGeneralQuestion(request.query);
  // A prompt that changes code is code work, whatever it names ("tidy up the if/elif chain").
  const work = promptWork(request.query, general);
  const profile: PromptProfile = {
    activities: work.lessonWork,
    // Small talk, thanks and everyday requests ask for no project work either ("thanks, that's all
    // from me today"): what was said in a session is no answer to them.
    general: general || (work.general && !work.question),
    knowledge: isKnowledgeQuestion(request.query),
  };

  const evidence = await evidenceFor({
    store,
    embedder,
    id,
    config,
    projectId,
    match,
    queryVector,
    queryTerms,
    profile,
    sessionId: request.sessionId ?? undefined,
  });
  const lastError = [...recent].reverse().find((message) => message.isError);
  const errorsMet = lastError
    ? await errorsMetBefore(
        { store, embedder, id, config, projectId, sessionId: request.sessionId },
        lastError,
      )
    : [];
  const situations = await situationsOf(store, [...evidence.asks, ...errorsMet]);
  // The project's conventions: scored like lessons, injected as a block of their own.
  const conventionLessons =
    projectId && config.conventions.enabled
      ? await store.listLessons({
          scopeKeys: [lessonScopeKey({ scope: "project", projectId })],
          convention: true,
          status: ["candidate", "active", "refined"],
          limit: 200,
        })
      : [];
  const { candidates: lessonCandidates, conventions } = await lessonsFor({
    conventionLessons,
    store,
    embedder,
    id,
    now,
    config,
    projectId,
    match,
    queryVector,
    topicOf,
    recentVector,
    liveSignals,
    queryTerms,
    profile,
    situations,
  });
  const skillCandidates = await skillsFor({
    store,
    config,
    embedder,
    projectId,
    queryVector,
    recentVector,
    queryTerms,
    profile,
  });
  // A convention the block leaves out for its kind of work may still fit the prompt as a lesson.
  const block = conventionsBlock(conventions, work, config.conventions);
  const pool = [...lessonCandidates, ...block.asLessons, ...skillCandidates, ...evidence.candidates];
  const filtered =
    deps.gate && config.llmFilter
      ? await filterWithModel(deps.gate, request.query, pool, config.budget)
      : null;
  const assembled: AssembledContext = assembleContext(filtered?.kept ?? pool, config.budget, block.items);
  assembled.rejected.push(...block.rejected);
  if (filtered) assembled.rejected.push(...filtered.dropped);
  const items = assembled.items.map(toItem);
  let recallId: string | null = null;
  if (request.log !== false) {
    recallId = ulid();
    await store.recordRecall({
      id: recallId,
      sessionId: request.sessionId ?? null,
      projectId,
      prompt: request.query.slice(0, 2000),
      context: assembled.context,
      createdAt: now,
      items: items.map((item, rank) => ({ kind: item.kind, itemId: item.id, rank, score: item.score })),
      appliedAt: null,
      outcome: null,
    });
  }
  return {
    context: assembled.context,
    items,
    rejected: assembled.rejected.map((entry) => ({ ...toItem(entry.candidate), reason: entry.reason })),
    liveSignals,
    recallId,
    tokens: assembled.tokens,
  };
}

async function recentMessages(store: Store, sessionId: string, turns: number) {
  const session = await store.getSession(sessionId);
  if (!session) return [];
  const rows = await store.listMessages(sessionId, {
    afterSeq: Math.max(-1, session.messageCount - turns * 3 - 1),
  });
  return rows.map(toTaskMessage);
}

function toItem(candidate: RecallCandidate): RecallItem {
  return {
    kind: candidate.kind,
    id: candidate.id,
    text: candidate.text,
    ...(candidate.attribution ? { attribution: candidate.attribution } : {}),
    score: round(candidate.score),
    parts: candidate.parts,
    ...(candidate.convention ? { convention: true as const } : {}),
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
