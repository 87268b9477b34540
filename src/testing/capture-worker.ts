/**
 * A child process for concurrency tests: captures `count` messages into the database at `path`,
 * one small transaction at a time, as a hook process would.
 * Usage: node --import tsx capture-worker.ts PATH WORKER_ID COUNT
 */
import { createCapture } from "../capture/capture.js";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";

const [path, workerId, countText] = process.argv.slice(2);
if (!path || !workerId || !countText) throw new Error("usage: capture-worker PATH WORKER_ID COUNT");
const store = new SqliteStore({ path, busyTimeoutMs: 2_000 });
const capture = createCapture({ store });
const sessionId = await capture.upsertSession({ agent: "sdk", sourceSessionId: `worker-${workerId}` });
for (let index = 0; index < Number(countText); index++) {
  await capture.appendMessages(sessionId, [
    {
      id: `m${index}`,
      role: index % 2 ? "assistant" : "user",
      content: `worker ${workerId} message ${index}`,
    },
  ]);
  if (index % 25 === 0)
    await capture.recordError({ sessionId, message: `worker ${workerId} error ${index}` });
}
await store.close();
