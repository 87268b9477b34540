/**
 * Rules stated as a list, or in one sentence joined by commas or "and", are learnt one lesson each,
 * so a later change to one of them archives that one alone: learnt offline from captured sessions
 * into a real SQLite store, through the SDK.
 */
import { describe, expect, it } from "vitest";
import type { Tacit } from "../sdk.js";
import { learnFrom, liveConventions, sayAt, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 9, 1, 9);
const DAY = 86_400_000;
const PROJECT = "/work/warehouse";

describe("conventions stated as a list", () => {
  it("are one lesson each, and a later change to the second archives only the second", async () => {
    await withTacit(tempDir(), PROJECT, T0, listedThenChanged);
  });
});

/** Learns three listed rules, then a later change to the second, checking what each left in the store. */
async function listedThenChanged(tacit: Tacit, setClock: (time: number) => void): Promise<void> {
  await learnFrom(
    tacit,
    "rules",
    "a few house rules. 1) deps are managed with poetry, never pip install into the venv directly. 2) every staging table we create gets the stg_ prefix. 3) tests are pytest, always run with --strict-markers",
    T0,
  );
  const live = () => liveConventions(tacit);
  expect(await live()).toEqual([
    "Deps are managed with poetry, never pip install into the venv directly",
    "Every staging table we create gets the stg_ prefix",
    "Tests are pytest, always run with --strict-markers",
  ]);

  await sayAt(
    tacit,
    setClock,
    "prefix",
    "sorry, change of plan on the staging prefix. stg_ clashes with the warehouse schemas, so forget stg_. it's tmp_ for every staging table going forward",
    T0 + 3 * DAY,
  );
  const now = await live();
  expect(now).toHaveLength(3);
  expect(now).toContain("Deps are managed with poetry, never pip install into the venv directly");
  expect(now).toContain("Tests are pytest, always run with --strict-markers");
  // The new rule is what follows the announcement, with what it drops; not the announcement.
  const fresh = now.find((rule) => rule.startsWith("It's tmp_ for every staging table going forward"));
  expect(fresh).toBeDefined();
  expect(now.some((rule) => /change of plan/i.test(rule))).toBe(false);
  const archived = await tacit.lessons.list({ status: ["archived"] });
  expect(archived.map((lesson) => lesson.rule)).toEqual([
    "Every staging table we create gets the stg_ prefix",
  ]);
  expect(archived[0]?.statusReason).toMatch(/^superseded by /);
}

describe("conventions stated in one sentence", () => {
  it("are one lesson each, and a later change to one archives only that one", async () => {
    await withTacit(tempDir(), PROJECT, T0, async (tacit, setClock) => {
      const live = () => liveConventions(tacit);
      await learnFrom(
        tacit,
        "rules",
        "house rule here: every staging table gets the stg_ prefix, and tests are pytest with --strict-markers",
        T0,
      );
      expect(await live()).toEqual([
        "Every staging table gets the stg_ prefix",
        "Tests are pytest with --strict-markers",
      ]);

      await sayAt(
        tacit,
        setClock,
        "prefix",
        "change of plan on the staging prefix. forget stg_. it's tmp_ for every staging table going forward",
        T0 + 3 * DAY,
      );
      const now = await live();
      expect(now).toContain("Tests are pytest with --strict-markers");
      expect(now.some((rule) => rule.includes("tmp_"))).toBe(true);
      expect(now.some((rule) => rule.includes("stg_") && !rule.includes("tmp_"))).toBe(false);
      const archived = await tacit.lessons.list({ status: ["archived"] });
      expect(archived.map((lesson) => lesson.rule)).toEqual(["Every staging table gets the stg_ prefix"]);
      expect(archived[0]?.statusReason).toMatch(/^superseded by /);
    });
  });
});
