import { adherenceViewerSource } from "../../guard/adherence-report.js";
import type { ViewerSources } from "../../inspect/viewer-sources.js";
import type { Runtime } from "../../runtime.js";

/**
 * The optional sources this build has, from the runtime (see `ViewerSources`). Features not built
 * yet are left out: their pages say "not available in this build" and their API routes answer 501.
 * Wiring one in is an adapter from its service to the interface, added here, e.g.
 * `memoryFiles: memoryFilesViewerSource(runtime.memoryFiles)`.
 */
export function viewerSourcesFor(runtime: Runtime): ViewerSources {
  return { adherence: adherenceViewerSource(runtime.store, runtime.now) };
}
