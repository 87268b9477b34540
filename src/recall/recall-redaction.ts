/**
 * What a recall prompt is redacted with, and the prompt and project as recall uses them: so what
 * recall embeds, searches, sends to a model, logs or echoes is redacted like what capture stores.
 */
import { createRedactor, type RedactionConfig, type Redactor } from "../core/redaction.js";

/** Capture's built-in rules, when no redaction settings are given. */
const builtInRedactor = createRedactor();

/**
 * What a recall prompt is redacted with: capture's rules and configured patterns (the
 * `redaction` setting of recall's settings).
 */
export function recallRedactor(config: { redaction?: Partial<RedactionConfig> } = {}): Redactor {
  const redaction = config.redaction;
  return redaction && (redaction.patterns?.length || redaction.enabled === false)
    ? createRedactor(redaction)
    : builtInRedactor;
}

/**
 * The prompt and project of a recall as recall uses them: redacted, the project as capture stores
 * it (so lessons scoped to a project with a secret in its path match).
 */
export function redactRecallRequest<T extends { query: string; projectId?: string | null }>(
  request: T,
  redact: Redactor,
): T {
  return {
    ...request,
    query: redact(request.query).text,
    projectId: request.projectId ? redact(request.projectId).text : (request.projectId ?? null),
  };
}
