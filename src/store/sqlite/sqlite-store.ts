/**
 * The SQLite store: opens the database, wires up the sub-stores (lessons, recall, skills, learning,
 * memory files, guard, datasets, …) and delegates the Store port to them; the captured record's
 * queries are in sqlite-session-store.ts.
 */
import type { LessonEvent } from "../../core/lessons/history.js";
import type { Lesson } from "../../core/lessons/lesson.js";
import type { FutureCorrection } from "../../core/memory-files/correction-match.js";
import type { MemoryFileName } from "../../core/memory-files/memory-file-layouts.js";
import type { Skill, SkillEvent } from "../../core/skills/skill.js";
import type {
  CachedExperience,
  LearnJob,
  LearnStep,
  StoredFailedAttempt,
  StoredSignal,
  TaskLearning,
  TaskRecord,
} from "../learn-store.js";
import type { LessonCommit, LessonFilter, StoredFeedback } from "../lesson-store.js";
import type {
  AuditFilter,
  BeginWriteInput,
  BehaviorCorrection,
  CorrectionFilter,
  FileOperation,
  FileSnapshot,
  FinishWriteInput,
  GuardianAudit,
  GuardianRollback,
  MemoryFilePruneResult,
  SnapshotWrite,
} from "../memory-file-store.js";
import type { EvidenceRow, RecallEventRecord, RecallStats } from "../recall-store.js";
import type { SkillCommit, SkillFilter } from "../skill-store.js";
import type { CaptureBatch, CaptureWriteResult, ErrorWrite, Store } from "../store.js";
import { SqliteCaptureWriter } from "./sqlite-capture-writer.js";
import type { SqliteConfig } from "./sqlite-config.js";
import { type MigrationStatus, openSqliteDatabase } from "./sqlite-database.js";
import { SqliteDatasetStore } from "./sqlite-dataset-store.js";
import { SqliteGateDecisionStore } from "./sqlite-gate-decision-store.js";
import { SqliteGuardStore } from "./sqlite-guard-store.js";
import { SqliteInsightStore } from "./sqlite-insight-store.js";
import { SqliteLearnStore } from "./sqlite-learn-store.js";
import { SqliteLessonStore } from "./sqlite-lesson-store.js";
import { SqliteLlmCallLog } from "./sqlite-llm-call-log.js";
import { SqliteMemoryFileStore } from "./sqlite-memory-file-store.js";
import { SqliteRecallStore } from "./sqlite-recall-store.js";
import { SqliteSessionStore } from "./sqlite-session-store.js";
import { SqliteSkillStore } from "./sqlite-skill-store.js";
import { SqliteVectorIndexes } from "./sqlite-vector-indexes.js";

/**
 * The SQLite implementation of {@link Store}, on better-sqlite3: the captured record's queries
 * (inherited from {@link SqliteSessionStore}) and the sub-stores it wires up and delegates to.
 */
export class SqliteStore extends SqliteSessionStore implements Store {
  readonly dialect = "sqlite" as const;
  readonly location: string;
  readonly readOnly: boolean;
  /** What opening did to the schema. */
  readonly migrations: MigrationStatus[];
  private readonly writer: SqliteCaptureWriter;
  private readonly lessons: SqliteLessonStore;
  private readonly vectors: SqliteVectorIndexes;
  private readonly recall: SqliteRecallStore;
  private readonly skills: SqliteSkillStore;
  private readonly learning: SqliteLearnStore;
  private readonly memoryFiles: SqliteMemoryFileStore;
  readonly llmCalls: SqliteLlmCallLog;
  /** The memory gate's decision log. */
  readonly gateDecisions: SqliteGateDecisionStore;
  /** The training dataset. */
  readonly datasets: SqliteDatasetStore;
  readonly insights: SqliteInsightStore;
  /** The guard's events and adherence. */
  readonly guard: SqliteGuardStore;

  /** `location`: the path to report when it is not `path` (an empty in-memory stand-in for a file not created yet). */
  constructor(config: Partial<SqliteConfig> & { path: string; location?: string }) {
    const opened = openSqliteDatabase(config);
    super(opened.db);
    this.migrations = opened.migrations;
    this.location = config.location ?? config.path;
    this.readOnly = config.readonly === true;
    this.writer = new SqliteCaptureWriter(this.db);
    this.vectors = new SqliteVectorIndexes(this.db);
    this.lessons = new SqliteLessonStore(this.db, this.vectors);
    this.learning = new SqliteLearnStore(this.db);
    this.recall = new SqliteRecallStore(this.db, this.vectors);
    this.skills = new SqliteSkillStore(this.db);
    this.llmCalls = new SqliteLlmCallLog(this.db);
    this.memoryFiles = new SqliteMemoryFileStore(this.db);
    this.gateDecisions = new SqliteGateDecisionStore(this.db);
    this.datasets = new SqliteDatasetStore(this.db);
    this.insights = new SqliteInsightStore(this.db);
    this.guard = new SqliteGuardStore(this.db);
  }

  recordAudit(audit: GuardianAudit): Promise<void> {
    return this.memoryFiles.recordAudit(audit);
  }

  beginWrite(input: BeginWriteInput) {
    return this.memoryFiles.beginWrite(input);
  }

  finishWrite(input: FinishWriteInput): Promise<void> {
    return this.memoryFiles.finishWrite(input);
  }

  beginRollback(input: { operation: FileOperation; backup: SnapshotWrite | null }) {
    return this.memoryFiles.beginRollback(input);
  }

  finishRollback(input: { operation: FileOperation; at: number }): Promise<void> {
    return this.memoryFiles.finishRollback(input);
  }

  releaseFile(workspace: string, fileName: MemoryFileName): Promise<void> {
    return this.memoryFiles.releaseFile(workspace, fileName);
  }

  getFileOperation(workspace: string, fileName: MemoryFileName): Promise<FileOperation | null> {
    return this.memoryFiles.getFileOperation(workspace, fileName);
  }

  getAudit(id: string): Promise<GuardianAudit | null> {
    return this.memoryFiles.getAudit(id);
  }

  listAudits(filter: AuditFilter): Promise<GuardianAudit[]> {
    return this.memoryFiles.listAudits(filter);
  }

  getSnapshot(id: string): Promise<FileSnapshot | null> {
    return this.memoryFiles.getSnapshot(id);
  }

  getRollback(auditId: string): Promise<GuardianRollback | null> {
    return this.memoryFiles.getRollback(auditId);
  }

  listRollbacks(
    filter: Omit<AuditFilter, "status" | "sessionId" | "decisionId">,
  ): Promise<GuardianRollback[]> {
    return this.memoryFiles.listRollbacks(filter);
  }

  recordCorrection(correction: BehaviorCorrection): Promise<void> {
    return this.memoryFiles.recordCorrection(correction);
  }

  listCorrections(filter: CorrectionFilter) {
    return this.memoryFiles.listCorrections(filter);
  }

  listFutureCorrections(filter: { workspace?: string }): Promise<FutureCorrection[]> {
    return this.memoryFiles.listFutureCorrections(filter);
  }

  pruneMemoryFiles(input: { before: number; maxSnapshotsPerFile: number }): Promise<MemoryFilePruneResult> {
    return this.memoryFiles.pruneMemoryFiles(input);
  }

  getSkill(id: string): Promise<Skill | null> {
    return this.skills.getSkill(id);
  }

  listSkills(filter: SkillFilter): Promise<Skill[]> {
    return this.skills.listSkills(filter);
  }

  commitSkillChanges(commit: SkillCommit): Promise<void> {
    return this.skills.commitSkillChanges(commit);
  }

  listSkillEvents(skillId: string): Promise<SkillEvent[]> {
    return this.skills.listSkillEvents(skillId);
  }

  searchLessons(query: { match: string; scopeKeys: string[]; limit: number }): Promise<string[]> {
    return this.recall.searchLessons(query);
  }

  lessonVectors(embedderId: string, lessonIds: string[]): Promise<Map<string, Float32Array>> {
    return this.recall.lessonVectors(embedderId, lessonIds);
  }

  searchMessages(query: {
    match: string;
    projectId: string | null;
    excludeSessionId?: string;
    limit: number;
  }): Promise<EvidenceRow[]> {
    return this.recall.searchMessages(query);
  }

  nearestMessages(query: {
    embedderId: string;
    vector: Float32Array;
    projectId: string | null;
    excludeSessionId?: string;
    k: number;
  }) {
    return this.recall.nearestMessages(query);
  }

  lessonsLearntAt(messagePks: number[]): Promise<Array<{ messagePk: number; lessonId: string }>> {
    return this.recall.lessonsLearntAt(messagePks);
  }

  messageVectors(embedderId: string, pks: number[]): Promise<Map<number, Float32Array>> {
    return this.recall.messageVectors(embedderId, pks);
  }

  messagesToEmbed(embedderId: string, limit: number) {
    return this.recall.messagesToEmbed(embedderId, limit);
  }

  saveMessageVectors(
    embedderId: string,
    dimensions: number,
    vectors: Array<{ pk: number; projectId: string | null; vector: Float32Array }>,
    upto: number,
  ): Promise<void> {
    return this.recall.saveMessageVectors(embedderId, dimensions, vectors, upto);
  }

  resetIndexes(): Promise<void> {
    return this.recall.resetIndexes();
  }

  recordRecall(event: RecallEventRecord): Promise<void> {
    return this.recall.recordRecall(event);
  }

  pendingRecalls(sessionId: string, from: number, to: number): Promise<RecallEventRecord[]> {
    return this.recall.pendingRecalls(sessionId, from, to);
  }

  markRecallApplied(id: string, outcome: string, at: number): Promise<void> {
    return this.recall.markRecallApplied(id, outcome, at);
  }

  recallStats(lessonId: string): Promise<RecallStats> {
    return this.recall.recallStats(lessonId);
  }

  saveTasks(sessionId: string, tasks: TaskRecord[]): Promise<void> {
    return this.learning.saveTasks(sessionId, tasks);
  }

  listTasks(filter: { sessionId?: string; limit: number }): Promise<TaskRecord[]> {
    return this.learning.listTasks(filter);
  }

  getTask(id: string): Promise<TaskRecord | null> {
    return this.learning.getTask(id);
  }

  getCachedExperience(taskId: string): Promise<CachedExperience | null> {
    return this.learning.getCachedExperience(taskId);
  }

  saveTaskLearning(learning: TaskLearning): Promise<void> {
    return this.learning.saveTaskLearning(learning);
  }

  listTaskSignals(taskId: string): Promise<StoredSignal[]> {
    return this.learning.listTaskSignals(taskId);
  }

  listFailedAttempts(taskId: string): Promise<StoredFailedAttempt[]> {
    return this.learning.listFailedAttempts(taskId);
  }

  getLearnJob(taskId: string): Promise<LearnJob | null> {
    return this.learning.getLearnJob(taskId);
  }

  saveLearnJob(job: LearnJob): Promise<void> {
    return this.learning.saveLearnJob(job);
  }

  listSessionIds(filter: { since?: number; sessionId?: string }): Promise<string[]> {
    return this.learning.listSessionIds(filter);
  }

  markLearnStep(step: LearnStep, at: number): Promise<void> {
    return this.learning.markLearnStep(step, at);
  }

  isLearnStepPending(step: LearnStep): Promise<boolean> {
    return this.learning.isLearnStepPending(step);
  }

  clearLearnStep(step: LearnStep): Promise<void> {
    return this.learning.clearLearnStep(step);
  }

  inTransaction<T>(work: () => Promise<T>): Promise<T> {
    return this.learning.inTransaction(work);
  }

  recordPatternUse(taskId: string, lessonId: string, success: boolean, at: number): Promise<boolean> {
    return this.learning.recordPatternUse(taskId, lessonId, success, at);
  }

  getLesson(id: string): Promise<Lesson | null> {
    return this.lessons.getLesson(id);
  }

  listLessons(filter: LessonFilter): Promise<Lesson[]> {
    return this.lessons.listLessons(filter);
  }

  countLessons(): Promise<number> {
    return this.lessons.countLessons();
  }

  findLessonsByHash(contentHash: string, scopeKeys: string[]): Promise<Lesson[]> {
    return this.lessons.findLessonsByHash(contentHash, scopeKeys);
  }

  nearestLessons(query: { embedderId: string; vector: Float32Array; scopeKeys: string[]; k: number }) {
    return this.lessons.nearestLessons(query);
  }

  commitLessonChanges(commit: LessonCommit): Promise<void> {
    return this.lessons.commitLessonChanges(commit);
  }

  listLessonEvents(lessonId: string): Promise<LessonEvent[]> {
    return this.lessons.listLessonEvents(lessonId);
  }

  getLessonEvent(id: string): Promise<LessonEvent | null> {
    return this.lessons.getLessonEvent(id);
  }

  listLessonFeedback(lessonId: string): Promise<StoredFeedback[]> {
    return this.lessons.listLessonFeedback(lessonId);
  }

  async copyTo(path: string): Promise<void> {
    await this.db.backup(path);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  async writeCapture(batch: CaptureBatch): Promise<CaptureWriteResult> {
    return this.writer.write(batch);
  }

  async recordError(error: ErrorWrite): Promise<void> {
    this.writer.write({ sessions: [], items: [], errors: [error] });
  }
}
