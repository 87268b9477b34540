import { GATE_DECISIONS, type GateDecision, type GateTurn } from "../../core/memory-gate/gate-decision.js";
import type { MessageKind, MessageRole } from "../../core/types.js";
import type {
  GateDecisionFilter,
  GateDecisionRecord,
  GateDecisionStore,
  GateStatsGrouping,
  GateStatsRow,
  StoredTurn,
  TurnWindow,
  WindowMessage,
} from "../gate-decision-store.js";
import { type SqliteDatabase, withBusyRetry } from "./sqlite-database.js";

type Row = Record<string, unknown>;

/** Rows read per query while iterating for an export. */
const PAGE_SIZE = 500;

/** The SQL of each stats grouping's period. */
const PERIODS: Readonly<Record<GateStatsGrouping, string>> = {
  all: "'all'",
  day: "strftime('%Y-%m-%d', created_at / 1000, 'unixepoch')",
  // The Monday of the week: the next Sunday (or the day itself), less six days.
  week: "date(created_at / 1000, 'unixepoch', 'weekday 0', '-6 days')",
  session: "COALESCE(session_id, '-')",
};

const INSERT_DECISION = `INSERT INTO memory_gate_decisions (id, turn_id, session_id, decision, reason,
  candidate_fact, decided_by, confidence, llm_model, llm_latency_ms, prompt_tokens, completion_tokens, raw_response,
  warning, context_start_seq, context_end_seq, input, created_at)`;
const DECISION_VALUES = `@id, @turnId, @sessionId, @decision, @reason, @candidateFact, @decidedBy, @confidence,
  @model, @latencyMs, @promptTokens, @completionTokens, @rawResponse, @warning, @contextStartSeq, @contextEndSeq,
  @input, @createdAt`;

/** A decision's named parameters. */
function params(record: GateDecisionRecord): Record<string, unknown> {
  return { ...record, input: record.input === null ? null : JSON.stringify(record.input) };
}

/**
 * Turns where the user spoke: not a subagent's session (its "user" is the parent agent) and not a
 * sidechain message.
 */
const USER_TURN = `NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = t.session_id AND s.parent_session_id IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = t.user_message_id AND m.is_sidechain = 1)`;

/** Conversation text of the main chain: what a gate window reads. */
const WINDOW_MESSAGES = "kind = 'text' AND role IN ('user', 'assistant') AND is_sidechain = 0";

/** The memory gate's decisions in SQLite (table memory_gate_decisions, migration 012). */
export class SqliteGateDecisionStore implements GateDecisionStore {
  constructor(private readonly db: SqliteDatabase) {}

  async recordGateDecision(record: GateDecisionRecord): Promise<void> {
    withBusyRetry(() =>
      this.db.prepare(`${INSERT_DECISION} VALUES (${DECISION_VALUES})`).run(params(record)),
    );
  }

  async recordTurnDecision(record: GateDecisionRecord & { turnId: string }): Promise<boolean> {
    const insert = this.db.prepare(`${INSERT_DECISION} SELECT ${DECISION_VALUES}
      WHERE NOT EXISTS (SELECT 1 FROM memory_gate_decisions WHERE turn_id = @turnId)`);
    return withBusyRetry(() => insert.run(params(record)).changes === 1);
  }

  async getGateDecision(id: string): Promise<GateDecisionRecord | null> {
    const row = this.db.prepare("SELECT * FROM memory_gate_decisions WHERE id = ?").get(id) as
      | Row
      | undefined;
    return row === undefined ? null : toRecord(row);
  }

  async listGateDecisions(filter: GateDecisionFilter & { limit: number }): Promise<GateDecisionRecord[]> {
    const where = whereOf(filter);
    const rows = this.db
      .prepare(`SELECT * FROM memory_gate_decisions ${where.sql} ORDER BY created_at DESC, id DESC LIMIT ?`)
      .all(...where.params, filter.limit) as Row[];
    return rows.map(toRecord);
  }

  *iterateGateDecisions(filter: GateDecisionFilter): Iterable<GateDecisionRecord> {
    const where = whereOf(filter);
    const page = this.db.prepare(
      `SELECT * FROM memory_gate_decisions ${where.sql ? `${where.sql} AND` : "WHERE"} (created_at, id) > (?, ?)
      ORDER BY created_at, id LIMIT ${PAGE_SIZE}`,
    );
    let after: [number, string] = [Number.MIN_SAFE_INTEGER, ""];
    for (;;) {
      const rows = page.all(...where.params, ...after) as Row[];
      for (const row of rows) yield toRecord(row);
      const last = rows.at(-1);
      if (rows.length < PAGE_SIZE || last === undefined) return;
      after = [last.created_at as number, last.id as string];
    }
  }

  async gateStats(filter: GateDecisionFilter & { groupBy: GateStatsGrouping }): Promise<GateStatsRow[]> {
    const where = whereOf(filter);
    const rows = this.db
      .prepare(
        `SELECT ${PERIODS[filter.groupBy]} AS period, decision, COUNT(*) AS n,
          SUM(llm_model NOT LIKE 'offline-rules/%') AS by_model, SUM(warning IS NOT NULL) AS fallbacks,
          SUM(llm_latency_ms) AS latency, COUNT(llm_latency_ms) AS timed,
          SUM(COALESCE(prompt_tokens, 0)) AS prompt, SUM(COALESCE(completion_tokens, 0)) AS completion
        FROM memory_gate_decisions ${where.sql} GROUP BY period, decision ORDER BY period`,
      )
      .all(...where.params) as Row[];
    const periods = new Map<string, GateStatsRow & { latency: number; timed: number }>();
    for (const row of rows) {
      const period = String(row.period);
      let stats = periods.get(period);
      if (stats === undefined) {
        stats = {
          period,
          total: 0,
          decisions: Object.fromEntries(GATE_DECISIONS.map((decision) => [decision, 0])) as Record<
            GateDecision,
            number
          >,
          byModel: 0,
          fallbacks: 0,
          avgLatencyMs: null,
          promptTokens: 0,
          completionTokens: 0,
          latency: 0,
          timed: 0,
        };
        periods.set(period, stats);
      }
      const count = row.n as number;
      stats.total += count;
      stats.decisions[row.decision as GateDecision] += count;
      stats.byModel += row.by_model as number;
      stats.fallbacks += row.fallbacks as number;
      stats.promptTokens += row.prompt as number;
      stats.completionTokens += row.completion as number;
      stats.latency += (row.latency as number | null) ?? 0;
      stats.timed += row.timed as number;
    }
    return [...periods.values()].map(({ latency, timed, ...stats }) => ({
      ...stats,
      avgLatencyMs: timed === 0 ? null : latency / timed,
    }));
  }

  async turnsWithoutGateDecision(filter: {
    sessionId?: string;
    since?: number;
    limit: number;
  }): Promise<StoredTurn[]> {
    const conditions = [
      "NOT EXISTS (SELECT 1 FROM memory_gate_decisions d WHERE d.turn_id = t.id)",
      USER_TURN,
    ];
    const params: unknown[] = [];
    if (filter.sessionId !== undefined) {
      conditions.push("t.session_id = ?");
      params.push(filter.sessionId);
    }
    if (filter.since !== undefined) {
      conditions.push("t.created_at >= ?");
      params.push(filter.since);
    }
    const rows = this.db
      .prepare(
        `SELECT t.* FROM conversation_turns t WHERE ${conditions.join(" AND ")}
        ORDER BY t.created_at, t.session_id, t.turn_number LIMIT ?`,
      )
      .all(...params, filter.limit) as Row[];
    return rows.map(toTurn);
  }

  async unwrittenDecisions(filter: {
    sessionId?: string;
    before: number;
    limit: number;
  }): Promise<GateDecisionRecord[]> {
    const rows = this.db
      .prepare(
        `SELECT d.* FROM memory_gate_decisions d
        WHERE d.turn_id IS NOT NULL AND d.decision <> 'NO_WRITE' AND d.candidate_fact IS NOT NULL
          AND d.created_at < ? AND (? IS NULL OR d.session_id = ?)
          AND NOT EXISTS (SELECT 1 FROM write_guardian_audit a WHERE a.decision_id = d.id)
        ORDER BY d.created_at, d.id LIMIT ?`,
      )
      .all(filter.before, filter.sessionId ?? null, filter.sessionId ?? null, filter.limit) as Row[];
    return rows.map(toRecord);
  }

  async turnWindow(turnId: string, size: number): Promise<TurnWindow | null> {
    const row = this.db.prepare("SELECT * FROM conversation_turns WHERE id = ?").get(turnId) as
      | Row
      | undefined;
    if (row === undefined) return null;
    const turn = toTurn(row);
    const messages = (
      this.db
        .prepare(
          `SELECT * FROM messages WHERE session_id = ? AND seq <= ? AND ${WINDOW_MESSAGES} ORDER BY seq DESC LIMIT ?`,
        )
        .all(turn.sessionId, turn.endSeq, size) as Row[]
    )
      .map(toWindowMessage)
      .reverse();
    const user =
      turn.userMessageId === null
        ? undefined
        : (this.db.prepare("SELECT seq FROM messages WHERE id = ?").get(turn.userMessageId) as
            | { seq: number }
            | undefined);
    return { turn, messages, userSeq: user?.seq ?? null };
  }

  async windowMessages(sessionId: string, from: number, to: number): Promise<WindowMessage[]> {
    const rows = this.db
      .prepare(
        `SELECT * FROM messages WHERE session_id = ? AND seq BETWEEN ? AND ? AND ${WINDOW_MESSAGES} ORDER BY seq`,
      )
      .all(sessionId, from, to) as Row[];
    return rows.map(toWindowMessage);
  }
}

function whereOf(filter: GateDecisionFilter): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.since !== undefined) {
    conditions.push("created_at >= ?");
    params.push(filter.since);
  }
  if (filter.until !== undefined) {
    conditions.push("created_at < ?");
    params.push(filter.until);
  }
  if (filter.decisions !== undefined && filter.decisions.length > 0) {
    conditions.push(`decision IN (${filter.decisions.map(() => "?").join(", ")})`);
    params.push(...filter.decisions);
  }
  if (filter.sessionId !== undefined) {
    conditions.push("session_id = ?");
    params.push(filter.sessionId);
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(" AND ")}` : "", params };
}

function toRecord(row: Row): GateDecisionRecord {
  return {
    id: row.id as string,
    turnId: (row.turn_id as string | null) ?? null,
    sessionId: (row.session_id as string | null) ?? null,
    decision: row.decision as GateDecision,
    reason: row.reason as string,
    candidateFact: (row.candidate_fact as string | null) ?? null,
    decidedBy: (row.decided_by as string | null) ?? null,
    confidence: (row.confidence as number | null) ?? null,
    model: row.llm_model as string,
    latencyMs: (row.llm_latency_ms as number | null) ?? null,
    promptTokens: (row.prompt_tokens as number | null) ?? null,
    completionTokens: (row.completion_tokens as number | null) ?? null,
    rawResponse: (row.raw_response as string | null) ?? null,
    warning: (row.warning as string | null) ?? null,
    contextStartSeq: (row.context_start_seq as number | null) ?? null,
    contextEndSeq: (row.context_end_seq as number | null) ?? null,
    input:
      row.input === null || row.input === undefined ? null : (JSON.parse(row.input as string) as GateTurn),
    createdAt: row.created_at as number,
  };
}

function toTurn(row: Row): StoredTurn {
  return {
    id: row.id as string,
    sessionId: row.session_id as string,
    turnNumber: row.turn_number as number,
    userMessageId: (row.user_message_id as string | null) ?? null,
    userMessageContent: row.user_message_content as string,
    agentMessageContent: row.agent_message_content as string,
    contextStartSeq: row.context_start_seq as number,
    endSeq: row.end_seq as number,
    createdAt: row.created_at as number,
  };
}

function toWindowMessage(row: Row): WindowMessage {
  const metadata = JSON.parse((row.metadata as string | null) ?? "{}") as { isMeta?: unknown };
  return {
    seq: row.seq as number,
    role: row.role as MessageRole,
    kind: row.kind as MessageKind,
    content: row.content as string,
    isMeta: metadata.isMeta === true,
    createdAt: row.created_at as number,
  };
}
