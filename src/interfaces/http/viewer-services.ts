import type { ViewerSources } from "../../inspect/viewer-sources.js";
import type { LessonBook } from "../../lessons/index.js";
import type { Embedder } from "../../models/embedder.js";
import type { RecallConfig } from "../../recall/recall.js";
import type { Runtime } from "../../runtime.js";
import type { Store } from "../../store/store.js";

/** What the API's routes call: the store's reads, the lesson book, recall, and the optional sources. */
export interface ViewerServices {
  store: Store;
  lessons: LessonBook;
  embedder: Embedder;
  now: () => number;
  /** Recall settings (`tacit config`), for the playground and the score parts. */
  recall?: Partial<RecallConfig>;
  sources: ViewerSources;
}

/** The services from a runtime, with the optional sources this build has. */
export function viewerServicesFrom(runtime: Runtime, sources: ViewerSources): ViewerServices {
  return {
    store: runtime.store,
    lessons: runtime.lessons,
    embedder: runtime.embedder,
    now: runtime.now,
    recall: runtime.settings.recall,
    sources,
  };
}
