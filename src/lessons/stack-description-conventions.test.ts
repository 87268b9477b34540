/**
 * A project's stack described once, clause by clause, in the first message of a session, is learnt
 * one convention per clause; a later change to one of the tools archives that clause alone, and
 * the others stay: learnt offline from captured sessions into a real SQLite store, through the SDK.
 */
import { describe, expect, it } from "vitest";
import { learnFrom, liveConventions, sayAt, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 2, 9);
const DAY = 86_400_000;

/** A stack described, the conventions it leaves, a later change and the one convention it overturns. */
interface StackCase {
  project: string;
  described: string;
  learnt: string[];
  change: string;
  /** A word the new convention holds. */
  changedTo: string;
  overturned: string;
}

const CASES: Array<[string, StackCase]> = [
  [
    "an English description, then 'we swapped axios for ky'",
    {
      project: "/work/harbor-web",
      described:
        "hi! quick rundown before you dive in: it's a React + Vite app, HTTP calls go through axios (there's a shared instance in src/api/http.ts), client state lives in zustand stores under src/stores, styling is CSS modules, and tests are vitest.",
      learnt: [
        "Client state lives in zustand stores under src/stores",
        "HTTP calls go through axios (there's a shared instance in src/api/http.ts)",
        "Styling is CSS modules",
        "Tests are vitest",
      ],
      change: "heads up: we swapped axios for ky, same wrapper file.",
      changedTo: "ky",
      overturned: "HTTP calls go through axios (there's a shared instance in src/api/http.ts)",
    },
  ],
  [
    "a Chinese description, then 服务间调用换成 OpenFeign",
    {
      project: "/work/dingdan",
      described:
        "先说下背景：订单服务是 Spring Boot 写的，持久层用 MyBatis-Plus，服务间调用走 Dubbo，日志是 log4j2。",
      learnt: ["持久层用 MyBatis-Plus", "日志是 log4j2", "服务间调用走 Dubbo"],
      change: "服务间调用换成 OpenFeign 了，Dubbo 不再用。",
      changedTo: "OpenFeign",
      overturned: "服务间调用走 Dubbo",
    },
  ],
];

describe("a stack described once, then one tool changed", () => {
  it.each(CASES)(
    "%s: one convention per clause, and the change archives only the clause it overturns",
    async (_case, { project, described, learnt, change, changedTo, overturned }) => {
      await withTacit(tempDir(), project, T0, async (tacit, setClock) => {
        await learnFrom(tacit, "intro", described, T0);
        expect(await liveConventions(tacit)).toEqual(learnt);

        await sayAt(tacit, setClock, "change", change, T0 + 4 * DAY);
        const now = await liveConventions(tacit);
        expect(now).toHaveLength(learnt.length);
        for (const rule of learnt.filter((kept) => kept !== overturned)) expect(now).toContain(rule);
        expect(now).not.toContain(overturned);
        expect(now.some((rule) => rule.includes(changedTo))).toBe(true);
        const archived = await tacit.lessons.list({ status: ["archived"] });
        expect(archived.map((lesson) => lesson.rule)).toEqual([overturned]);
        expect(archived[0]?.statusReason).toMatch(/^superseded by /);
      });
    },
  );
});
