/**
 * A loopback HTTP server that plays an LLM provider for tests: it answers OpenAI-style
 * `POST …/chat/completions` and `POST …/embeddings` and Anthropic `POST …/v1/messages` from a queue
 * of recorded responses (JSON fixtures in `src/models/__fixtures__/`), and records every request so
 * tests can assert what was sent (and that nothing was). It listens on 127.0.0.1 only.
 *
 * A queued response can be a status with a JSON or raw body and headers (429 with retry-after,
 * 500 …), or a hang: the request is never answered until the server closes. An empty queue
 * answers 500 with an error body naming the problem, so a test that sends one request too many
 * fails loudly.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One response the server plays back. */
export interface RecordedResponse {
  /** HTTP status. Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** A JSON body (sent with `content-type: application/json`). */
  body?: unknown;
  /** A raw body, sent as is (for broken responses). Wins over `body`. */
  rawBody?: string;
  /** Never answer: the request stays open until the server closes. */
  hang?: boolean;
  /** Wait this long before answering, ms. */
  delayMs?: number;
}

/** One request the server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or undefined when it was not JSON. */
  body: unknown;
  rawBody: string;
}

/** A running loopback server. */
export interface LoopbackLlmServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Appends responses to the queue. */
  enqueue(...responses: RecordedResponse[]): void;
  /** Responses still queued. */
  remaining(): number;
  /** Ends hanging requests and stops the server. */
  close(): Promise<void>;
}

const ROUTES = [/\/chat\/completions$/, /\/embeddings$/, /\/v1\/messages$/];

/** Starts a loopback server on 127.0.0.1 and a free port. */
export async function startLoopbackLlmServer(): Promise<LoopbackLlmServer> {
  const queue: RecordedResponse[] = [];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
      requests.push({
        method: request.method ?? "",
        path,
        headers: request.headers,
        body: parseBody(rawBody),
        rawBody,
      });
      if (request.method !== "POST" || !ROUTES.some((route) => route.test(path))) {
        send(response, {
          status: 404,
          body: { error: { message: `no route for ${request.method} ${path}` } },
        });
        return;
      }
      const next = queue.shift() ?? {
        status: 500,
        body: { error: { message: "loopback server: no recorded response left", type: "test_error" } },
      };
      if (next.hang) return;
      if (next.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(response, next);
        }, next.delayMs);
        timers.add(timer);
        return;
      }
      send(response, next);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...responses) => {
      queue.push(...responses);
    },
    remaining: () => queue.length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function send(response: ServerResponse, recorded: RecordedResponse): void {
  if (response.destroyed) return;
  const body = recorded.rawBody ?? (recorded.body === undefined ? "" : JSON.stringify(recorded.body));
  const headers: Record<string, string> = {
    ...(recorded.rawBody === undefined && recorded.body !== undefined
      ? { "content-type": "application/json" }
      : {}),
    ...recorded.headers,
  };
  response.writeHead(recorded.status ?? 200, headers);
  response.end(body);
}

function parseBody(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    // Not JSON: tests read `rawBody` instead.
    if (!(error instanceof SyntaxError)) throw error;
    return undefined;
  }
}

const FIXTURES = new URL("../models/__fixtures__/", import.meta.url);

/** Reads a recorded wire response from `src/models/__fixtures__/NAME.json`. */
export function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), "utf8")) as unknown;
}

/** A recorded response from a fixture, optionally with another status and headers. */
export function fixtureResponse(
  name: string,
  options: { status?: number; headers?: Record<string, string> } = {},
): RecordedResponse {
  return { body: loadFixture(name), ...options };
}
