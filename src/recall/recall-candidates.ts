/**
 * Recall's candidates from the lesson book and the skills: lessons found by full text, by vector
 * and by their situations (and the project's conventions), brought up to date, scored and judged
 * relevant; active skills scored like lessons without a track record. See docs/recall.md.
 */
import { mergeConfig } from "../core/lessons/config.js";
import type { Lesson } from "../core/lessons/lesson.js";
import { DEFAULT_RECALL_SCORING_WEIGHTS, scoreLesson } from "../core/lessons/quality.js";
import { withoutExamples } from "../core/lexicon/reason-clauses.js";
import type { RecallCandidate } from "../core/recall/context.js";
import type { ConventionCandidate } from "../core/recall/conventions.js";
import { reciprocalRankFusion } from "../core/recall/fusion.js";
import { lessonRelevance, type PromptProfile, relevance } from "../core/recall/scoring.js";
import { lessonStatement } from "../core/recall/statements.js";
import { triggerSignalSimilarity } from "../core/recall/trigger-affinity.js";
import type { LiveSignalName } from "../core/signals/signal-types.js";
import { cosineSimilarity } from "../core/vector.js";
import { lessonEmbeddingText, recallableLessons } from "../lessons/index.js";
import type { Embedder } from "../models/embedder.js";
import { lessonScopeKey, visibleScopeKeys } from "../store/lesson-store.js";
import type { Store } from "../store/store.js";
import type { RecallConfig } from "./recall.js";
import { embedAll, overlap, vectorsOf } from "./recall-evidence.js";

/** What the lesson search reads. */
export interface LessonSearch {
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

export async function lessonsFor(search: LessonSearch): Promise<{
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
  const found = (
    await Promise.all([...ids].map((lessonId) => known.get(lessonId) ?? store.getLesson(lessonId)))
  ).filter((lesson): lesson is Lesson => lesson !== null && scopeKeys.includes(lessonScopeKey(lesson)));
  // Conventions included: each is brought up to date once, and recall may hold it back.
  const lessons = await recallableLessons(
    { store, now: () => search.now, config: { maturity: config.maturity } },
    found,
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
  const scored = lessons.map((lesson, index): RecallCandidate => {
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
    // A convention's examples show its shape, not its topic: "Commit messages start with the jira
    // key, like INFRA-231: add artifacts bucket" shares nothing with "add an S3 bucket for logs".
    const said = known.has(lesson.id) ? withoutExamples(lesson.rule) : lesson.rule;
    const shared = overlap(search.queryTerms, `${lesson.trigger} ${said}`);
    const situation = search.situations.get(lesson.id) ?? 0;
    return {
      kind: "lesson",
      id: lesson.id,
      text: lessonStatement(lesson),
      score: scored.score,
      relevance: lessonRelevance(
        config.relevance,
        {
          trigger: lesson.trigger,
          rule: lesson.rule,
          scope: lesson.scope,
          topic,
          sharedTerms: shared,
          lexicalHit: lexicalHits.has(lesson.id),
          situation,
          convention: known.has(lesson.id),
        },
        search.profile,
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
    // A convention of any scope is judged by the conventions block, never as a situational lesson.
    if (known.has(lesson.id) || lesson.convention === true)
      conventions.push({ lesson, relevance: candidate.relevance, candidate });
    else candidates.push(candidate);
  });
  return { candidates, conventions };
}

/**
 * Active skills of the project and global ones (few: they need two successful tasks each), scored
 * like lessons without a track record: 0.45·topic + 0.35·trigger (the recent turns against the
 * skill's when-to-use) + 0.20 (an active skill's quality), × 1 — with the configured weights.
 */
export async function skillsFor(search: {
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

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
