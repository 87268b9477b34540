import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openRuntime } from "../../runtime.js";
import { runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir();

/** A temporary home, the CLI on it (offline), and a clock the test moves. */
function home() {
  const dir = tempDir();
  let clock = Date.UTC(2026, 10, 18, 12);
  const tacit = (argv: string[], stdin?: string) =>
    runTacit(argv, {
      env: { TACIT_HOME: dir },
      cwd: dir,
      now: () => clock,
      ...(stdin !== undefined ? { stdin } : {}),
    });
  const decide = (message: string, extra: string[] = []) =>
    tacit(["gate", "decide", "--json", ...extra], JSON.stringify({ current_user_message: message }));
  return { dir, tacit, decide, advance: (ms: number) => (clock += ms) };
}

describe("tacit gate decide", () => {
  it("reads the contract on stdin and prints {decision, candidate_fact, reason} (and the stored id)", async () => {
    const { tacit } = home();
    const input = {
      recent_messages: [{ role: "assistant", message: "Shall I set up the weekly sync?" }],
      current_user_message: "Yes. I prefer morning check-ins.",
      current_agent_reply: "Noted!",
    };
    const result = await tacit(["gate", "decide", "--json"], JSON.stringify(input));
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(output)).toEqual(["decision", "candidate_fact", "reason", "decision_id"]);
    expect(output).toMatchObject({ decision: "UPDATE_USER", candidate_fact: "prefers morning check-ins" });
    expect(output.reason).toMatch(/lasting preference/);

    const nothing = await tacit(
      ["gate", "decide", "--json"],
      JSON.stringify({ current_user_message: "I prefer the blue one for this button" }),
    );
    expect(JSON.parse(nothing.stdout)).toMatchObject({ decision: "NO_WRITE", candidate_fact: null });

    const shown = await tacit(["gate", "show", output.decision_id as string, "--json", "--with-context"]);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      id: output.decision_id,
      decision: "UPDATE_USER",
      model: "offline-rules/v1",
      context: [
        { role: "assistant", message: "Shall I set up the weekly sync?", seq: null },
        { role: "user", message: "Yes. I prefer morning check-ins.", seq: null },
        { role: "assistant", message: "Noted!", seq: null },
      ],
    });
  });

  it.each([
    [
      '{"current_user_message": 3}',
      "tacit: stdin, field current_user_message: Invalid input: expected string, received number",
    ],
    [
      '{"current_user_message": "x", "recent_messages": [{"role": "bot", "message": "x"}]}',
      "field recent_messages[0].role",
    ],
    ['{"recent_messages": []}', "field current_user_message"],
    ["{oops", "tacit: stdin: not JSON"],
    ["", "stdin is empty"],
  ])("refuses %s, naming the field", async (stdin, message) => {
    const { tacit } = home();
    const result = await tacit(["gate", "decide", "--json"], stdin);
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(message);
  });

  it("refuses an unknown mode and an unknown session", async () => {
    const { decide } = home();
    expect((await decide("hi", ["--mode", "fast"])).stderr).toContain(
      '--mode must be offline, model, auto, got "fast"',
    );
    expect((await decide("hi", ["--session", "nope"])).stderr).toContain("session nope not found");
  });
});

describe("tacit gate list, show, stats, export", () => {
  async function seeded() {
    const context = home();
    await context.decide("I prefer tea.");
    context.advance(86_400_000);
    await context.decide("Your name is Aria.");
    context.advance(1000);
    await context.decide("=cmd|' /C calc'!A0, I prefer \"quoted\" things, always");
    context.advance(7 * 86_400_000);
    await context.decide("I'm tired today.");
    return context;
  }

  it("lists newest first, with filters, as a table or JSON", async () => {
    const { tacit } = await seeded();
    const json = JSON.parse((await tacit(["gate", "list", "--json"])).stdout) as Array<{ decision: string }>;
    expect(json.map((item) => item.decision)).toEqual([
      "NO_WRITE",
      "UPDATE_USER",
      "UPDATE_IDENTITY",
      "UPDATE_USER",
    ]);
    const users = JSON.parse(
      (await tacit(["gate", "list", "--json", "--decision", "user"])).stdout,
    ) as unknown[];
    expect(users).toHaveLength(2);
    const since = await tacit(["gate", "list", "--json", "--since", "2026-11-19", "--until", "2026-11-20"]);
    expect((JSON.parse(since.stdout) as Array<{ decision: string }>).map((item) => item.decision)).toEqual([
      "UPDATE_USER",
      "UPDATE_IDENTITY",
    ]);
    const table = await tacit(["gate", "list", "--limit", "1"]);
    expect(table.stdout).toMatch(/^ID\s+TIME\s+SESSION\s+DECISION\s+MODEL\s+FACT OR REASON\n/);
    expect(table.stdout.trim().split("\n")).toHaveLength(2);
    expect((await tacit(["gate", "list", "--decision", "profile"])).stderr).toContain("--decision must list");
    expect((await tacit(["gate", "list", "--since", "yesterday"])).stderr).toContain(
      "--since must be a date",
    );
  });

  it("counts per decision overall, per day and per week", async () => {
    const { tacit } = await seeded();
    const all = JSON.parse((await tacit(["gate", "stats", "--json"])).stdout) as Array<{
      total: number;
      decisions: Record<string, number>;
    }>;
    expect(all).toHaveLength(1);
    expect(all[0]?.total).toBe(4);
    expect(all[0]?.decisions.UPDATE_USER).toBe(2);
    const daily = JSON.parse((await tacit(["gate", "stats", "--daily", "--json"])).stdout) as Array<{
      period: string;
    }>;
    expect(daily.map((row) => row.period)).toEqual(["2026-11-18", "2026-11-19", "2026-11-26"]);
    const weekly = JSON.parse((await tacit(["gate", "stats", "--weekly", "--json"])).stdout) as Array<{
      period: string;
      total: number;
    }>;
    expect(weekly.map((row) => [row.period, row.total])).toEqual([
      ["2026-11-16", 3],
      ["2026-11-23", 1],
    ]);
    expect((await tacit(["gate", "stats"])).stdout).toMatch(/^PERIOD\s+TOTAL\s+NO_WRITE\s+MEMORY\s+USER/);
    expect((await tacit(["gate", "stats", "--daily", "--weekly"])).stderr).toContain("choose one of");
  });

  it("exports as JSON, CSV (quoted, formulas defused) and Markdown, to stdout or a file", async () => {
    const { tacit, dir } = await seeded();
    const json = JSON.parse((await tacit(["gate", "export", "--format", "json"])).stdout) as Array<{
      decision: string;
    }>;
    expect(json.map((item) => item.decision)).toEqual([
      "UPDATE_USER",
      "UPDATE_IDENTITY",
      "UPDATE_USER",
      "NO_WRITE",
    ]);

    const file = join(dir, "gate.csv");
    const written = await tacit(["gate", "export", "--format", "csv", "-o", file, "--json"]);
    expect(JSON.parse(written.stdout)).toEqual({ file, format: "csv", decisions: 4 });
    const csv = readFileSync(file, "utf8").split("\r\n");
    expect(csv[0]).toBe(
      "id,createdAt,sessionId,turnId,decision,candidateFact,reason,decidedBy,confidence,model,latencyMs,promptTokens,completionTokens,warning",
    );
    const formula = csv.find((line) => line.includes("calc"));
    expect(formula).toContain(`"'=cmd|' /C calc'!A0, they prefer ""quoted"" things, always"`);

    const markdown = (
      await tacit([
        "gate",
        "export",
        "--format",
        "markdown",
        "--decision",
        "UPDATE_IDENTITY",
        "--with-context",
      ])
    ).stdout;
    expect(markdown).toMatch(/^# Memory gate decisions\n\n\| id \| time \|/);
    expect(markdown).toContain("| UPDATE_IDENTITY | name is Aria |");
    expect(markdown).toContain("| ↳ user | Your name is Aria. |");
    expect((await tacit(["gate", "export", "--format", "xml"])).stderr).toContain(
      "--format must be json, csv, markdown",
    );
  });

  it("shows one decision, and says how to find them when it does not exist", async () => {
    const { tacit } = await seeded();
    const [latest] = JSON.parse((await tacit(["gate", "list", "--json", "--limit", "1"])).stdout) as Array<{
      id: string;
    }>;
    const shown = await tacit(["gate", "show", latest?.id ?? ""]);
    expect(shown.stdout).toMatch(/^NO_WRITE\n/);
    expect(shown.stdout).toMatch(/reason: +a passing mood or state/);
    const missing = await tacit(["gate", "show", "nope"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("gate decision nope not found (list them with: tacit gate list)");
  });
});

describe("tacit gate run", () => {
  it("decides the stored turns not decided yet and lists them with their window", async () => {
    const { tacit, dir } = home();
    const rt = await openRuntime({ env: { TACIT_HOME: dir } });
    try {
      const sessionId = await rt.capture.upsertSession({ agent: "generic", sourceSessionId: "run-1" });
      await rt.capture.appendMessages(sessionId, [
        { role: "user", content: "Hi, I'm planning a trip." },
        { role: "assistant", content: "Great! Any preferences?" },
        { role: "user", content: "I always prefer aisle seats." },
        { role: "assistant", content: "Noted." },
      ]);
    } finally {
      await rt.close();
    }
    const run = await tacit(["gate", "run", "--json"]);
    expect(JSON.parse(run.stdout)).toMatchObject({
      enabled: true,
      decided: 2,
      decisions: { NO_WRITE: 1, UPDATE_USER: 1 },
    });
    expect((await tacit(["gate", "run"])).stdout).toBe("Decided 0 turn(s).\n");
    const listed = (await tacit(["gate", "list", "--with-context", "--decision", "user"])).stdout;
    expect(listed).toMatch(/UPDATE_USER {2}always prefers aisle seats\n/);
    expect(listed).toContain(
      "    #1 assistant: Great! Any preferences?\n    #2 user: I always prefer aisle seats.\n",
    );
  });
});

describe("tacit gate eval", () => {
  it("prints accuracy, per-decision precision and recall and the confusion matrix; --min-accuracy fails below", async () => {
    const { tacit, dir } = home();
    const file = join(dir, "set.jsonl");
    writeFileSync(
      file,
      [
        '{"id": "a", "current_user_message": "I prefer tea.", "expected_decision": "UPDATE_USER"}',
        '{"id": "b", "current_user_message": "I prefer the blue one for this button.", "expected_decision": "NO_WRITE"}',
        '{"id": "c", "current_user_message": "The report has three sections.", "expected_decision": "UPDATE_MEMORY"}',
      ].join("\n"),
    );
    const text = await tacit(["gate", "eval", file]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("accuracy 0.667 (2/3); en 0.67 (2/3)");
    expect(text.stdout).toMatch(/UPDATE_MEMORY\s+1\s+0\s+-\s+0\.00/);
    expect(text.stdout).toContain("c (line 3): labelled UPDATE_MEMORY, decided NO_WRITE");
    const json = JSON.parse((await tacit(["gate", "eval", file, "--json"])).stdout) as {
      accuracy: number;
      confusion: Record<string, Record<string, number>>;
    };
    expect(json.confusion.UPDATE_MEMORY?.NO_WRITE).toBe(1);
    const floored = await tacit(["gate", "eval", file, "--min-accuracy", "0.9"]);
    expect(floored.code).toBe(1);
    expect(floored.stderr).toContain("accuracy 0.667 is below --min-accuracy 0.9");
    const broken = await tacit(["gate", "eval", join(dir, "missing.jsonl")]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("missing.jsonl");
  });
});
