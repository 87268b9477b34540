import type { Lesson } from "../core/lessons/lesson.js";
import { embedLessons } from "../lessons/index.js";
import type { Embedder } from "../models/embedder.js";
import type { Store } from "../store/store.js";

/** Tool and product names that make texts (sessions, lessons) differ from one another. */
export const TOPIC_WORDS = [
  "webpack",
  "postgres",
  "kafka",
  "terraform",
  "gradle",
  "redis",
  "nginx",
  "jest",
  "docker",
  "helm",
  "rollup",
  "mypy",
  "cargo",
  "vite",
  "celery",
  "sentry",
  "django",
  "flask",
  "prisma",
  "graphql",
  "eslint",
  "ansible",
  "spark",
  "airflow",
  "kotlin",
  "swift",
  "elixir",
  "haskell",
  "ocaml",
  "zig",
] as const;

/**
 * Stores lessons as they are, with their vectors, in one commit: no dedup, so every lesson is kept
 * (for tests and benchmarks that measure storage or search, not learning).
 */
export async function storeLessons(store: Store, embedder: Embedder, lessons: Lesson[]): Promise<void> {
  await store.commitLessonChanges({
    writes: lessons.map((lesson) => ({ lesson, expected: null })),
    deletes: [],
    events: [],
    feedback: [],
    vectors: await embedLessons(embedder, lessons),
  });
}
