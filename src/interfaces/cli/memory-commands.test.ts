import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createCapture } from "../../capture/capture.js";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir("tacit-memory-cli-");

function setup() {
  const dir = tempDir();
  const workspace = join(dir, "workspace");
  mkdirSync(workspace);
  const db = join(dir, "tacit.db");
  let clock = Date.UTC(2026, 10, 1, 9);
  const tacit = (...argv: string[]) => runTacit([...argv, "--db", db], { cwd: dir, now: () => clock++ });
  /** `tacit memory write --workspace WORKSPACE --file FILE --fact FACT …more`. */
  const memoryWrite = (where: string, file: string, fact: string, ...more: string[]) =>
    tacit("memory", "write", "--workspace", where, "--file", file, "--fact", fact, ...more);
  return { dir, workspace, db, tacit, memoryWrite };
}

describe("tacit memory write and tacit guardian", () => {
  it("memory write prints the stable contract and writes the file", async () => {
    const { workspace, memoryWrite } = setup();
    const written = await memoryWrite(
      "workspace",
      "USER.md",
      "I prefer morning check-ins",
      "--session",
      "s1",
      "--json",
    );
    expect(written.code).toBe(0);
    const result = JSON.parse(written.stdout);
    expect(Object.keys(result)).toEqual(["auditId", "status", "reason", "diff"]);
    expect(result).toMatchObject({ status: "written", reason: "created USER.md; written to ## Preferences" });
    expect(result.diff).toContain("+- I prefer morning check-ins");
    expect(readFileSync(join(workspace, "USER.md"), "utf8")).toContain("- I prefer morning check-ins\n");

    const refused = JSON.parse(
      (await memoryWrite(workspace, "USER.md", "My email is a@b.io", "--json")).stdout,
    );
    expect(refused).toMatchObject({ status: "refused", diff: null });
    expect(refused.reason).toMatch(/email/);
    const text = await memoryWrite(workspace, "MEMORY.md", "We decided to ship on Fridays");
    expect(text.stdout).toMatch(
      /^written MEMORY\.md: created MEMORY\.md; written to ## Decisions\naudit \w+\n=+\n--- \/dev\/null/,
    );
  });

  it("refuses paths outside the five names with a one-line error and a non-zero exit", async () => {
    const { memoryWrite } = setup();
    for (const file of ["../x.md", "/etc/passwd", "notes.md"]) {
      const result = await memoryWrite("workspace", file, "x");
      expect(result.code, file).toBe(1);
      expect(result.stderr).toMatch(/^tacit: refused /);
    }
    const missing = await memoryWrite("nowhere", "USER.md", "x");
    expect(missing.stderr).toMatch(/workspace .*nowhere does not exist/);
  });

  it("lists, shows, diffs, rolls back, corrects and exports; every listing takes --json", async () => {
    const { dir, workspace, tacit, memoryWrite } = setup();
    writeFileSync(join(workspace, "MEMORY.md"), "# Memory\r\n\r\n## Facts\r\n\r\n- The API is REST\r\n");
    const original = readFileSync(join(workspace, "MEMORY.md"));
    const write = async (fact: string, session = "s1") =>
      JSON.parse(
        (await memoryWrite(workspace, "MEMORY.md", fact, "--session", session, "--json")).stdout,
      ) as { auditId: string; status: string };
    const first = await write("The queue is RabbitMQ");
    const temporary = await write("Skip the smoke tests today");
    const second = await write("Deploys go through Argo", "s2");

    const list = JSON.parse((await tacit("guardian", "list", "--json")).stdout);
    expect(list.map((audit: { id: string }) => audit.id)).toEqual([
      second.auditId,
      temporary.auditId,
      first.auditId,
    ]);
    expect(list[0]).not.toHaveProperty("diff");
    const withDiff = JSON.parse(
      (await tacit("guardian", "list", "--json", "--with-diff", "--status", "written", "--session", "s1"))
        .stdout,
    );
    expect(withDiff).toHaveLength(1);
    expect(withDiff[0].diff).toContain("+- The queue is RabbitMQ\r\n");
    expect((await tacit("guardian", "list", "--file", "USER.md")).stdout).toBe("No guardian audits.\n");
    expect((await tacit("guardian", "list", "--status", "nope")).stderr).toMatch(
      /--status takes pending, written/,
    );
    expect(
      JSON.parse(
        (await tacit("guardian", "list", "--json", "--workspace", workspace, "--since", "2026-11-02")).stdout,
      ),
    ).toEqual([]);

    const show = JSON.parse(
      (await tacit("guardian", "show", first.auditId, "--json", "--include-content")).stdout,
    );
    expect(show.audit).toMatchObject({ id: first.auditId, status: "written", section: "Facts" });
    expect(Buffer.from(show.before, "utf8").equals(original)).toBe(true);
    expect((await tacit("guardian", "show", "01NOPE")).stderr).toMatch(
      /audit 01NOPE not found \(list audits with: tacit guardian list\)/,
    );
    expect((await tacit("guardian", "diff", first.auditId)).stdout).toContain("+- The queue is RabbitMQ");
    expect((await tacit("guardian", "diff", temporary.auditId)).stdout).toBe(
      "Nothing was written (refused).\n",
    );

    const conflict = await tacit("guardian", "rollback", first.auditId, "--workspace", workspace);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/conflict: MEMORY\.md has changed since audit/);
    expect(conflict.stderr).toContain("+- Deploys go through Argo");
    const session = JSON.parse(
      (await tacit("guardian", "rollback", "--session", "s2", "--workspace", "workspace", "--json")).stdout,
    );
    expect(session.rolledBack).toHaveLength(1);
    const rolled = await tacit(
      "guardian",
      "rollback",
      first.auditId,
      "--workspace",
      workspace,
      "--reason",
      "wrong",
    );
    expect(rolled.stdout).toBe(`rolled back audit ${first.auditId}: restored MEMORY.md\n`);
    expect(readFileSync(join(workspace, "MEMORY.md")).equals(original)).toBe(true);
    expect((await tacit("guardian", "rollback", first.auditId, "--workspace", workspace)).stderr).toMatch(
      /already rolled back/,
    );
    expect((await tacit("guardian", "rollback", "--workspace", workspace)).stderr).toMatch(
      /an audit id or --session ID/,
    );

    const corrected = JSON.parse(
      (
        await tacit(
          "guardian",
          "correct",
          temporary.auditId,
          "--workspace",
          workspace,
          "--reason",
          "the smoke tests are skipped for good",
          "--fact",
          "The smoke tests are not run",
          "--apply-to-future",
          "--json",
        )
      ).stdout,
    );
    expect(corrected).toMatchObject({
      correctedStatus: "written",
      write: { status: "written" },
      applyToFuture: true,
    });
    const retried = JSON.parse(
      (
        await tacit(
          "guardian",
          "retry",
          temporary.auditId,
          "--workspace",
          workspace,
          "--file",
          "TOOLS.md",
          "--json",
        )
      ).stdout,
    );
    expect(retried).toMatchObject({ status: "refused" });

    const history = JSON.parse((await tacit("guardian", "history", "MEMORY.md", "--json")).stdout);
    expect(history.map((event: { kind: string }) => event.kind)).toEqual(
      expect.arrayContaining(["audit", "rollback", "correction"]),
    );
    const daily = JSON.parse((await tacit("guardian", "history", "--daily", "--json")).stdout);
    expect(daily).toEqual([
      expect.objectContaining({
        group: "2026-11-01",
        written: 1,
        rolled_back: 2,
        refused: 2,
        corrections: 1,
      }),
    ]);
    const bySession = JSON.parse((await tacit("guardian", "history", "--by-session", "--json")).stdout);
    expect(bySession.map((row: { group: string }) => row.group).sort()).toEqual(["s1", "s2"]);
    expect((await tacit("guardian", "history", "--daily", "--weekly")).stderr).toMatch(/one of --daily/);

    const csv = await tacit("guardian", "export", "--format", "csv", "--with-diff");
    expect(csv.stdout.split("\r\n")[0]).toBe(
      "id,createdAt,workspace,file,status,rule,section,fact,reason,linesAdded,linesRemoved,linesModified,sessionId,turnId,decisionId,llmModel,retryOf,diff",
    );
    const markdown = await tacit(
      "guardian",
      "export",
      "--format",
      "markdown",
      "-o",
      "export.md",
      "--include-content",
      "--json",
    );
    expect(JSON.parse(markdown.stdout)).toMatchObject({ file: "export.md", format: "markdown", audits: 5 });
    expect(readFileSync(join(dir, "export.md"), "utf8")).toContain("# Guardian history");
    const json = JSON.parse((await tacit("guardian", "export", "--format", "json", "--limit", "1")).stdout);
    expect(json).toHaveLength(1);
    expect((await tacit("guardian", "export", "--format", "xml")).stderr).toMatch(
      /--format must be json, csv, markdown/,
    );
    expect(existsSync(join(workspace, "TOOLS.md"))).toBe(false);
  });
});

describe("tacit guardian show --with-context", () => {
  it("shows the session's last messages before the audit, as captured", async () => {
    const { db, workspace, tacit, memoryWrite } = setup();
    const store = new SqliteStore({ path: db });
    const capture = createCapture({ store, now: () => Date.UTC(2026, 9, 30) });
    const sessionId = await capture.upsertSession({ agent: "sdk", sourceSessionId: "chat-1" });
    await capture.appendMessages(sessionId, [
      {
        id: "m1",
        role: "user",
        content: "I prefer morning check-ins, my token is ghp_abcdefghijklmnopqrstuvwxyz0123",
      },
      { id: "m2", role: "assistant", content: "Noted: mornings." },
    ]);
    await store.close();
    const written = JSON.parse(
      (await memoryWrite(workspace, "USER.md", "Prefers morning check-ins", "--session", sessionId, "--json"))
        .stdout,
    );
    const shown = JSON.parse(
      (await tacit("guardian", "show", written.auditId, "--with-context", "--json")).stdout,
    );
    expect(shown.context.map((message: { role: string }) => message.role)).toEqual(["user", "assistant"]);
    expect(shown.context[0].content).toContain("[REDACTED:github-token]");
    const text = await tacit("guardian", "show", written.auditId, "--with-context");
    expect(text.stdout).toContain(
      "--- context (2 message(s) of the session before the audit) ---\nuser: I prefer",
    );
  });
});
