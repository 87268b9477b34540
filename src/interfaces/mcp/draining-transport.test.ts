import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { DrainingTransport } from "./draining-transport.js";

/** A transport that records what is sent and lets the test deliver messages. */
function fakeTransport() {
  const sent: JSONRPCMessage[] = [];
  const inner: Transport = {
    start: async () => undefined,
    close: async () => inner.onclose?.(),
    send: async (message) => {
      sent.push(message);
    },
  };
  return { inner, sent, deliver: (message: JSONRPCMessage) => inner.onmessage?.(message) };
}

describe("DrainingTransport", () => {
  it("is drained once every request received is answered", async () => {
    const { inner, deliver } = fakeTransport();
    const transport = new DrainingTransport(inner);
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (message) => received.push(message);
    await expect(transport.drained(1000)).resolves.toBeUndefined();

    deliver({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "recall" } });
    deliver({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    deliver({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(received).toHaveLength(3);
    let drained = false;
    const waiting = transport.drained(10_000).then(() => {
      drained = true;
    });
    await transport.send({ jsonrpc: "2.0", id: 2, result: { tools: [] } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);
    await transport.send({ jsonrpc: "2.0", id: 1, error: { code: -32602, message: "bad" } });
    await waiting;
    expect(drained).toBe(true);
  });

  it("stops waiting after the timeout, and passes close through", async () => {
    const { inner, deliver } = fakeTransport();
    const transport = new DrainingTransport(inner);
    let closed = false;
    transport.onclose = () => {
      closed = true;
    };
    deliver({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "recall" } });
    const started = Date.now();
    await transport.drained(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    await transport.close();
    expect(closed).toBe(true);
  });
});
