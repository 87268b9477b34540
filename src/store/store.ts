import type {
  AgentKind,
  ErrorEntry,
  ErrorStats,
  ErrorType,
  Message,
  MessageKind,
  MessageRole,
  Outcome,
  Session,
} from "../core/types.js";
import type { LlmCallLog } from "../models/llm-call-log.js";
import type { DatasetStore } from "./dataset-store.js";
import type { GateDecisionStore } from "./gate-decision-store.js";
import type { GuardStore } from "./guard-store.js";
import type { InsightStore } from "./insight-store.js";
import type { LearnStore } from "./learn-store.js";
import type { LessonStore } from "./lesson-store.js";
import type { MemoryFileStore } from "./memory-file-store.js";
import type { RecallStore } from "./recall-store.js";
import type { SkillStore } from "./skill-store.js";

/** A session as capture writes it. Missing optional fields keep what the store already has. */
export interface SessionWrite {
  id: string;
  agent: AgentKind;
  sourceSessionId: string;
  channelId: string;
  conversationTarget?: string | null;
  accountId?: string | null;
  projectId?: string | null;
  cwd?: string | null;
  gitBranch?: string | null;
  parentSessionId?: string | null;
  title?: string | null;
  createdAt: number;
  lastActivityAt: number;
  metadata?: Record<string, unknown>;
}

/** A message as capture writes it; the store assigns `seq` and the turn. Already sanitized. */
export interface MessageWrite {
  id: string;
  sessionId: string;
  role: MessageRole;
  kind: MessageKind;
  content: string;
  toolName: string | null;
  toolInput: string | null;
  toolOutput: string | null;
  isError: boolean;
  toolUseId: string | null;
  isSidechain: boolean;
  parentId: string | null;
  apiMessageId: string | null;
  originalSize: number | null;
  /** True for a user message that opens a new conversation turn (a real prompt, not a tool result). */
  startsTurn: boolean;
  createdAt: number;
  metadata: Record<string, unknown>;
}

/** The output of an earlier tool call. Pairs by `toolUseId`; inserted as its own row when unpaired. */
export interface ToolResultWrite {
  /** Row id used only when no call with this `toolUseId` exists in the session. */
  id: string;
  sessionId: string;
  toolUseId: string;
  output: string;
  isError: boolean;
  toolName: string | null;
  originalSize: number | null;
  createdAt: number;
}

/** An error to record. `toolUseId` links it to the tool call's message row when known. */
export interface ErrorWrite extends Omit<ErrorEntry, "resolved" | "resolvedAt"> {
  toolUseId?: string | null;
}

/** Where an import of one file got to; written in the same transaction as the rows it covers. */
export interface ImportFileState {
  path: string;
  format: string;
  headHash: string;
  byteOffset: number;
  lineCount: number;
  size: number;
  updatedAt: number;
}

/** One atomic unit of capture: everything in it lands together or not at all. */
export interface CaptureBatch {
  sessions: SessionWrite[];
  items: Array<{ type: "message"; message: MessageWrite } | { type: "tool_result"; result: ToolResultWrite }>;
  errors: ErrorWrite[];
  importFile?: ImportFileState;
}

export interface CaptureWriteResult {
  /** Rows added (duplicates of rows already stored are not counted). */
  messagesInserted: number;
  /** Of `messagesInserted`, how many are tool calls. */
  toolCallsInserted: number;
  toolResultsPaired: number;
  errorsInserted: number;
}

export interface SessionSummary extends Session {
  messageCount: number;
  toolCallCount: number;
  toolErrorCount: number;
}

export interface SessionFilter {
  limit: number;
  agent?: AgentKind;
  projectId?: string;
  since?: number;
}

export interface ErrorFilter {
  limit: number;
  sessionId?: string;
  taskId?: string;
  type?: ErrorType;
  includeResolved?: boolean;
}

export interface StoreStats {
  sessions: number;
  messages: number;
  toolCalls: number;
  toolErrors: number;
  errors: number;
  unresolvedErrors: number;
  outcomes: number;
  sessionsByAgent: Record<string, number>;
  firstActivityAt: number | null;
  lastActivityAt: number | null;
}

export interface PruneResult {
  sessionsDeleted: number;
  messagesDeleted: number;
}

/**
 * The storage port. Every backend (SQLite now, PostgreSQL later) implements it and passes the same
 * contract tests. Methods are async so network-backed stores fit; SQLite answers synchronously
 * inside them.
 */
export interface Store extends LessonStore, LearnStore, RecallStore, SkillStore, MemoryFileStore {
  readonly dialect: "sqlite" | "postgres";
  /** Where the data lives (a file path or a redacted URL), for messages. */
  readonly location: string;
  /** True when the store was opened for reading only: nothing may be written (upkeep is computed, not stored). */
  readonly readOnly: boolean;
  /** The log of model calls, which also enforces the daily cost ceiling. */
  readonly llmCalls: LlmCallLog;
  /** The memory gate's decision log and the turns it reads. */
  readonly gateDecisions: GateDecisionStore;
  /** The training dataset: samples, their review, and exports. */
  readonly datasets: DatasetStore;
  /** Read-only queries across the store for people browsing it (the viewer and its API). */
  readonly insights: InsightStore;
  /** The guard at the tool call: what it denied or reminded, and whether the lessons were followed. */
  readonly guard: GuardStore;
  /** Writes a consistent copy of the whole store to a new database file (a dry run works on it). */
  copyTo(path: string): Promise<void>;
  close(): Promise<void>;

  writeCapture(batch: CaptureBatch): Promise<CaptureWriteResult>;
  recordOutcome(outcome: Outcome): Promise<void>;
  recordError(error: ErrorWrite): Promise<void>;
  /** Marks an error resolved; false when no such error exists. */
  resolveError(id: string, at: number): Promise<boolean>;

  getSession(id: string): Promise<SessionSummary | null>;
  listSessions(filter: SessionFilter): Promise<SessionSummary[]>;
  /** How many sessions match (what a listing cut at `limit` leaves out). */
  countSessions(filter: Omit<SessionFilter, "limit">): Promise<number>;
  listMessages(sessionId: string, options?: { limit?: number; afterSeq?: number }): Promise<Message[]>;
  listErrors(filter: ErrorFilter): Promise<ErrorEntry[]>;
  errorStats(filter: { sessionId?: string; taskId?: string }): Promise<ErrorStats>;
  listOutcomes(filter: { sessionId?: string; taskId?: string; limit: number }): Promise<Outcome[]>;
  stats(): Promise<StoreStats>;

  getImportFile(path: string): Promise<ImportFileState | null>;
  /** Deletes sessions whose last activity is before `before` (epoch ms), with everything they own. */
  prune(before: number): Promise<PruneResult>;
  /** What `prune(before)` would delete, deleting nothing (`tacit prune --dry-run`, and the question before it). */
  countPrunable(before: number): Promise<PruneResult>;
}
