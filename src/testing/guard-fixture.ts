/**
 * A project with a real SQLite store for the guard's tests: sessions where the user said things,
 * lessons quoting them (or not), and the guard's dependencies over it.
 */
import { join } from "node:path";
import { type Capture, createCapture } from "../capture/capture.js";
import { DEFAULT_GUARD_SETTINGS, type GuardSettings } from "../core/guard/guard-settings.js";
import { createLesson, type Lesson, type LessonKind } from "../core/lessons/lesson.js";
import type { GuardDeps } from "../guard/guard-service.js";
import { createLessonBook, type LessonBook } from "../lessons/index.js";
import { createHashingEmbedder } from "../models/hashing-embedder.js";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";
import { storeLessons } from "./stored-lessons.js";

/** The store, capture and lesson book of a guard test, with helpers to fill them. */
export interface GuardFixture {
  store: SqliteStore;
  capture: Capture;
  book: LessonBook;
  project: string;
  /** Stores a user prompt in a session (created when new). */
  userSays(sessionId: string, text: string): Promise<void>;
  /** Stores a lesson of the project; `quote` from `quoteSession` is its evidence. */
  lesson(input: {
    rule: string;
    kind?: LessonKind;
    quote?: string;
    quoteSession?: string;
    changes?: Partial<Lesson>;
  }): Promise<Lesson>;
  /** The guard's dependencies, with `settings` over the defaults and a clock that moves on each read. */
  deps(settings?: Partial<GuardSettings>, extra?: Partial<GuardDeps>): GuardDeps;
  close(): Promise<void>;
}

let counter = 0;

/** Opens a fresh store in `dir` for project `dir/shop-api`. */
export function guardFixture(dir: string): GuardFixture {
  const store = new SqliteStore({ path: join(dir, "tacit.db") });
  const project = join(dir, "shop-api");
  let clock = Date.UTC(2026, 10, 22, 9, 0, 0);
  const now = () => (clock += 1_000);
  const capture = createCapture({ store, now });
  const embedder = createHashingEmbedder();
  const book = createLessonBook({ store, embedder, now });
  const session = (id: string) => ({
    agent: "claude-code" as const,
    sourceSessionId: id,
    cwd: project,
    projectId: project,
  });
  return {
    store,
    capture,
    book,
    project,
    async userSays(sessionId, text) {
      await capture.writeBatch({
        sessions: [{ ...session(sessionId), createdAt: now(), lastActivityAt: now() }],
        items: [
          {
            type: "message",
            sessionId: `claude-code:${sessionId}`,
            message: {
              id: `prompt-${++counter}`,
              role: "user",
              kind: "text",
              content: text,
              createdAt: now(),
            },
          },
        ],
      });
    },
    async lesson({ rule, kind = "prefer", quote, quoteSession, changes = {} }) {
      const lesson = {
        ...createLesson({
          id: `lesson-${++counter}`,
          kind,
          trigger: "Working in this repository",
          rule,
          domain: "workflow",
          scope: "project",
          projectId: project,
          evidence: quote ? [{ quote, sessionId: `claude-code:${quoteSession ?? "s0"}`, at: now() }] : [],
          now: now(),
        }),
        ...changes,
      };
      await storeLessons(store, embedder, [lesson]);
      return lesson;
    },
    deps(settings = {}, extra = {}) {
      return {
        store,
        settings: { ...DEFAULT_GUARD_SETTINGS, ...settings },
        now,
        redact: (text) => text.replace(/sk-[A-Za-z0-9]{8,}/g, "[REDACTED:key]"),
        // The fixture stores its sessions with the user's prompts.
        ensureSession: async () => undefined,
        ...extra,
      };
    },
    close: () => store.close(),
  };
}
