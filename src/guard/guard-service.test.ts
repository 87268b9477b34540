import { afterEach, describe, expect, it } from "vitest";
import type { GuardAbilities } from "../core/guard/decide.js";
import { type GuardFixture, guardFixture } from "../testing/guard-fixture.js";
import { useTempDir } from "../testing/temp-dir.js";
import { type GuardCallRequest, guardPrompt, guardToolCall } from "./guard-service.js";

const tempDir = useTempDir("tacit-guard-");
const ALL: GuardAbilities = { deny: true, ask: true, context: true };
const SESSION = "claude-code:s2";
let fixture: GuardFixture;

afterEach(async () => {
  await fixture?.close();
});

function open(): GuardFixture {
  fixture = guardFixture(tempDir());
  return fixture;
}

function bash(command: string, changes: Partial<GuardCallRequest> = {}): GuardCallRequest {
  return {
    toolName: "Bash",
    input: { command },
    sessionId: SESSION,
    projectId: fixture.project,
    abilities: ALL,
    ...changes,
  };
}

/** A project where the user said "never use npm here, use pnpm" in session s1, learnt as a lesson. */
async function explicitNpmLesson(f: GuardFixture) {
  await f.userSays("s1", "never use npm here, use pnpm");
  await f.userSays("s2", "add zod to the project");
  return f.lesson({
    rule: "Use `pnpm`, not `npm`",
    quote: "never use npm here, use pnpm",
    quoteSession: "s1",
  });
}

describe("guardToolCall", () => {
  it("denies a call the user explicitly forbade, records it, and records followed when the agent uses the suggestion", async () => {
    const f = open();
    const lesson = await explicitNpmLesson(f);
    const deps = f.deps();
    const verdict = await guardToolCall(deps, bash("npm install zod"));
    expect(verdict.answer).toBe("deny");
    expect(verdict.reason).toContain("Instead: pnpm add zod");
    expect(verdict.reason).toContain('The user said: "never use npm here, use pnpm"');
    const [denied] = await f.store.guard.listGuardEvents({ sessionId: SESSION, limit: 5 });
    expect(denied).toMatchObject({ lessonId: lesson.id, kind: "deny", closedAt: null, toolName: "Bash" });
    expect(await guardToolCall(deps, bash("pnpm add zod"))).toMatchObject({ answer: null });
    const [followed] = await f.store.guard.listGuardEvents({ sessionId: SESSION, limit: 5 });
    expect(followed).toMatchObject({ adherence: "followed", adherenceDetail: "ran `pnpm add zod`" });
    expect(await f.store.guard.adherenceCounts(lesson.id)).toMatchObject({ followed: 1, denied: 1 });
  });

  it("records ignored when the forbidden call is made again, and denies it again", async () => {
    const f = open();
    const lesson = await explicitNpmLesson(f);
    const deps = f.deps();
    await guardToolCall(deps, bash("npm install zod"));
    expect((await guardToolCall(deps, bash("npm i zod"))).answer).toBe("deny");
    expect(await f.store.guard.adherenceCounts(lesson.id)).toMatchObject({ ignored: 1, denied: 2 });
  });

  it("never denies for a lesson that is neither the user's explicit words nor established", async () => {
    const f = open();
    await f.userSays("s2", "add zod");
    // The quote is not what the user said in that session: the lesson is not the user's explicit prohibition.
    await f.lesson({ rule: "Use `pnpm`, not `npm`", quote: "never use npm here", quoteSession: "s9" });
    const verdict = await guardToolCall(f.deps(), bash("npm install zod"));
    expect(verdict.answer).toBe("remind");
    expect(verdict.context).toContain("<tacit-context>");
    expect((await guardToolCall(f.deps({ unconfirmed: "ask" }), bash("npm install zod"))).answer).toBe("ask");
  });

  it("does not take harness text in a user turn for the user's words", async () => {
    const f = open();
    await f.userSays("s1", "<bash-stdout>never use npm here, use pnpm</bash-stdout>");
    await f.userSays("s2", "add zod");
    await f.lesson({
      rule: "Use `pnpm`, not `npm`",
      quote: "never use npm here, use pnpm",
      quoteSession: "s1",
    });
    expect((await guardToolCall(f.deps(), bash("npm install zod"))).answer).toBe("remind");
  });

  it("lets established lessons deny only when configured to", async () => {
    const f = open();
    await f.userSays("s2", "add zod");
    await f.lesson({
      rule: "Use `pnpm install` instead of `npm install`",
      changes: { maturity: "established", status: "active", supportTaskCount: 3 },
    });
    expect((await guardToolCall(f.deps(), bash("npm install"))).answer).toBe("remind");
    const verdict = await guardToolCall(f.deps({ denyEstablished: true }), bash("npm install"));
    expect(verdict.answer).toBe("deny");
    expect(verdict.reason).toContain("Instead: pnpm install");
  });

  it("does nothing at all in mode off", async () => {
    const f = open();
    const lesson = await explicitNpmLesson(f);
    expect(await guardToolCall(f.deps({ mode: "off" }), bash("npm install zod"))).toMatchObject({
      answer: null,
    });
    expect(await f.store.guard.adherenceCounts(lesson.id)).toMatchObject({ denied: 0, reminded: 0 });
  });

  it("sees a lesson learnt after it read the lessons (the lessons version changed)", async () => {
    const f = open();
    await f.userSays("s1", "never run rm -rf in this repo");
    await f.userSays("s2", "clean up");
    const deps = f.deps();
    expect((await guardToolCall(deps, bash("rm -rf build"))).answer).toBeNull();
    await f.lesson({
      rule: "Never run rm -rf in this repo",
      kind: "avoid",
      quote: "never run rm -rf in this repo",
      quoteSession: "s1",
    });
    expect((await guardToolCall(deps, bash("rm -fr build"))).answer).toBe("deny");
  });

  it("denies an edit of a file the user called generated, and a commit on the branch the user forbade", async () => {
    const f = open();
    await f.userSays("s1", "src/generated is generated code, never edit it by hand");
    await f.userSays("s1", "do not commit to main, always use a feature branch");
    await f.userSays("s2", "fix the client");
    await f.lesson({
      rule: "Src/generated is generated code, never edit it by hand",
      kind: "avoid",
      quote: "src/generated is generated code, never edit it by hand",
      quoteSession: "s1",
    });
    await f.lesson({
      rule: "Do not commit to main, always use a feature branch",
      kind: "avoid",
      quote: "do not commit to main, always use a feature branch",
      quoteSession: "s1",
    });
    const edit = { toolName: "Edit", input: { file_path: `${f.project}/src/generated/api.ts` } };
    expect((await guardToolCall(f.deps(), { ...bash(""), ...edit })).answer).toBe("deny");
    const onMain = f.deps({}, { branchOf: () => "main" });
    const commit = await guardToolCall(onMain, bash("git commit -m 'fix client'"));
    expect(commit.answer).toBe("deny");
    expect(commit.reason).toContain("Instead: a feature branch");
    const onFeature = f.deps({}, { branchOf: () => "fix/client" });
    expect((await guardToolCall(onFeature, bash("git commit -m 'fix client'"))).answer).toBeNull();
  });

  it("reminds a lesson about a file just in time, once per session, and never denies it", async () => {
    const f = open();
    await f.userSays("s2", "set the api key");
    const lesson = await f.lesson({ rule: "Secrets go in `.env.local`, never in code", kind: "verify" });
    const edit = {
      toolName: "Write",
      input: { file_path: `${f.project}/apps/web/.env.local`, content: "KEY=1" },
    };
    const first = await guardToolCall(f.deps(), { ...bash(""), ...edit });
    expect(first.answer).toBe("remind");
    expect(first.context).toContain("Secrets go in `.env.local`");
    expect((await guardToolCall(f.deps(), { ...bash(""), ...edit })).answer).toBeNull();
    const [event] = await f.store.guard.listGuardEvents({ lessonId: lesson.id, limit: 5 });
    // A lesson about a file has no wrong next call: it is closed without a verdict.
    expect(event).toMatchObject({ kind: "remind", adherence: null, closedAt: expect.any(Number) });
  });

  it("stores the tool input with secrets redacted", async () => {
    const f = open();
    await explicitNpmLesson(f);
    await guardToolCall(f.deps(), bash("NPM_TOKEN=sk-abcdefghijkl npm install zod"));
    const [event] = await f.store.guard.listGuardEvents({ sessionId: SESSION, limit: 1 });
    expect(event?.toolInput).toContain("[REDACTED:key]");
    expect(event?.toolInput).not.toContain("sk-abcdefghijkl");
  });
});

describe("guardPrompt", () => {
  it("records an override, lets the same call through once, and demotes the lesson after repeated overrides", async () => {
    const f = open();
    const lesson = await explicitNpmLesson(f);
    const demoted: string[] = [];
    const deps = f.deps(
      { demoteAfterOverrides: 2 },
      {
        demote: async (id, detail) => {
          demoted.push(`${id}: ${detail}`);
        },
      },
    );
    await guardToolCall(deps, bash("npm install zod"));
    await guardPrompt(deps, { sessionId: SESSION, projectId: f.project, prompt: "yes, run npm this once" });
    expect(await f.store.guard.adherenceCounts(lesson.id)).toMatchObject({ overridden: 1 });
    expect((await guardToolCall(deps, bash("npm install zod"))).answer).toBeNull();
    expect((await guardToolCall(deps, bash("npm install zod"))).answer).toBe("deny");
    expect(demoted).toEqual([]);
    await guardPrompt(deps, {
      sessionId: SESSION,
      projectId: f.project,
      prompt: "go ahead, use npm this time",
    });
    expect(demoted).toEqual([`${lesson.id}: the user overrode it 2 times at the tool call`]);
    const [latest] = await f.store.guard.listGuardEvents({ lessonId: lesson.id, limit: 1 });
    expect(latest?.adherenceDetail).toBe("go ahead, use npm this time");
  });

  it("counts a denial not retried before the next prompt as followed", async () => {
    const f = open();
    const lesson = await explicitNpmLesson(f);
    await guardToolCall(f.deps(), bash("npm install zod"));
    await guardPrompt(f.deps(), { sessionId: SESSION, projectId: f.project, prompt: "ok, what next?" });
    expect(await f.store.guard.adherenceCounts(lesson.id)).toMatchObject({ followed: 1, overridden: 0 });
  });

  it("follows a lesson recall put into the prompt: the forbidden call after it is ignored", async () => {
    const f = open();
    const lesson = await explicitNpmLesson(f);
    const at = Date.UTC(2026, 10, 22, 12, 0, 0);
    await f.store.recordRecall({
      id: "recall-1",
      sessionId: SESSION,
      projectId: f.project,
      prompt: "add zod",
      context: "<tacit-context>…</tacit-context>",
      createdAt: at,
      items: [{ kind: "lesson", itemId: lesson.id, rank: 1, score: 0.9 }],
      appliedAt: null,
      outcome: null,
    });
    await guardPrompt(f.deps(), {
      sessionId: SESSION,
      projectId: f.project,
      prompt: "add zod",
      recalledAt: at,
    });
    const [recalled] = await f.store.guard.listGuardEvents({ lessonId: lesson.id, limit: 1 });
    expect(recalled).toMatchObject({ kind: "recall", callId: "recall-1", closedAt: null });
    await guardToolCall(f.deps(), bash("npm install zod"));
    expect(await f.store.guard.adherenceCounts(lesson.id)).toMatchObject({
      recalled: 1,
      ignored: 1,
      denied: 1,
    });
  });
});
