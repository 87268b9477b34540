import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { viewerSourcesFor } from "../interfaces/http/viewer-source-wiring.js";
import { runTacit } from "../testing/cli-harness.js";
import { guardFixture } from "../testing/guard-fixture.js";
import { useTempDir } from "../testing/temp-dir.js";
import { rawRequest, startViewerFixture } from "../testing/viewer-fixture.js";
import { adherenceViewerSource, lessonAdherence } from "./adherence-report.js";
import { guardPrompt, guardToolCall } from "./guard-service.js";

const tempDir = useTempDir("tacit-adherence-");
const ALL = { deny: true, ask: true, context: true };

/** A store in `home` (where `tacit` and the viewer look) with one denial followed and one overridden. */
async function seeded(home: string) {
  const f = guardFixture(home);
  await f.userSays("s1", "never use npm here, use pnpm");
  await f.userSays("s2", "add zod");
  const lesson = await f.lesson({
    rule: "Use `pnpm`, not `npm`",
    quote: "never use npm here, use pnpm",
    quoteSession: "s1",
  });
  const deps = f.deps();
  const call = (command: string) => ({
    toolName: "Bash",
    input: { command },
    sessionId: "claude-code:s2",
    projectId: f.project,
    abilities: ALL,
  });
  await guardToolCall(deps, call("npm install zod"));
  await guardToolCall(deps, call("pnpm add zod"));
  await guardToolCall(deps, call("npm install left-pad"));
  await guardPrompt(deps, {
    sessionId: "claude-code:s2",
    projectId: f.project,
    prompt: "yes, run npm this once",
  });
  return { f, lesson };
}

describe("adherence for people", () => {
  it("counts a lesson's adherence and lists its latest events", async () => {
    const { f, lesson } = await seeded(tempDir());
    try {
      const adherence = await lessonAdherence(f.store, lesson.id);
      expect(adherence).toMatchObject({ followed: 1, ignored: 0, overridden: 1, denied: 2, rate: 1 });
      expect(adherence.recent.map((event) => [event.kind, event.adherence])).toEqual([
        ["deny", "overridden"],
        ["deny", "followed"],
      ]);
    } finally {
      await f.close();
    }
  });

  it("shows adherence in `tacit lessons show` and its --json", async () => {
    const home = tempDir();
    const { f, lesson } = await seeded(home);
    await f.close();
    const db = join(home, "tacit.db");
    const text = await runTacit(["lessons", "show", lesson.id, "--db", db]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/adherence: followed 1, ignored 0, overridden 1, 100% followed \(denied 2,/);
    expect(text.stdout).toMatch(/deny Bash: overridden — yes, run npm this once/);
    const json = JSON.parse((await runTacit(["lessons", "show", lesson.id, "--db", db, "--json"])).stdout);
    expect(json.adherence).toMatchObject({ followed: 1, overridden: 1, denied: 2 });
    expect(json.adherence.recent[1]).toMatchObject({ kind: "deny", adherence: "followed", closed: true });
  });

  it("serves the viewer's adherence: per lesson, per day and the denials of a session", async () => {
    const home = tempDir();
    const { f, lesson } = await seeded(home);
    const adherence = adherenceViewerSource(f.store, () => Date.UTC(2026, 10, 23, 12));
    const viewer = await startViewerFixture(home, { sources: { adherence } });
    try {
      expect(viewerSourcesFor(viewer.runtime).adherence).toBeDefined();
      const dossier = (await rawRequest(viewer.server, `/api/lessons/${lesson.id}`)).json();
      expect(dossier.adherence).toEqual({
        lessonId: lesson.id,
        followed: 1,
        ignored: 0,
        overridden: 1,
        denied: 2,
        rate: 1,
      });
      expect(await adherence.daily(7)).toEqual([{ day: "2026-11-22", followed: 1, ignored: 0, denied: 2 }]);
      expect(await adherence.daily(1)).toEqual([]);
      const overview = (await rawRequest(viewer.server, "/api/overview?days=30")).json();
      expect(Array.isArray(overview.adherence)).toBe(true);
      const timeline = (
        await rawRequest(viewer.server, `/api/sessions/${encodeURIComponent("claude-code:s2")}/timeline`)
      ).json();
      expect(timeline.denialsAvailable).toBe(true);
      const denials = JSON.stringify(timeline);
      expect(denials).toContain("tacit blocked `npm install zod`");
      expect(denials).toContain("tacit blocked `npm install left-pad`");
    } finally {
      await viewer.close();
      await f.close();
    }
  });
});
