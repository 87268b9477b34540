import { describe, expect, it } from "vitest";
import {
  createSkill,
  isValidSkillName,
  type NewSkill,
  skillDescription,
  skillLine,
  skillNameProblem,
  skillSlug,
  uniqueSkillName,
} from "./skill.js";

const input: NewSkill = {
  id: "s1",
  name: "Install dependencies with pnpm",
  title: "Install dependencies with pnpm",
  description: "Install dependencies with pnpm. Use when: installing dependencies.",
  whenToUse: ["installing dependencies", "installing dependencies", "  "],
  steps: ["Bash: pnpm install", "Bash:\n pnpm   build"],
  pitfalls: [],
  sourceLessonIds: ["l1", "l1"],
  sourceTaskIds: ["t1", "t2"],
  scope: "project",
  projectId: "/work/app",
  now: 1000,
};

describe("skill names: the slug rule", () => {
  it("accepts lowercase letters, digits and single inner hyphens up to 64 characters", () => {
    expect(isValidSkillName("install-deps-2")).toBe(true);
    expect(isValidSkillName("a")).toBe(true);
    expect(isValidSkillName("a".repeat(64))).toBe(true);
    for (const bad of [
      "",
      "a".repeat(65),
      "Install",
      "-a",
      "a-",
      "a--b",
      "a_b",
      "a b",
      "ä",
      "use-claude-code",
    ]) {
      expect(isValidSkillName(bad), bad).toBe(false);
    }
    expect(skillNameProblem("a--b")).toMatch(/single hyphens/);
    expect(skillNameProblem("my-anthropic-tool")).toBe('must not contain the reserved word "anthropic"');
  });

  it("slugs any text into a valid name", () => {
    expect(skillSlug("Install dependencies with pnpm!")).toBe("install-dependencies-with-pnpm");
    expect(skillSlug("  Déjà vu: café_config.ts  ")).toBe("deja-vu-cafe-config-ts");
    expect(skillSlug("Configure Claude Code hooks")).toBe("configure-code-hooks");
    expect(skillSlug("用 pnpm 安装依赖")).toBe("pnpm");
    expect(skillSlug("安装依赖")).toMatch(/^skill-[0-9a-f]{8}$/);
    expect(skillSlug("安装依赖")).toBe(skillSlug("安装依赖"));
    expect(skillSlug("安装依赖")).not.toBe(skillSlug("修复测试"));
    const long = skillSlug("word ".repeat(30));
    expect(long.length).toBeLessThanOrEqual(64);
    expect(isValidSkillName(long)).toBe(true);
    expect(skillSlug("x".repeat(100))).toBe("x".repeat(64));
  });

  it("finds a free name with a numeric suffix, staying within 64 characters", () => {
    expect(uniqueSkillName("deploy", new Set())).toBe("deploy");
    expect(uniqueSkillName("deploy", new Set(["deploy", "deploy-2"]))).toBe("deploy-3");
    const base = "a".repeat(64);
    const next = uniqueSkillName(base, new Set([base]));
    expect(next).toBe(`${"a".repeat(62)}-2`);
    expect(isValidSkillName(next)).toBe(true);
  });
});

describe("skill text", () => {
  it("makes one clean line, cut with an ellipsis", () => {
    expect(skillLine("a\n\tb\u0000 c ")).toBe("a b c");
    // A control character between two whitespace runs leaves one space, so cleaning is idempotent.
    expect(skillLine("¡\t\u0000\t!")).toBe("¡ !");
    expect(skillLine(skillLine("x \u0007 \u0000  y"))).toBe("x y");
    expect(skillLine("abcdef", 4)).toBe("abc…");
    expect(skillLine("\uD800x")).toBe("\uFFFDx");
    expect(Array.from(skillLine("😀".repeat(10), 5))).toHaveLength(5);
  });

  it("keeps descriptions free of angle brackets and within 1024 characters", () => {
    expect(skillDescription("Use <b>pnpm</b>")).toBe("Use b pnpm /b");
    expect(Array.from(skillDescription("x".repeat(2000)))).toHaveLength(1024);
  });
});

describe("createSkill", () => {
  it("builds version 1 with clean, deduplicated content", () => {
    const skill = createSkill(input);
    expect(skill).toMatchObject({
      name: "install-dependencies-with-pnpm",
      version: 1,
      status: "active",
      whenToUse: ["installing dependencies"],
      steps: ["Bash: pnpm install", "Bash: pnpm build"],
      sourceLessonIds: ["l1"],
      createdAt: 1000,
      updatedAt: 1000,
    });
  });

  it("refuses a skill without steps, description or project id, naming the field", () => {
    expect(() => createSkill({ ...input, steps: [] })).toThrow(/field steps/);
    expect(() => createSkill({ ...input, description: " " })).toThrow(/field description/);
    expect(() => createSkill({ ...input, projectId: null })).toThrow(/field projectId/);
  });
});
