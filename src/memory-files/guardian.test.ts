import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unifiedDiff } from "../core/memory-files/file-diff.js";
import { initialContent } from "../core/memory-files/memory-file-layouts.js";
import { guardianFixture } from "../testing/guardian-fixture.js";
import { useTempDir } from "../testing/temp-dir.js";
import { sha256 } from "./file-claims.js";

const tempDir = useTempDir("tacit-guardian-");
const NOW = Date.UTC(2026, 10, 1);

function setup() {
  return guardianFixture(tempDir, { start: NOW });
}

describe("writeMemoryFact", () => {
  it("creates a missing file with its layout, puts the fact in its section, and audits the write", async () => {
    const { workspace, store, write } = setup();
    const result = await write("USER.md", "Prefers morning check-ins", {
      sessionId: "s1",
      turnId: "t1",
      decisionId: "d1",
      model: { name: "gpt-test", latencyMs: 120, agentSteps: 2 },
    });
    const expected = initialContent("USER.md").replace(
      "## Preferences\n",
      "## Preferences\n\n- Prefers morning check-ins\n",
    );
    expect(readFileSync(join(workspace, "USER.md"), "utf8")).toBe(expected);
    expect(result).toMatchObject({
      status: "written",
      section: "Preferences",
      linesAdded: 9,
      linesRemoved: 0,
    });
    expect(result.reason).toBe("created USER.md; written to ## Preferences");
    expect(result.diff).toBe(unifiedDiff("USER.md", null, expected));
    const audit = await store.getAudit(result.auditId);
    expect(audit).toMatchObject({
      status: "written",
      sessionId: "s1",
      turnId: "t1",
      decisionId: "d1",
      llmModel: "gpt-test",
      llmLatencyMs: 120,
      agentSteps: 2,
      beforeHash: null,
      beforeSnapshotId: null,
      afterHash: sha256(Buffer.from(expected)),
      candidateFact: "Prefers morning check-ins",
    });
    const after = await store.getSnapshot(audit?.afterSnapshotId ?? "");
    expect(after?.content.toString("utf8")).toBe(expected);
    expect(await store.getFileOperation(audit?.workspace ?? "", "USER.md")).toBeNull();
  });

  it("stores each file content once: the after-snapshot of one write is the before-snapshot of the next", async () => {
    const { store, write } = setup();
    const first = await write("MEMORY.md", "The API is served from api.internal");
    await write("MEMORY.md", "Skip the tests today");
    const second = await write("MEMORY.md", "We decided to release on Fridays");
    const a = await store.getAudit(first.auditId);
    const b = await store.getAudit(second.auditId);
    expect(b?.beforeSnapshotId).toBe(a?.afterSnapshotId);
    expect(b?.linesAdded).toBe(2);
    const rows = store.db.prepare("SELECT content_hash FROM file_snapshots").all() as Array<{
      content_hash: string;
    }>;
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.content_hash)).size).toBe(2);
  });

  it("refusals are audited with their rule and reason and leave the file and snapshots alone", async () => {
    const { workspace, store, write } = setup();
    await write("USER.md", "Prefers tea");
    const before = readFileSync(join(workspace, "USER.md"));
    const refused = await write("USER.md", "prefers tea.");
    expect(refused).toMatchObject({ status: "refused", rule: "duplicate", diff: null });
    const skipped = await write("USER.md", "Lives in Leeds", {
      settings: { maxFileLines: 12, nearCapRatio: 0.5 },
    });
    expect(skipped).toMatchObject({ status: "skipped", rule: "near-cap" });
    expect(skipped.proposals?.retire[0]).toMatchObject({ text: "Prefers tea" });
    expect(readFileSync(join(workspace, "USER.md"))).toEqual(before);
    const audit = await store.getAudit(refused.auditId);
    expect(audit).toMatchObject({
      beforeSnapshotId: null,
      afterSnapshotId: null,
      beforeHash: sha256(before),
    });
  });

  it("secrets and emails in a candidate are never written to a memory file, nor stored", async () => {
    const { db, workspace, store, write } = setup();
    const secrets = [
      ["TOOLS.md", "The deploy key is sk-live-abcdefghijklmnop1234567890"],
      ["USER.md", "Her email is li.wei@example.com"],
      ["TOOLS.md", "export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123"],
      ["USER.md", "用户的邮箱是 wang.fang@example.cn"],
    ] as const;
    for (const [file, fact] of secrets) expect((await write(file, fact)).status).toBe("refused");
    const audits = await store.listAudits({ limit: 10 });
    expect(audits.map((audit) => audit.rule)).toEqual(["sensitive", "sensitive", "sensitive", "sensitive"]);
    expect(readdirSync(workspace)).toEqual([]);
    await store.close();
    const raw = [db, `${db}-wal`].map((path) => {
      try {
        return readFileSync(path).toString("latin1");
      } catch {
        return ""; // No log file: everything is in the database file.
      }
    });
    for (const needle of [
      "abcdefghijklmnop1234567890",
      "li.wei@example.com",
      "ghp_abcdefghijklmnop",
      "wang.fang@example",
    ])
      for (const bytes of raw) expect(bytes).not.toContain(needle);
  });

  it("a file that is not UTF-8 is left as it is and the write fails with the reason", async () => {
    const { workspace, write } = setup();
    const bytes = Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]);
    writeFileSync(join(workspace, "SOUL.md"), bytes);
    const result = await write("SOUL.md", "Be candid about uncertainty");
    expect(result).toMatchObject({ status: "failed" });
    expect(result.reason).toMatch(/not UTF-8/);
    expect(readFileSync(join(workspace, "SOUL.md"))).toEqual(bytes);
  });

  it("concurrent writes to one file in one process all land (none overwrites another)", async () => {
    const { workspace, write } = setup();
    const facts = Array.from(
      { length: 12 },
      (_, index) => `Service ${"abcdefghijkl"[index]}x${index} listens on port ${8000 + index}`,
    );
    const results = await Promise.all(facts.map((fact) => write("MEMORY.md", fact)));
    expect(results.map((result) => result.status)).toEqual(facts.map(() => "written"));
    const text = readFileSync(join(workspace, "MEMORY.md"), "utf8");
    for (const fact of facts) expect(text).toContain(`- ${fact}\n`);
  });

  it("a fact stated before the file's newer contradicting line is refused, naming the line", async () => {
    const { workspace, write } = setup();
    await write("USER.md", "Time zone: UTC+8");
    const result = await write("USER.md", "The user's time zone is UTC-5", { observedAt: 1_000 });
    expect(result).toMatchObject({ status: "refused", rule: "contradicted" });
    expect(result.reason).toContain('("Time zone: UTC+8")');
    const newer = await write("USER.md", "The user's time zone is UTC-5");
    expect(newer).toMatchObject({ status: "written", linesModified: 1, linesAdded: 0 });
    expect(readFileSync(join(workspace, "USER.md"), "utf8")).not.toContain("UTC+8");
  });
});
