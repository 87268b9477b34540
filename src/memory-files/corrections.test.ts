import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { guardianFixture } from "../testing/guardian-fixture.js";
import { useTempDir } from "../testing/temp-dir.js";
import { correctAudit } from "./corrections.js";
import { retryAudit } from "./retry.js";
import { rollbackAudit } from "./rollback.js";

const tempDir = useTempDir("tacit-corrections-");

function setup() {
  const fixture = guardianFixture(tempDir);
  const { store, workspace, now } = fixture;
  const write = (file: string, fact: string, sessionId = "s1") => fixture.write(file, fact, { sessionId });
  const correct = (auditId: string, extra: Partial<Parameters<typeof correctAudit>[0]>) =>
    correctAudit({ store, workspace, auditId, reason: "because", now, ...extra });
  return { workspace, store, now, write, correct };
}

describe("retry and corrections", () => {
  it("retries a refused candidate with a new fact or a new file, linking the new audit to the old", async () => {
    const { workspace, store, now, write } = setup();
    const wrongFile = await write("MEMORY.md", "The user prefers dark mode");
    expect(wrongFile.rule).toBe("wrong-file");
    const moved = await retryAudit({ store, workspace, auditId: wrongFile.auditId, file: "USER.md", now });
    expect(moved).toMatchObject({ status: "written", file: "USER.md", section: "Preferences" });
    expect((await store.getAudit(moved.auditId))?.retryOf).toBe(wrongFile.auditId);
    expect((await store.getAudit(moved.auditId))?.sessionId).toBe("s1");
    const temporary = await write("MEMORY.md", "Deploy from the hotfix branch today");
    const reworded = await retryAudit({
      store,
      workspace,
      auditId: temporary.auditId,
      fact: "Hotfixes deploy from the hotfix branch",
      now,
    });
    expect(reworded.status).toBe("written");
    await expect(retryAudit({ store, workspace, auditId: temporary.auditId, now })).rejects.toThrow(
      /new fact, a new file, or both/,
    );
    await expect(retryAudit({ store, workspace, auditId: reworded.auditId, fact: "x", now })).rejects.toThrow(
      /roll it back first/,
    );
    await rollbackAudit({ store, workspace, auditId: reworded.auditId, now });
    await expect(
      retryAudit({ store, workspace, auditId: reworded.auditId, file: "TOOLS.md", now }),
    ).rejects.toThrow(/was forgotten when it was rolled back/);
    expect(existsSync(join(workspace, "MEMORY.md"))).toBe(false);
  });

  it("correct to refused rolls a written fact back and, applied to the future, refuses similar candidates", async () => {
    const { workspace, store, write, correct } = setup();
    const written = await write("MEMORY.md", "The standup notes live in the team wiki");
    const result = await correct(written.auditId, {
      reason: "meeting logistics are not memory",
      applyToFuture: true,
    });
    expect(result).toMatchObject({ correctedStatus: "refused", write: null, applyToFuture: true });
    expect(result.pattern).toBe("The standup notes live in the team wiki");
    expect(result.rollback?.action).toBe("deleted");
    expect(existsSync(join(workspace, "MEMORY.md"))).toBe(false);
    const future = await store.listFutureCorrections({
      workspace: (await store.getAudit(written.auditId))?.workspace,
    });
    expect(future).toEqual([
      expect.objectContaining({
        id: result.correctionId,
        correctedStatus: "refused",
        originalFile: "MEMORY.md",
      }),
    ]);
    const similar = await write("MEMORY.md", "Standup notes live in the team wiki now");
    expect(similar).toMatchObject({ status: "refused", rule: "correction" });
    expect(similar.reason).toContain("meeting logistics are not memory");
    const [stored] = await store.listCorrections({ limit: 5 });
    expect(stored).toMatchObject({
      originalStatus: "written",
      originalFact: null,
      appliedAuditId: null,
      correctedBy: "user",
    });
  });

  it("correct to written writes what the guardian refused, past its judgement but not its safety checks", async () => {
    const { workspace, store, write, correct } = setup();
    const refused = await write("USER.md", "Prefers decaf after 3pm right now");
    expect(refused.rule).toBe("temporary");
    const result = await correct(refused.auditId, {
      reason: "this is a standing preference",
      fact: "Prefers decaf after 3pm right now",
    });
    expect(result.correctedStatus).toBe("written");
    expect(result.write).toMatchObject({ status: "written" });
    expect(readFileSync(join(workspace, "USER.md"), "utf8")).toContain(
      "- Prefers decaf after 3pm right now\n",
    );
    expect((await store.getAudit(result.write?.auditId ?? ""))?.retryOf).toBe(refused.auditId);
    const email = await write("USER.md", "Contact: li@example.com");
    const unsafe = await correct(email.auditId, { reason: "I want it", fact: "Contact: li@example.com" });
    expect(unsafe.write).toMatchObject({ status: "refused", rule: "sensitive" });
    const [correction] = await store.listCorrections({ limit: 1 });
    expect(correction?.correctedFact).toBe("Contact: [REDACTED:email]");
  });

  it("correct a written fact to another file moves it: rolled back here, written there", async () => {
    const { workspace, correct, write } = setup();
    await write("MEMORY.md", "The API is REST");
    const written = await write("MEMORY.md", "Likes concise answers");
    const result = await correct(written.auditId, { reason: "a preference of the user", file: "USER.md" });
    expect(result.rollback?.action).toBe("restored");
    expect(result.write).toMatchObject({ status: "written", file: "USER.md" });
    expect(readFileSync(join(workspace, "MEMORY.md"), "utf8")).not.toContain("concise");
    await expect(correct(result.write?.auditId ?? "", { reason: "same", file: "USER.md" })).rejects.toThrow(
      /nothing to correct/,
    );
    await expect(correct(written.auditId, { reason: " " })).rejects.toThrow(/needs a reason/);
    await expect(correct(written.auditId, { reason: "x", status: "refused", fact: "y" })).rejects.toThrow(
      /takes no new fact/,
    );
  });
});
