import { describe, expect, it } from "vitest";
import { coversTopic, nearlySame, stemWord, topicSimilarity, topicTokens } from "./topic.js";

describe("topic tokens", () => {
  it("keeps content words, stemmed, and identifiers with their parts", () => {
    expect([...topicTokens("Please install the dependencies with pnpm in src/web-app")]).toEqual([
      "install",
      "dependency",
      "pnpm",
      "src/web-app",
      "src",
      "web",
      "app",
    ]);
    expect(["tests", "running", "fixed", "class"].map(stemWord)).toEqual(["test", "runn", "fix", "class"]);
  });

  it("uses CJK bigrams and drops function characters", () => {
    expect(topicTokens("用 pnpm 安装依赖")).toEqual(new Set(["安装", "装依", "依赖", "pnpm"]));
    expect([...topicTokens("的")]).toEqual([]);
  });
});

describe("topic similarity", () => {
  it("is high for the same topic in other words, zero for unrelated ones, in English and Chinese", () => {
    expect(
      topicSimilarity("Install the dependencies with pnpm", "install deps? dependencies via pnpm"),
    ).toBeGreaterThan(0.6);
    expect(topicSimilarity("Fix the failing login test", "Install dependencies with pnpm")).toBe(0);
    expect(topicSimilarity("用 pnpm 安装项目依赖", "安装依赖，用 pnpm")).toBeGreaterThanOrEqual(0.5);
    expect(topicSimilarity("修复登录页面的样式", "安装依赖，用 pnpm")).toBe(0);
  });

  it("links a short trigger to a topic it is about", () => {
    const topic = topicTokens("Install the dependencies with pnpm in the web app");
    expect(coversTopic("installing dependencies", topic)).toBe(true);
    expect(coversTopic("installing fonts", topic)).toBe(false);
    expect(coversTopic("", topic)).toBe(false);
  });

  it("spots near-identical list items", () => {
    expect(nearlySame("Bash: pnpm install", "bash:  PNPM install")).toBe(true);
    expect(nearlySame("Bash: pnpm install", "Bash: npm install")).toBe(false);
  });
});
