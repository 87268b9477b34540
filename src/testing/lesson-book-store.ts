import { join } from "node:path";
import { createLessonBook } from "../lessons/index.js";
import { createHashingEmbedder } from "../models/hashing-embedder.js";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";

/**
 * A lesson book on a real SQLite file in `dir`, with the offline embedder, a clock that starts at
 * `start` and moves only when told, and ids `id-00001`, `id-00002`…
 */
export function lessonBookOnTempStore(dir: string, start: number) {
  const store = new SqliteStore({ path: join(dir, "tacit.db") });
  let clock = start;
  let counter = 0;
  const book = createLessonBook({
    store,
    embedder: createHashingEmbedder(),
    now: () => clock,
    ids: () => `id-${String(++counter).padStart(5, "0")}`,
  });
  return {
    store,
    book,
    advance: (ms: number) => (clock += ms),
    setClock: (time: number) => (clock = time),
    now: () => clock,
  };
}
