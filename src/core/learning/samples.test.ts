/**
 * The demo sessions in examples/transcripts/tacit-samples, run through the offline pipeline
 * (signals → tasks → task experience → lesson drafts): each must teach its lesson, and the
 * no-root session must never teach "use root".
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  buildOfflineExperience,
  detectTaskSignals,
  heuristicToLesson,
  segmentTasks,
  type TaskMessage,
} from "./index.js";

const SAMPLES = new URL("../../../examples/transcripts/tacit-samples/", import.meta.url);

const blockSchema = z.object({
  type: z.string(),
  text: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  input: z.unknown().optional(),
  tool_use_id: z.string().optional(),
  content: z.union([z.string(), z.array(z.object({ text: z.string().optional() }))]).optional(),
  is_error: z.boolean().optional(),
});

const lineSchema = z.object({
  type: z.enum(["user", "assistant"]),
  timestamp: z.string(),
  message: z.object({ content: z.union([z.string(), z.array(blockSchema)]) }),
});

/**
 * Claude Code JSONL → rows as the importer stores them: one `text` row per text block, one
 * `tool_call` row per tool use (role `tool`, content = tool name) that its `tool_result` fills
 * in with output and `isError`; `seq` in order from 0.
 */
function sampleRows(file: string): TaskMessage[] {
  const rows: TaskMessage[] = [];
  const calls = new Map<string, TaskMessage>();
  for (const text of readFileSync(new URL(file, SAMPLES), "utf8").split("\n")) {
    if (text.trim() === "") continue;
    const line = lineSchema.parse(JSON.parse(text));
    const content = line.message.content;
    const blocks = typeof content === "string" ? [{ type: "text", text: content }] : content;
    const base = {
      createdAt: Date.parse(line.timestamp),
      toolName: null,
      toolInput: null,
      toolOutput: null,
      isError: false,
    };
    for (const block of blocks) {
      if (block.type === "text" && block.text?.trim()) {
        rows.push({ ...base, seq: rows.length, role: line.type, kind: "text", content: block.text });
      } else if (block.type === "tool_use" && block.name !== undefined) {
        const row: TaskMessage = {
          ...base,
          seq: rows.length,
          role: "tool",
          kind: "tool_call",
          content: block.name,
          toolName: block.name,
          toolInput: JSON.stringify(block.input ?? {}),
        };
        rows.push(row);
        calls.set(block.id ?? "", row);
      } else if (block.type === "tool_result") {
        const row = calls.get(block.tool_use_id ?? "");
        if (row === undefined) continue;
        const output = block.content ?? "";
        row.toolOutput =
          typeof output === "string" ? output : output.map((part) => part.text ?? "").join("\n");
        row.isError = block.is_error === true;
      }
    }
  }
  return rows;
}

/** Signals, tasks and each task's offline experience, as src/learn/learn-session.ts runs them. */
function learn(rows: TaskMessage[]) {
  const signals = detectTaskSignals(rows);
  const tasks = segmentTasks(rows, { signals }).map((task) => ({
    task,
    experience: buildOfflineExperience({
      task,
      messages: rows.filter((row) => task.messageSeqs.includes(row.seq)),
      signals,
    }),
  }));
  return { signals, tasks };
}

/** The one task of a one-task session. */
function onlyTask(rows: TaskMessage[]) {
  const { signals, tasks } = learn(rows);
  expect(tasks).toHaveLength(1);
  const [only] = tasks;
  if (only === undefined) throw new Error("no task");
  expect(only.task.messageSeqs).toEqual(rows.map((row) => row.seq));
  return { signals, ...only };
}

function userRow(rows: TaskMessage[], words: string): TaskMessage {
  const row = rows.find((candidate) => candidate.role === "user" && candidate.content.includes(words));
  if (row === undefined) throw new Error(`no user row with "${words}"`);
  return row;
}

const LESSON_SOURCE = { id: "task-1", sessionId: "session-1", projectId: "project-1" };

describe("tacit-samples: config-yaml", () => {
  const rows = sampleRows("config-yaml.jsonl");
  const correction = userRow(rows, "Not this file");

  it("reads 'Not this file, the app reads config.yaml' as a user correction that stays in the task", () => {
    const { signals, task } = onlyTask(rows);
    expect(task.boundary).toBe("session-start");
    const onCorrection = signals.filter((signal) => signal.seq === correction.seq);
    expect(onCorrection.map((signal) => [signal.type, signal.source, signal.rule])).toEqual([
      ["correction", "user", "explicit-correction"],
    ]);
  });

  it("learns 'Use config.yaml, not config.json' from the user's sentence", () => {
    const { experience } = onlyTask(rows);
    expect(experience.transferableHeuristics).toEqual([
      expect.objectContaining({
        kind: "prefer",
        rule: "Use `config.yaml`, not `config.json`",
        evidence: correction.content,
      }),
    ]);
    expect(experience.transferableHeuristics[0]?.trigger).toBe("Editing configuration files");
  });

  it("records the edit of config.json as a failed attempt replaced by config.yaml", () => {
    const { experience } = onlyTask(rows);
    expect(experience.failedAttempts).toContainEqual({
      attemptLabel: "config.json",
      approachSummary: "Used config.json",
      failureReason: `user correction: ${correction.content}`,
      replacedBy: "config.yaml",
    });
    expect(experience.failedAttempts.filter((attempt) => attempt.replacedBy !== null)).toHaveLength(1);
  });
});

describe("tacit-samples: no-root-zh", () => {
  const rows = sampleRows("no-root-zh.jsonl");
  const constraint = userRow(rows, "不能用 root");
  const twin = rows.map((row) =>
    row.seq === constraint.seq ? { ...row, content: "And it must not run as root, don't use sudo." } : row,
  );

  it.each([
    ["Chinese", rows],
    ["English twin", twin],
  ])("reads two prohibitions as a constraint, not a correction (%s)", (_language, session) => {
    const { signals } = onlyTask(session);
    const onMessage = signals.filter((signal) => signal.seq === constraint.seq);
    expect(onMessage.map((signal) => [signal.type, signal.source])).toEqual([["constraint", "user"]]);
  });

  it.each([
    ["Chinese", rows, /^不能用 root 用户运行开发服务器，不要用 sudo/],
    ["English twin", twin, /^It must not run as root, don't use sudo/],
  ])("learns an avoid heuristic and never 'use root' (%s)", (_language, session, rule) => {
    const { experience } = onlyTask(session);
    expect(experience.transferableHeuristics).toEqual([
      expect.objectContaining({ kind: "avoid", rule: expect.stringMatching(rule) }),
    ]);
    for (const heuristic of experience.transferableHeuristics) {
      expect(heuristic.kind).not.toBe("prefer");
      expect(heuristic.rule).not.toMatch(/应使用 root|use root/i);
    }
    const lesson = heuristicToLesson({
      heuristic: experience.transferableHeuristics[0] as (typeof experience.transferableHeuristics)[number],
      task: LESSON_SOURCE,
      at: 0,
    });
    expect(lesson).toMatchObject({ kind: "avoid", domain: "security" });
  });

  it("records sudo pnpm dev as the failed attempt, replaced by the plain start", () => {
    const { experience } = onlyTask(rows);
    expect(experience.failedAttempts).toEqual([
      {
        attemptLabel: "sudo pnpm dev",
        approachSummary: "Bash: sudo pnpm dev",
        failureReason: "sudo: a terminal is required to read the password",
        replacedBy: "pnpm dev --port 8080",
      },
    ]);
  });
});

describe("tacit-samples: pnpm-not-npm", () => {
  const rows = sampleRows("pnpm-not-npm.jsonl");

  it("learns 'Use pnpm install, not npm install' when installing dependencies", () => {
    const { signals, experience } = onlyTask(rows);
    const correction = userRow(rows, "pnpm workspace");
    expect(signals.filter((signal) => signal.seq === correction.seq).map((signal) => signal.type)).toEqual([
      "correction",
    ]);
    expect(experience.transferableHeuristics).toEqual([
      {
        kind: "prefer",
        trigger: "Installing dependencies",
        rule: "Use `pnpm install`, not `npm install`",
        why: "The user corrected this",
        evidence: "Use pnpm install, never npm install here.",
        confidence: 0.8,
        // "never … here" states it for the project: a convention, governing the package manager.
        slot: { id: "package-manager", value: "pnpm" },
        convention: true,
      },
    ]);
    expect(correction.content).toContain(experience.transferableHeuristics[0]?.evidence);
  });

  it("records both npm installs as failed attempts replaced by pnpm install", () => {
    const { experience } = onlyTask(rows);
    expect(experience.failedAttempts.map((attempt) => [attempt.approachSummary, attempt.replacedBy])).toEqual(
      [
        ["Bash: npm install", "pnpm install"],
        ["Bash: npm install --legacy-peer-deps", "pnpm install"],
      ],
    );
  });
});

describe("tacit-samples: git-no-force-push", () => {
  const rows = sampleRows("git-no-force-push.jsonl");

  it("learns to pull with rebase before pushing again, and never to force-push", () => {
    const { experience } = onlyTask(rows);
    const heuristics = experience.transferableHeuristics;
    expect(heuristics).toHaveLength(2);
    expect(heuristics).toContainEqual(
      expect.objectContaining({ kind: "avoid", rule: "Never force-push to main." }),
    );
    const retry = heuristics.find((heuristic) => heuristic.kind === "prefer");
    expect(retry?.rule).toMatch(/git pull --rebase origin main/);
    expect(retry?.rule).toMatch(/git push origin main/);
    expect(retry?.rule).toMatch(/non-fast-forward/);
    expect(retry?.trigger).toMatch(/git push origin main.*non-fast-forward/);
    expect(retry?.evidence).toBe("! [rejected]        main -> main (non-fast-forward)");
    const lesson = heuristicToLesson({
      heuristic: retry as NonNullable<typeof retry>,
      task: LESSON_SOURCE,
      at: 0,
    });
    expect(lesson).toMatchObject({ kind: "prefer", domain: "git" });
  });

  it("records the rejected push and the refused force-push as failed attempts", () => {
    const { experience } = onlyTask(rows);
    expect(experience.failedAttempts).toEqual([
      {
        attemptLabel: "git push origin",
        approachSummary: "Bash: git push origin main",
        failureReason: "! [rejected]        main -> main (non-fast-forward)",
        replacedBy: "git pull --rebase origin main && git push origin main",
      },
      {
        attemptLabel: "git push --force",
        approachSummary: "Bash: git push --force origin main",
        failureReason: "remote: error: GH006: Protected branch update failed for refs/heads/main.",
        // The call that did the job is the later push, not the pull between (another git command).
        replacedBy: "git push origin main",
      },
    ]);
  });
});
