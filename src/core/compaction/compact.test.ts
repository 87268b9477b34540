import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { transcriptFixture } from "../../testing/fixtures.js";
import { InvalidInputError } from "../errors.js";
import {
  collectLoopRecords,
  compactHistory,
  NO_RESULT_TEXT,
  renderToolCatalog,
  TRIMMED_OBSERVATION_TEXT,
} from "./compact.js";
import type { HistoryMessage } from "./history.js";
import { fromClaudeCodeTranscript } from "./history.js";
import { estimateTokens } from "./tokens.js";

const FIXTURES = transcriptFixture("claude-code");

interface Call {
  tool: string;
  result?: string;
  thought?: string;
}

/** One assistant message per call (with its thought as content), followed by its result. */
function loop(calls: Call[], offset = 0): HistoryMessage[] {
  return calls.flatMap((call, index) => {
    const id = `c${offset + index}`;
    const messages: HistoryMessage[] = [
      {
        role: "assistant",
        content: call.thought ?? null,
        tool_calls: [
          {
            id,
            type: "function",
            function: { name: call.tool, arguments: JSON.stringify({ n: offset + index }) },
          },
        ],
      },
    ];
    if (call.result !== undefined) messages.push({ role: "tool", content: call.result, tool_call_id: id });
    return messages;
  });
}

function windowLines(
  message: HistoryMessage | undefined,
  label: "thought" | "tool_call" | "observation",
): string[] {
  const prefix = new RegExp(`^(?:\\d+\\)|  ) ${label}: `);
  return (message?.content ?? "")
    .split("\n")
    .filter((line) => prefix.test(line))
    .map((line) => line.replace(prefix, ""));
}

describe("compactHistory", () => {
  const tools = ["Bash", "Read", "Bash", "Glob", "Read", "Edit", "Bash", "bash", "Read", "Glob", "Edit"];
  const history: HistoryMessage[] = [
    { role: "system", content: "Be careful." },
    { role: "user", content: "Fix the failing test in parser.ts" },
    ...loop(tools.map((tool, index) => ({ tool, result: `result ${index}` }))),
  ];

  it("always returns the four-message skeleton", () => {
    const { messages } = compactHistory({ messages: history });
    expect(messages.map((message) => message.role)).toEqual(["system", "assistant", "assistant", "system"]);
    for (const message of messages) expect(typeof message.content).toBe("string");
  });

  it("keeps exactly the last 8 records and folds the rest into tool×count", () => {
    const { messages, stats } = compactHistory({ messages: history });
    expect(windowLines(messages[2], "tool_call")).toEqual([
      'Glob({"n":3})',
      'Read({"n":4})',
      'Edit({"n":5})',
      'Bash({"n":6})',
      'bash({"n":7})',
      'Read({"n":8})',
      'Glob({"n":9})',
      'Edit({"n":10})',
    ]);
    expect(messages[1]?.content).toContain(
      "- Early ReAct summary: Folded 3 earlier records: Bash×2, Read×1.",
    );
    expect(stats).toMatchObject({ inputMessages: 24, loopRecords: 11, foldedRecords: 3, windowRecords: 8 });
  });

  it("keeps the newest observation of each tool verbatim and replaces older ones", () => {
    const { messages, stats } = compactHistory({ messages: history });
    expect(windowLines(messages[2], "observation")).toEqual([
      TRIMMED_OBSERVATION_TEXT, // Glob 3, newer Glob 9
      TRIMMED_OBSERVATION_TEXT, // Read 4, newer Read 8
      TRIMMED_OBSERVATION_TEXT, // Edit 5, newer Edit 10
      TRIMMED_OBSERVATION_TEXT, // Bash 6, newer "bash" 7 (names compare case-insensitively)
      "result 7",
      "result 8",
      "result 9",
      "result 10",
    ]);
    expect(stats.trimmedObservations).toBe(4);
  });

  it("keeps multi-line observations whole", () => {
    const observation = "line one\n  line two\n\nline four";
    const { messages } = compactHistory({ messages: loop([{ tool: "Read", result: `${observation}\n` }]) });
    expect(messages[2]?.content).toContain(`   observation: ${observation}`);
  });

  it("binds each call to the latest assistant text before it", () => {
    const messages: HistoryMessage[] = [
      { role: "assistant", content: "Too early: a user turn comes next." },
      { role: "user", content: "Do it" },
      ...loop([{ tool: "Glob", result: "a" }]),
      { role: "assistant", content: "I will read the file.\nSecond line is dropped." },
      ...loop(
        [
          { tool: "Read", result: "b" },
          { tool: "Grep", result: "c" },
        ],
        1,
      ),
      ...loop([{ tool: "Edit", result: "d", thought: `Now edit ${"x".repeat(200)}` }], 3),
    ];
    const result = compactHistory({ messages, maxThoughtChars: 20 });
    expect(windowLines(result.messages[2], "thought")).toEqual([
      "(not recorded)",
      "I will read the f...",
      "(same as above)",
      "Now edit xxxxxxxx...",
    ]);
    expect(collectLoopRecords(messages).map((record) => record.thought)[2]).toBe("I will read the file.");
  });

  it("shows calls without a result as pending and empty results as empty", () => {
    const { messages } = compactHistory({
      messages: [...loop([{ tool: "Bash", result: "  " }]), ...loop([{ tool: "Read" }], 1)],
    });
    expect(windowLines(messages[2], "observation")).toEqual(["(empty result)", NO_RESULT_TEXT]);
  });

  it("takes the first and latest real user goal, never a correction prompt", () => {
    const messages: HistoryMessage[] = [
      { role: "user", content: "[Request interrupted by user]" },
      { role: "user", content: "Plan a trip to Kyoto\nwith details" },
      ...loop([{ tool: "search", result: "ok" }]),
      { role: "user", content: "Please re-analyze the current state and output the correct content." },
      { role: "user", content: "Also book the hotel" },
      { role: "user", content: "请重新分析当前状态，输出正确的内容。" },
      { role: "user", content: "Return JSON", kind: "correction" },
      { role: "user", content: "<system-reminder>keep going</system-reminder>" },
      { role: "user", content: "expanded command text", kind: "meta" },
    ];
    const result = compactHistory({ messages });
    expect(result.messages[1]?.content).toContain(
      "- User goal: Plan a trip to Kyoto; latest addition: Also book the hotel",
    );
    expect(result.messages[3]?.content).toContain("- Initial user goal: Plan a trip to Kyoto");
    expect(result.messages[3]?.content).not.toContain("JSON");
  });

  it("states a single goal once", () => {
    const result = compactHistory({ messages: [{ role: "user", content: "Only goal" }] });
    expect(result.messages[1]?.content).toContain("- User goal: Only goal\n");
  });

  it("handles an empty history", () => {
    const { messages, stats } = compactHistory({ messages: [] });
    expect(messages).toHaveLength(4);
    expect(messages[1]?.content).toContain("- User goal: no usable user input in the history.");
    expect(messages[1]?.content).toContain("- Early ReAct summary: none.");
    expect(messages[2]?.content).toContain("- No ReAct records yet.");
    expect(stats).toEqual({
      inputMessages: 0,
      loopRecords: 0,
      foldedRecords: 0,
      windowRecords: 0,
      trimmedObservations: 0,
      inputTokens: 0,
      outputTokens: stats.outputTokens,
      savedRatio: 0,
    });
  });

  it("handles a history without tool calls", () => {
    const messages: HistoryMessage[] = [
      { role: "user", content: "Explain monads" },
      { role: "assistant", content: "A monad is..." },
    ];
    const result = compactHistory({ messages });
    expect(result.stats.loopRecords).toBe(0);
    expect(result.messages[2]?.content).toContain("- No ReAct records yet.");
    expect(result.messages[1]?.content).toContain("- User goal: Explain monads");
  });

  it("says when the window covers every record", () => {
    const result = compactHistory({ messages: loop([{ tool: "Bash", result: "ok" }]) });
    expect(result.messages[1]?.content).toContain("none (the window covers every ReAct record).");
  });

  it("uses a configurable window and rejects a bad one", () => {
    const result = compactHistory({ messages: history, windowLimit: 2 });
    expect(result.stats).toMatchObject({ foldedRecords: 9, windowRecords: 2, trimmedObservations: 0 });
    expect(result.messages[1]?.content).toContain(
      "Folded 9 earlier records: Bash×3, Edit×1, Glob×1, Read×3, bash×1.",
    );
    expect(() => compactHistory({ messages: [], windowLimit: 0 })).toThrow(InvalidInputError);
    expect(() => compactHistory({ messages: [], windowLimit: 1.5 })).toThrow(/windowLimit/);
  });

  it("renders rules, tools, state and the first line of the instruction", () => {
    const result = compactHistory({
      messages: history,
      systemPrompt: "You schedule tasks.",
      tools: [{ name: "move", description: "Moves a task.\nMore text.", parameters: {} }],
      state: { round: 3, maxRounds: 10, notes: ["Do not touch course slots.", "  "] },
      instruction: "Output strict JSON.\nIgnored second line.",
      maxArgsChars: 4,
    });
    const [rules, , window, state] = result.messages;
    expect(rules?.content).toMatch(/^You schedule tasks\.\n\nBe careful\.\n\nContext rules:\n/);
    expect(rules?.content).toContain("Available tools (compact):\n1. move: Moves a task.\n   params: none");
    expect(window?.content).toContain("tool_call: Edit({...)");
    expect(state?.content).toBe(
      [
        "Current execution state:",
        "- Round: 3/10",
        "- Tool records: 11 (3 folded, 8 in the window)",
        "Execution anchors:",
        "- Initial user goal: Fix the failing test in parser.ts",
        "- Note: Do not touch course slots.",
        "- When to end the loop: decide from the tool records yourself.",
        "Instruction for this round: Output strict JSON.",
      ].join("\n"),
    );
    expect(compactHistory({ messages: [] }).messages[3]?.content).toContain(
      "Instruction for this round: Continue the current task",
    );
  });
});

describe("renderToolCatalog", () => {
  it("summarises JSON-schema parameters", () => {
    const catalog = renderToolCatalog([
      {
        name: "list_tasks",
        description: "Lists tasks.",
        parameters: {
          type: "object",
          properties: {
            status: { type: "string", enum: ["suggested", "existing"] },
            limit: { type: "integer" },
            query: { type: ["string", "null"] },
            mode: { enum: ["a", "b"] },
            raw: {},
          },
          required: ["status"],
        },
      },
      { name: "  " },
      { name: "get_overview" },
    ]);
    expect(catalog).toBe(
      [
        "Available tools (compact):",
        "1. list_tasks: Lists tasks.",
        "   params: status(required,string:suggested/existing), limit(optional,integer), query(optional,string|null), mode(optional,enum:a/b), raw(optional)",
        "2. get_overview: no description",
        "   params: none",
      ].join("\n"),
    );
    expect(renderToolCatalog([])).toBe("");
  });
});

describe("estimateTokens", () => {
  it("counts about 4 ASCII characters and 1 CJK character per token", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("a")).toBe(1);
    expect(estimateTokens("abcdefgh")).toBe(2);
    expect(estimateTokens("请重新分析")).toBe(5);
    expect(estimateTokens("アップデート")).toBe(6);
    expect(estimateTokens("héllo")).toBe(2); // 4 ASCII = 1, "é" = 0.5
    expect(estimateTokens("😀")).toBe(1);
  });
});

describe("compaction properties", () => {
  const correctionTexts = [
    "[Request interrupted by user]",
    "Please re-analyze the current state and output the correct content.",
    "请重新分析当前状态，输出正确的内容。",
    "<system-reminder>x</system-reminder>",
  ];
  const step = fc.oneof(
    fc.record({ kind: fc.constant("goal" as const), correction: fc.nat(correctionTexts.length) }),
    fc.record({
      kind: fc.constant("calls" as const),
      thought: fc.option(fc.constantFrom("look", "edit next"), { nil: undefined }),
      calls: fc.array(
        fc.record({ tool: fc.constantFrom("Bash", "bash", "Read", "Edit", "glob"), answered: fc.boolean() }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
  );

  it("keeps four messages, a bounded window and exactly the newest observation per tool", () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 30 }),
        fc.integer({ min: 1, max: 10 }),
        (steps, windowLimit) => {
          const messages: HistoryMessage[] = [];
          const calls: Array<{ tool: string; call: string; observation: string }> = [];
          const goals: string[] = [];
          steps.forEach((item, index) => {
            if (item.kind === "goal") {
              const correction = correctionTexts[item.correction];
              if (correction === undefined) goals.push(`goal ${index}`);
              messages.push({ role: "user", content: correction ?? `goal ${index}` });
              return;
            }
            const ids = item.calls.map((_, callIndex) => `c${index}_${callIndex}`);
            messages.push({
              role: "assistant",
              content: item.thought ?? null,
              tool_calls: item.calls.map((call, callIndex) => ({
                id: ids[callIndex] ?? "",
                type: "function" as const,
                function: { name: call.tool, arguments: `{"at":"${index}.${callIndex}"}` },
              })),
            });
            item.calls.forEach((call, callIndex) => {
              const observation = call.answered ? `[obs ${index}.${callIndex}]` : NO_RESULT_TEXT;
              calls.push({
                tool: call.tool,
                call: `${call.tool}({"at":"${index}.${callIndex}"})`,
                observation,
              });
              if (call.answered)
                messages.push({ role: "tool", content: observation, tool_call_id: ids[callIndex] ?? "" });
            });
          });

          const result = compactHistory({ messages, windowLimit });
          expect(result.messages.map((message) => message.role)).toEqual([
            "system",
            "assistant",
            "assistant",
            "system",
          ]);

          const window = calls.slice(Math.max(0, calls.length - windowLimit));
          expect(windowLines(result.messages[2], "tool_call")).toEqual(window.map((entry) => entry.call));
          expect(result.stats.windowRecords).toBeLessThanOrEqual(windowLimit);
          expect(result.stats.foldedRecords + result.stats.windowRecords).toBe(calls.length);

          const expected = window.map((entry, position) => {
            const newer = window
              .slice(position + 1)
              .some((later) => later.tool.toLowerCase() === entry.tool.toLowerCase());
            return newer ? TRIMMED_OBSERVATION_TEXT : entry.observation;
          });
          expect(windowLines(result.messages[2], "observation")).toEqual(expected);

          const initial = goals[0] ?? "none recorded; proceed from the current context.";
          expect(result.messages[3]?.content).toContain(`- Initial user goal: ${initial}\n`);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("fixture transcripts", () => {
  const files = [
    "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl",
    "1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl",
    "agent-sessions-small.jsonl",
  ];
  const load = (file: string): unknown[] =>
    readFileSync(join(FIXTURES, file), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line): unknown => JSON.parse(line));

  it("saves at least 60% on the longest transcript with the window rules intact", () => {
    const messages = fromClaudeCodeTranscript(load(files[0] ?? ""));
    const { stats, messages: output } = compactHistory({ messages });
    expect(stats).toMatchObject({
      loopRecords: 13,
      foldedRecords: 5,
      windowRecords: 8,
      trimmedObservations: 3,
    });
    expect(output[1]?.content).toContain("Folded 5 earlier records: Glob×2, Task×1, TodoWrite×2.");
    expect(stats.savedRatio).toBeGreaterThanOrEqual(0.6);
  });

  it("reports the saved ratio of each fixture", () => {
    const report = files.flatMap((file) =>
      (["auto", "include"] as const).map((sidechains) => {
        const { stats } = compactHistory({ messages: fromClaudeCodeTranscript(load(file), { sidechains }) });
        return `${file} (${sidechains}): ${stats.loopRecords} records, ${stats.inputTokens} → ${stats.outputTokens} tokens, saved ${(stats.savedRatio * 100).toFixed(1)}%`;
      }),
    );
    console.info(report.join("\n"));
    expect(report).toHaveLength(6);
  });
});
