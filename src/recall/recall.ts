import { ulid } from "ulid";
import { toSignalMessages } from "../core/learning/task-message.js";
import type { Lesson } from "../core/lessons/lesson.js";
import { isRecallable, type RecallScoringWeights, scoreLesson } from "../core/lessons/quality.js";
import {
  type AssembledContext,
  assembleContext,
  DEFAULT_RECALL_BUDGET,
  type RecallBudget,
  type RecallCandidate,
  type RecallKind,
} from "../core/recall/context.js";
import {
  type ConventionCandidate,
  type ConventionSettings,
  conventionsBlock,
  DEFAULT_CONVENTION_SETTINGS,
  promptWork,
} from "../core/recall/conventions.js";
import { contentTerms, ftsMatchQuery } from "../core/recall/fts-text.js";
import { reciprocalRankFusion } from "../core/recall/fusion.js";
import {
  appliesToEveryAnswer,
  asksFirst,
  holdsProjectWide,
  isGeneralQuestion,
} from "../core/recall/intents.js";
import {
  DEFAULT_RELEVANCE_WEIGHTS,
  type PromptProfile,
  type RelevanceWeights,
  relevance,
} from "../core/recall/scoring.js";
import { lessonStatement } from "../core/recall/statements.js";
import { triggerSignalSimilarity } from "../core/recall/trigger-affinity.js";
import { detectLiveSignals } from "../core/signals/live-signals.js";
import type { LiveSignalName } from "../core/signals/signal-types.js";
import { cosineSimilarity } from "../core/vector.js";
import { toTaskMessage } from "../learn/learn-session.js";
import { lessonEmbeddingText } from "../learn/lesson-book.js";
import { type Embedder, embedderId } from "../models/embedder.js";
import type { ModelGate } from "../models/model-gate.js";
import { lessonScopeKey, visibleScopeKeys } from "../store/lesson-store.js";
import type { Store } from "../store/store.js";
import {
  embedAll,
  errorsMetBefore,
  evidenceFor,
  overlap,
  promptClauses,
  situationsOf,
  vectorsOf,
} from "./recall-evidence.js";
import { filterWithModel } from "./recall-filter.js";

/** Recall settings: seed 000's weights and budget, and the candidate pool size. */
export interface RecallConfig {
  budget: RecallBudget;
  weights: Partial<RecallScoringWeights>;
  /** Candidates fetched from each of full-text and vector search before fusion. Default 30. */
  pool: number;
  /** Recent turns of the session read for live signals and trigger matching. Default 8. */
  recentTurns: number;
  /**
   * Let the model pick from the relevant candidates (seed 000's unified filter). Off by default: it
   * costs one call per prompt. Any failure falls back (closed) to the ranked list.
   */
  llmFilter: boolean;
  /** The conventions block: its budget and filter (see core/recall/conventions.ts). */
  conventions: ConventionSettings;
  /** The weights of relevance (see core/recall/scoring.ts). */
  relevance: RelevanceWeights;
}

export const DEFAULT_RECALL_CONFIG: RecallConfig = {
  llmFilter: false,
  conventions: DEFAULT_CONVENTION_SETTINGS,
  relevance: DEFAULT_RELEVANCE_WEIGHTS,
  budget: DEFAULT_RECALL_BUDGET,
  weights: {},
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
 * (sqlite-vec KNN) candidates fused by reciprocal rank, scored by seed 000's three factors ×
 * maturity, then fitted to the budget — and nothing at all when nothing is relevant.
 */
export async function recall(
  deps: {
    store: Store;
    embedder: Embedder;
    now: () => number;
    config?: Partial<RecallConfig>;
    gate?: ModelGate;
  },
  request: RecallRequest,
): Promise<RecallResult> {
  const config = { ...DEFAULT_RECALL_CONFIG, ...deps.config };
  const { store, embedder } = deps;
  const id = embedderId(embedder);
  const now = deps.now();
  const projectId = request.projectId ?? null;
  const recent = request.sessionId ? await recentMessages(store, request.sessionId, config.recentTurns) : [];
  const liveSignals = recent.length ? detectLiveSignals(toSignalMessages(recent).messages) : [];
  const recentText = [
    request.query,
    ...recent.filter((message) => message.role === "user").map((message) => message.content),
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
  const profile: PromptProfile = { activities: promptWork(request.query, general).work, general };

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
      ? (
          await store.listLessons({
            scopeKeys: [lessonScopeKey({ scope: "project", projectId })],
            convention: true,
            status: ["candidate", "active", "refined"],
            limit: 200,
          })
        ).filter(isRecallable)
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
    embedder,
    projectId,
    queryVector,
    recentVector,
    queryTerms,
    profile,
    weights: config.relevance,
  });
  // A convention the block leaves out for its kind of work may still fit the prompt as a lesson.
  const block = conventionsBlock(conventions, promptWork(request.query, profile.general), config.conventions);
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

interface LessonSearch {
  /** The project's conventions: candidates of the conventions block, never situational lessons. */
  conventionLessons: readonly Lesson[];
  store: Store;
  embedder: Embedder;
  id: string;
  now: number;
  config: RecallConfig;
  projectId: string | null;
  match: string | null;
  queryVector: Float32Array;
  topicOf: (vector: Float32Array) => number;
  recentVector: Float32Array;
  liveSignals: LiveSignalName[];
  queryTerms: ReadonlySet<string>;
  profile: PromptProfile;
  /** Lessons whose situation (the task they were learnt in) resembles the prompt: its relevance. */
  situations: Map<string, number>;
}

async function lessonsFor(search: LessonSearch): Promise<{
  candidates: RecallCandidate[];
  conventions: Array<ConventionCandidate & { candidate: RecallCandidate }>;
}> {
  const { store, config } = search;
  const scopeKeys = visibleScopeKeys(search.projectId);
  const lexical = search.match
    ? await store.searchLessons({ match: search.match, scopeKeys, limit: config.pool })
    : [];
  const near = await store.nearestLessons({
    embedderId: search.id,
    vector: search.queryVector,
    scopeKeys,
    k: config.pool,
  });
  const fused = reciprocalRankFusion([lexical, near.map((hit) => hit.lessonId)]).slice(0, config.pool);
  const known = new Map(search.conventionLessons.map((lesson) => [lesson.id, lesson]));
  const ids = new Set([...fused.map((hit) => hit.id), ...search.situations.keys(), ...known.keys()]);
  const lessons = (
    await Promise.all([...ids].map((lessonId) => known.get(lessonId) ?? store.getLesson(lessonId)))
  ).filter(
    (lesson): lesson is Lesson =>
      lesson !== null && isRecallable(lesson) && scopeKeys.includes(lessonScopeKey(lesson)),
  );
  if (lessons.length === 0) return { candidates: [], conventions: [] };
  const stored = await vectorsOf({
    items: lessons,
    key: (lesson) => lesson.id,
    known: near.map((hit) => [hit.lessonId, hit.vector]),
    read: (ids) => store.lessonVectors(search.id, ids),
    embedder: search.embedder,
    text: lessonEmbeddingText,
  });
  const triggers = await embedAll(
    search.embedder,
    lessons.map((lesson) => lesson.trigger),
  );
  const lexicalHits = new Set(lexical);
  const weights = config.relevance;
  const scored = lessons.map((lesson, index): RecallCandidate => {
    const topic = search.topicOf(stored.get(lesson.id) as Float32Array);
    const trigger = triggerSignalSimilarity({
      lesson,
      triggerSimilarity: cosineSimilarity(search.recentVector, triggers[index] as Float32Array),
      liveSignals: search.liveSignals,
    });
    const scored = scoreLesson({
      topicSimilarity: topic,
      triggerSimilarity: trigger,
      lesson,
      now: search.now,
      weights: config.weights,
    });
    const shared = overlap(search.queryTerms, `${lesson.trigger} ${lesson.rule}`);
    const situation = search.situations.get(lesson.id) ?? 0;
    return {
      kind: "lesson",
      id: lesson.id,
      text: lessonStatement(lesson),
      score: scored.score,
      relevance: Math.max(
        relevance({
          topic,
          sharedTerms: shared,
          lexicalHit: lexicalHits.has(lesson.id),
          profile: search.profile,
          candidateText: `${lesson.trigger} ${lesson.rule}`,
          // A convention's kind of work is the block's to judge: as a lesson, no lift for it.
          lifted: !known.has(lesson.id),
          weights,
        }),
        weights.situationWeight * situation,
        appliesToEveryAnswer(lesson.trigger) ? weights.everyTaskRelevance : 0,
        // A convention's block decides which tasks it guards (see core/recall/conventions.ts).
        // "ask before adding a dependency" guards every task in its scope, not a knowledge question.
        asksFirst(lesson.rule) && !search.profile.general && !known.has(lesson.id)
          ? weights.everyTaskRelevance
          : 0,
        // "no pip in this repo, its poetry": a rule of the whole project, for any work in it.
        lesson.scope === "project" &&
          holdsProjectWide(lesson.rule) &&
          !search.profile.general &&
          !known.has(lesson.id)
          ? weights.everyTaskRelevance
          : 0,
      ),
      parts: {
        ...scored.parts,
        topicSimilarity: round(topic),
        triggerSimilarity: round(trigger),
        sharedTerms: shared,
        ...(situation > 0 ? { situation: round(situation) } : {}),
      },
    };
  });
  const conventions: Array<ConventionCandidate & { candidate: RecallCandidate }> = [];
  const candidates: RecallCandidate[] = [];
  scored.forEach((candidate, index) => {
    const lesson = lessons[index] as Lesson;
    if (known.has(lesson.id)) conventions.push({ lesson, relevance: candidate.relevance, candidate });
    else candidates.push(candidate);
  });
  return { candidates, conventions };
}

/**
 * Active skills of the project and global ones (few: they need two successful tasks each), scored
 * like lessons without a track record: 0.45·topic + 0.35·trigger (the recent turns against the
 * skill's when-to-use) + 0.20 (an active skill's quality), × 1.
 */
async function skillsFor(search: {
  store: Store;
  embedder: Embedder;
  projectId: string | null;
  queryVector: Float32Array;
  recentVector: Float32Array;
  queryTerms: ReadonlySet<string>;
  profile: PromptProfile;
  weights: RelevanceWeights;
}): Promise<RecallCandidate[]> {
  const skills = await search.store.listSkills({
    limit: 200,
    status: ["active"],
    ...(search.projectId ? { projectId: search.projectId } : { scope: "global" as const }),
  });
  if (skills.length === 0) return [];
  const topics = await embedAll(
    search.embedder,
    skills.map((skill) => `${skill.title}\n${skill.description}`),
  );
  const triggers = await embedAll(
    search.embedder,
    skills.map((skill) => skill.whenToUse.join("\n") || skill.description),
  );
  return skills.map((skill, index) => {
    const topic = cosineSimilarity(search.queryVector, topics[index] as Float32Array);
    const trigger = cosineSimilarity(search.recentVector, triggers[index] as Float32Array);
    const shared = overlap(search.queryTerms, `${skill.title} ${skill.description}`);
    const score = 0.45 * topic + 0.35 * trigger + 0.2;
    return {
      kind: "skill",
      id: skill.id,
      text: `${skill.name}: ${skill.description.replace(/\s+/g, " ").slice(0, 200)} (use the ${skill.name} skill)`,
      score,
      relevance: relevance({
        topic,
        sharedTerms: shared,
        lexicalHit: false,
        profile: search.profile,
        candidateText: `${skill.title} ${skill.description}`,
        weights: search.weights,
      }),
      parts: { topicSimilarity: round(topic), triggerSimilarity: round(trigger), sharedTerms: shared },
    };
  });
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
    score: round(candidate.score),
    parts: candidate.parts,
    ...(candidate.convention ? { convention: true as const } : {}),
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
