import { describe, expect, it } from "vitest";
import { createLesson } from "../lessons/lesson.js";
import type { InstinctCandidate } from "./instincts.js";
import type { TransferableHeuristic } from "./offline-experience.js";
import type { TaskMessage } from "./task-message.js";
import {
  heuristicToLesson,
  inferDomain,
  instinctKind,
  instinctToLesson,
  quotedMessageId,
} from "./to-lessons.js";

const TASK = { id: "task-1", sessionId: "session-1", projectId: "/repo" };
const AT = Date.UTC(2025, 5, 1);

const PNPM: TransferableHeuristic = {
  kind: "prefer",
  trigger: "Installing dependencies",
  rule: "Use `pnpm install` instead of `npm install`",
  why: "`npm install` failed: npm ERR! code ERESOLVE",
  evidence: "npm ERR! code ERESOLVE",
  confidence: 0.6,
};

/** A text message of the session, at `seq`. */
const message = (seq: number, role: TaskMessage["role"], content: string): TaskMessage => ({
  seq,
  role,
  kind: "text",
  content,
  toolName: null,
  toolInput: null,
  toolOutput: null,
  isError: false,
  createdAt: AT,
});

describe("heuristicToLesson", () => {
  it("maps a heuristic to a lesson draft the lesson model accepts", () => {
    const draft = heuristicToLesson({ heuristic: PNPM, task: TASK, at: AT });
    expect(draft).toEqual({
      kind: "prefer",
      trigger: "Installing dependencies",
      rule: "Use `pnpm install` instead of `npm install`",
      why: "`npm install` failed: npm ERR! code ERESOLVE",
      domain: "workflow",
      scope: "project",
      projectId: "/repo",
      confidence: 0.6,
      evidence: [{ quote: "npm ERR! code ERESOLVE", sessionId: "session-1", taskId: "task-1", at: AT }],
      // What it governs, read from the rule: the package manager, pnpm.
      slot: { id: "package-manager", value: "pnpm" },
    });
    const lesson = createLesson({ ...draft, id: "lesson-1", now: AT });
    expect(lesson.slot).toEqual({ id: "package-manager", value: "pnpm" });
    expect(lesson.supportTaskCount).toBe(1);
    expect(lesson.evidenceCount).toBe(1);
  });

  it("uses the scope hint, and global scope for a session outside any project", () => {
    const preference: TransferableHeuristic = {
      kind: "prefer",
      trigger: "选择包管理器",
      rule: "优先使用 `pnpm`",
      why: "用户表达的偏好",
      evidence: "我更喜欢用 pnpm",
      scopeHint: "global",
    };
    const draft = heuristicToLesson({ heuristic: preference, task: TASK, at: AT });
    expect([draft.scope, draft.domain, draft.confidence]).toEqual(["global", "workflow", 0.5]);
    const outside = heuristicToLesson({ heuristic: PNPM, task: { ...TASK, projectId: null }, at: AT });
    expect([outside.scope, outside.projectId]).toEqual(["global", null]);
    expect(() => createLesson({ ...outside, id: "lesson-2", now: AT })).not.toThrow();
  });
});

describe("quotedMessageId", () => {
  const messages = [
    message(0, "user", "Naming moved again: components start with Zy now."),
    message(1, "assistant", "Noted: components start with Zy."),
    message(2, "user", "Two more things:  test3 is gone, deploy to sit now.\nThe i18n rule is withdrawn."),
  ];

  it("names the user message a quote was taken from, clipped or not, and goes on the evidence", () => {
    expect(quotedMessageId("Deploy to sit now", messages)).toBe("seq:2");
    expect(quotedMessageId("test3 is gone, deploy to…", messages)).toBe("seq:2");
    expect(quotedMessageId("components start with Zy now", messages)).toBe("seq:0");
    // The agent's words and words nobody said are no message of the user's.
    expect(quotedMessageId("Noted: components start with Zy", messages)).toBeUndefined();
    expect(quotedMessageId("use pnpm", messages)).toBeUndefined();
    const draft = heuristicToLesson({ heuristic: PNPM, task: TASK, at: AT, messageId: "seq:2" });
    expect(draft.evidence[0]?.messageId).toBe("seq:2");
  });
});

describe("inferDomain", () => {
  it.each([
    ["It must not run as root.", "security"],
    ["不能用 root 用户", "security"],
    ["Never commit .env files", "security"],
    ["Always rebase on main before pushing", "git"],
    ["提交前先跑一遍检查", "git"],
    ["Use vitest, not jest", "testing"],
    ["用 vitest 写单测", "testing"],
    ["Prefer tabs for indentation", "code-style"],
    ["统一使用两个空格缩进", "code-style"],
    ["Check the stack trace before changing code", "debugging"],
    ["Use `pnpm install` instead of `npm install`", "workflow"],
    ["部署前先构建", "workflow"],
    ["Use `config.yaml`, not `config.json`", "project"],
    ["Keep generated files under the project root", "project"],
  ])("%s → %s", (text, domain) => {
    expect(inferDomain(text)).toBe(domain);
  });
});

describe("instinctToLesson", () => {
  const instinct: InstinctCandidate = {
    trigger: "After editing files",
    action: "Run `npm test` to check the change",
    confidence: 0.7,
    domain: "testing",
    scope: "project",
    evidence: ["Edit: src/a.ts → Bash: npm test", "Edit: src/b.ts → Bash: npm test"],
  };

  it("maps an instinct to a lesson draft", () => {
    const draft = instinctToLesson({
      instinct,
      task: { id: null, sessionId: "session-1", projectId: "/repo" },
      at: AT,
    });
    expect(draft).toEqual({
      kind: "verify",
      trigger: "After editing files",
      rule: "Run `npm test` to check the change",
      why: "",
      domain: "testing",
      scope: "project",
      projectId: "/repo",
      confidence: 0.7,
      evidence: [
        { quote: "Edit: src/a.ts → Bash: npm test", sessionId: "session-1", at: AT },
        { quote: "Edit: src/b.ts → Bash: npm test", sessionId: "session-1", at: AT },
      ],
    });
    expect(createLesson({ ...draft, id: "lesson-3", now: AT }).supportTaskCount).toBe(1);
  });

  it("names the user message each quote was said in, so rules read from one message hold together", () => {
    const said = "we plan with make plan ENV=<env>, never raw terraform plan";
    const draft = instinctToLesson({
      instinct: { ...instinct, action: "We plan with make plan ENV=<env>", evidence: [said, "not said"] },
      task: { id: null, sessionId: "session-1", projectId: "/repo" },
      at: AT,
      messages: [message(0, "assistant", said), message(1, "user", `ok, ground rules. ${said}.`)],
    });
    expect(draft.evidence.map((item) => item.messageId)).toEqual(["seq:1", undefined]);
  });

  it.each([
    ["Never force-push to main", "avoid"],
    ["不要直接改 dist 目录", "avoid"],
    ["Ask which environment before deploying", "clarify"],
    ["Make sure the migration is reversible", "verify"],
    ["Use pnpm instead of npm", "prefer"],
  ])("reads %s as %s", (action, kind) => {
    expect(instinctKind(action)).toBe(kind);
  });
});
