/** The memory-files source through the viewer API: files, history, gate decisions, audits, rollback, correction. */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { seedMemoryFiles } from "../../testing/memory-files-fixture.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { rawRequest, startViewerFixture, type ViewerFixture } from "../../testing/viewer-fixture.js";
import { viewerSourcesFor } from "./viewer-source-wiring.js";

const tempDir = useTempDir("tacit-viewer-memory-");
const open: ViewerFixture[] = [];
afterEach(async () => {
  for (const fixture of open.splice(0)) await fixture.close();
});

async function start() {
  const home = tempDir();
  const workspace = join(home, "workspace");
  mkdirSync(workspace);
  await seedMemoryFiles(home, workspace);
  const fixture = await startViewerFixture(home, { sources: viewerSourcesFor });
  open.push(fixture);
  const get = async (path: string) => {
    const response = await rawRequest(fixture.server, path);
    expect(response.status, response.body).toBe(200);
    return response.json();
  };
  const post = (path: string, body?: unknown, token = fixture.token) =>
    rawRequest(fixture.server, path, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body });
  return { fixture, workspace, get, post };
}

describe("memory files through the viewer API", () => {
  it("lists the files, the gate's decisions and the audits with their diffs", async () => {
    const { workspace, get } = await start();
    expect((await get("/api/capabilities")).sources.memoryFiles).toBe(true);
    const { files } = await get("/api/memory-files");
    expect(files).toEqual([
      expect.objectContaining({ path: join(workspace, "MEMORY.md"), audits: 1, openAudits: 0 }),
      expect.objectContaining({
        path: join(workspace, "USER.md"),
        audits: 1,
        openAudits: 1,
        file: "USER.md",
      }),
    ]);
    const { audits } = await get("/api/audits");
    expect(
      audits.map((audit: { file: string; verdict: string; status: string }) => [
        audit.file,
        audit.verdict,
        audit.status,
      ]),
    ).toEqual([
      ["MEMORY.md", "refused", "closed"],
      ["USER.md", "written", "open"],
    ]);
    const written = audits[1];
    expect(written.diff).toContain("--- /dev/null\n+++ b/USER.md\n");
    expect(written.diff).toContain("+- prefers morning check-ins");
    expect(written.summary).toBe(`prefers morning check-ins: ${written.reason}`);
    const path = encodeURIComponent(join(workspace, "USER.md"));
    expect((await get(`/api/audits?path=${path}`)).audits.map((audit: { id: string }) => audit.id)).toEqual([
      written.id,
    ]);
    expect((await get("/api/audits?status=closed")).audits).toHaveLength(1);
    const { decisions } = await get(`/api/gate-decisions?path=${path}`);
    expect(decisions).toEqual([
      expect.objectContaining({
        id: written.decisionId,
        decision: "UPDATE_USER",
        candidateFact: "prefers morning check-ins",
        auditId: written.id,
        path: join(workspace, "USER.md"),
      }),
    ]);
    const all = (await get("/api/gate-decisions")).decisions;
    expect(
      all.map((decision: { decision: string; path: string }) => [decision.decision, decision.path]),
    ).toEqual(
      expect.arrayContaining([
        ["NO_WRITE", ""],
        ["UPDATE_USER", join(workspace, "USER.md")],
      ]),
    );
    const { versions } = await get(`/api/memory-files/history?path=${path}`);
    expect(versions).toEqual([
      expect.objectContaining({
        auditId: written.id,
        change: "write to ## Preferences: prefers morning check-ins",
      }),
    ]);
    const wrong = await rawRequest((open[0] as ViewerFixture).server, "/api/audits?path=%2Ftmp%2Fnotes.md");
    expect(wrong.status).toBe(400);
    expect(wrong.json().error).toMatch(/notes\.md is not a memory file/);
  });

  it("rolls back with the token, forgets the decision's fact, and refuses a second rollback", async () => {
    const { workspace, get, post } = await start();
    const written = (await get("/api/audits?status=open")).audits[0];
    expect((await post(`/api/audits/${written.id}/rollback`, {}, "wrong")).status).toBe(401);
    const rolledBack = await post(`/api/audits/${written.id}/rollback`, { reason: "not worth keeping" });
    expect(rolledBack.status, rolledBack.body).toBe(200);
    expect(rolledBack.json().audit).toMatchObject({
      id: written.id,
      status: "rolled-back",
      fact: null,
      diff: "",
    });
    expect(existsSync(join(workspace, "USER.md"))).toBe(false);
    const [decision] = (
      await get(`/api/gate-decisions?path=${encodeURIComponent(join(workspace, "USER.md"))}`)
    ).decisions;
    expect(decision).toMatchObject({ candidateFact: null, reason: expect.stringMatching(/^forgotten: /) });
    const again = await post(`/api/audits/${written.id}/rollback`, {});
    expect(again.status).toBe(409);
    expect(again.json().error).toMatch(/already rolled back on .* by viewer/);
    const { versions } = await get(
      `/api/memory-files/history?path=${encodeURIComponent(join(workspace, "USER.md"))}`,
    );
    expect(versions[0].change).toBe(
      `rollback of audit ${written.id} by viewer: the file it created was deleted (not worth keeping)`,
    );
  });

  it("corrects a refused audit to written, and names a verdict it does not know", async () => {
    const { workspace, get, post } = await start();
    const refused = (await get("/api/audits?status=closed")).audits[0];
    const unknown = await post(`/api/audits/${refused.id}/correct`, { verdict: "ok", note: "fine" });
    expect(unknown.status).toBe(400);
    expect(unknown.json().error).toMatch(/written or refused, not "ok"/);
    const corrected = await post(`/api/audits/${refused.id}/correct`, {
      verdict: "written",
      note: "we debug the cache every sprint",
    });
    expect(corrected.status, corrected.body).toBe(200);
    expect(corrected.json().audit).toMatchObject({ id: refused.id, verdict: "refused", status: "corrected" });
    const { audits } = await get(`/api/audits?path=${encodeURIComponent(join(workspace, "MEMORY.md"))}`);
    expect(audits[0]).toMatchObject({ verdict: "written", status: "open" });
  });
});
