/** A captured message that can serve as memory evidence. */
export interface EvidenceRow {
  pk: number;
  messageId: string;
  sessionId: string;
  role: string;
  kind: string;
  content: string;
  toolName: string | null;
  toolOutput: string | null;
  isError: boolean;
  createdAt: number;
}

/** One logged recall: what was injected, for which prompt and session. */
export interface RecallEventRecord {
  id: string;
  sessionId: string | null;
  projectId: string | null;
  prompt: string;
  context: string;
  createdAt: number;
  items: Array<{ kind: "lesson" | "skill" | "evidence"; itemId: string; rank: number; score: number }>;
  appliedAt: number | null;
  outcome: string | null;
}

/** How often a lesson was recalled and how recall feedback judged it. */
export interface RecallStats {
  recalls: number;
  helpful: number;
  harmful: number;
}

/** Storage behind recall: full-text and vector search, evidence, and the recall log. */
export interface RecallStore {
  /** Lessons matching an FTS5 query among the scope keys, best BM25 first. */
  searchLessons(query: { match: string; scopeKeys: string[]; limit: number }): Promise<string[]>;
  /** Stored vectors of lessons for one embedder (absent when not indexed). */
  lessonVectors(embedderId: string, lessonIds: string[]): Promise<Map<string, Float32Array>>;
  /** Evidence messages matching an FTS5 query, best BM25 first; `projectId` null searches every project. */
  searchMessages(query: {
    match: string;
    projectId: string | null;
    excludeSessionId?: string;
    limit: number;
  }): Promise<EvidenceRow[]>;
  /** Evidence messages nearest to a vector (cosine similarity), within a project, with their vectors. */
  nearestMessages(query: {
    embedderId: string;
    vector: Float32Array;
    projectId: string | null;
    excludeSessionId?: string;
    k: number;
  }): Promise<Array<{ row: EvidenceRow; similarity: number; vector: Float32Array }>>;
  /**
   * The lessons learnt from the tasks these messages belong to (their evidence names the task, or
   * only the session): which lesson each message is a situation of. Unknown pks are skipped.
   */
  lessonsLearntAt(messagePks: number[]): Promise<Array<{ messagePk: number; lessonId: string }>>;
  /** Stored vectors of messages for one embedder. */
  messageVectors(embedderId: string, pks: number[]): Promise<Map<number, Float32Array>>;
  /** Messages worth embedding as evidence that the embedder's index has not seen yet, in order. */
  messagesToEmbed(
    embedderId: string,
    limit: number,
  ): Promise<Array<{ pk: number; projectId: string | null; text: string }>>;
  /** Stores message vectors and moves the index watermark to `upto`. */
  saveMessageVectors(
    embedderId: string,
    dimensions: number,
    vectors: Array<{ pk: number; projectId: string | null; vector: Float32Array }>,
    upto: number,
  ): Promise<void>;
  /** Drops every vector index and rebuilds the lesson full-text index (for `tacit reindex`). */
  resetIndexes(): Promise<void>;
  recordRecall(event: RecallEventRecord): Promise<void>;
  /** Recalls of a session in a time window that have not had their outcome applied. */
  pendingRecalls(sessionId: string, from: number, to: number): Promise<RecallEventRecord[]>;
  /** Marks a recall judged by an outcome. The first outcome stays: marking it again changes nothing. */
  markRecallApplied(id: string, outcome: string, at: number): Promise<void>;
  recallStats(lessonId: string): Promise<RecallStats>;
}
