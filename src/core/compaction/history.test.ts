import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { transcriptFixture } from "../../testing/fixtures.js";
import { InvalidInputError } from "../errors.js";
import { compactHistory, MAX_GOAL_CHARS, pickUserGoals } from "./compact.js";
import type { HistoryMessage } from "./history.js";
import {
  fromClaudeCodeTranscript,
  isCorrectionPrompt,
  parseHistoryMessages,
  userGoalText,
} from "./history.js";

const FIXTURES = transcriptFixture("claude-code");

function readTranscript(name: string): unknown[] {
  return readFileSync(join(FIXTURES, name), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line): unknown => JSON.parse(line));
}

function toolNames(messages: HistoryMessage[]): string[] {
  return messages.flatMap((message) => (message.tool_calls ?? []).map((call) => call.function.name));
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

function fieldOfError(input: unknown): string | undefined {
  try {
    parseHistoryMessages(input);
  } catch (error) {
    if (error instanceof InvalidInputError) return error.field;
    throw error;
  }
  return undefined;
}

describe("parseHistoryMessages", () => {
  it("accepts OpenAI-style messages and normalises content", () => {
    const messages = parseHistoryMessages([
      { role: "system", content: "rules" },
      { role: "user", content: [{ type: "text", text: "hello" }, { type: "image_url" }], extra: 1 },
      {
        role: "assistant",
        tool_calls: [{ id: "c1", type: "function", function: { name: "Bash", arguments: "{}" } }],
      },
      { role: "tool", content: "ok", tool_call_id: "c1", name: "Bash" },
      { role: "user", content: "again", kind: "correction" },
    ]);
    expect(messages[1]).toEqual({ role: "user", content: "hello\n[image_url]" });
    expect(messages[2]?.content).toBeNull();
    expect(messages[2]?.tool_calls?.[0]?.function.name).toBe("Bash");
    expect(messages[4]?.kind).toBe("correction");
  });

  it("reads tool arguments given as an object or under `parameters`, not only as JSON text", () => {
    const call = (fn: Record<string, unknown>) => ({
      role: "assistant",
      content: null,
      tool_calls: [{ id: "c1", type: "function", function: { name: "Bash", ...fn } }],
    });
    const args = (fn: Record<string, unknown>) =>
      parseHistoryMessages([call(fn)])[0]?.tool_calls?.[0]?.function.arguments;
    expect(args({ arguments: '{"command":"pnpm test"}' })).toBe('{"command":"pnpm test"}');
    expect(args({ arguments: { command: "pnpm test" } })).toBe('{"command":"pnpm test"}');
    expect(args({ parameters: { command: "pnpm test" } })).toBe('{"command":"pnpm test"}');
    expect(args({ parameters: '{"command":"pnpm test"}' })).toBe('{"command":"pnpm test"}');
    expect(args({})).toBe("{}");
    expect(args({ arguments: null })).toBe("{}");
    // The call still shows in the compacted window with what it was given.
    const compacted = compactHistory({
      messages: parseHistoryMessages([
        { role: "user", content: "run the tests" },
        call({ parameters: { command: "pnpm test" } }),
        { role: "tool", content: "ok", tool_call_id: "c1" },
      ]),
    });
    expect(compacted.messages[2].content).toContain('{"command":"pnpm test"}');
    expect(fieldOfError([call({ arguments: 42 })])).toBe("messages[0].tool_calls[0].function.arguments");
  });

  it("names the index and field of the first problem", () => {
    expect(
      fieldOfError([
        { role: "user", content: "a" },
        { role: "robot", content: "b" },
      ]),
    ).toBe("messages[1].role");
    expect(
      fieldOfError([
        { role: "assistant", content: null, tool_calls: [{ id: "x", function: { arguments: "{}" } }] },
      ]),
    ).toBe("messages[0].tool_calls[0].function.name");
    expect(fieldOfError([{ role: "tool", content: "orphan" }])).toBe("messages[0].tool_call_id");
    expect(fieldOfError({ role: "user" })).toBe("messages");
    expect(() => parseHistoryMessages([{ role: "user", content: 3 }])).toThrow(/messages\[0\]\.content/);
  });
});

describe("correction prompts and goals", () => {
  const user = (content: string, kind?: "correction" | "meta"): HistoryMessage =>
    kind ? { role: "user", content, kind } : { role: "user", content };

  it("recognises flagged and automatic retry text as correction prompts", () => {
    expect(isCorrectionPrompt(user("try again", "correction"))).toBe(true);
    expect(isCorrectionPrompt(user("[Request interrupted by user for tool use]"))).toBe(true);
    expect(isCorrectionPrompt(user("<system-reminder>todo list is empty</system-reminder>"))).toBe(true);
    expect(
      isCorrectionPrompt(user("Please re-analyze the current state and output the correct content.")),
    ).toBe(true);
    expect(isCorrectionPrompt(user("请重新分析当前状态，输出正确的内容。"))).toBe(true);
    expect(isCorrectionPrompt(user("请重新分析当前状态,输出正确的内容。"))).toBe(true);
    expect(isCorrectionPrompt(user("Fix the login bug"))).toBe(false);
    expect(isCorrectionPrompt({ role: "assistant", content: "[Request interrupted" })).toBe(false);
  });

  it("cuts the first goal and the latest addition at 120 characters each", () => {
    expect(MAX_GOAL_CHARS).toBe(120);
    const long = `Migrate the billing service from the legacy Stripe charges API to PaymentIntents, ${"keeping every webhook working ".repeat(5)}`;
    const goals = pickUserGoals([user(long), user(`Also ${long}`)]);
    expect(goals.first?.length).toBe(120);
    expect(goals.first?.endsWith("...")).toBe(true);
    expect(goals.latest?.length).toBe(120);
    expect(goals.first?.startsWith("Migrate the billing service")).toBe(true);
    const summary =
      compactHistory({ messages: [user(long), user(`Also ${long}`)] }).messages[1].content ?? "";
    expect(summary).toContain(`- User goal: ${goals.first}; latest addition: ${goals.latest}`);
  });

  it("takes only real user text for goals", () => {
    expect(userGoalText(user("  Fix the login bug \n details"))).toBe("Fix the login bug \n details");
    expect(userGoalText(user("expanded command prompt", "meta"))).toBeNull();
    expect(userGoalText(user("again", "correction"))).toBeNull();
    expect(userGoalText(user("   "))).toBeNull();
    expect(userGoalText(user("<local-command-stdout>ok</local-command-stdout>"))).toBeNull();
    expect(userGoalText(user("This session is being continued from a previous conversation..."))).toBeNull();
    expect(userGoalText({ role: "tool", content: "result", tool_call_id: "c1" })).toBeNull();
    expect(userGoalText({ role: "assistant", content: "I will" })).toBeNull();
  });

  it("reads slash-command wrappers as a goal only when they carry arguments", () => {
    const withArgs =
      "<command-message>orchestrator is running…</command-message>\n<command-name>/orchestrator</command-name>\n<command-args>update CLAUDE.md</command-args>";
    expect(userGoalText(user(withArgs))).toBe("/orchestrator update CLAUDE.md");
    expect(
      userGoalText(user("<command-message>init…</command-message>\n<command-name>/init</command-name>")),
    ).toBe(null);
    expect(userGoalText(user("<command-name>/clear</command-name><command-args></command-args>"))).toBeNull();
  });
});

describe("fromClaudeCodeTranscript", () => {
  const line = (type: string, content: unknown, extra: Record<string, unknown> = {}): unknown => ({
    type,
    message: { role: type, content, ...(extra.messageId ? { id: extra.messageId } : {}) },
    ...extra,
  });

  it("maps text, tool_use and tool_result blocks and drops thinking", () => {
    const messages = fromClaudeCodeTranscript([
      line("user", "List the files"),
      line("assistant", [
        { type: "thinking", thinking: "hmm" },
        { type: "text", text: "Listing." },
        { type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "ls" } },
      ]),
      line("user", [
        { type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "a.txt" }] },
      ]),
      line("assistant", [{ type: "text", text: "Done." }]),
    ]);
    expect(messages).toEqual([
      { role: "user", content: "List the files" },
      {
        role: "assistant",
        content: "Listing.",
        tool_calls: [
          { id: "toolu_1", type: "function", function: { name: "Bash", arguments: '{"command":"ls"}' } },
        ],
      },
      { role: "tool", content: "a.txt", tool_call_id: "toolu_1", name: "Bash" },
      { role: "assistant", content: "Done." },
    ]);
  });

  it("merges lines of one API response, links results without ids and skips unknown lines", () => {
    const messages = fromClaudeCodeTranscript([
      { type: "system", subtype: "turn_duration" },
      { type: "summary", summary: "x" },
      { type: "user" },
      "not an object",
      line("assistant", [{ type: "text", text: "Two calls." }], { messageId: "m1" }),
      line("assistant", [{ type: "tool_use", name: "Glob", input: { pattern: "*" } }], { messageId: "m1" }),
      line("assistant", [{ type: "tool_use", name: "Read" }], { messageId: "m1" }),
      line("user", [{ type: "tool_result", content: "first" }]),
      line("user", [{ type: "tool_result", content: "second" }]),
      line("assistant", [{ type: "thinking", thinking: "only thinking" }]),
    ]);
    expect(messages).toHaveLength(3);
    expect(messages[0]?.content).toBe("Two calls.");
    expect(messages[0]?.tool_calls?.map((call) => [call.id, call.function.arguments])).toEqual([
      ["call_5_0", '{"pattern":"*"}'],
      ["call_6_0", "{}"],
    ]);
    expect(messages.slice(1)).toEqual([
      { role: "tool", content: "first", tool_call_id: "call_5_0", name: "Glob" },
      { role: "tool", content: "second", tool_call_id: "call_6_0", name: "Read" },
    ]);
  });

  it("flags meta lines, strips system reminders and orders tool results before user text", () => {
    const messages = fromClaudeCodeTranscript([
      line("user", [{ type: "text", text: "expanded /init prompt" }], { isMeta: true }),
      line("assistant", [{ type: "tool_use", id: "t1", name: "Read", input: {} }]),
      line("user", [
        { type: "text", text: "[Request interrupted by user]" },
        {
          type: "tool_result",
          tool_use_id: "t1",
          content: "body\n<system-reminder>be careful</system-reminder>",
        },
      ]),
      line("user", "<system-reminder>only a reminder</system-reminder>"),
      line("user", "Summary of prior context.", { isCompactSummary: true }),
    ]);
    expect(messages).toEqual([
      { role: "user", content: "expanded /init prompt", kind: "meta" },
      expect.objectContaining({ role: "assistant" }),
      { role: "tool", content: "body", tool_call_id: "t1", name: "Read" },
      { role: "user", content: "[Request interrupted by user]" },
      { role: "user", content: "Summary of prior context.", kind: "meta" },
    ]);
  });

  it("drops sidechain lines in a main transcript unless asked to include them", () => {
    const records = [
      line("user", "main goal", { isSidechain: false }),
      line("user", "subagent prompt", { isSidechain: true }),
    ];
    expect(fromClaudeCodeTranscript(records).map((message) => message.content)).toEqual(["main goal"]);
    expect(fromClaudeCodeTranscript(records, { sidechains: "include" })).toHaveLength(2);
    expect(fromClaudeCodeTranscript([records[1]], { sidechains: "exclude" })).toEqual([]);
    expect(fromClaudeCodeTranscript([records[1]])).toEqual([{ role: "user", content: "subagent prompt" }]);
  });

  describe("real fixture transcripts", () => {
    it("converts 5c0375b4 (orchestrator run with inline subagents)", () => {
      const records = readTranscript("5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl");
      const main = fromClaudeCodeTranscript(records);
      expect(main).toHaveLength(25);
      expect(countBy(toolNames(main))).toEqual({
        TodoWrite: 5,
        Glob: 2,
        Task: 3,
        Edit: 1,
        Read: 1,
        MultiEdit: 1,
      });
      expect(main.filter((message) => message.role === "tool")).toHaveLength(13);
      expect(main.filter((message) => message.kind === "meta")).toHaveLength(1);
      expect(main.map(userGoalText).filter((goal) => goal !== null)).toEqual([
        "/orchestrator @CLAUDE.md を最新の状態にアップデートしてください",
      ]);

      const all = fromClaudeCodeTranscript(records, { sidechains: "include" });
      expect(countBy(toolNames(all))).toEqual({
        TodoWrite: 5,
        Glob: 3,
        Task: 3,
        Read: 3,
        Bash: 5,
        Edit: 1,
        MultiEdit: 1,
      });
      expect(all.filter((message) => message.role === "tool")).toHaveLength(21);
      expect(JSON.stringify(all)).not.toContain("<system-reminder>");
    });

    it("pairs every tool call with its result in 1af7fc5e (/init run)", () => {
      const messages = fromClaudeCodeTranscript(readTranscript("1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl"));
      expect(countBy(toolNames(messages))).toEqual({ TodoWrite: 3, Bash: 2, Glob: 6, Write: 1 });
      const callIds = messages.flatMap((message) => (message.tool_calls ?? []).map((call) => call.id));
      const resultIds = messages.flatMap((message) =>
        message.role === "tool" ? [message.tool_call_id] : [],
      );
      expect(new Set(resultIds)).toEqual(new Set(callIds));
      expect(callIds).toHaveLength(12);
      expect(messages.map(userGoalText).filter((goal) => goal !== null)).toEqual([]);
    });

    it("handles Claude Code 2.x line types, missing ids and subagent files", () => {
      const small = readTranscript("agent-sessions-small.jsonl");
      expect(toolNames(fromClaudeCodeTranscript(small))).toEqual(["Bash", "[trimmed for fixture]"]);
      expect(toolNames(fromClaudeCodeTranscript(small, { sidechains: "include" }))).toEqual([
        "bash",
        "Bash",
        "[trimmed for fixture]",
      ]);
      expect(
        fromClaudeCodeTranscript(readTranscript("agent-sessions-schema-drift.jsonl")).map(
          (message) => message.role,
        ),
      ).toEqual(["user", "assistant", "user"]);

      const child = fromClaudeCodeTranscript(
        readTranscript(
          "subagent/0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f/subagents/agent-a0ad4f44468bdf20d.jsonl",
        ),
      );
      expect(child).toEqual([
        { role: "user", content: "Search the repo for TODO comments" },
        {
          role: "assistant",
          content: "Searching.",
          tool_calls: [
            {
              id: "call_1_1",
              type: "function",
              function: { name: "bash", arguments: '{"command":"grep -rn TODO"}' },
            },
          ],
        },
        { role: "tool", content: "a.txt:1: TODO fix", tool_call_id: "call_1_1", name: "bash" },
      ]);
      expect(parseHistoryMessages(child)).toEqual(child);
    });
  });
});
