/**
 * The files a hook daemon watches and writes (hook-daemon.ts): whether its socket and databases are
 * still the ones it started with, whether tacit's code on disk changed, its pid file, and the
 * databases events went to.
 */
import { existsSync, readFileSync, rmdirSync, rmSync, statSync } from "node:fs";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { resolveDatabaseLocation } from "../../store/open-store.js";
import type { DaemonEvent } from "./hook-daemon-protocol.js";

/** Device and inode of a file, or null when it is gone: tells "our socket" from a successor's. */
export function fileId(path: string): string | null {
  try {
    const stat = statSync(path);
    return `${stat.dev}:${stat.ino}`;
  } catch (error) {
    // Gone (or unreadable): either way it is no longer this daemon's socket.
    void error;
    return null;
  }
}

/** tacit's hook code on disk (checked on every connection, so resolved once). */
const CODE_FILES = [
  "./hook-main.js",
  "./hook-capture.js",
  "./hook-recall.js",
  "./hook-reconcile.js",
  "./hook-daemon.js",
  "./hook-http-server.js",
].map((file) =>
  fileURLToPath(
    new URL(import.meta.url.endsWith(".ts") ? file.replace(/\.js$/, ".ts") : file, import.meta.url),
  ),
);

/** When tacit's hook code was last written: a rebuild or an upgrade changes it. */
export function codeStamp(): string | null {
  try {
    return CODE_FILES.map((file) => statSync(file).mtimeMs).join(",");
  } catch (error) {
    // A file is gone: tacit was removed or is being replaced, which also counts as a change.
    void error;
    return null;
  }
}

/** Remembers the database an event went to (the first time it exists); returns it when new. */
export function rememberDatabase(databases: Map<string, string | null>, request: DaemonEvent): string | null {
  const dbIndex = request.argv.indexOf("--db");
  const db = dbIndex >= 0 ? request.argv[dbIndex + 1] : undefined;
  const location = resolveDatabaseLocation({ ...(db ? { db } : {}), env: request.env, cwd: request.cwd });
  if (location.kind === "sqlite" && !databases.has(location.path) && existsSync(location.path)) {
    databases.set(location.path, fileId(location.path));
    return location.path;
  }
  return null;
}

/** A stream that collects what is written to it (the hook's answer). */
export function collector(): { stream: Writable; text: () => string } {
  let text = "";
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return { stream, text: () => text };
}

/** Removes this daemon's pid file and the inbox if it is empty (queued events are never dropped). */
export function takeBack(pidFile: string, inbox: string): void {
  if (readPid(pidFile) === process.pid) rmSync(pidFile, { force: true });
  try {
    rmdirSync(inbox);
  } catch (error) {
    // Gone with its home already, or events wait in it for the next daemon.
    void error;
  }
}

/** The pid in a pid file, or null when there is none (or it cannot be read). */
export function readPid(pidFile: string): number | null {
  try {
    return Number(readFileSync(pidFile, "utf8").trim()) || null;
  } catch (error) {
    // No pid file (never written, or removed with the home): nobody's pid.
    void error;
    return null;
  }
}
