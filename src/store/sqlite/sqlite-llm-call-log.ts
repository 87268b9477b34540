import type { CircuitBreakerState, CircuitStatus } from "../../models/circuit-breaker.js";
import {
  FAILED_LLM_CALL_STATUSES,
  type LlmCallLog,
  type LlmCallOutcome,
  type LlmCallRecord,
  type LlmCallStart,
  type LlmCeilingCheck,
  type LlmDailySpend,
  type LlmReservation,
  type LlmUsage,
  UNCHARGED_LLM_CALL_STATUSES,
  utcDay,
  utcDayStart,
} from "../../models/llm-call-log.js";
import { type SqliteDatabase, withBusyRetry } from "./sqlite-database.js";

const DAY_MS = 86_400_000;
const quoted = (statuses: readonly string[]) => statuses.map((status) => `'${status}'`).join(", ");
/** SQL conditions on `llm_calls.status`: calls charged against the ceiling, failed, refused. */
export const CHARGED = `status NOT IN (${quoted(UNCHARGED_LLM_CALL_STATUSES)})`;
export const FAILED = `status IN (${quoted(FAILED_LLM_CALL_STATUSES)})`;
export const REFUSED = "status IN ('refused-ceiling', 'refused-breaker')";

/**
 * The model-call ledger and breaker state in SQLite (tables `llm_calls`, `model_breakers`,
 * migration 003). A reservation checks the ceiling and inserts its row in one IMMEDIATE
 * transaction, so concurrent processes cannot both take the last slot.
 */
export class SqliteLlmCallLog implements LlmCallLog {
  constructor(private readonly db: SqliteDatabase) {}

  async reserve(call: LlmCallStart, ceiling: LlmCeilingCheck): Promise<LlmReservation> {
    return withBusyRetry(() =>
      this.db
        .transaction((): LlmReservation => {
          const usage = this.usage(ceiling.since);
          if (usage.calls + 1 > ceiling.maxCalls) return { reserved: false, usage, limit: "calls" };
          if (usage.tokens + ceiling.estimatedTokens > ceiling.maxTokens) {
            return { reserved: false, usage, limit: "tokens" };
          }
          const result = this.db
            .prepare(
              `INSERT INTO llm_calls (started_at, purpose, provider, model, status, charged_tokens)
               VALUES (?, ?, ?, ?, 'pending', ?)`,
            )
            .run(call.startedAt, call.purpose, call.provider, call.model, ceiling.estimatedTokens);
          return { reserved: true, id: Number(result.lastInsertRowid) };
        })
        .immediate(),
    );
  }

  async finish(id: number, outcome: LlmCallOutcome): Promise<void> {
    withBusyRetry(() =>
      this.db
        .prepare(
          `UPDATE llm_calls SET status = ?, finished_at = started_at + ?, latency_ms = ?, input_tokens = ?,
             output_tokens = ?, charged_tokens = ?, http_status = ?, error = ?
           WHERE id = ?`,
        )
        .run(
          outcome.status,
          Math.round(outcome.latencyMs),
          Math.round(outcome.latencyMs),
          outcome.inputTokens,
          outcome.outputTokens,
          outcome.chargedTokens,
          outcome.httpStatus,
          outcome.error,
          id,
        ),
    );
  }

  async record(call: LlmCallRecord): Promise<void> {
    withBusyRetry(() =>
      this.db
        .prepare(
          `INSERT INTO llm_calls (started_at, finished_at, purpose, provider, model, status, latency_ms,
             input_tokens, output_tokens, charged_tokens, http_status, error)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          call.startedAt,
          call.startedAt + Math.round(call.latencyMs ?? 0),
          call.purpose,
          call.provider,
          call.model,
          call.status,
          call.latencyMs === null ? null : Math.round(call.latencyMs),
          call.inputTokens,
          call.outputTokens,
          call.chargedTokens,
          call.httpStatus,
          call.error,
        ),
    );
  }

  async usageSince(since: number): Promise<LlmUsage> {
    return this.usage(since);
  }

  async dailySpend(days: number, now: number): Promise<LlmDailySpend[]> {
    const count = Math.max(1, Math.trunc(days));
    const since = utcDayStart(now) - (count - 1) * DAY_MS;
    const rows = this.db
      .prepare(
        `SELECT strftime('%Y-%m-%d', started_at / 1000, 'unixepoch') AS day,
           SUM(CASE WHEN ${CHARGED} THEN 1 ELSE 0 END) AS calls,
           COALESCE(SUM(input_tokens), 0) AS inputTokens,
           COALESCE(SUM(output_tokens), 0) AS outputTokens,
           COALESCE(SUM(CASE WHEN ${CHARGED} THEN charged_tokens ELSE 0 END), 0) AS chargedTokens,
           SUM(CASE WHEN ${FAILED} THEN 1 ELSE 0 END) AS failures,
           SUM(CASE WHEN ${REFUSED} THEN 1 ELSE 0 END) AS refused
         FROM llm_calls WHERE started_at >= ? AND started_at < ?
         GROUP BY day`,
      )
      .all(since, utcDayStart(now) + DAY_MS) as LlmDailySpend[];
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const result: LlmDailySpend[] = [];
    for (let index = 0; index < count; index++) {
      const day = utcDay(since + index * DAY_MS);
      result.push(
        byDay.get(day) ?? {
          day,
          calls: 0,
          inputTokens: 0,
          outputTokens: 0,
          chargedTokens: 0,
          failures: 0,
          refused: 0,
        },
      );
    }
    return result;
  }

  async loadBreaker(key: string): Promise<CircuitBreakerState | null> {
    const row = this.db
      .prepare(
        `SELECT status, consecutive_failures AS consecutiveFailures, opened_at AS openedAt,
           trial_started_at AS trialStartedAt
         FROM model_breakers WHERE key = ?`,
      )
      .get(key) as
      | {
          status: CircuitStatus;
          consecutiveFailures: number;
          openedAt: number | null;
          trialStartedAt: number | null;
        }
      | undefined;
    return row ?? null;
  }

  async saveBreaker(key: string, state: CircuitBreakerState): Promise<void> {
    withBusyRetry(() =>
      this.db
        .prepare(
          `INSERT INTO model_breakers (key, status, consecutive_failures, opened_at, trial_started_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (key) DO UPDATE SET status = excluded.status,
             consecutive_failures = excluded.consecutive_failures, opened_at = excluded.opened_at,
             trial_started_at = excluded.trial_started_at, updated_at = excluded.updated_at`,
        )
        .run(key, state.status, state.consecutiveFailures, state.openedAt, state.trialStartedAt, Date.now()),
    );
  }

  private usage(since: number): LlmUsage {
    const row = this.db
      .prepare(
        `SELECT COUNT(*) AS calls, COALESCE(SUM(charged_tokens), 0) AS tokens
         FROM llm_calls WHERE started_at >= ? AND ${CHARGED}`,
      )
      .get(since) as LlmUsage;
    return row;
  }
}
