/**
 * Everything about one lesson a person checks before trusting or changing it: its score parts, its
 * evidence placed at the session turn it came from, its recalls and how they went, its history
 * (each change as the fields it changed), and the lessons it replaced or was replaced by.
 */
import type { LessonEvent } from "../core/lessons/history.js";
import type { Lesson, LessonEvidence } from "../core/lessons/lesson.js";
import { normalizeLessonText } from "../core/lessons/lesson-text.js";
import { MATURITY_MULTIPLIERS } from "../core/lessons/maturity.js";
import { type QualityParts, qualityWeight, qualityWeightParts } from "../core/lessons/quality.js";
import type { LessonBook, LessonDetails } from "../lessons/index.js";
import type { RecallConfig } from "../recall/recall.js";
import type { RecallEventRecord } from "../store/recall-store.js";
import type { Store } from "../store/store.js";
import { supersessionChain } from "./supersession-chain.js";
import type { AdherenceView, ViewerSources } from "./viewer-sources.js";

/** Evidence items placed per lesson at most (the rest are counted, not placed). */
const EVIDENCE_PLACED = 50;
/** Recent recalls listed per lesson. */
const RECALLS_LISTED = 20;

/** A quote and the session turn it was said at. */
export interface PlacedEvidence extends LessonEvidence {
  /** The message the quote was found in (or its task's first), null when it could not be placed. */
  seq: number | null;
  /** False when the session was pruned (or the evidence was added by hand). */
  sessionExists: boolean;
}

/** A lesson in a chain: enough to name and link it. */
export interface LessonLink {
  id: string;
  rule: string;
  status: Lesson["status"];
  maturity: Lesson["maturity"];
}

/** One history event, with the fields it changed. */
export interface HistoryEntry extends LessonEvent {
  changes: Array<{ field: string; before: unknown; after: unknown }>;
}

/** What the lesson page shows. */
export interface LessonDossier {
  lesson: Lesson;
  score: {
    quality: number;
    parts: QualityParts;
    /** The maturity multiplier recall applies. */
    multiplier: number;
  };
  recall: LessonDetails["recall"];
  weight: LessonDetails["weight"];
  feedback: LessonDetails["feedback"];
  evidence: PlacedEvidence[];
  recalls: RecallEventRecord[];
  history: HistoryEntry[];
  chain: {
    /** Lessons this one replaced, directly or through the ones between, oldest first. */
    supersedes: LessonLink[];
    /** The lessons that replaced this one, in order (each replaced by the next). */
    supersededBy: LessonLink[];
    invertedFrom: LessonLink | null;
    invertedTo: LessonLink | null;
  };
  /** null: the adherence source has nothing for it; "unavailable": not in this build. */
  adherence: AdherenceView | null | "unavailable";
}

/** The dossier of lesson `id`. Throws `NotFoundError` for an unknown lesson. */
export async function lessonDossier(
  deps: {
    store: Store;
    lessons: LessonBook;
    now: () => number;
    /** Recall settings: the quality terms and maturity multipliers the score uses. */
    recall?: Partial<RecallConfig>;
    sources: ViewerSources;
  },
  id: string,
): Promise<LessonDossier> {
  const { store } = deps;
  const details = await deps.lessons.details(id);
  const { lesson } = details;
  const now = deps.now();
  const [evidence, recalls, events, chain, adherence] = await Promise.all([
    placeEvidence(store, lesson.evidence.slice(0, EVIDENCE_PLACED)),
    store.insights.listRecallEvents({ lessonId: id, limit: RECALLS_LISTED }),
    deps.lessons.history(id),
    lessonChain(store, lesson),
    deps.sources.adherence
      ? deps.sources.adherence.lessonAdherence(id)
      : Promise.resolve("unavailable" as const),
  ]);
  return {
    lesson,
    score: {
      quality: qualityWeight(lesson, now, deps.recall?.quality),
      parts: qualityWeightParts(lesson, now, deps.recall?.quality),
      multiplier: (deps.recall?.weights?.maturityMultipliers ?? MATURITY_MULTIPLIERS)[lesson.maturity],
    },
    recall: details.recall,
    weight: details.weight,
    feedback: details.feedback,
    evidence,
    recalls,
    history: events.map((event) => ({ ...event, changes: changedFields(event.before, event.after) })),
    chain,
    adherence,
  };
}

/**
 * Finds where each quote was said: in its task's messages (the first whose text holds the quote's
 * start), else at the task's first message; without a task, nowhere in particular (seq null).
 */
async function placeEvidence(store: Store, evidence: LessonEvidence[]): Promise<PlacedEvidence[]> {
  const sessions = new Map<string, boolean>();
  const taskMessages = new Map<string, Promise<Array<{ seq: number; text: string }>>>();
  const messagesOf = (taskId: string) => {
    let found = taskMessages.get(taskId);
    if (!found) {
      found = (async () => {
        const task = await store.getTask(taskId);
        if (!task) return [];
        const rows = await store.listMessages(task.sessionId, {
          afterSeq: task.startSeq - 1,
          limit: task.endSeq - task.startSeq + 1,
        });
        return rows.map((row) => ({
          seq: row.seq,
          text: normalizeLessonText(`${row.content}\n${row.toolOutput ?? ""}`),
        }));
      })();
      taskMessages.set(taskId, found);
    }
    return found;
  };
  const placed: PlacedEvidence[] = [];
  for (const item of evidence) {
    if (!sessions.has(item.sessionId))
      sessions.set(item.sessionId, (await store.getSession(item.sessionId)) !== null);
    let seq: number | null = null;
    if (item.taskId !== undefined) {
      const messages = await messagesOf(item.taskId);
      const quote = normalizeLessonText(item.quote).slice(0, 60);
      seq =
        messages.find((message) => quote !== "" && message.text.includes(quote))?.seq ??
        messages[0]?.seq ??
        null;
    }
    placed.push({ ...item, seq, sessionExists: sessions.get(item.sessionId) === true });
  }
  return placed;
}

async function lessonChain(store: Store, lesson: Lesson): Promise<LessonDossier["chain"]> {
  const toLink = (found: Lesson): LessonLink => ({
    id: found.id,
    rule: found.rule,
    status: found.status,
    maturity: found.maturity,
  });
  const link = async (id: string | null): Promise<LessonLink | null> => {
    const found = id === null ? null : await store.getLesson(id);
    return found ? toLink(found) : null;
  };
  const { supersedes, supersededBy } = await supersessionChain(store, lesson);
  return {
    supersedes: supersedes.map(toLink),
    supersededBy: supersededBy.map(toLink),
    invertedFrom: await link(lesson.invertedFromId),
    invertedTo: await link(lesson.invertedToId),
  };
}

/** Fields that never say anything on their own: every change moves them. */
const QUIET_FIELDS = new Set(["updatedAt", "contentHash", "evidenceCount"]);

/** The top-level fields a change made different (evidence as its count). */
export function changedFields(
  before: Lesson | null,
  after: Lesson | null,
): Array<{ field: string; before: unknown; after: unknown }> {
  if (before === null || after === null) return [];
  const changes: Array<{ field: string; before: unknown; after: unknown }> = [];
  for (const field of Object.keys(after) as Array<keyof Lesson>) {
    if (QUIET_FIELDS.has(field)) continue;
    const a = before[field];
    const b = after[field];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (field === "evidence") {
      changes.push({ field, before: before.evidence.length, after: after.evidence.length });
    } else changes.push({ field, before: a ?? null, after: b ?? null });
  }
  return changes;
}
