import { ulid } from "ulid";
import { errorExcerpt } from "../core/error-line.js";
import { harnessOrigin } from "../core/harness-text.js";
import { toSignalMessages, userRequest } from "../core/learning/task-message.js";
import { mergeConfig } from "../core/lessons/config.js";
import type { Lesson } from "../core/lessons/lesson.js";
import type { MaturityConfig } from "../core/lessons/maturity.js";
import {
  DEFAULT_RECALL_SCORING_WEIGHTS,
  type QualityConfig,
  type RecallScoringWeights,
  scoreLesson,
} from "../core/lessons/quality.js";
import {
  type AssembledContext,
  assembleContext,
  DEFAULT_RECALL_BUDGET,
  type EvidenceAttribution,
  type RecallBudget,
  type RecallCandidate,
  type RecallKind,
} from "../core/recall/context.js";
import { contentTerms, ftsMatchQuery } from "../core/recall/fts-text.js";
import { reciprocalRankFusion } from "../core/recall/fusion.js";
import {
  activities,
  appliesToEveryAnswer,
  asksFirst,
  holdsProjectWide,
  isGeneralQuestion,
} from "../core/recall/intents.js";
import { evidenceStatement, lessonStatement } from "../core/recall/statements.js";
import { triggerSignalSimilarity } from "../core/recall/trigger-affinity.js";
import { createRedactor, type RedactionConfig, type Redactor } from "../core/redaction.js";
import { detectLiveSignals } from "../core/signals/live-signals.js";
import type { LiveSignalName } from "../core/signals/signal-types.js";
import { cosineSimilarity } from "../core/vector.js";
import { toTaskMessage } from "../learn/learn-session.js";
import { lessonEmbeddingText } from "../learn/lesson-book.js";
import { recallableLessons } from "../learn/lesson-upkeep.js";
import { type Embedder, embedderId } from "../models/embedder.js";
import type { ModelGate } from "../models/model-gate.js";
import { lessonScopeKey, visibleScopeKeys } from "../store/lesson-store.js";
import type { EvidenceRow } from "../store/recall-store.js";
import type { Store } from "../store/store.js";
import { filterWithModel } from "./recall-filter.js";
import {
  DEFAULT_RELEVANCE_CONFIG,
  type PromptProfile,
  type RelevanceConfig,
  relevance,
} from "./relevance.js";

/** Capture's built-in rules, when no redaction settings are given. */
const builtInRedactor = createRedactor();

/**
 * What a recall prompt is redacted with: capture's rules and configured patterns (the
 * `redaction` setting), so what recall embeds, logs or echoes is redacted like what capture stores.
 */
export function recallRedactor(config: Partial<RecallConfig> = {}): Redactor {
  const redaction = config.redaction;
  return redaction && (redaction.patterns?.length || redaction.enabled === false)
    ? createRedactor(redaction)
    : builtInRedactor;
}

/**
 * The prompt and project of a recall as recall uses them: redacted, the project as capture stores
 * it (so lessons scoped to a project with a secret in its path match).
 */
export function redactRecallRequest<T extends { query: string; projectId?: string | null }>(
  request: T,
  redact: Redactor,
): T {
  return {
    ...request,
    query: redact(request.query).text,
    projectId: request.projectId ? redact(request.projectId).text : (request.projectId ?? null),
  };
}

/** Recall settings: seed 000's weights and budget, and the candidate pool size. */
export interface RecallConfig {
  budget: RecallBudget;
  weights: Partial<RecallScoringWeights>;
  /** Terms of a lesson's quality weight (seed 000). */
  quality: Partial<QualityConfig>;
  /** Added to trigger similarity per live signal a lesson is made for (default 0.2). */
  triggerSignalBoost?: number;
  /** Adjustments of relevance beyond topic similarity. */
  relevance: RelevanceConfig;
  /** Candidates fetched from each of full-text and vector search before fusion. Default 30. */
  pool: number;
  /** Recent turns of the session read for live signals and trigger matching. Default 8. */
  recentTurns: number;
  /**
   * Let the model pick from the relevant candidates (seed 000's unified filter). Off by default: it
   * costs one call per prompt. Any failure falls back (closed) to the ranked list.
   */
  llmFilter: boolean;
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
 * quality × maturity, then fitted to the budget — and nothing at all when nothing is relevant.
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
  const profile: PromptProfile = {
    activities: activities(request.query),
    general: isGeneralQuestion(request.query),
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
  const lessonCandidates = await lessonsFor({
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
  const pool = [...lessonCandidates, ...skillCandidates, ...evidence.candidates];
  const filtered =
    deps.gate && config.llmFilter
      ? await filterWithModel(deps.gate, request.query, pool, config.budget)
      : null;
  const assembled: AssembledContext = assembleContext(filtered?.kept ?? pool, config.budget);
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

async function lessonsFor(search: LessonSearch): Promise<RecallCandidate[]> {
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
  const ids = new Set([...fused.map((hit) => hit.id), ...search.situations.keys()]);
  const found = (await Promise.all([...ids].map((lessonId) => store.getLesson(lessonId)))).filter(
    (lesson): lesson is Lesson => lesson !== null && scopeKeys.includes(lessonScopeKey(lesson)),
  );
  const lessons = await recallableLessons(
    { store, now: () => search.now, config: { maturity: config.maturity } },
    found,
  );
  if (lessons.length === 0) return [];
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
  return lessons.map((lesson, index) => {
    const topic = search.topicOf(stored.get(lesson.id) as Float32Array);
    const trigger = triggerSignalSimilarity({
      lesson,
      triggerSimilarity: cosineSimilarity(search.recentVector, triggers[index] as Float32Array),
      liveSignals: search.liveSignals,
      boost: config.triggerSignalBoost,
    });
    const scored = scoreLesson({
      topicSimilarity: topic,
      triggerSimilarity: trigger,
      lesson,
      now: search.now,
      weights: config.weights,
      quality: config.quality,
    });
    const shared = overlap(search.queryTerms, `${lesson.trigger} ${lesson.rule}`);
    const situation = search.situations.get(lesson.id) ?? 0;
    const standing = config.relevance.standingRule;
    return {
      kind: "lesson",
      id: lesson.id,
      text: lessonStatement(lesson),
      score: scored.score,
      relevance: Math.max(
        relevance(
          config.relevance,
          {
            topic,
            sharedTerms: shared,
            lexicalHit: lexicalHits.has(lesson.id),
            text: `${lesson.trigger} ${lesson.rule}`,
          },
          search.profile,
        ),
        // A task like the prompt: the lessons learnt in it apply again, one step removed.
        config.relevance.situationWeight * situation,
        appliesToEveryAnswer(lesson.trigger) ? standing : 0,
        // "ask before adding a dependency" guards every task in its scope, not a knowledge question.
        asksFirst(lesson.rule) && !search.profile.general ? standing : 0,
        // "no pip in this repo, its poetry": a rule of the whole project, for any work in it.
        lesson.scope === "project" && holdsProjectWide(lesson.rule) && !search.profile.general ? standing : 0,
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
}

/**
 * Active skills of the project and global ones (few: they need two successful tasks each), scored
 * like lessons without a track record: 0.45·topic + 0.35·trigger (the recent turns against the
 * skill's when-to-use) + 0.20 (an active skill's quality), × 1 — with the configured weights.
 */
async function skillsFor(search: {
  store: Store;
  config: RecallConfig;
  embedder: Embedder;
  projectId: string | null;
  queryVector: Float32Array;
  recentVector: Float32Array;
  queryTerms: ReadonlySet<string>;
  profile: PromptProfile;
}): Promise<RecallCandidate[]> {
  const skills = await search.store.listSkills({
    limit: 200,
    status: ["active"],
    ...(search.projectId ? { projectId: search.projectId } : { scope: "global" as const }),
  });
  if (skills.length === 0) return [];
  const weights = mergeConfig(DEFAULT_RECALL_SCORING_WEIGHTS, search.config.weights);
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
    const score = weights.topic * topic + weights.trigger * trigger + weights.quality;
    return {
      kind: "skill",
      id: skill.id,
      text: `${skill.name}: ${skill.description.replace(/\s+/g, " ").slice(0, 200)} (use the ${skill.name} skill)`,
      score,
      relevance: relevance(
        search.config.relevance,
        { topic, sharedTerms: shared, lexicalHit: false, text: `${skill.title} ${skill.description}` },
        search.profile,
      ),
      parts: { topicSimilarity: round(topic), triggerSimilarity: round(trigger), sharedTerms: shared },
    };
  });
}

async function evidenceFor(search: {
  store: Store;
  embedder: Embedder;
  id: string;
  config: RecallConfig;
  projectId: string | null;
  match: string | null;
  queryVector: Float32Array;
  queryTerms: ReadonlySet<string>;
  profile: PromptProfile;
  sessionId?: string;
}): Promise<{ candidates: RecallCandidate[]; asks: Ask[] }> {
  const { config } = search;
  const { lexical, near } = await messagesLike(search, search.match, search.queryVector);
  const rows = new Map<string, EvidenceRow>();
  for (const row of [...lexical, ...near.map((hit) => hit.row)]) rows.set(row.messageId, row);
  const fused = reciprocalRankFusion([
    lexical.map((row) => row.messageId),
    near.map((hit) => hit.row.messageId),
  ]).slice(0, config.pool);
  const chosen = fused
    .map((hit) => rows.get(hit.id) as EvidenceRow)
    .filter((row) => !isNarration(row) && !isHarnessText(row));
  if (chosen.length === 0) return { candidates: [], asks: [] };
  const vectors = await messageVectorsOf(search, chosen, near);
  const texts = chosen.map(evidenceText);
  const lexicalHits = new Set(lexical.map((row) => row.messageId));
  const asks: Ask[] = [];
  const candidates = chosen.map((row, index): RecallCandidate => {
    const topic = cosineSimilarity(search.queryVector, vectors.get(row.pk) as Float32Array);
    const shared = overlap(search.queryTerms, texts[index] as string);
    const rowRelevance = relevance(
      config.relevance,
      {
        topic,
        sharedTerms: shared,
        lexicalHit: lexicalHits.has(row.messageId),
        text: texts[index] as string,
      },
      search.profile,
    );
    // What the user asked, or an error the agent ran into: the situations lessons were learnt in.
    if (row.role === "user" || row.isError) asks.push({ messagePk: row.pk, relevance: rowRelevance });
    const attribution = evidenceAttribution(row);
    return {
      kind: "evidence",
      id: row.messageId,
      text: evidenceStatement({
        attribution,
        text: texts[index] as string,
        at: row.createdAt,
        toolName: row.toolName,
      }),
      attribution,
      score: round(topic),
      relevance: rowRelevance,
      parts: { topicSimilarity: round(topic), sharedTerms: shared },
    };
  });
  return { candidates, asks };
}

/** What a user asked in an earlier session of the project, and how relevant it is to the prompt. */
interface Ask {
  messagePk: number;
  relevance: number;
}

/**
 * The same error, met in an earlier session of the project: the session's latest failed tool call
 * against the project's other failed calls (full text and vectors). Its situations are the tasks
 * where that error was met, and the lessons learnt there ("run `npx prisma generate` first") come
 * back when it happens again, whatever the user types ("why are they failing?"). Each as an ask
 * whose relevance is the two errors' similarity.
 */
async function errorsMetBefore(
  search: MessageSearch & { embedder: Embedder },
  failed: Pick<EvidenceRow, "content" | "toolOutput" | "isError">,
): Promise<Ask[]> {
  const text = evidenceText(failed);
  const [vector] = (await embedAll(search.embedder, [text])) as [Float32Array];
  const { lexical, near } = await messagesLike(search, ftsMatchQuery(text), vector);
  const byPk = new Map([...lexical, ...near.map((hit) => hit.row)].map((row) => [row.pk, row]));
  const errors = [...byPk.values()].filter((row) => row.isError);
  const vectors = await messageVectorsOf(search, errors, near);
  return errors.map((row) => ({
    messagePk: row.pk,
    relevance: cosineSimilarity(vector, vectors.get(row.pk) as Float32Array),
  }));
}

/** Where and how recall searches captured messages: the project's other sessions, `pool` each way. */
interface MessageSearch {
  store: Store;
  id: string;
  config: RecallConfig;
  projectId: string | null;
  sessionId?: string | null;
}

/** Messages like a text: its full-text hits and its vector's nearest neighbours (with their vectors). */
async function messagesLike(search: MessageSearch, match: string | null, vector: Float32Array) {
  const { store, config } = search;
  const excludeSessionId = search.sessionId ?? undefined;
  const lexical = match
    ? await store.searchMessages({ match, projectId: search.projectId, excludeSessionId, limit: config.pool })
    : [];
  const near = await store.nearestMessages({
    embedderId: search.id,
    vector,
    projectId: search.projectId,
    excludeSessionId,
    k: config.pool,
  });
  return { lexical, near };
}

/** The vectors of evidence rows (see {@link vectorsOf}). */
function messageVectorsOf(
  search: MessageSearch & { embedder: Embedder },
  rows: readonly EvidenceRow[],
  near: ReadonlyArray<{ row: EvidenceRow; vector: Float32Array }>,
): Promise<Map<number, Float32Array>> {
  return vectorsOf({
    items: rows,
    key: (row) => row.pk,
    known: near.map((hit) => [hit.row.pk, hit.vector]),
    read: (pks) => search.store.messageVectors(search.id, pks),
    embedder: search.embedder,
    text: evidenceText,
  });
}

/** The lessons learnt in the tasks of these asks, each with its most relevant ask's relevance. */
async function situationsOf(store: Store, asks: readonly Ask[]): Promise<Map<string, number>> {
  const situations = new Map<string, number>();
  if (asks.length === 0) return situations;
  const byPk = new Map<number, number>();
  for (const ask of asks) byPk.set(ask.messagePk, Math.max(ask.relevance, byPk.get(ask.messagePk) ?? 0));
  for (const link of await store.lessonsLearntAt([...byPk.keys()])) {
    const value = byPk.get(link.messagePk) ?? 0;
    if (value > (situations.get(link.lessonId) ?? 0)) situations.set(link.lessonId, value);
  }
  return situations;
}

/**
 * The separate asks of a prompt ("install the deps, start the api and check its health" → three),
 * each of at least two words; none when the prompt is a single ask.
 */
function promptClauses(prompt: string): string[] {
  const parts = prompt
    .split(/[,;，；。]|\s+(?:and then|then|and|also)\s+|然后|并且|再把|接着/i)
    .map((part) => part.trim())
    .filter((part) => part.split(/\s+/).length >= 2 || /[\u3400-\u9fff]{3,}/.test(part));
  return parts.length >= 2 ? parts.slice(0, 4) : [];
}

function overlap(terms: ReadonlySet<string>, text: string): number {
  let shared = 0;
  for (const term of contentTerms(text)) if (terms.has(term)) shared++;
  return shared;
}

/** An assistant announcing its next step ("I'll run the tests first") is not a fact worth recalling. */
const NARRATION =
  /^\s*(?:i'?ll|i will|i'm going to|let me|let's|now i|next,? i|okay|ok[,.]|sure|first,? i|好的|我先|让我|接下来我|下面我)/i;

/**
 * A user row whose text the harness wrote (command output, a caveat…), stored before capture
 * marked such rows: never evidence of what the user said.
 */
function isHarnessText(row: EvidenceRow): boolean {
  return row.role === "user" && harnessOrigin(row.content) !== null;
}

/** Who said an evidence row: a failed call's text is tool output, whoever's turn carried it. */
function evidenceAttribution(row: EvidenceRow): EvidenceAttribution {
  if (row.kind === "tool_call" || row.role === "tool" || row.isError) return "tool_output";
  return row.role === "user" ? "user" : "assistant";
}

function isNarration(row: EvidenceRow): boolean {
  return row.role === "assistant" && !row.isError && NARRATION.test(row.content);
}

function evidenceText(row: Pick<EvidenceRow, "content" | "toolOutput" | "isError">): string {
  return row.isError && row.toolOutput
    ? errorExcerpt(row.toolOutput, { maxChars: 240, maxLines: 3 }).replaceAll("\n", " ")
    : row.content.slice(0, 240);
}

async function recentMessages(store: Store, sessionId: string, turns: number) {
  const session = await store.getSession(sessionId);
  if (!session) return [];
  const rows = await store.listMessages(sessionId, {
    afterSeq: Math.max(-1, session.messageCount - turns * 3 - 1),
  });
  return rows.map(toTaskMessage);
}

/**
 * The vectors of `items`: those a nearest-neighbour query already returned, then the stored ones
 * (read in one query), then, for any not indexed yet, embedded now.
 */
async function vectorsOf<T, K>(options: {
  items: readonly T[];
  key: (item: T) => K;
  known: Iterable<readonly [K, Float32Array]>;
  read: (keys: K[]) => Promise<Map<K, Float32Array>>;
  embedder: Embedder;
  text: (item: T) => string;
}): Promise<Map<K, Float32Array>> {
  const { items, key } = options;
  const vectors = new Map<K, Float32Array>(options.known);
  const unread = items.filter((item) => !vectors.has(key(item))).map(key);
  for (const [itemKey, vector] of await options.read(unread)) vectors.set(itemKey, vector);
  const missing = items.filter((item) => !vectors.has(key(item)));
  const fresh = await embedAll(options.embedder, missing.map(options.text));
  for (const [index, item] of missing.entries()) vectors.set(key(item), fresh[index] as Float32Array);
  return vectors;
}

async function embedAll(embedder: Embedder, values: string[]): Promise<Float32Array[]> {
  if (values.length === 0) return [];
  return (await embedder.embed({ values })).embeddings;
}

function toItem(candidate: RecallCandidate): RecallItem {
  return {
    kind: candidate.kind,
    id: candidate.id,
    text: candidate.text,
    ...(candidate.attribution ? { attribution: candidate.attribution } : {}),
    score: round(candidate.score),
    parts: candidate.parts,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
