/**
 * `tacit import` never counts tacit's own model runs as the user's sessions: a transcript whose
 * working directory is `$TACIT_HOME/host-model` (where tacit runs the user's agent as its model) is
 * skipped whole, while the same transcript from the user's project imports.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OWN_SESSION_REASON } from "../../capture/importers/import-runner.js";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { runTacit } from "../../testing/cli-harness.js";
import { transcriptFixture } from "../../testing/fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir("tacit-import-own-");

/** A real transcript with its working directory replaced. */
function transcriptIn(fixture: string, from: string, cwd: string, to: string): string {
  const text = readFileSync(fixture, "utf8").replaceAll(`"cwd":"${from}"`, `"cwd":${JSON.stringify(cwd)}`);
  mkdirSync(join(to, ".."), { recursive: true });
  writeFileSync(to, text);
  return to;
}

async function sessionIds(db: string): Promise<string[]> {
  const store = new SqliteStore({ path: db });
  try {
    return (await store.listSessions({ limit: 100 })).map((session) => session.id).sort();
  } finally {
    await store.close();
  }
}

describe("tacit import and tacit's own model runs", () => {
  it("skips Claude Code and Codex sessions that worked in the host-model folder", async () => {
    const root = tempDir();
    const home = join(root, "tacit");
    const ownFolder = join(home, "host-model");
    const claude = transcriptFixture("claude-code", "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl");
    const codex = transcriptFixture("codex", "agent-sessions-small.jsonl");
    const projects = join(root, "user", ".claude", "projects");
    transcriptIn(claude, "/path/to/Demo", ownFolder, join(projects, "-tacit-host-model", "own.jsonl"));
    transcriptIn(
      codex,
      "/tmp/repo",
      ownFolder,
      join(root, "user", ".codex", "sessions", "rollout-own.jsonl"),
    );
    const env = { TACIT_HOME: home };
    const db = join(home, "tacit.db");

    const result = await runTacit(["import", join(root, "user"), "--json"], { env });
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({ files: 2, sessions: 0, messages: 0 });
    expect(summary.linesSkipped[OWN_SESSION_REASON]).toBeGreaterThan(50);
    expect(await sessionIds(db)).toEqual([]);

    // The same transcripts from the user's own project are the user's.
    transcriptIn(claude, "/path/to/Demo", join(root, "shop"), join(projects, "-shop", "user.jsonl"));
    const control = await runTacit(["import", projects, "--json"], { env });
    expect(JSON.parse(control.stdout)).toMatchObject({ sessions: 1 });
    expect(await sessionIds(db)).toEqual(["claude-code:5c0375b4-57a5-4f26-b12d-d022ee4e51b7"]);
  });

  it("recognises the folder through a symbolic link to tacit's home", async () => {
    const root = tempDir();
    const real = join(root, "real-tacit");
    mkdirSync(join(real, "host-model"), { recursive: true });
    symlinkSync(real, join(root, "tacit"));
    // The agent reports its working directory with links resolved; TACIT_HOME names the link.
    const file = transcriptIn(
      transcriptFixture("claude-code", "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"),
      "/path/to/Demo",
      join(real, "host-model"),
      join(root, "projects", "own.jsonl"),
    );
    const result = await runTacit(["import", file, "--json"], { env: { TACIT_HOME: join(root, "tacit") } });
    expect(JSON.parse(result.stdout)).toMatchObject({ sessions: 0, messages: 0 });
  });
});
