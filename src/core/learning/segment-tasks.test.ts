import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Step, taskRows } from "../../testing/task-rows.js";
import {
  countWords,
  MAX_SUMMARY_CHARS,
  MAX_TITLE_CHARS,
  segmentTasks,
  summarizeTask,
  type TaskSegment,
  taskTitle,
} from "./segment-tasks.js";
import type { TaskMessage } from "./task-message.js";

const MINUTE = 60_000;

/** Rows 10 s apart (plus any `wait`) from 09:00:10 UTC on 2025-06-01. */
const rows = (steps: Step[]) => taskRows(steps, { start: Date.UTC(2025, 5, 1, 9) + 10_000 });

function ranges(segments: TaskSegment[]): string[] {
  return segments.map((segment) => `${segment.startSeq}-${segment.endSeq} ${segment.boundary}`);
}

const LOGIN_FIX: Step[] = [
  { user: "Fix the login redirect: after sign-in users land on /home instead of /dashboard" },
  { tool: "Read", input: { file_path: "src/auth.ts" }, output: "export function redirectAfterLogin() {}" },
  { tool: "Edit", input: { file_path: "src/auth.ts" }, output: "The file src/auth.ts has been updated." },
  { assistant: "Fixed the redirect in src/auth.ts; users now land on /dashboard." },
];

describe("segmentTasks: new tasks", () => {
  it("starts a new task for an unrelated goal after a 40-minute gap", () => {
    const session = rows([
      ...LOGIN_FIX,
      { wait: 40 * MINUTE },
      { user: "Write a README section that explains how to deploy to staging" },
      { tool: "Edit", input: { file_path: "README.md" }, output: "updated" },
      { assistant: "Added a Deploying section." },
    ]);
    const tasks = segmentTasks(session);
    expect(ranges(tasks)).toEqual(["0-3 session-start", "4-6 idle-gap"]);
    expect(tasks[1]?.goal).toBe("Write a README section that explains how to deploy to staging");
    expect(tasks[1]?.title).toBe("Write a README section that explains how to deploy to staging");
  });

  it("starts a new task at an explicit new goal, even a related one", () => {
    const session = rows([
      { user: "Add a slugify helper to src/lib/strings.ts" },
      { tool: "Edit", input: { file_path: "src/lib/strings.ts" }, output: "updated" },
      { assistant: "Added slugify." },
      { user: "Great, now let's add tests for it" },
      { tool: "Write", input: { file_path: "src/lib/strings.test.ts" }, output: "created" },
    ]);
    expect(ranges(segmentTasks(session))).toEqual(["0-2 session-start", "3-4 explicit-new-goal"]);
  });

  it("starts new tasks at Chinese openers", () => {
    const session = rows([
      { user: "修复登录后跳转到首页的问题" },
      { assistant: "已修复跳转逻辑。" },
      { user: "接下来帮我写一个部署文档" },
      { assistant: "好的，已写好 docs/deploy.md。" },
      { user: "另外，把 README 的安装步骤也更新一下" },
      { assistant: "已更新。" },
      { user: "换个话题，数据库连接池应该设多大？" },
    ]);
    expect(ranges(segmentTasks(session))).toEqual([
      "0-1 session-start",
      "2-3 explicit-new-goal",
      "4-5 explicit-new-goal",
      "6-6 explicit-new-goal",
    ]);
  });

  it("starts a new task for an unrelated request without a gap", () => {
    const session = rows([
      { user: "Fix the flaky date test in tests/date.test.ts" },
      { assistant: "Pinned the timezone to UTC in the test setup." },
      { user: "Write a Dockerfile for the api service based on node 20 alpine" },
      { assistant: "Added Dockerfile." },
    ]);
    expect(ranges(segmentTasks(session))).toEqual(["0-1 session-start", "2-3 unrelated-goal"]);
  });
});

describe("segmentTasks: staying in the task", () => {
  it("keeps a statement right after a failed tool call, in English and Chinese", () => {
    const english = rows([
      { user: "check that the health endpoint reports the new version" },
      { tool: "Bash", input: "curl -s localhost:8080/health", output: "Connection refused", error: true },
      { user: "the API listens on 8081 locally, 8080 was the old gateway" },
      { tool: "Bash", input: "curl -s localhost:8081/health", output: '{"status":"ok"}' },
    ]);
    expect(ranges(segmentTasks(english))).toEqual(["0-3 session-start"]);
    const chinese = rows([
      { user: "打包一下，准备发测试环境" },
      { tool: "Bash", input: "pnpm build", output: "FATAL ERROR: heap out of memory", error: true },
      { user: "每次都这样。build 之前先设置 NODE_OPTIONS=--max-old-space-size=4096" },
    ]);
    expect(ranges(segmentTasks(chinese))).toEqual(["0-2 session-start"]);
  });

  it("keeps a message that shares words with the commands the agent ran", () => {
    const session = rows([
      { user: "commit the retry changes" },
      { tool: "Bash", input: 'git add -A && git commit -m "Fixed retry stuff"', output: "[main 4e1d2c9]" },
      { user: "Please use conventional commits, like fix: or feat: with a scope, our tooling reads them." },
    ]);
    expect(ranges(segmentTasks(session))).toEqual(["0-2 session-start"]);
  });

  it("keeps a correction right after an assistant turn", () => {
    const session = rows([
      { user: "Rename the getUser function to fetchUser everywhere" },
      { assistant: "Renamed getUser to fetchUser in 4 files." },
      { user: "No, use loadUser instead." },
      { assistant: "Renamed to loadUser." },
      { user: "不是这个文件，应该是 config.yaml" },
    ]);
    expect(ranges(segmentTasks(session))).toEqual(["0-4 session-start"]);
  });

  it("keeps pushback on what was just done, though it shares no word with the task", () => {
    for (const pushback of [
      "wait, thats the wrong redis — 6379 is my other project's instance",
      "too much text. when you fix something just show me the diff",
      "pls dont pull in new packages without asking me first, this ships to the edge",
      "100 rows?? there are thousands, the orders api paginates with a cursor",
    ]) {
      const session = rows([
        { user: "flush the local cache, the tests keep picking up stale keys" },
        { tool: "Bash", input: "redis-cli FLUSHALL", output: "OK" },
        { user: pushback },
      ]);
      expect(ranges(segmentTasks(session)), pushback).toEqual(["0-2 session-start"]);
    }
  });

  it("keeps a repo convention, an error reported back and a second message before the agent acts", () => {
    for (const followUp of [
      "every bash script in this repo starts with set -euo pipefail. and run shellcheck on it",
      "console says: [PostHog.js] PostHog was initialized without a token. lol",
      "我们规范是 feature/工单号-简短描述",
    ]) {
      const session = rows([
        { user: "write a script that tars the uploads dir and copies it to the backup bucket" },
        { tool: "Write", input: { file_path: "bin/backup-uploads.sh" }, output: "File created" },
        { assistant: "Done, bin/backup-uploads.sh tars the uploads." },
        { user: followUp },
      ]);
      expect(ranges(segmentTasks(session)), followUp).toEqual(["0-3 session-start"]);
    }
    const twice = rows([
      { user: "add the posthog key to .env and init posthog in main.tsx" },
      { tool: "Edit", input: { file_path: ".env" }, output: "updated" },
      { user: "now update the readme with the new deploy steps for the staging cluster" },
      { user: "vite only exposes env vars that start with VITE_ to client code" },
    ]);
    expect(ranges(segmentTasks(twice))).toEqual(["0-1 session-start", "2-3 explicit-new-goal"]);
  });

  it("keeps how to answer, said right after an answer", () => {
    for (const feedback of [
      "way too long man. give me 2-3 sentences max, no headings",
      "用中文回答，英文看着累",
    ]) {
      const session = rows([
        { user: "why is my async scraper slower than the sync one?" },
        { assistant: "## Why your async scraper is slower\n\n### 1. You're awaiting sequentially" },
        { user: feedback },
      ]);
      expect(ranges(segmentTasks(session)), feedback).toEqual(["0-2 session-start"]);
    }
  });

  it("keeps follow-ups, failures reported back, constraints and thanks", () => {
    const session = rows([
      { user: "Add a slugify helper to src/lib/strings.ts" },
      { assistant: "Added slugify." },
      { user: "and the tests?" },
      { assistant: "Added tests." },
      { user: "Can you make slugify also strip accents from the input string?" },
      { assistant: "Done." },
      { user: "That didn't work, the accents are still there" },
      { assistant: "Fixed: normalising to NFD first." },
      { user: "And it must not pull in any new dependencies." },
      { assistant: "It uses String.prototype.normalize only." },
      { user: "Thanks!" },
    ]);
    expect(ranges(segmentTasks(session))).toEqual(["0-10 session-start"]);
  });

  it("keeps feedback and 'continue' after an idle gap", () => {
    const session = rows([
      ...LOGIN_FIX,
      { wait: 45 * MINUTE },
      { user: "It still fails, I land on /home again after signing in" },
      { assistant: "The middleware overrides it; fixed there too." },
      { wait: 50 * MINUTE },
      { user: "continue" },
      { wait: 50 * MINUTE },
      { user: "Works now, thanks!" },
    ]);
    expect(ranges(segmentTasks(session))).toEqual(["0-7 session-start"]);
  });

  it("never starts a task at meta rows, slash-command wrappers or subagent prompts", () => {
    const session = rows([
      {
        user: "<command-name>/orchestrator</command-name><command-args>update CLAUDE.md</command-args>",
        meta: true,
      },
      { user: "Split complex tasks into independent subtasks and run them in parallel.", meta: true },
      { assistant: "I'll update CLAUDE.md." },
      { user: "Examine every package.json file and list the dependencies", sidechain: true },
      { assistant: "Here are the dependencies." },
      { user: "<command-name>/review</command-name><command-args>docs/deploy.md</command-args>", meta: true },
    ]);
    const tasks = segmentTasks(session);
    expect(ranges(tasks)).toEqual(["0-5 session-start"]);
    expect(tasks[0]?.goal).toBe("/orchestrator update CLAUDE.md");
  });

  it("puts rows before the first goal into the first task", () => {
    const session = rows([
      { assistant: "Resuming where we left off." },
      { tool: "Bash", input: "git status", output: "clean" },
      { user: "Bump the version to 2.1.0" },
      { assistant: "Bumped." },
    ]);
    const tasks = segmentTasks(session);
    expect(ranges(tasks)).toEqual(["0-3 session-start"]);
    expect(tasks[0]?.goal).toBe("Bump the version to 2.1.0");
  });
});

describe("segmentTasks: titles and summaries", () => {
  it("titles a session without a user goal from the first assistant text, else 'untitled session'", () => {
    const withText = segmentTasks(
      rows([{ assistant: "Session resumed." }, { tool: "Bash", input: "ls", output: "a" }]),
    );
    expect(withText[0]?.title).toBe("Session resumed.");
    expect(withText[0]?.goal).toBe("");
    expect(withText[0]?.summary).toMatch(/^Goal: none\. Tools: Bash×1\./);
    const bare = segmentTasks(rows([{ tool: "Bash", input: "ls", output: "a" }]));
    expect(bare[0]?.title).toBe("untitled session");
    expect(segmentTasks([])).toEqual([]);
  });

  it("summarises goal, tools, errors and the final state in the goal's language", () => {
    const session = rows([
      { user: "Set up the project so I can run the dev server" },
      { tool: "Bash", input: "npm install", output: "npm ERR! code ERESOLVE", error: true },
      { tool: "Bash", input: "pnpm install", output: "Done in 4.2s" },
      { tool: "Read", input: { file_path: "package.json" }, output: "{}" },
      { assistant: "The dev server runs on port 3000.\nDetails follow." },
    ]);
    expect(segmentTasks(session)[0]?.summary).toBe(
      "Goal: Set up the project so I can run the dev server. Tools: Bash×2, Read×1. Errors: 1 failed call (Bash×1). Final: The dev server runs on port 3000.",
    );
    const chinese = rows([
      { user: "帮我写一个部署脚本" },
      { tool: "Bash", input: "bash deploy.sh", output: "Permission denied", error: true },
    ]);
    expect(summarizeTask("帮我写一个部署脚本", chinese)).toBe(
      "目标：帮我写一个部署脚本；工具：Bash×1；错误：1 次调用失败（Bash×1）；结果：Bash 调用失败：Permission denied",
    );
  });

  it("keeps titles and summaries within their limits", () => {
    const long = `Please ${"refactor the billing module and ".repeat(20)}done`;
    const tasks = segmentTasks(rows([{ user: long }, { assistant: "x".repeat(2000) }]));
    expect(tasks[0]?.title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    expect(tasks[0]?.title.endsWith("…")).toBe(true);
    expect(tasks[0]?.summary.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(taskTitle("\n\n  first   line \nsecond")).toBe("first line");
  });

  it("counts words across scripts", () => {
    expect(countWords("and the tests?")).toBe(3);
    expect(countWords("测试呢")).toBe(2);
  });
});

const USER_TEXTS = [
  "Fix the login redirect bug in src/auth.ts",
  "now let's add tests",
  "and the tests?",
  "Not this file, it's config.yaml.",
  "不是这个文件，应该是 config.yaml",
  "接下来帮我写一个部署文档",
  "Write a Dockerfile for the api service based on node 20 alpine",
  "Works now, thanks!",
  "<command-name>/init</command-name>",
  "",
];

const rowArbitrary = fc.record({
  kind: fc.constantFrom("user", "assistant", "tool", "meta", "system"),
  text: fc.oneof(fc.constantFrom(...USER_TEXTS), fc.string({ maxLength: 40 })),
  wait: fc.oneof(fc.constant(5_000), fc.integer({ min: 0, max: 3 * 60 * MINUTE })),
  error: fc.boolean(),
  sidechain: fc.boolean(),
});

describe("segmentTasks: properties", () => {
  it("covers every row exactly once, in order, in contiguous non-overlapping tasks", () => {
    fc.assert(
      fc.property(
        fc.array(rowArbitrary, { maxLength: 40 }),
        fc.integer({ min: 1, max: 60 * MINUTE }),
        fc.boolean(),
        (specs, idleGapMs, shuffle) => {
          let at = 0;
          const session: TaskMessage[] = specs.map((spec, index) => {
            at += spec.wait;
            const base = {
              seq: index * 3 + 7,
              createdAt: at,
              content: spec.text,
              toolName: null,
              toolInput: null,
              toolOutput: null,
              isError: false,
              ...(spec.sidechain ? { isSidechain: true } : {}),
            };
            if (spec.kind === "tool")
              return {
                ...base,
                role: "tool",
                kind: "tool_call",
                toolName: "Bash",
                toolInput: JSON.stringify({ command: spec.text }),
                toolOutput: spec.text,
                isError: spec.error,
              };
            if (spec.kind === "system") return { ...base, role: "system", kind: "compact_boundary" };
            if (spec.kind === "meta") return { ...base, role: "user", kind: "text", isMeta: true };
            return { ...base, role: spec.kind, kind: "text" };
          });
          const input = shuffle ? [...session].reverse() : session;
          const tasks = segmentTasks(input, { idleGapMs });
          expect(tasks.flatMap((task) => task.messageSeqs)).toEqual(session.map((row) => row.seq));
          tasks.forEach((task, index) => {
            expect(task.startSeq).toBeLessThanOrEqual(task.endSeq);
            expect(task.messageSeqs[0]).toBe(task.startSeq);
            expect(task.messageSeqs.at(-1)).toBe(task.endSeq);
            expect(task.title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
            expect(task.summary.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
            const previous = tasks[index - 1];
            if (previous) expect(previous.endSeq).toBeLessThan(task.startSeq);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
