/**
 * Stopping the hook daemons of a `$TACIT_HOME` (`tacit uninstall`, and tests cleaning up after
 * themselves): each `hook-<hash>.sock` is asked to stop over the socket itself, so only a daemon
 * that is listening there can be stopped — never a process that merely reused a pid. A socket
 * nobody listens at (left by a killed daemon) is removed with its pid file.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { STOP_REQUEST, STOPPING } from "./hook-daemon-protocol.js";

/** What became of one daemon socket. */
export interface DaemonStop {
  socket: string;
  /** The daemon's pid, from its pid file (null when there was none). */
  pid: number | null;
  /** stopped: it answered and exited; stale: nobody listened; running: it did not exit in time. */
  state: "stopped" | "stale" | "running";
}

/** How long to wait for a daemon to finish the events in hand and exit, ms. */
const EXIT_WAIT_MS = 15_000;

/** Stops every hook daemon of `home`; resolves once each has exited (or `waitMs` passed). */
export async function stopHookDaemons(home: string, waitMs = EXIT_WAIT_MS): Promise<DaemonStop[]> {
  if (!existsSync(home)) return [];
  const sockets = readdirSync(home)
    .filter((name) => /^hook-[0-9a-f]+\.sock$/.test(name))
    .map((name) => join(home, name));
  return Promise.all(sockets.map((socket) => stopDaemon(socket, waitMs)));
}

async function stopDaemon(socket: string, waitMs: number): Promise<DaemonStop> {
  const pidFile = socket.replace(/\.sock$/, ".pid");
  const pid = readPid(pidFile);
  const answered = await askToStop(socket);
  if (!answered) {
    rmSync(socket, { force: true });
    // The pid file of a daemon nobody can reach any more; its pid may belong to another process now.
    rmSync(pidFile, { force: true });
    return { socket, pid, state: "stale" };
  }
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    // A daemon run inside this process (a test's) shares its pid: its socket going is the sign.
    const running = pid === null || pid === process.pid ? existsSync(socket) : isRunning(pid);
    if (!running) return { socket, pid, state: "stopped" };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { socket, pid, state: "running" };
}

/** Sends the stop request; true when a daemon answered it. */
function askToStop(socket: string): Promise<boolean> {
  return new Promise((settle) => {
    let reply = "";
    const connection = connect(socket);
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => {
      reply += chunk;
    });
    connection.on("end", () => {
      connection.destroy();
      settle(reply.startsWith(STOPPING));
    });
    // ENOENT (gone meanwhile), ECONNREFUSED (nobody listens): a stale socket.
    connection.on("error", () => settle(false));
    connection.end(STOP_REQUEST);
  });
}

function readPid(pidFile: string): number | null {
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  // Never 0 or negative: signalling those would signal a whole process group.
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // ESRCH: gone. EPERM: a process of another user has the pid now, so ours is gone too.
    void error;
    return false;
  }
}
