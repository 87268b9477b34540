/** Changing lessons through the viewer API: promote, deprecate, archive, revert; chains and model spend. */
import { afterEach, describe, expect, it } from "vitest";
import type { LessonInput } from "../../lessons/index.js";
import { recall } from "../../recall/recall.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { rawRequest, startViewerFixture, type ViewerFixture } from "../../testing/viewer-fixture.js";

const tempDir = useTempDir("tacit-viewer-changes-");
const open: ViewerFixture[] = [];
afterEach(async () => {
  for (const fixture of open.splice(0)) await fixture.close();
});

async function start(): Promise<ViewerFixture> {
  const fixture = await startViewerFixture(tempDir());
  open.push(fixture);
  return fixture;
}

const LESSON: LessonInput = {
  kind: "prefer",
  trigger: "installing dependencies in the shop repo",
  rule: "Use pnpm install, never npm install",
  domain: "project",
  scope: "global",
};

describe("changing lessons through the API", () => {
  it("promotes, deprecates and archives with the token, and reverts a change exactly", async () => {
    const fixture = await start();
    const { lesson } = await fixture.runtime.lessons.learn(LESSON);
    const auth = { Authorization: `Bearer ${fixture.token}` };
    const post = (path: string, body?: unknown) =>
      rawRequest(fixture.server, path, { method: "POST", headers: auth, body });

    const deprecated = await post(`/api/lessons/${lesson.id}/deprecate`, { reason: "wrong for this repo" });
    expect(deprecated.status).toBe(200);
    expect(deprecated.json().lesson.maturity).toBe("deprecated");
    const event = deprecated.json().events[0];
    expect(event.type).toBe("lesson-deprecated");

    // Promoting a deprecated lesson is refused: a 409 with the reason, nothing written.
    const refused = await post(`/api/lessons/${lesson.id}/promote`);
    expect(refused.status).toBe(409);
    expect(refused.json().code).toBe("deprecated-needs-reset");

    const reverted = await post(`/api/lesson-events/${event.id}/revert`);
    expect(reverted.status).toBe(200);
    expect(await fixture.runtime.store.getLesson(lesson.id)).toEqual(lesson);
    expect((await post(`/api/lesson-events/${event.id}/revert`)).status).toBe(409); // already undone

    const archived = await post(`/api/lessons/${lesson.id}/archive`, { reason: "not needed" });
    expect(archived.json().lesson.status).toBe("archived");
    const history = (await rawRequest(fixture.server, `/api/lessons/${lesson.id}/history`)).json().events;
    expect(history.map((item: { type: string }) => item.type)).toEqual([
      "lesson-created",
      "lesson-deprecated",
      "lesson-reverted",
      "lesson-archived",
    ]);
    expect((await post("/api/lesson-events/NOPE/revert")).status).toBe(404);
  });

  it("shows a supersession chain both ways, and each change's fields", async () => {
    const fixture = await start();
    const old = (await fixture.runtime.lessons.learn(LESSON)).lesson;
    const newer = (
      await fixture.runtime.lessons.learn({
        ...LESSON,
        trigger: "adding a package",
        rule: "Use bun add in the shop repo",
      })
    ).lesson;
    await fixture.runtime.lessons.demote(old.id, { kind: "superseded", supersededById: newer.id });
    const oldDossier = (await rawRequest(fixture.server, `/api/lessons/${old.id}`)).json();
    expect(oldDossier.chain.supersededBy.map((link: { id: string }) => link.id)).toEqual([newer.id]);
    const stale = oldDossier.history.at(-1);
    expect(stale.changes).toContainEqual({ field: "supersededById", before: null, after: newer.id });
    const newDossier = (await rawRequest(fixture.server, `/api/lessons/${newer.id}`)).json();
    expect(newDossier.chain.supersedes.map((link: { id: string }) => link.id)).toEqual([old.id]);
  });

  it("places a logged recall on its session's timeline and in the lesson's recalls", async () => {
    const fixture = await start();
    const { lesson } = await fixture.runtime.lessons.learn(LESSON);
    await fixture.runtime.capture.upsertSession({ id: "s1", agent: "sdk", sourceSessionId: "s1", cwd: "/w" });
    await fixture.runtime.capture.appendMessages("s1", [{ role: "user", content: "install the deps" }]);
    const result = await recall(
      { store: fixture.runtime.store, embedder: fixture.runtime.embedder, now: () => Date.now() - 1000 },
      { query: "installing dependencies in the shop repo with pnpm", sessionId: "s1" },
    );
    expect(result.items.map((item) => item.id)).toContain(lesson.id);
    const dossier = (await rawRequest(fixture.server, `/api/lessons/${lesson.id}`)).json();
    expect(dossier.recalls.map((event: { id: string }) => event.id)).toEqual([result.recallId]);
    const timeline = (await rawRequest(fixture.server, "/api/sessions/s1/timeline")).json();
    expect(timeline.entries.map((entry: { type: string }) => entry.type)).toEqual(["recall", "message"]);
  });

  it("counts model calls and tokens by day and purpose from the call log", async () => {
    const fixture = await start();
    const now = Date.now();
    const call = {
      provider: "openai-compatible",
      model: "m1",
      latencyMs: 10,
      inputTokens: 100,
      outputTokens: 20,
      httpStatus: 200,
      error: null,
    };
    await fixture.runtime.store.llmCalls.record({
      ...call,
      purpose: "task-experience",
      startedAt: now,
      status: "ok",
      chargedTokens: 120,
    });
    await fixture.runtime.store.llmCalls.record({
      ...call,
      purpose: "task-experience",
      startedAt: now,
      status: "timeout",
      chargedTokens: 50,
    });
    await fixture.runtime.store.llmCalls.record({
      ...call,
      purpose: "recall-filter",
      startedAt: now,
      status: "refused-ceiling",
      chargedTokens: 0,
    });
    const { llm } = (await rawRequest(fixture.server, "/api/overview?days=7")).json();
    expect(llm.totals).toEqual({ calls: 2, chargedTokens: 170, failures: 1, refused: 1 });
    expect(llm.perDay.at(-1).calls).toBe(2);
    expect(llm.byPurpose).toEqual([
      {
        purpose: "task-experience",
        model: "openai-compatible/m1",
        calls: 2,
        chargedTokens: 170,
        failures: 1,
        refused: 0,
      },
      {
        purpose: "recall-filter",
        model: "openai-compatible/m1",
        calls: 0,
        chargedTokens: 0,
        failures: 0,
        refused: 1,
      },
    ]);
  });
});
