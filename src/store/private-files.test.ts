/**
 * tacit's files are its owner's only, whatever the umask: a database, its -wal and -shm, the hook
 * log, spool and inbox files, an export; and a home other users can read is tightened once.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { writeInbox } from "../interfaces/hooks/hook-inbox.js";
import { logHookFailure } from "../interfaces/hooks/hook-log.js";
import { runHook } from "../interfaces/hooks/hook-main.js";
import { spoolDirectory, spoolRecord } from "../interfaces/hooks/hook-spool.js";
import { runTacit } from "../testing/cli-harness.js";
import { hookLogText, hookPayload } from "../testing/hook-fixtures.js";
import { useTempDir } from "../testing/temp-dir.js";
import {
  makePrivateDirectory,
  securePrivateHome,
  writePrivateFile,
  writePrivateFileAtomically,
} from "./private-files.js";
import { SqliteStore } from "./sqlite/sqlite-store.js";

const tempDir = useTempDir("tacit-modes-");
const original = process.umask();
afterEach(() => {
  process.umask(original);
});

const mode = (path: string) => statSync(path).mode & 0o777;

/** Every file and folder under `root`, with its mode. */
function modes(root: string): Array<[string, number]> {
  const found: Array<[string, number]> = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      found.push([path.slice(root.length), mode(path)]);
      if (statSync(path).isDirectory()) walk(path);
    }
  };
  walk(root);
  return found;
}

describe.skipIf(process.platform === "win32")("private files", () => {
  for (const umask of [0o000, 0o022, 0o002]) {
    it(`creates every folder 0700 and every file 0600 with umask ${umask.toString(8).padStart(3, "0")}`, async () => {
      const root = tempDir();
      const home = join(root, "home", ".tacit");
      process.umask(umask);
      const env = { TACIT_HOME: home };
      const database = join(home, "tacit.db");
      // The database, kept open so its -wal and -shm exist.
      const store = new SqliteStore({ path: database });
      try {
        expect(existsSync(`${database}-wal`)).toBe(true);
        logHookFailure({ env, now: () => 0 }, "a line");
        spoolRecord(
          spoolDirectory(database),
          {
            sessionId: "s",
            session: { agent: "claude-code", sourceSessionId: "s" },
            message: { id: "m", role: "tool" },
          },
          1,
        );
        writeInbox(join(home, "hook-1.inbox"), { argv: [], cwd: "/", env: {}, now: 1 }, Buffer.from("{}"));
        const exported = await runTacit(
          ["export", "conversations", "--format", "jsonl", "-o", join(home, "export.jsonl")],
          {
            env,
          },
        );
        expect(exported.code).toBe(0);
        // Every export written with -o (the gate's decisions hold facts about the user).
        for (const command of [
          ["guardian", "export"],
          ["gate", "export"],
        ]) {
          const written = await runTacit(
            [...command, "--format", "json", "-o", join(home, `${command[0]}-export.json`)],
            { env },
          );
          expect(written.code, written.stderr).toBe(0);
        }
        const listed = modes(join(root, "home"));
        expect(listed.length).toBeGreaterThan(8);
        const loose = listed.filter(([path, bits]) =>
          statSync(join(root, "home", path)).isDirectory() ? bits !== 0o700 : bits !== 0o600,
        );
        expect(loose.map(([path, bits]) => `${path} ${bits.toString(8)}`)).toEqual([]);
      } finally {
        await store.close();
      }
    });
  }

  it("tightens an existing home other users can read, once, and says so", async () => {
    const root = tempDir();
    const home = join(root, ".tacit");
    mkdirSync(home);
    chmodSync(home, 0o755);
    writeFileSync(join(home, "tacit.db"), "");
    const first = await runTacit(["stats", "--json"], { env: { TACIT_HOME: home } });
    expect(first.stderr).toContain(`tightened permissions of ${home} from 0755 to 0700`);
    expect(mode(home)).toBe(0o700);
    expect(mode(join(home, "tacit.db"))).toBe(0o600);
    const second = await runTacit(["stats", "--json"], { env: { TACIT_HOME: home } });
    expect(second.stderr).not.toContain("tightened");
  });

  it("tightens the home from a hook too, saying so in the hook log (the agent owns stderr)", async () => {
    const home = join(tempDir(), ".tacit");
    mkdirSync(home);
    chmodSync(home, 0o750);
    const stdout = new PassThrough();
    await runHook([], {
      stdin: Buffer.from(hookPayload("claude-code", "PostToolUse")),
      stdout,
      env: { TACIT_HOME: home },
      cwd: home,
      now: () => Date.UTC(2026, 0, 1),
    });
    expect(mode(home)).toBe(0o700);
    expect(hookLogText(home)).toContain(`tightened permissions of ${home} from 0750 to 0700`);
  });

  it("leaves a home that is already private, and a missing one, alone", () => {
    const root = tempDir();
    expect(securePrivateHome(join(root, "missing"))).toBeNull();
    expect(existsSync(join(root, "missing"))).toBe(false);
    makePrivateDirectory(join(root, "home"));
    expect(securePrivateHome(join(root, "home"))).toBeNull();
  });

  it("writes a file private, tightening one that was there, and replaces a file whole or not at all", () => {
    const root = tempDir();
    process.umask(0o000);
    const export_ = join(root, "export.jsonl");
    writeFileSync(export_, "old\n", { mode: 0o644 });
    writePrivateFile(export_, "new\n");
    expect(mode(export_)).toBe(0o600);
    const config = join(root, "config.json");
    writePrivateFileAtomically(config, "{}\n");
    expect(mode(config)).toBe(0o600);
    // A rename that fails (a folder where the file goes) leaves no temporary file behind.
    const folder = join(root, "taken");
    mkdirSync(join(folder, "inside"), { recursive: true });
    expect(() => writePrivateFileAtomically(folder, "{}\n")).toThrow();
    expect(readdirSync(root).sort()).toEqual(["config.json", "export.jsonl", "taken"]);
  });
});
