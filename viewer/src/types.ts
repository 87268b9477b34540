/** The API's answers, as the viewer reads them (docs/viewer.md lists every field). */

export interface Capabilities {
  version: string;
  sources: { memoryFiles: boolean; dataset: boolean; adherence: boolean; conventions: boolean };
  readOnlyStore: boolean;
}

export interface Session {
  id: string;
  agent: string;
  projectId: string | null;
  cwd: string | null;
  gitBranch: string | null;
  title: string | null;
  createdAt: number;
  lastActivityAt: number;
  messageCount: number;
  toolCallCount: number;
  toolErrorCount: number;
}

export interface Message {
  id: string;
  seq: number;
  role: string;
  kind: string;
  content: string;
  toolName: string | null;
  toolInput: string | null;
  toolOutput: string | null;
  isError: boolean;
  isSidechain: boolean;
  createdAt: number;
  cut?: boolean;
}

export interface Task {
  id: string;
  sessionId: string;
  title: string;
  goal: string;
  status: string;
  startSeq: number;
  endSeq: number;
  learnedAt: number | null;
  updatedAt: number;
}

export interface Signal {
  id: string;
  taskId: string;
  sessionId: string;
  messageSeq: number | null;
  type: string;
  source: string;
  evidence: string;
  confidence: number;
  detector: string;
  createdAt: number;
}

export interface ErrorEntry {
  id: string;
  errorType: string;
  message: string;
  resolved: boolean;
  createdAt: number;
}

export interface RecallEvent {
  id: string;
  sessionId: string | null;
  projectId: string | null;
  prompt: string;
  context: string;
  createdAt: number;
  outcome: string | null;
  items: Array<{ kind: string; itemId: string; rank: number; score: number }>;
}

export interface Denial {
  id: string;
  toolName: string;
  lessonId: string | null;
  reason: string;
  at: number;
}

export type TimelineEntry =
  | { type: "message"; seq: number; at: number; message: Message }
  | { type: "error"; seq: number; at: number; error: ErrorEntry }
  | { type: "signal"; seq: number; at: number; signal: Signal }
  | { type: "recall"; seq: number; at: number; recall: RecallEvent }
  | { type: "denial"; seq: number; at: number; denial: Denial };

export interface Timeline {
  session: Session;
  tasks: Task[];
  entries: TimelineEntry[];
  nextAfterSeq: number | null;
  denialsAvailable: boolean;
}

export interface LessonRow {
  id: string;
  kind: string;
  trigger: string;
  rule: string;
  status: string;
  maturity: string;
  scope: string;
  projectId: string | null;
  domain: string;
  confidence: number;
  supportTaskCount: number;
  evidenceCount: number;
  quality: number;
  /** A standing convention of its project. */
  convention: boolean;
  /** What it governs and the value it sets, when known. */
  slot: Slot | null;
  supersededById: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A lesson as stored: `convention` and `slot` are absent on lessons learnt before them. */
export interface Lesson extends Omit<LessonRow, "quality" | "convention" | "slot"> {
  convention?: boolean;
  slot?: Slot;
  why: string;
  statusReason: string | null;
  maturityReason: string | null;
  successCount: number;
  failureCount: number;
  invertedFromId: string | null;
  invertedToId: string | null;
  lastValidatedAt: number | null;
}

export interface Evidence {
  quote: string;
  sessionId: string;
  taskId?: string;
  at: number;
  seq: number | null;
  sessionExists: boolean;
}

export interface LessonLink {
  id: string;
  rule: string;
  status: string;
  maturity: string;
}

export interface HistoryEntry {
  id: string;
  type: string;
  reason: string;
  at: number;
  changes: Array<{ field: string; before: unknown; after: unknown }>;
}

export interface Adherence {
  lessonId: string;
  followed: number;
  ignored: number;
  overridden: number;
  denied: number;
  rate: number | null;
}

export interface Dossier {
  lesson: Lesson;
  score: { quality: number; parts: Record<string, number>; multiplier: number };
  recall: { recalls: number; helpful: number; harmful: number; helpfulness: number | null };
  weight: { weight: number };
  feedback: Array<{ id: string; type: string; source: string; at: number; reason?: string | null }>;
  evidence: Evidence[];
  recalls: RecallEvent[];
  history: HistoryEntry[];
  chain: {
    supersedes: LessonLink[];
    supersededBy: LessonLink[];
    invertedFrom: LessonLink | null;
    invertedTo: LessonLink | null;
  };
  adherence: Adherence | null | "unavailable";
}

export interface RecallItem {
  kind: string;
  id: string;
  text: string;
  score: number;
  parts: Record<string, number>;
}

export interface Playground {
  prompt: string;
  projectId: string | null;
  context: string;
  items: RecallItem[];
  rejected: Array<RecallItem & { reason: string }>;
  liveSignals: string[];
  tokens: number;
}

export interface LlmDay {
  day: string;
  calls: number;
  chargedTokens: number;
  failures: number;
  refused: number;
}

export interface Overview {
  store: {
    location: string;
    sessions: number;
    messages: number;
    toolCalls: number;
    toolErrors: number;
    errors: number;
    unresolvedErrors: number;
    outcomes: number;
    firstActivityAt: number | null;
    lastActivityAt: number | null;
  };
  tasks: { total: number; byStatus: Record<string, number> };
  signals: { total: number; perDay: Array<{ day: string; counts: Record<string, number>; total: number }> };
  lessons: {
    total: number;
    byStatus: Record<string, number>;
    byMaturity: Record<string, number>;
    byKind: Record<string, number>;
  };
  skills: number;
  llm: {
    perDay: LlmDay[];
    byPurpose: Array<{
      purpose: string;
      model: string;
      calls: number;
      chargedTokens: number;
      failures: number;
      refused: number;
    }>;
    totals: { calls: number; chargedTokens: number; failures: number; refused: number };
  };
  adherence: Array<{ day: string; followed: number; ignored: number; denied: number }> | "unavailable";
}

export interface Skill {
  id: string;
  name: string;
  title: string;
  description: string;
  whenToUse: string[];
  steps: string[];
  pitfalls: string[];
  sourceLessonIds: string[];
  version: number;
  status: string;
  scope: string;
  projectId: string | null;
  updatedAt: number;
}

export interface Audit {
  id: string;
  path: string;
  at: number;
  verdict: string;
  summary: string;
  diff: string;
  status: string;
  sessionId: string | null;
}

export interface Sample {
  id: string;
  status: string;
  kind: string;
  sessionId: string | null;
  createdAt: number;
  prompt: string;
  completion: string;
  note: string | null;
}

/** What a lesson governs (`naming.variable.prefix`) and the value it sets (`n_`). */
export interface Slot {
  id: string;
  value: string | null;
}

export interface Convention {
  id: string;
  statement: string;
  status: string;
  projectId: string | null;
  slot: Slot | null;
  supersededById: string | null;
  supersedes: string[];
  evidenceCount: number;
  updatedAt: number;
}
