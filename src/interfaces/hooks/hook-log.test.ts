/** The hook log: a line is appended under the home, and the daemon's lines never put a removed home back. */
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";
import { hookLogPath, logHookFailure } from "./hook-log.js";

const tempDir = useTempDir("tacit-hook-log-");

describe("logHookFailure", () => {
  it("makes the home and its logs folder for a hook's line", () => {
    const home = join(tempDir(), "home");
    const io = { env: { TACIT_HOME: home }, now: () => 0 };
    logHookFailure(io, "a line");
    expect(readFileSync(hookLogPath(io), "utf8")).toBe("1970-01-01T00:00:00.000Z a line\n");
  });

  it("with homeMustExist, loses the line rather than recreating a removed home", () => {
    const home = join(tempDir(), "gone");
    const io = { env: { TACIT_HOME: home }, now: () => 0 };
    logHookFailure(io, "a line", { homeMustExist: true });
    expect(existsSync(home)).toBe(false);
  });

  it("with homeMustExist, makes only the logs folder (private) in a home that is there", () => {
    const home = join(tempDir(), "home");
    mkdirSync(home);
    const io = { env: { TACIT_HOME: home }, now: () => 0 };
    logHookFailure(io, "first", { homeMustExist: true });
    logHookFailure(io, "second", { homeMustExist: true });
    expect(readFileSync(hookLogPath(io), "utf8")).toBe(
      "1970-01-01T00:00:00.000Z first\n1970-01-01T00:00:00.000Z second\n",
    );
    expect(statSync(join(home, "logs")).mode & 0o777).toBe(0o700);
  });
});
