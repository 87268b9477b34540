/**
 * Hook daemons with an HTTP endpoint, for the tests of HTTP hooks: the endpoint written as `tacit
 * install` writes it, the daemon run in the test's process (or left to a hook client to start), and
 * every one stopped and waited for after each test, before its temporary home is removed.
 */
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { afterEach } from "vitest";
import { hookSocketPath } from "../interfaces/hooks/hook-client.js";
import { runHookDaemon } from "../interfaces/hooks/hook-daemon.js";
import { stopHookDaemons } from "../interfaces/hooks/hook-daemon-control.js";
import {
  endpointPath,
  type HookHttpEndpoint,
  plannedEndpoint,
  writeEndpoint,
} from "../interfaces/hooks/hook-http-endpoint.js";
import { waitUntil } from "./hook-fixtures.js";

/** An endpoint written for the database of a home. */
export interface WrittenEndpoint {
  endpoint: HookHttpEndpoint;
  socket: string;
}

/** Registers the clean-up; returns how to write endpoints and start daemons. */
export function useHttpDaemons(now: number) {
  const daemons: Array<{ socket: string; stopped: Promise<void> }> = [];
  // Asked to stop over their sockets, then waited for.
  afterEach(async () => {
    for (const daemon of daemons) await stopHookDaemons(dirname(daemon.socket));
    await Promise.all(daemons.splice(0).map((daemon) => daemon.stopped));
  });
  /**
   * Writes the endpoint of the daemon of `env`'s database (`database`), with `changes` over what
   * install would write; a hook client starts the daemon.
   */
  const endpoint = async (
    env: NodeJS.ProcessEnv,
    cwd: string,
    database: string,
    changes: Partial<HookHttpEndpoint> = {},
  ): Promise<WrittenEndpoint> => {
    const socket = hookSocketPath([], { env, cwd });
    if (socket === null) throw new Error("no hook daemon on this platform");
    const planned = await plannedEndpoint({ file: endpointPath(socket), database });
    const written = { ...planned.endpoint, ...changes };
    writeEndpoint(endpointPath(socket), written);
    daemons.push({ socket, stopped: Promise.resolve() });
    return { endpoint: written, socket };
  };
  /** Writes the endpoint and runs its daemon here; resolves once it listens (its pid file is written last). */
  const start = async (
    env: NodeJS.ProcessEnv,
    cwd: string,
    database: string,
    changes: Partial<HookHttpEndpoint> = {},
  ): Promise<WrittenEndpoint & { stopped: Promise<void> }> => {
    const written = await endpoint(env, cwd, database, changes);
    const stopped = runHookDaemon({ socketPath: written.socket, env, now: () => now, fifoPairs: false });
    daemons.push({ socket: written.socket, stopped });
    await waitUntil(() => existsSync(written.socket.replace(/\.sock$/, ".pid")), "the daemon");
    return { ...written, stopped };
  };
  return { endpoint, start };
}
