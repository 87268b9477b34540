import {
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";
import { useTempDir } from "../testing/temp-dir.js";
import { writeMemoryFact } from "./guardian.js";
import {
  memoryFilePath,
  readMemoryFile,
  removeStaleTemporaryFiles,
  resolveWorkspace,
  WorkspaceError,
  writeFileAtomically,
} from "./workspace.js";

const tempDir = useTempDir("tacit-workspace-");

function setup() {
  const dir = tempDir();
  const workspace = join(dir, "workspace");
  mkdirSync(workspace);
  return { dir, workspace: resolveWorkspace(workspace) };
}

describe("workspace and path safety", () => {
  it("accepts only the five bare names, and says why anything else is refused", () => {
    const { workspace } = setup();
    expect(memoryFilePath(workspace, "USER.md")).toEqual({
      file: "USER.md",
      path: join(workspace, "USER.md"),
    });
    const refusals: Array<[string, RegExp]> = [
      ["../x.md", /bare file name.*leaving the workspace/],
      ["../USER.md", /leaving the workspace/],
      ["/etc/passwd", /bare file name/],
      [join(workspace, "USER.md"), /bare file name/],
      ["notes/USER.md", /bare file name/],
      ["..\\USER.md", /bare file name/],
      ["NOTES.md", /only MEMORY\.md, USER\.md, SOUL\.md, IDENTITY\.md, TOOLS\.md/],
      ["user.md", /did you mean USER\.md/],
      ["", /only MEMORY\.md/],
    ];
    for (const [name, message] of refusals) {
      expect(() => memoryFilePath(workspace, name), name).toThrow(WorkspaceError);
      expect(() => memoryFilePath(workspace, name), name).toThrow(message);
    }
  });

  it("refuses a memory file that is a symbolic link, inside or outside the workspace", () => {
    const { dir, workspace } = setup();
    writeFileSync(join(dir, "outside.md"), "secret plans\n");
    symlinkSync(join(dir, "outside.md"), join(workspace, "USER.md"));
    expect(() => memoryFilePath(workspace, "USER.md")).toThrow(
      /symbolic link to .*outside\.md, outside the workspace/,
    );
    writeFileSync(join(workspace, "MEMORY.md"), "# Memory\n");
    symlinkSync(join(workspace, "MEMORY.md"), join(workspace, "SOUL.md"));
    expect(() => memoryFilePath(workspace, "SOUL.md")).toThrow(/symbolic link .*would break the link/);
    symlinkSync(join(dir, "missing.md"), join(workspace, "TOOLS.md"));
    expect(() => memoryFilePath(workspace, "TOOLS.md")).toThrow(/symbolic link to a missing target/);
    expect(() => readMemoryFile(join(workspace, "USER.md"))).toThrow(/symbolic link/);
    writeFileSync(join(workspace, "MEMORY.md"), "");
    truncateSync(join(workspace, "MEMORY.md"), 17 * 1024 * 1024);
    expect(() => readMemoryFile(join(workspace, "MEMORY.md"))).toThrow(/too large to be a memory file/);
    mkdirSync(join(workspace, "IDENTITY.md"));
    expect(() => memoryFilePath(workspace, "IDENTITY.md")).toThrow(/not a regular file/);
  });

  it("a symlinked workspace folder is used as its real path; a missing one is refused", () => {
    const { dir, workspace } = setup();
    symlinkSync(workspace, join(dir, "alias"));
    expect(resolveWorkspace(join(dir, "alias"))).toBe(workspace);
    expect(resolveWorkspace("alias", dir)).toBe(workspace);
    expect(() => resolveWorkspace(join(dir, "nope"))).toThrow(/workspace .*nope does not exist/);
    writeFileSync(join(dir, "file"), "");
    expect(() => resolveWorkspace(join(dir, "file"))).toThrow(/is not a folder/);
  });

  it("the guardian refuses traversal and symlink escapes and writes nothing outside", async () => {
    const { dir, workspace } = setup();
    const store = new SqliteStore({ path: join(dir, "tacit.db") });
    writeFileSync(join(dir, "victim.md"), "untouched\n");
    symlinkSync(join(dir, "victim.md"), join(workspace, "MEMORY.md"));
    const write = (file: string) =>
      writeMemoryFact({ store, workspace, file, fact: "The API is REST", now: () => 1_000 });
    await expect(write("../victim.md")).rejects.toThrow(WorkspaceError);
    await expect(write(join(dir, "victim.md"))).rejects.toThrow(WorkspaceError);
    await expect(write("MEMORY.md")).rejects.toThrow(/symbolic link .*outside the workspace/);
    expect(readFileSync(join(dir, "victim.md"), "utf8")).toBe("untouched\n");
    expect(await store.listAudits({ limit: 10 })).toEqual([]);
    await store.close();
  });

  it("writes atomically: the same bytes, the file's mode kept, no temporary file left", () => {
    const { workspace } = setup();
    const path = join(workspace, "USER.md");
    writeFileSync(path, "old\n", { mode: 0o640 });
    const bytes = Buffer.from("new\r\n\tcontent é\n", "utf8");
    writeFileAtomically(path, bytes, statSync(path).mode & 0o777);
    expect(readFileSync(path)).toEqual(bytes);
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(readdirSync(workspace)).toEqual(["USER.md"]);
  });

  it("removes temporary files a killed write left, and only those of dead processes", () => {
    const { workspace } = setup();
    writeFileSync(join(workspace, ".USER.md.tacit-999999-abcd1234.tmp"), "half");
    writeFileSync(join(workspace, `.USER.md.tacit-${process.pid}-abcd1234.tmp`), "mine");
    writeFileSync(join(workspace, ".USER.md.other.tmp"), "not ours");
    expect(removeStaleTemporaryFiles(workspace, "USER.md")).toBe(1);
    expect(readdirSync(workspace).sort()).toEqual([
      ".USER.md.other.tmp",
      `.USER.md.tacit-${process.pid}-abcd1234.tmp`,
    ]);
  });
});
