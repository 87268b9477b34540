/**
 * A convention that states more than one thing ("Tests are xUnit with FluentAssertions") and a newer
 * one that changes only one of them ("we're on Shouldly now"): learnt offline from captured sessions
 * into a real SQLite store, through the SDK. The older convention is amended to the new value, not
 * archived, so what it says besides still holds; its history keeps the old words, and a convention
 * that states one thing only is superseded as before.
 */
import { describe, expect, it } from "vitest";
import { slotOf } from "../core/conventions/slot-rule.js";
import type { Lesson } from "../core/lessons/lesson.js";
import { embedderId } from "../models/embedder.js";
import { createHashingEmbedder } from "../models/hashing-embedder.js";
import { visibleScopeKeys } from "../store/lesson-store.js";
import { liveConventions as live, withTacit } from "../testing/convention-sessions.js";
import { lessonBookOnTempStore } from "../testing/lesson-book-store.js";
import { useTempDir } from "../testing/temp-dir.js";
import { lessonEmbeddingText } from "./lesson-text.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 2, 9);
const DAY = 86_400_000;

describe("a convention that states several things, one of them changed later", () => {
  it("is amended to the new value and keeps the rest; one that states only that value is superseded", async () => {
    await withTacit(tempDir(), "/work/clinic", T0, async (tacit, _setClock, say) => {
      await say(
        "intro",
        "house rules: tests are xUnit with FluentAssertions. Background jobs are celery with redis as the broker. All HTTP goes through axios, always.",
        T0,
      );
      expect(await live(tacit)).toEqual([
        "All HTTP goes through axios, always",
        "Background jobs are celery with redis as the broker",
        "Tests are xUnit with FluentAssertions",
      ]);

      await say(
        "changes",
        "heads up: FluentAssertions went commercial, so we're on Shouldly now. Ops moved the celery broker off redis onto rabbitmq. New code uses ky from now on.",
        T0 + 3 * DAY,
      );
      const after = await live(tacit);
      expect(after).toContain("Tests are xUnit with Shouldly");
      expect(after).toContain("Background jobs are celery with rabbitmq as the broker");
      expect(after.some((rule) => /FluentAssertions/.test(rule) && !/Shouldly/.test(rule))).toBe(false);
      expect(after).not.toContain("All HTTP goes through axios, always");

      const archived = await tacit.lessons.list({ status: ["archived"] });
      expect(archived.map((lesson) => lesson.rule)).toEqual(["All HTTP goes through axios, always"]);
      expect(archived[0]?.statusReason).toMatch(/^superseded by \S+: .*ky/);
    });
  });
});

describe("an amended convention in the lesson book", () => {
  it("keeps the old words in its history, is embedded again, and a revert restores them", async () => {
    const { book, store, setClock } = lessonBookOnTempStore(tempDir(), T0);
    const convention = (rule: string, day: number) => ({
      kind: "prefer" as const,
      trigger: "Writing and running tests",
      rule,
      why: "A convention the user stated",
      domain: "code-style" as const,
      scope: "project" as const,
      projectId: "/work/clinic",
      confidence: 0.75,
      slot: (({ slot, value }) => ({ id: slot, value }))(slotOf(rule) as { slot: string; value: string }),
      convention: true,
      evidence: [{ quote: rule, sessionId: `s-${day}`, taskId: `t-${day}`, at: T0 + day * DAY }],
    });
    const older = await book.learn(convention("Tests are xUnit with FluentAssertions", 0));
    setClock(T0 + 3 * DAY);
    const newer = await book.learn(convention("We're on Shouldly now for assertions", 3));
    expect(newer.superseded.map((lesson) => lesson.rule)).toEqual(["Tests are xUnit with Shouldly"]);

    const amended = await book.get(older.lesson.id);
    expect(amended).toMatchObject({ status: "candidate", rule: "Tests are xUnit with Shouldly" });
    const edit = (await book.history(older.lesson.id)).find((event) => event.type === "lesson-edited");
    expect(edit?.reason).toMatch(new RegExp(`^amended by ${newer.lesson.id}: We're on Shouldly now`));
    expect(edit?.before?.rule).toBe("Tests are xUnit with FluentAssertions");

    // Its vector is the new words' own: the nearest lesson to them, as near as a vector gets.
    const embedder = createHashingEmbedder();
    const {
      embeddings: [vector],
    } = await embedder.embed({ values: [lessonEmbeddingText(amended as Lesson)] });
    const [nearest] = await store.nearestLessons({
      embedderId: embedderId(embedder),
      vector: vector as Float32Array,
      scopeKeys: visibleScopeKeys("/work/clinic"),
      k: 1,
    });
    expect(nearest).toMatchObject({ lessonId: older.lesson.id });
    expect(nearest?.similarity).toBeGreaterThan(0.999);

    await book.revert(edit?.id as string);
    expect((await book.get(older.lesson.id))?.rule).toBe("Tests are xUnit with FluentAssertions");
  });
});
