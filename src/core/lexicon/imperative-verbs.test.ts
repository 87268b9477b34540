import { describe, expect, it } from "vitest";
import { isInstruction } from "./imperative-verbs.js";

describe("Chinese instructions", () => {
  it("reads a verb and where it goes as an instruction, not a statement of where something is", () => {
    expect(isInstruction("dev 分支锁了，镜像推到 harbor 上", true)).toBe(true);
    expect(isInstruction("master 是受保护的，commit 到 release/ 开头的分支", true)).toBe(true);
    expect(isInstruction("镜像已经在 harbor 上了", true)).toBe(false);
  });
});

describe("a verb and where it went", () => {
  it("is a statement, not an instruction", () => {
    expect(isInstruction("数据已经存到库里了", true)).toBe(false);
  });
});
