/**
 * A loopback HTTP server that speaks the Anthropic Messages API well enough to drive a real agent
 * (Claude Code) offline: `POST /v1/messages` answered with scripted replies — streamed as
 * server-sent events when the request asks for `stream: true` (message_start,
 * content_block_start/delta/stop for text and tool_use blocks with input_json_delta,
 * message_delta with the stop reason, message_stop), else as one JSON message — and
 * `POST /v1/messages/count_tokens` with a rough count. Anything else gets a 404 JSON error.
 * Every request is recorded (method, path, parsed body) so tests can assert what the agent sent.
 * It listens on 127.0.0.1 only.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One content block of a scripted reply. */
export type ScriptedBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id?: string; name: string; input: Record<string, unknown> };

/** What the server answers to one `POST /v1/messages`. */
export interface ScriptedReply {
  content: ScriptedBlock[];
  /** Default: `tool_use` when a block is a tool call, else `end_turn`. */
  stopReason?: "end_turn" | "tool_use" | "max_tokens";
}

/** One request the server received. */
export interface AnthropicRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or undefined when it was not JSON. */
  body: unknown;
  rawBody: string;
}

/** Chooses the reply to a messages request from its parsed body (and every request so far). */
export type ReplyScript = (body: MessagesRequestBody, requests: readonly AnthropicRequest[]) => ScriptedReply;

/** The parts of a Messages API request body a script looks at. */
export interface MessagesRequestBody {
  model?: string;
  stream?: boolean;
  system?: unknown;
  tools?: Array<{ name?: string }>;
  messages?: Array<{ role: string; content: unknown }>;
}

export interface AnthropicStreamServer {
  /** `http://127.0.0.1:PORT` (no trailing slash), for ANTHROPIC_BASE_URL. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: AnthropicRequest[];
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function startAnthropicStreamServer(options: {
  script: ReplyScript;
}): Promise<AnthropicStreamServer> {
  const requests: AnthropicRequest[] = [];
  let counter = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
      const body = parseBody(rawBody);
      requests.push({ method: request.method ?? "", path, headers: request.headers, body, rawBody });
      if (request.method === "POST" && path.endsWith("/v1/messages/count_tokens")) {
        sendJson(response, 200, { input_tokens: Math.max(1, Math.ceil(rawBody.length / 4)) });
        return;
      }
      if (request.method !== "POST" || !path.endsWith("/v1/messages")) {
        sendJson(response, 404, {
          type: "error",
          error: { type: "not_found_error", message: `no route for ${request.method} ${path}` },
        });
        return;
      }
      const messagesBody = (body ?? {}) as MessagesRequestBody;
      let reply: ScriptedReply;
      try {
        reply = options.script(messagesBody, requests);
      } catch (error) {
        sendJson(response, 500, {
          type: "error",
          error: { type: "api_error", message: `script failed: ${(error as Error).message}` },
        });
        return;
      }
      counter += 1;
      const message = toMessage(reply, messagesBody.model ?? "claude-test", counter);
      if (messagesBody.stream) stream(response, message);
      else sendJson(response, 200, message);
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** All text of a request's system prompt and messages, for assertions ("does it carry X?"). */
export function requestText(body: unknown): string {
  const parts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") parts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (typeof record.text === "string") parts.push(record.text);
      if (record.content !== undefined) walk(record.content);
    }
  };
  const record = (body ?? {}) as MessagesRequestBody;
  walk(record.system);
  walk(record.messages);
  return parts.join("\n");
}

interface AnthropicMessage {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: Array<
    | { type: "text"; text: string }
    | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
  >;
  stop_reason: string;
  stop_sequence: null;
  usage: { input_tokens: number; output_tokens: number };
}

function toMessage(reply: ScriptedReply, model: string, counter: number): AnthropicMessage {
  const content = reply.content.map((block, index) =>
    block.type === "text"
      ? { type: "text" as const, text: block.text }
      : {
          type: "tool_use" as const,
          id: block.id ?? `toolu_test_${counter}_${index}`,
          name: block.name,
          input: block.input,
        },
  );
  const stopReason =
    reply.stopReason ?? (content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn");
  return {
    id: `msg_test_${counter}`,
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 10 },
  };
}

function stream(response: ServerResponse, message: AnthropicMessage): void {
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const event = (type: string, data: unknown) =>
    response.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  event("message_start", {
    type: "message_start",
    message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } },
  });
  message.content.forEach((block, index) => {
    if (block.type === "text") {
      event("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "text", text: "" },
      });
      for (const piece of split(block.text, 40)) {
        event("content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "text_delta", text: piece },
        });
      }
    } else {
      event("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
      });
      for (const piece of split(JSON.stringify(block.input), 20)) {
        event("content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "input_json_delta", partial_json: piece },
        });
      }
    }
    event("content_block_stop", { type: "content_block_stop", index });
  });
  event("message_delta", {
    type: "message_delta",
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: message.usage.output_tokens },
  });
  event("message_stop", { type: "message_stop" });
  response.end();
}

function split(text: string, size: number): string[] {
  if (text === "") return [""];
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function parseBody(raw: string): unknown {
  if (raw === "") return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    // Not JSON: the raw body is still recorded for the test to inspect.
    return undefined;
  }
}
