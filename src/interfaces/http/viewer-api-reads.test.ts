/** The viewer API's reads over a store seeded by the real importer and learner. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatasetSampleView, DatasetSource } from "../../inspect/viewer-sources.js";
import { useTempDir } from "../../testing/temp-dir.js";
import {
  rawRequest,
  seedViewerHome,
  startViewerFixture,
  type ViewerFixture,
} from "../../testing/viewer-fixture.js";

const tempDir = useTempDir("tacit-viewer-reads-");
let fixture: ViewerFixture;
const get = (path: string) => rawRequest(fixture.server, path);
const enc = encodeURIComponent;

beforeAll(async () => {
  const home = tempDir();
  await seedViewerHome(home);
  fixture = await startViewerFixture(home);
});
afterAll(async () => {
  await fixture?.close();
});

describe("the viewer API's reads", () => {
  it("overview: counts as the store has them, signals per day adding up to the total", async () => {
    const response = await get("/api/overview?days=14");
    expect(response.status).toBe(200);
    const overview = response.json();
    const stats = await fixture.runtime.store.stats();
    expect(overview.store.sessions).toBe(stats.sessions);
    expect(overview.store.messages).toBe(stats.messages);
    const signals = await fixture.runtime.store.insights.countSignals({});
    expect(signals).toBeGreaterThan(0);
    expect(overview.signals.total).toBe(signals);
    expect(overview.signals.perDay).toHaveLength(14);
    // The window ends on the last day with a signal, so the last day has some.
    expect(overview.signals.perDay.at(-1).total).toBeGreaterThan(0);
    const lessons = await fixture.runtime.store.listLessons({ limit: -1 });
    expect(overview.lessons.total).toBe(lessons.length);
    const candidates = lessons.filter((lesson) => lesson.maturity === "candidate").length;
    expect(overview.lessons.byMaturity.candidate ?? 0).toBe(candidates);
    expect(overview.llm.perDay).toHaveLength(14);
    expect(overview.llm.totals.calls).toBe(0); // learnt offline
    expect(overview.adherence).toBe("unavailable");
  });

  it("sessions and a timeline with messages, tool calls, errors and signals in order", async () => {
    const list = (await get("/api/sessions?limit=100")).json();
    expect(list.total).toBe((await fixture.runtime.store.stats()).sessions);
    const [signal] = await fixture.runtime.store.insights.listSignals({ limit: 1 });
    expect(signal?.messageSeq).not.toBeNull();
    const sessionId = signal?.sessionId as string;
    const timeline = (await get(`/api/sessions/${enc(sessionId)}/timeline`)).json();
    expect(timeline.session.id).toBe(sessionId);
    const types = new Set(timeline.entries.map((entry: { type: string }) => entry.type));
    expect(types.has("message")).toBe(true);
    expect(types.has("signal")).toBe(true);
    const placed = timeline.entries.find(
      (entry: { type: string; signal?: { id: string } }) =>
        entry.type === "signal" && entry.signal?.id === signal?.id,
    );
    expect(placed.seq).toBe(signal?.messageSeq);
    const seqs = timeline.entries.map((entry: { seq: number }) => entry.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(timeline.tasks.length).toBeGreaterThan(0);

    // Paging: two pages of one message each cover the first two messages, nothing twice.
    const first = (await get(`/api/sessions/${enc(sessionId)}/timeline?limit=1`)).json();
    const second = (
      await get(`/api/sessions/${enc(sessionId)}/timeline?limit=1&afterSeq=${first.nextAfterSeq}`)
    ).json();
    const messageSeqs = (page: { entries: Array<{ type: string; seq: number }> }) =>
      page.entries.filter((entry) => entry.type === "message").map((entry) => entry.seq);
    expect([...messageSeqs(first), ...messageSeqs(second)]).toEqual(messageSeqs(timeline).slice(0, 2));

    const message = (await get(`/api/sessions/${enc(sessionId)}/messages/${signal?.messageSeq}`)).json();
    expect(message.seq).toBe(signal?.messageSeq);
    expect((await get(`/api/sessions/${enc(sessionId)}/messages/99999`)).status).toBe(404);
    expect((await get("/api/sessions/nope/timeline")).status).toBe(404);
  });

  it("a session's errors are on its timeline", async () => {
    const [error] = await fixture.runtime.store.listErrors({ limit: 1, includeResolved: true });
    expect(error).toBeDefined();
    const timeline = (
      await get(`/api/sessions/${enc(error?.sessionId as string)}/timeline?limit=1000`)
    ).json();
    expect(
      timeline.entries.some(
        (entry: { type: string; error?: { id: string } }) => entry.error?.id === error?.id,
      ),
    ).toBe(true);
  });

  it("tasks with their signals and the lessons they taught", async () => {
    const { tasks } = (await get("/api/tasks?limit=100")).json();
    expect(tasks.length).toBeGreaterThan(0);
    const withLessons = [];
    for (const task of tasks) {
      const details = (await get(`/api/tasks/${enc(task.id)}`)).json();
      expect(details.task.id).toBe(task.id);
      if (details.lessons.length) withLessons.push(details);
    }
    expect(withLessons.length).toBeGreaterThan(0);
  });

  it("signals filtered by type, newest first, with the total", async () => {
    const all = (await get("/api/signals?limit=1000")).json();
    const type = all.signals[0].type;
    const filtered = (await get(`/api/signals?type=${type}&limit=2`)).json();
    expect(filtered.total).toBe(
      all.signals.filter((signal: { type: string }) => signal.type === type).length,
    );
    expect(filtered.signals.every((signal: { type: string }) => signal.type === type)).toBe(true);
    const times = all.signals.map((signal: { createdAt: number }) => signal.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await get("/api/signals?type=bogus")).status).toBe(400);
  });

  it("lessons filtered by words and sorted by any number", async () => {
    const all = (await get("/api/lessons?sort=support&order=asc&limit=500")).json();
    expect(all.total).toBeGreaterThan(1);
    const support = all.lessons.map((lesson: { supportTaskCount: number }) => lesson.supportTaskCount);
    expect(support).toEqual([...support].sort((a, b) => a - b));
    const word = all.lessons
      .flatMap((lesson: { rule: string }) => lesson.rule.split(/\s+/))
      .find((part: string) => /^[a-z]{5,}$/i.test(part)) as string;
    expect(word).toBeDefined();
    const found = (await get(`/api/lessons?q=${enc(word)}`)).json();
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThanOrEqual(all.total);
    for (const lesson of found.lessons) {
      expect(`${lesson.trigger} ${lesson.rule}`.toLowerCase()).toContain(word.toLowerCase());
    }
    const page = (await get("/api/lessons?limit=1&offset=1&sort=support&order=asc")).json();
    expect(page.lessons[0].id).toBe(all.lessons[1].id);
  });

  it("a lesson's dossier: score parts, evidence at its session turn, history", async () => {
    const lessons = await fixture.runtime.store.listLessons({ limit: -1 });
    const lesson = lessons.find((item) => item.evidence.some((evidence) => evidence.taskId !== undefined));
    expect(lesson).toBeDefined();
    const dossier = (await get(`/api/lessons/${enc(lesson?.id as string)}`)).json();
    const parts = Object.values(dossier.score.parts as Record<string, number>).reduce(
      (sum, value) => sum + value,
      0,
    );
    expect(dossier.score.quality).toBeCloseTo(Math.min(1, parts), 9);
    expect(dossier.score.multiplier).toBe(0.5); // a candidate
    const placed = dossier.evidence.find((item: { taskId?: string }) => item.taskId !== undefined);
    expect(placed.sessionExists).toBe(true);
    const task = await fixture.runtime.store.getTask(placed.taskId);
    expect(placed.seq).toBeGreaterThanOrEqual(task?.startSeq as number);
    expect(placed.seq).toBeLessThanOrEqual(task?.endSeq as number);
    expect(dossier.history[0].type).toBe("lesson-created");
    expect(dossier.chain.supersededBy).toEqual([]);
    expect(dossier.adherence).toBe("unavailable");
    const history = (await get(`/api/lessons/${enc(lesson?.id as string)}/history`)).json();
    expect(history.events.map((event: { id: string }) => event.id)).toEqual(
      dossier.history.map((event: { id: string }) => event.id),
    );
  });

  it("recall playground: what would be injected, with score parts, and why the rest was left out", async () => {
    const [project] = (await get("/api/projects"))
      .json()
      .projects.filter((item: { lessons: number }) => item.lessons > 0);
    expect(project).toBeDefined();
    const lessons = await fixture.runtime.store.listLessons({ projectId: project.projectId, limit: -1 });
    const prompt = lessons[0]?.trigger as string;
    const before = await fixture.runtime.store.insights.listRecallEvents({ limit: 100 });
    const result = (await get(`/api/recall?prompt=${enc(prompt)}&project=${enc(project.projectId)}`)).json();
    expect(result.prompt).toBe(prompt);
    expect(result.items.length + result.rejected.length).toBeGreaterThan(0);
    for (const item of result.items) expect(Object.keys(item.parts).length).toBeGreaterThan(0);
    for (const item of result.rejected) expect(item.reason).toEqual(expect.any(String));
    // Trying prompts logs nothing.
    expect(await fixture.runtime.store.insights.listRecallEvents({ limit: 100 })).toEqual(before);
    expect((await get("/api/recall")).json().error).toMatch(/query\.prompt/);
    // The answer echoes the prompt redacted, as recall redacts it before using it.
    const secret = `ghp_${"x7Kp2mQ9vL4rT8wZ1nB5cY3hJ6dF0sA2eG4i"}`;
    const withSecret = await get(`/api/recall?prompt=${enc(`${prompt} with ${secret}`)}`);
    expect(withSecret.json().prompt).toMatch(/with \[REDACTED:[a-z-]+\]$/);
    expect(withSecret.body).not.toContain(secret);
  });

  it("skills, as the store holds them", async () => {
    const { skills } = (await get("/api/skills")).json();
    expect(skills).toEqual(await fixture.runtime.store.listSkills({ limit: 100 }));
    expect((await get("/api/skills/none")).status).toBe(404);
  });
});

describe("an optional source, once wired", () => {
  it("serves the dataset's queue, and approve and export need the token", async () => {
    const samples: DatasetSampleView[] = [
      {
        id: "S1",
        status: "pending",
        kind: "correction",
        sessionId: null,
        taskId: null,
        createdAt: 1,
        prompt: "p",
        completion: "c",
        note: null,
      },
    ];
    const dataset: DatasetSource = {
      listSamples: async (filter) => ({
        samples: samples.filter((sample) => !filter.status || sample.status === filter.status),
        total: samples.length,
      }),
      getSample: async (id) => samples.find((sample) => sample.id === id) ?? null,
      approve: async (id, note) =>
        Object.assign(samples.find((sample) => sample.id === id) as DatasetSampleView, {
          status: "approved",
          note,
        }),
      reject: async (id, note) =>
        Object.assign(samples.find((sample) => sample.id === id) as DatasetSampleView, {
          status: "rejected",
          note,
        }),
      export: async () => ({
        filename: "data set.jsonl",
        contentType: "application/x-ndjson",
        body: '{"id":"S1"}\n',
      }),
    };
    const wired = await startViewerFixture(tempDir(), { sources: { dataset } });
    try {
      const auth = { Authorization: `Bearer ${wired.token}` };
      expect((await rawRequest(wired.server, "/api/capabilities")).json().sources.dataset).toBe(true);
      expect(
        (await rawRequest(wired.server, "/api/dataset/samples?status=pending")).json().samples,
      ).toHaveLength(1);
      expect(
        (await rawRequest(wired.server, "/api/dataset/samples/S1/approve", { method: "POST" })).status,
      ).toBe(401);
      const approved = await rawRequest(wired.server, "/api/dataset/samples/S1/approve", {
        method: "POST",
        headers: auth,
      });
      expect(approved.json().sample.status).toBe("approved");
      expect((await rawRequest(wired.server, "/api/dataset/export", { method: "POST" })).status).toBe(401);
      const file = await rawRequest(wired.server, "/api/dataset/export", { method: "POST", headers: auth });
      expect(file.body).toBe('{"id":"S1"}\n');
      expect(file.headers["content-disposition"]).toBe('attachment; filename="data_set.jsonl"');
      expect((await rawRequest(wired.server, "/api/dataset/samples/S9")).status).toBe(404);
    } finally {
      await wired.close();
    }
  });
});
