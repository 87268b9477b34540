import { createRedactor } from "../../core/redaction.js";
import { datasetViewerSource } from "../../dataset/dataset-viewer-source.js";
import { adherenceViewerSource } from "../../guard/adherence-report.js";
import { conventionsViewerSource } from "../../inspect/conventions-source.js";
import { memoryFilesViewerSource } from "../../inspect/memory-files-source.js";
import type { ViewerSources } from "../../inspect/viewer-sources.js";
import type { Runtime } from "../../runtime.js";

/**
 * The optional sources this build has, from the runtime (see `ViewerSources`): lesson adherence
 * (how often the agent followed what the guard flagged), the dataset (the review queue, approve,
 * reject and export over the store, personal data masked with the capture redaction settings) and
 * the memory files (the memory gate's decisions and the write guardian's audits, with rollback)
 * and the conventions (each with its supersession chain).
 * Features not built
 * yet are left out: their pages say "not available in this build" and their API routes answer 501.
 * Wiring one in is an adapter from its service to the interface, added here.
 */
export function viewerSourcesFor(runtime: Runtime): ViewerSources {
  return {
    adherence: adherenceViewerSource(runtime.store, runtime.now),
    conventions: conventionsViewerSource(runtime.store),
    dataset: datasetViewerSource({
      datasets: runtime.store.datasets,
      redact: createRedactor(runtime.settings.capture.redaction),
      now: runtime.now,
    }),
    memoryFiles: memoryFilesViewerSource({
      store: runtime.store,
      now: runtime.now,
      settings: runtime.config.values.memoryFiles,
    }),
  };
}
