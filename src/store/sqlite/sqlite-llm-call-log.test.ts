import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { LlmCallRecord, LlmCallStart } from "../../models/llm-call-log.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { openSqliteDatabase, type SqliteDatabase } from "./sqlite-database.js";
import { SqliteLlmCallLog } from "./sqlite-llm-call-log.js";

const tempDir = useTempDir("tacit-llm-log-");
const opened: SqliteDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function open(path = join(tempDir(), "tacit.db")): {
  log: SqliteLlmCallLog;
  db: SqliteDatabase;
  path: string;
} {
  const { db } = openSqliteDatabase({ path });
  opened.push(db);
  return { log: new SqliteLlmCallLog(db), db, path };
}

const DAY = 86_400_000;
const day0 = Date.UTC(2026, 0, 10);
const start = (startedAt: number): LlmCallStart => ({
  purpose: "test",
  provider: "p",
  model: "m",
  startedAt,
});
const ceiling = (since: number, estimatedTokens = 100) => ({
  since,
  maxCalls: 3,
  maxTokens: 1000,
  estimatedTokens,
});
const refused = (startedAt: number): LlmCallRecord => ({
  ...start(startedAt),
  status: "refused-breaker",
  latencyMs: null,
  inputTokens: null,
  outputTokens: null,
  chargedTokens: 0,
  httpStatus: null,
  error: "breaker open",
});

describe("SqliteLlmCallLog", () => {
  it("reserves within the ceiling and refuses beyond it, by calls and by tokens", async () => {
    const { log } = open();
    for (let index = 0; index < 3; index++) {
      const reservation = await log.reserve(start(day0 + index), ceiling(day0));
      expect(reservation.reserved).toBe(true);
    }
    expect(await log.reserve(start(day0 + 10), ceiling(day0))).toEqual({
      reserved: false,
      limit: "calls",
      usage: { calls: 3, tokens: 300 },
    });
    // A new day starts from zero; a call whose estimate alone exceeds the token limit is refused.
    expect((await log.reserve(start(day0 + DAY), ceiling(day0 + DAY, 1000))).reserved).toBe(true);
    expect(await log.reserve(start(day0 + DAY + 1), ceiling(day0 + DAY, 1))).toMatchObject({
      reserved: false,
      limit: "tokens",
    });
  });

  it("replaces the estimate with the finished charge; refused calls never count", async () => {
    const { log } = open();
    const reservation = await log.reserve(start(day0), ceiling(day0, 500));
    if (!reservation.reserved) throw new Error("expected a reservation");
    expect(await log.usageSince(day0)).toEqual({ calls: 1, tokens: 500 });
    await log.finish(reservation.id, {
      status: "ok",
      latencyMs: 12.4,
      inputTokens: 40,
      outputTokens: 2,
      chargedTokens: 42,
      httpStatus: null,
      error: null,
    });
    await log.record(refused(day0 + 5));
    expect(await log.usageSince(day0)).toEqual({ calls: 1, tokens: 42 });
  });

  it("sums daily spend by UTC day, oldest first, with empty days", async () => {
    const { log } = open();
    const finish = async (
      startedAt: number,
      outcome: { status: "ok" | "timeout"; input: number | null; output: number | null; charged: number },
    ) => {
      const reservation = await log.reserve(start(startedAt), {
        since: 0,
        maxCalls: 100,
        maxTokens: 1e9,
        estimatedTokens: 10,
      });
      if (!reservation.reserved) throw new Error("expected a reservation");
      await log.finish(reservation.id, {
        status: outcome.status,
        latencyMs: 5,
        inputTokens: outcome.input,
        outputTokens: outcome.output,
        chargedTokens: outcome.charged,
        httpStatus: null,
        error: null,
      });
    };
    await finish(day0 + 1000, { status: "ok", input: 100, output: 10, charged: 110 });
    await finish(day0 + DAY - 1, { status: "ok", input: 200, output: 20, charged: 220 });
    await finish(day0 + 2 * DAY + 5, { status: "timeout", input: null, output: null, charged: 50 });
    await log.record(refused(day0 + 2 * DAY + 6));
    await finish(day0 - DAY, { status: "ok", input: 999, output: 999, charged: 1998 });

    const spend = await log.dailySpend(3, day0 + 2 * DAY + 3600_000);
    expect(spend).toEqual([
      {
        day: "2026-01-10",
        calls: 2,
        inputTokens: 300,
        outputTokens: 30,
        chargedTokens: 330,
        failures: 0,
        refused: 0,
      },
      {
        day: "2026-01-11",
        calls: 0,
        inputTokens: 0,
        outputTokens: 0,
        chargedTokens: 0,
        failures: 0,
        refused: 0,
      },
      {
        day: "2026-01-12",
        calls: 1,
        inputTokens: 0,
        outputTokens: 0,
        chargedTokens: 50,
        failures: 1,
        refused: 1,
      },
    ]);
  });

  it("stores breaker state per key, shared between connections (processes)", async () => {
    const first = open();
    expect(await first.log.loadBreaker("p/m")).toBeNull();
    const state = { status: "open" as const, consecutiveFailures: 3, openedAt: day0, trialStartedAt: null };
    await first.log.saveBreaker("p/m", state);
    const second = open(first.path);
    expect(await second.log.loadBreaker("p/m")).toEqual(state);
    await second.log.saveBreaker("p/m", { ...state, status: "half-open", trialStartedAt: day0 + 5 });
    expect(await first.log.loadBreaker("p/m")).toMatchObject({
      status: "half-open",
      trialStartedAt: day0 + 5,
    });
    expect(await first.log.loadBreaker("other/model")).toBeNull();
  });

  it("shares one ceiling between connections: only one takes the last slot", async () => {
    const first = open();
    const second = open(first.path);
    const limits = { since: day0, maxCalls: 1, maxTokens: 1000, estimatedTokens: 10 };
    const results = await Promise.all([
      first.log.reserve(start(day0), limits),
      second.log.reserve(start(day0), limits),
    ]);
    expect(results.filter((result) => result.reserved)).toHaveLength(1);
  });
});
