import { createRedactor } from "../../core/redaction.js";
import { datasetViewerSource } from "../../dataset/dataset-viewer-source.js";
import type { ViewerSources } from "../../inspect/viewer-sources.js";
import type { Runtime } from "../../runtime.js";

/**
 * The optional sources this build has, from the runtime (see `ViewerSources`). Features not built
 * yet are left out: their pages say "not available in this build" and their API routes answer 501.
 * Wiring one in is an adapter from its service to the interface, added here.
 */
export function viewerSourcesFor(runtime: Runtime): ViewerSources {
  return {
    dataset: datasetViewerSource({
      datasets: runtime.store.datasets,
      redact: createRedactor(runtime.settings.capture.redaction),
      now: runtime.now,
    }),
  };
}
