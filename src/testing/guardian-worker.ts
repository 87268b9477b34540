/**
 * A child process for the crash tests: runs `count` candidate facts through the write guardian into
 * MEMORY.md of `workspace`, one after another, as an agent's pipeline would, until it is killed.
 * Usage: node --import tsx guardian-worker.ts DB WORKSPACE FIRST COUNT
 */
import { writeMemoryFact } from "../memory-files/guardian.js";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";

const [db, workspace, firstText, countText] = process.argv.slice(2);
if (!db || !workspace || !firstText || !countText)
  throw new Error("usage: guardian-worker DB WORKSPACE FIRST COUNT");
const store = new SqliteStore({ path: db, busyTimeoutMs: 5_000 });
const first = Number(firstText);
for (let index = first; index < first + Number(countText); index++) {
  await writeMemoryFact({
    store,
    workspace,
    file: "MEMORY.md",
    fact: `Service w${index}q answers on port ${10_000 + index} in the staging cluster`,
    now: Date.now,
    settings: { maxFileBytes: 10_000_000, maxFileLines: 100_000 },
  });
}
await store.close();
