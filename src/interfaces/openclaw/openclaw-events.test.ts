import { describe, expect, it } from "vitest";
import { sessionOrigin } from "./openclaw-events.js";
import { mapAgentMessages, mergeObservedToolCalls } from "./openclaw-messages.js";

describe("sessionOrigin", () => {
  it("reads channel, account and conversation from the documented key shapes", () => {
    expect(sessionOrigin("agent:main:discord:channel:123456:thread:987654")).toEqual({
      channel: "discord",
      conversationTarget: "channel:123456:thread:987654",
    });
    expect(sessionOrigin("agent:main:telegram:group:-1001234567890:topic:42")).toEqual({
      channel: "telegram",
      conversationTarget: "group:-1001234567890:topic:42",
    });
    expect(sessionOrigin("agent:ops:whatsapp:work:direct:+15550001111")).toEqual({
      channel: "whatsapp",
      accountId: "work",
      conversationTarget: "direct:+15550001111",
    });
    expect(sessionOrigin("agent:main:main")).toEqual({});
    expect(sessionOrigin("agent:main:direct:user123")).toEqual({});
    expect(sessionOrigin("cron:nightly-report")).toEqual({});
    expect(sessionOrigin(undefined)).toEqual({});
  });
});

describe("mapAgentMessages", () => {
  it("gives re-sent messages the same ids and identical untimed messages distinct ones", () => {
    const messages = [
      { role: "user", content: "continue" },
      { role: "user", content: "continue" },
      { role: "user", content: [{ type: "text", text: "hi" }], timestamp: 1_791_450_000_000 },
      "not a message",
      { role: "assistant", content: [{ type: "image", data: "…" }] },
    ];
    const first = mapAgentMessages(messages, 0);
    const again = mapAgentMessages(messages, 99);
    expect(first.items.map((item) => item.id)).toEqual(again.items.map((item) => item.id));
    expect(new Set(first.items.map((item) => item.id)).size).toBe(3);
    expect(first.skipped).toBe(2);
  });

  it("keeps a call's result from after_tool_call when the messages have none, and adds unseen calls", () => {
    const { items } = mapAgentMessages(
      [
        {
          role: "assistant",
          content: [{ type: "toolCall", id: "c1", name: "read", arguments: { path: "a" } }],
        },
      ],
      0,
    );
    const merged = mergeObservedToolCalls(items, [
      { toolName: "read", toolCallId: "c1", params: { path: "a" }, result: "file a", durationMs: 12, at: 5 },
      { toolName: "web_fetch", params: { url: "https://example.com" }, error: "timeout", runId: "r1", at: 6 },
    ]);
    expect(merged).toEqual([
      expect.objectContaining({
        toolUseId: "c1",
        toolOutput: "file a",
        isError: false,
        metadata: { durationMs: 12 },
      }),
      expect.objectContaining({
        toolName: "web_fetch",
        toolOutput: "timeout",
        isError: true,
        toolUseId: "r1:6:1",
      }),
    ]);
  });
});
