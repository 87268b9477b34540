import { describe, expect, it } from "vitest";
import { createRedactor } from "../redaction.js";
import type { FutureCorrection } from "./correction-match.js";
import { contradiction } from "./fact-slots.js";
import { type ReviewInput, reviewFact } from "./guardian-review.js";
import { initialContent, type MemoryFileName } from "./memory-file-layouts.js";
import { DEFAULT_MEMORY_FILES_SETTINGS, memoryFilesSettingsSchema } from "./memory-file-settings.js";
import { insertFact } from "./memory-file-text.js";

const redact = createRedactor();

function review(file: MemoryFileName, fact: string, overrides: Partial<ReviewInput> = {}) {
  return reviewFact({
    file,
    fact,
    content: null,
    settings: DEFAULT_MEMORY_FILES_SETTINGS,
    redact,
    observedAt: null,
    fileChangedAt: null,
    corrections: [],
    userOverride: false,
    ...overrides,
  });
}

/** A file holding `facts` in its default section. */
function fileWith(file: MemoryFileName, ...facts: string[]): string {
  return facts.reduce(
    (text, fact) => insertFact(text, ["Background", "Facts", "Principles", "Role", "Tools"], fact),
    initialContent(file),
  );
}

describe("reviewFact", () => {
  it("the settings schema's defaults are the plain defaults", () => {
    expect(memoryFilesSettingsSchema.parse({})).toEqual(DEFAULT_MEMORY_FILES_SETTINGS);
    expect(() => memoryFilesSettingsSchema.parse({ nearCapRatio: 2 })).toThrow(/nearCapRatio/);
  });

  it("writes a stable preference into USER.md ## Preferences of a new file", () => {
    const outcome = review("USER.md", "- Prefers morning check-ins\n");
    expect(outcome).toMatchObject({
      action: "write",
      section: "Preferences",
      fact: "Prefers morning check-ins",
    });
    if (outcome.action === "write")
      expect(outcome.after).toContain("## Preferences\n\n- Prefers morning check-ins\n");
    expect(review("USER.md", "喜欢早上沟通进度")).toMatchObject({ action: "write", section: "Preferences" });
  });

  it("refuses temporary signals in English and Chinese, naming the marker", () => {
    expect(review("MEMORY.md", "Skip the integration tests today")).toMatchObject({
      action: "refused",
      rule: "temporary",
    });
    const zh = review("MEMORY.md", "这次用预发数据库");
    expect(zh).toMatchObject({ action: "refused", rule: "temporary" });
    if (zh.action !== "write") expect(zh.reason).toContain('"这次"');
  });

  it("refuses a fact routed to the wrong file and names the right one", () => {
    const outcome = review("MEMORY.md", "The user prefers dark mode");
    expect(outcome).toMatchObject({ action: "refused", rule: "wrong-file" });
    if (outcome.action !== "write") expect(outcome.reason).toContain("belongs in USER.md");
    expect(review("USER.md", "你的名字是小安")).toMatchObject({ action: "refused", rule: "wrong-file" });
  });

  it("refuses duplicates: word for word, reworded, and the same slot value", () => {
    const content = fileWith("USER.md", "Time zone: UTC+8", "Works as a nurse in Leeds");
    for (const fact of ["time zone: utc+8.", "The user's time zone is UTC+8", "works as a nurse in Leeds!"]) {
      const outcome = review("USER.md", fact, { content });
      expect(outcome, fact).toMatchObject({ action: "refused", rule: "duplicate" });
      if (outcome.action !== "write") expect(outcome.reason).toMatch(/line \d+ of USER\.md/);
    }
  });

  it("supersedes the older line a newer fact contradicts, and says which", () => {
    const content = fileWith("USER.md", "Time zone: UTC+8", "Lives in Leeds");
    const outcome = review("USER.md", "The user's time zone is UTC-5", { content, fileChangedAt: 1000 });
    expect(outcome).toMatchObject({ action: "write", superseded: { text: "Time zone: UTC+8" } });
    if (outcome.action === "write") {
      expect(outcome.after).toContain("- The user's time zone is UTC-5\n- Lives in Leeds");
      expect(outcome.after).not.toContain("UTC+8");
      expect(outcome.reason).toMatch(/replaced line \d+ \("Time zone: UTC\+8"\)/);
    }
  });

  it("refuses a fact that a newer line of the file contradicts, naming the line", () => {
    const content = fileWith("USER.md", "Prefers tabs over spaces");
    const outcome = review("USER.md", "Prefers spaces over tabs", {
      content,
      observedAt: 1000,
      fileChangedAt: 5000,
    });
    expect(outcome).toMatchObject({ action: "refused", rule: "contradicted" });
    if (outcome.action !== "write")
      expect(outcome.reason).toContain('line 9 of USER.md ("Prefers tabs over spaces")');
  });

  it("finds contradictions by slot, by preference order and by negation, in both languages", () => {
    expect(contradiction("用户的时区是 UTC+8", "用户的时区是 UTC-5", "USER.md")).toMatch(/timezone/);
    expect(
      contradiction("We use pnpm for package management", "We use yarn for package management", "MEMORY.md"),
    ).toBeTruthy();
    expect(contradiction("Does not like coffee", "Likes coffee", "USER.md")).toMatch(/negation/);
    expect(contradiction("不喜欢咖啡", "喜欢咖啡", "USER.md")).toMatch(/negation/);
    expect(contradiction("Likes coffee", "Likes tea", "USER.md")).toBeNull();
    expect(contradiction("The API is REST", "The API is fast", "MEMORY.md")).toBeNull();
  });

  it("never writes secrets or personal data, and masks them in what may be stored", () => {
    for (const fact of [
      "Deploy token is ghp_abcdefghijklmnopqrstuvwxyz0123",
      "The user's email is li.wei@example.com",
      "用户的手机号是 13812345678",
      "Card 4111 1111 1111 1111 is the company card",
    ]) {
      const outcome = review("USER.md", fact);
      expect(outcome, fact).toMatchObject({ action: "refused", rule: "sensitive" });
      if (outcome.action !== "write") expect(outcome.fact).toMatch(/\[REDACTED:/);
      if (outcome.action !== "write")
        expect(outcome.fact).not.toMatch(/ghp_abc|li\.wei@|13812345678|4111 1111/);
    }
  });

  it("refuses to copy a file that already holds a secret, naming the line", () => {
    const outcome = review("TOOLS.md", "ripgrep is rg", {
      content: "# Tools\n\n## Tools\n\n- api_key=abcdef123456\n",
    });
    expect(outcome).toMatchObject({ action: "refused", rule: "file-secret" });
    if (outcome.action !== "write") expect(outcome.reason).toContain("line 5");
  });

  it("past a cap refuses; near a cap skips and proposes entries to merge or retire", () => {
    const facts = Array.from(
      { length: 12 },
      (_, index) => `Fact number ${index} about the billing service and its retries`,
    );
    const content = fileWith("MEMORY.md", ...facts);
    const lines = content.split("\n").length;
    const near = review("MEMORY.md", "The search index is rebuilt nightly", {
      content,
      settings: { maxFileBytes: 100_000, maxFileLines: lines + 1, nearCapRatio: 0.9 },
    });
    expect(near).toMatchObject({ action: "skipped", rule: "near-cap" });
    if (near.action !== "write") {
      expect(near.proposals?.merge.length).toBeGreaterThan(0);
      expect(near.proposals?.retire[0]?.text).toBe(facts[0]);
      expect(near.reason).toMatch(/merge lines \d+ and \d+/);
    }
    const over = review("MEMORY.md", "The search index is rebuilt nightly", {
      content,
      settings: { maxFileBytes: content.length, maxFileLines: 1000, nearCapRatio: 1 },
    });
    expect(over).toMatchObject({ action: "refused", rule: "size-cap" });
    const replacing = review(
      "MEMORY.md",
      "Fact number 3 about the billing service and its retries is wrong",
      {
        content: fileWith("MEMORY.md", "Time zone: UTC+8", ...facts),
        settings: { maxFileBytes: 100, maxFileLines: 1000, nearCapRatio: 0.5 },
      },
    );
    expect(replacing.action).toBe("refused");
    const superseding = review("MEMORY.md", "Time zone: UTC+9", {
      content: fileWith("MEMORY.md", "Time zone: UTC+8", ...facts),
      settings: { maxFileBytes: 100, maxFileLines: 1000, nearCapRatio: 0.5 },
    });
    expect(superseding).toMatchObject({ action: "write", superseded: { text: "Time zone: UTC+8" } });
  });

  it("consults corrections that apply to future candidates; a user's override skips judgement, not safety", () => {
    const correction: FutureCorrection = {
      id: "c1",
      workspace: "/w",
      pattern: "standup notes",
      originalFile: "MEMORY.md",
      correctedStatus: "refused",
      correctedFile: null,
      correctedFact: null,
      reason: "meeting notes are not memory",
      correctedAt: 1,
    };
    const outcome = review("MEMORY.md", "The standup notes live in the wiki", { corrections: [correction] });
    expect(outcome).toMatchObject({ action: "refused", rule: "correction" });
    expect(review("MEMORY.md", "Skip the tests today", { userOverride: true })).toMatchObject({
      action: "write",
    });
    expect(review("MEMORY.md", "Password is hunter2secret", { userOverride: true })).toMatchObject({
      rule: "sensitive",
    });
  });

  it("an empty fact is an input error, a long one is refused", () => {
    expect(() => review("MEMORY.md", "  \n ")).toThrow(/fact is empty/);
    expect(review("MEMORY.md", "x".repeat(501))).toMatchObject({ action: "refused", rule: "too-long" });
  });
});
