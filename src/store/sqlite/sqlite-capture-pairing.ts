/**
 * Pairing tool results with their calls inside one capture batch, before anything is written, so a
 * call row is inserted with its output instead of being updated after.
 */
import type { CaptureBatch, MessageWrite, ToolResultWrite } from "../store.js";

/** A tool call written in this batch, keyed by session and tool use id, for pairing results in memory. */
type CallKey = string;
const callKey = (sessionId: string, toolUseId: string): CallKey => `${sessionId}\u0000${toolUseId}`;

/** A tool call already stored under a session and tool use id. */
export interface StoredCall {
  sessionId: string;
  toolUseId: string;
}

/**
 * Pairs tool results with calls earlier in the same batch before anything is written, so the call
 * row is inserted with its output instead of being updated after. Only calls with no row stored
 * yet under the same tool use id qualify; every other result takes the UPDATE path. Returns the
 * merged copies of the calls and, per paired result, its calls and whether it changed them.
 */
export function pairInBatch(
  batch: CaptureBatch,
  storedCalls: (pairs: Array<[string, string]>) => StoredCall[],
): {
  calls: Map<MessageWrite, MessageWrite>;
  results: Map<ToolResultWrite, { calls: MessageWrite[]; changed: boolean }>;
} {
  const calls = new Map<MessageWrite, MessageWrite>();
  const results = new Map<ToolResultWrite, { calls: MessageWrite[]; changed: boolean }>();
  const seen = new Set<CallKey>();
  const candidates = new Map<CallKey, [string, string]>();
  for (const item of batch.items) {
    if (item.type === "message") {
      const { kind, toolUseId, sessionId } = item.message;
      if (kind === "tool_call" && toolUseId !== null) seen.add(callKey(sessionId, toolUseId));
    } else {
      const key = callKey(item.result.sessionId, item.result.toolUseId);
      if (seen.has(key)) candidates.set(key, [item.result.sessionId, item.result.toolUseId]);
    }
  }
  if (candidates.size === 0) return { calls, results };
  const stored = storedCalls([...candidates.values()]);
  for (const row of stored) candidates.delete(callKey(row.sessionId, row.toolUseId));
  const earlier = new Map<CallKey, MessageWrite[]>();
  for (const item of batch.items) {
    if (item.type === "message") {
      const { kind, toolUseId, sessionId } = item.message;
      if (kind !== "tool_call" || toolUseId === null) continue;
      const key = callKey(sessionId, toolUseId);
      if (!candidates.has(key)) continue;
      const copy = { ...item.message };
      calls.set(item.message, copy);
      const list = earlier.get(key);
      if (list) list.push(copy);
      else earlier.set(key, [copy]);
      continue;
    }
    const { output, isError, originalSize, toolName } = item.result;
    const matches = earlier.get(callKey(item.result.sessionId, item.result.toolUseId));
    if (!matches) continue;
    let changed = false;
    // The same assignments as the pairToolResult UPDATE, applied before the insert.
    for (const call of matches) {
      if (call.toolOutput !== null && call.toolOutput === output && call.isError === isError) continue;
      changed = true;
      call.toolOutput = output;
      call.isError = isError;
      call.originalSize = originalSize ?? call.originalSize;
      call.toolName = call.toolName ?? toolName;
    }
    results.set(item.result, { calls: matches, changed });
  }
  return { calls, results };
}
