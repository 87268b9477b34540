import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A write lock on a SQLite database, held by another process until `release`. */
export interface HeldWriteLock {
  /** Commits the empty transaction and waits for the holder to exit. */
  release(): Promise<void>;
}

/**
 * Starts a separate node process that opens `path` and holds `BEGIN IMMEDIATE` (the write lock
 * every writer needs) until released: the way a long import or a stuck writer blocks a hook.
 * Resolves once the lock is held.
 */
export function holdWriteLock(path: string): Promise<HeldWriteLock> {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(process.argv[1]);
    db.exec("BEGIN IMMEDIATE");
    process.stdout.write("locked\\n");
    process.stdin.on("end", () => { db.exec("COMMIT"); db.close(); process.exit(0); });
    process.stdin.resume();`;
  const child = spawn(process.execPath, ["-e", script, path], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((done) => child.on("exit", () => done()));
  return new Promise((held, failed) => {
    child.on("error", failed);
    child.on("exit", (code) => failed(new Error(`the lock holder exited (${code}) before taking the lock`)));
    child.stdout.once("data", () =>
      held({
        release: async () => {
          child.stdin.end();
          await exited;
        },
      }),
    );
  });
}
