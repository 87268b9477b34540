/**
 * Background learning for the OpenClaw plugin: a session is learnt once it has been quiet for a
 * while after its last turn, one session at a time, with a bounded number waiting. Nothing here
 * blocks a hook; failures go to `onError`.
 */

export interface LearningQueueOptions {
  /** Learns one session. */
  run(sessionId: string): Promise<void>;
  /** Quiet time after the last `schedule` of a session before it is learnt, ms. */
  delayMs: number;
  /** Sessions waiting (timers and queue) beyond which new ones are dropped. Default 64. */
  maxPending?: number;
  onError(error: unknown, sessionId: string): void;
  onDrop(sessionId: string): void;
}

export interface LearningQueue {
  /** (Re)starts the session's quiet timer; `delayMs` overrides the default (0 = as soon as possible). */
  schedule(sessionId: string, delayMs?: number): void;
  /** Starts every waiting session now and resolves when all of them are learnt. */
  settled(): Promise<void>;
  /** Drops waiting sessions and resolves when the one being learnt is done. */
  close(): Promise<void>;
}

export function createLearningQueue(options: LearningQueueOptions): LearningQueue {
  const maxPending = options.maxPending ?? 64;
  const timers = new Map<string, NodeJS.Timeout>();
  const queue = new Set<string>();
  let running: Promise<void> | null = null;
  let closed = false;

  const pump = (): void => {
    if (running || closed) return;
    const next = queue.values().next();
    if (next.done) return;
    const sessionId = next.value;
    queue.delete(sessionId);
    running = options
      .run(sessionId)
      .catch((error: unknown) => options.onError(error, sessionId))
      .finally(() => {
        running = null;
        pump();
      });
  };

  const enqueue = (sessionId: string): void => {
    timers.delete(sessionId);
    queue.add(sessionId);
    pump();
  };

  return {
    schedule(sessionId, delayMs = options.delayMs) {
      if (closed) return;
      const waiting = timers.get(sessionId);
      if (waiting) clearTimeout(waiting);
      else if (!queue.has(sessionId) && timers.size + queue.size >= maxPending) {
        options.onDrop(sessionId);
        return;
      }
      if (queue.has(sessionId)) return;
      const timer = setTimeout(() => enqueue(sessionId), delayMs);
      // A pending learn must not keep the Gateway process alive.
      timer.unref();
      timers.set(sessionId, timer);
    },

    async settled() {
      for (const [sessionId, timer] of timers) {
        clearTimeout(timer);
        enqueue(sessionId);
      }
      while (running) await running;
    },

    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      queue.clear();
      if (running) await running;
    },
  };
}
