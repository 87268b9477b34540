/**
 * The recall playground: what recall would inject for a prompt, with each item's score parts and
 * why every other candidate was left out. It logs nothing and never calls a model (the model
 * filter is off), so trying prompts changes no lesson and spends nothing. The prompt it echoes is
 * redacted, as recall redacts it.
 */
import type { Embedder } from "../models/embedder.js";
import {
  type RecallConfig,
  type RecallResult,
  recall,
  recallRedactor,
  redactRecallRequest,
} from "../recall/recall.js";
import type { Store } from "../store/store.js";

/** What the playground shows for a prompt. */
export interface PlaygroundResult extends Omit<RecallResult, "recallId"> {
  prompt: string;
  projectId: string | null;
  sessionId: string | null;
}

/** Recalls for `prompt` as the project (and session, for its live signals) would, logging nothing. */
export async function tryRecall(
  deps: { store: Store; embedder: Embedder; now: () => number; recall?: Partial<RecallConfig> },
  request: { prompt: string; projectId: string | null; sessionId: string | null },
): Promise<PlaygroundResult> {
  // The answer echoes the prompt: redacted as recall redacts it (and as capture stores prompts).
  const redacted = redactRecallRequest(
    { query: request.prompt, projectId: request.projectId },
    recallRedactor(deps.recall),
  );
  const result = await recall(
    {
      store: deps.store,
      embedder: deps.embedder,
      now: deps.now,
      config: { ...deps.recall, llmFilter: false },
    },
    { query: redacted.query, projectId: redacted.projectId, sessionId: request.sessionId, log: false },
  );
  const { recallId: _logged, ...rest } = result;
  return {
    ...rest,
    prompt: redacted.query,
    projectId: redacted.projectId ?? null,
    sessionId: request.sessionId,
  };
}
