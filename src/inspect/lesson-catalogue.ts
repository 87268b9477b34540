/**
 * The lessons as a person browses them: filtered by state, kind, scope, project and words, sorted
 * by any of the numbers that matter, a page at a time, each with its quality weight.
 */
import type {
  Lesson,
  LessonKind,
  LessonScope,
  LessonSlot,
  LessonStatus,
  MaturityState,
} from "../core/lessons/lesson.js";
import { normalizeLessonText } from "../core/lessons/lesson-text.js";
import { type QualityConfig, qualityWeight } from "../core/lessons/quality.js";
import type { Store } from "../store/store.js";

/** What lessons can be sorted by. */
export const LESSON_SORTS = ["updated", "created", "confidence", "support", "evidence", "quality"] as const;
export type LessonSort = (typeof LESSON_SORTS)[number];

/** A query over the lessons. */
export interface LessonQuery {
  status?: LessonStatus[];
  maturity?: MaturityState[];
  kind?: LessonKind[];
  scope?: LessonScope;
  /** That project's lessons and the global ones. */
  projectId?: string;
  /** Only standing conventions (true) or only other lessons (false). */
  convention?: boolean;
  /** Words every one of which the trigger, rule or why must contain (any case). */
  text?: string;
  sort: LessonSort;
  order: "asc" | "desc";
  limit: number;
  offset: number;
}

/** A lesson as a row of the listing. */
export interface LessonRow {
  id: string;
  kind: LessonKind;
  trigger: string;
  rule: string;
  status: LessonStatus;
  maturity: MaturityState;
  scope: LessonScope;
  projectId: string | null;
  domain: string;
  confidence: number;
  supportTaskCount: number;
  evidenceCount: number;
  /** The lesson's quality weight now (0..1). */
  quality: number;
  /** A standing convention of its project. */
  convention: boolean;
  /** What it governs and the value it sets, when known. */
  slot: LessonSlot | null;
  supersededById: string | null;
  createdAt: number;
  updatedAt: number;
}

/** One page of lessons and how many matched. */
export interface LessonPage {
  lessons: LessonRow[];
  total: number;
}

/** The lessons matching `query`, sorted, one page of them. */
export async function listLessonPage(
  deps: { store: Store; now: () => number; quality?: Partial<QualityConfig> },
  query: LessonQuery,
): Promise<LessonPage> {
  const now = deps.now();
  const all = await deps.store.listLessons({
    limit: -1,
    status: query.status,
    maturity: query.maturity,
    kind: query.kind,
    scope: query.scope,
    projectId: query.projectId,
    convention: query.convention,
  });
  const words = normalizeLessonText(query.text ?? "")
    .split(" ")
    .filter((word) => word.length > 0);
  const matching = all
    .filter((lesson) => {
      if (words.length === 0) return true;
      const text = normalizeLessonText(`${lesson.trigger} ${lesson.rule} ${lesson.why}`);
      return words.every((word) => text.includes(word));
    })
    .map((lesson) => toRow(lesson, qualityWeight(lesson, now, deps.quality)));
  const key = SORT_KEYS[query.sort];
  const direction = query.order === "asc" ? 1 : -1;
  matching.sort((a, b) => direction * (key(a) - key(b)) || direction * a.id.localeCompare(b.id));
  return { lessons: matching.slice(query.offset, query.offset + query.limit), total: matching.length };
}

const SORT_KEYS: Record<LessonSort, (row: LessonRow) => number> = {
  updated: (row) => row.updatedAt,
  created: (row) => row.createdAt,
  confidence: (row) => row.confidence,
  support: (row) => row.supportTaskCount,
  evidence: (row) => row.evidenceCount,
  quality: (row) => row.quality,
};

/** A lesson's row: its listing fields and quality weight. */
export function toRow(lesson: Lesson, quality: number): LessonRow {
  return {
    id: lesson.id,
    kind: lesson.kind,
    trigger: lesson.trigger,
    rule: lesson.rule,
    status: lesson.status,
    maturity: lesson.maturity,
    scope: lesson.scope,
    projectId: lesson.projectId,
    domain: lesson.domain,
    confidence: lesson.confidence,
    supportTaskCount: lesson.supportTaskCount,
    evidenceCount: lesson.evidenceCount,
    quality,
    convention: lesson.convention === true,
    slot: lesson.slot ?? null,
    supersededById: lesson.supersededById,
    createdAt: lesson.createdAt,
    updatedAt: lesson.updatedAt,
  };
}
