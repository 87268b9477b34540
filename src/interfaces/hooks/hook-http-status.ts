/**
 * Whether the HTTP hooks installed for a database reach tacit (`tacit doctor`): the endpoint
 * `tacit install` wrote, and who answers on its port — tacit's hook daemon (it answers a health
 * check carrying the token), nobody (the daemon is not running: the next SessionStart starts it),
 * or another program, which then receives the agent's hook events.
 */
import { request } from "node:http";
import { hookSocketPath } from "./hook-client.js";
import { endpointPath, HEALTH_PATH, readEndpoint } from "./hook-http-endpoint.js";

/** How long the health check waits, ms. */
const CHECK_TIMEOUT_MS = 1_000;

/** The HTTP endpoint of a database's daemon, and who answers there. */
export interface HttpHookStatus {
  file: string;
  port: number;
  /** `tacit`: the hook daemon; `nobody`: nothing listens; `other`: another program holds the port. */
  answeredBy: "tacit" | "nobody" | "other";
}

/** null when no HTTP hooks were installed for the database; throws when the endpoint file is broken. */
export async function httpHookStatus(options: {
  env: NodeJS.ProcessEnv;
  cwd: string;
  db?: string;
}): Promise<HttpHookStatus | null> {
  const socket = hookSocketPath(options.db ? ["--db", options.db] : [], options);
  if (socket === null) return null;
  const file = endpointPath(socket);
  const endpoint = readEndpoint(file);
  if (endpoint === null) return null;
  return { file, port: endpoint.port, answeredBy: await whoAnswers(endpoint.port, endpoint.token) };
}

function whoAnswers(port: number, token: string): Promise<HttpHookStatus["answeredBy"]> {
  return new Promise((settle) => {
    const check = request(
      {
        host: "127.0.0.1",
        port,
        path: HEALTH_PATH,
        method: "GET",
        agent: false,
        timeout: CHECK_TIMEOUT_MS,
        headers: { authorization: `Bearer ${token}` },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => settle(response.statusCode === 200 && isTacit(body) ? "tacit" : "other"));
      },
    );
    check.on("timeout", () => {
      check.destroy();
      settle("other");
    });
    check.on("error", (error: NodeJS.ErrnoException) =>
      settle(error.code === "ECONNREFUSED" ? "nobody" : "other"),
    );
    check.end();
  });
}

function isTacit(body: string): boolean {
  try {
    return (JSON.parse(body) as { tacit?: unknown })?.tacit === "hook-daemon";
  } catch (error) {
    // Not JSON: not tacit's daemon.
    void error;
    return false;
  }
}
