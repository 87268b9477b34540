/**
 * A project's stack described once, clause by clause, in the first message of a session, is learnt
 * one convention per clause; a later change to one of the tools archives that clause alone, and
 * the others stay: learnt offline from captured sessions into a real SQLite store, through the SDK.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTacit, type Tacit } from "../sdk.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 2, 9);
const DAY = 86_400_000;

/** Captures a session in which the user says `said` at `start` (the agent acknowledges it) and learns it. */
async function learnFrom(tacit: Tacit, sessionId: string, said: string, start: number): Promise<void> {
  await tacit.capture({
    sessionId,
    messages: [
      { id: "m1", role: "user", content: said, createdAt: start },
      { id: "m2", role: "assistant", content: "Noted.", createdAt: start + 60_000 },
    ],
  });
  await tacit.learn({ sessionId });
}

/** Runs `body` with a tacit on a fresh SQLite file for `project`, with a clock it can move. */
async function withTacit(
  project: string,
  body: (tacit: Tacit, setClock: (time: number) => void) => Promise<void>,
): Promise<void> {
  let clock = T0;
  const dir = tempDir();
  const tacit = await createTacit({
    db: join(dir, "tacit.db"),
    env: { TACIT_HOME: dir },
    cwd: project,
    now: () => clock,
  });
  try {
    await body(tacit, (time) => {
      clock = time;
    });
  } finally {
    await tacit.close();
  }
}

const liveRules = async (tacit: Tacit) =>
  (await tacit.lessons.list({ status: ["candidate", "active", "refined"], convention: true }))
    .map((lesson) => lesson.rule)
    .sort();

describe("a stack described once, then one tool changed", () => {
  it("learns one convention per clause, and the change archives only the clause it overturns", async () => {
    await withTacit("/work/harbor-web", async (tacit, setClock) => {
      await learnFrom(
        tacit,
        "intro",
        "hi! quick rundown before you dive in: it's a React + Vite app, HTTP calls go through axios (there's a shared instance in src/api/http.ts), client state lives in zustand stores under src/stores, styling is CSS modules, and tests are vitest.",
        T0,
      );
      expect(await liveRules(tacit)).toEqual([
        "Client state lives in zustand stores under src/stores",
        "HTTP calls go through axios (there's a shared instance in src/api/http.ts)",
        "Styling is CSS modules",
        "Tests are vitest",
      ]);

      setClock(T0 + 4 * DAY);
      await learnFrom(tacit, "swap", "heads up: we swapped axios for ky, same wrapper file.", T0 + 4 * DAY);
      const now = await liveRules(tacit);
      expect(now).toHaveLength(4);
      expect(now).toContain("Client state lives in zustand stores under src/stores");
      expect(now).toContain("Styling is CSS modules");
      expect(now).toContain("Tests are vitest");
      expect(now.some((rule) => /\bky\b/.test(rule))).toBe(true);
      expect(now.some((rule) => rule.startsWith("HTTP calls go through axios"))).toBe(false);
      const archived = await tacit.lessons.list({ status: ["archived"] });
      expect(archived.map((lesson) => lesson.rule)).toEqual([
        "HTTP calls go through axios (there's a shared instance in src/api/http.ts)",
      ]);
      expect(archived[0]?.statusReason).toMatch(/^superseded by /);
    });
  });

  it("does the same for a stack described in Chinese", async () => {
    await withTacit("/work/dingdan", async (tacit, setClock) => {
      await learnFrom(
        tacit,
        "intro",
        "先说下背景：订单服务是 Spring Boot 写的，持久层用 MyBatis-Plus，服务间调用走 Dubbo，日志是 log4j2。",
        T0,
      );
      expect(await liveRules(tacit)).toEqual([
        "持久层用 MyBatis-Plus",
        "日志是 log4j2",
        "服务间调用走 Dubbo",
      ]);

      setClock(T0 + 2 * DAY);
      await learnFrom(tacit, "rpc", "服务间调用换成 OpenFeign 了，Dubbo 不再用。", T0 + 2 * DAY);
      const now = await liveRules(tacit);
      expect(now).toHaveLength(3);
      expect(now).toContain("持久层用 MyBatis-Plus");
      expect(now).toContain("日志是 log4j2");
      expect(now.some((rule) => rule.includes("OpenFeign"))).toBe(true);
      const archived = await tacit.lessons.list({ status: ["archived"] });
      expect(archived.map((lesson) => lesson.rule)).toEqual(["服务间调用走 Dubbo"]);
      expect(archived[0]?.statusReason).toMatch(/^superseded by /);
    });
  });
});
