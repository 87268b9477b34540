import { describe, expect, it } from "vitest";
import { amendedRule, contradicts, replacesInSlot } from "./contradiction.js";
import type { LessonSlot } from "./lesson.js";

/** A convention as learning stores it: its rule and the slot it was learnt with (its first, when it states several). */
const convention = (rule: string, slot?: LessonSlot) => ({ rule, slot, convention: true });
const style = { id: "commit-format", value: "conventional" };

describe("a newer convention that states several slots", () => {
  it("replaces an older one in any slot it states, not only the one it was learnt with", () => {
    // Learnt with the commit style; it also says commit messages are in English now.
    const newer = convention(
      "From now on we use conventional commits for commit messages, in English",
      style,
    );
    expect(replacesInSlot(newer, convention("提交信息用中文写"))).toBe(true);
    expect(replacesInSlot(newer, convention("Commit messages are written in Chinese"))).toBe(true);
    expect(
      replacesInSlot(
        convention("提交信息以后改成英文的 conventional commits", style),
        convention("提交信息用中文写", { id: "language:commit-messages", value: "zh" }),
      ),
    ).toBe(true);
    expect(contradicts(newer, convention("提交信息用中文写"))).toBe(true);
  });

  it("never replaces a convention of another slot, nor the same value written another way", () => {
    const newer = convention(
      "From now on we use conventional commits for commit messages, in English",
      style,
    );
    // Other kinds of text, other slots.
    expect(replacesInSlot(newer, convention("注释用中文"))).toBe(false);
    expect(replacesInSlot(newer, convention("Log messages stay in Chinese"))).toBe(false);
    expect(replacesInSlot(convention("docstring 以后写英文吧"), convention("提交信息用中文写"))).toBe(false);
    expect(replacesInSlot(convention("Comments in English please"), convention("用中文回答"))).toBe(false);
    // The same language, however it is written.
    expect(replacesInSlot(newer, convention("提交信息用英文写"))).toBe(false);
    expect(replacesInSlot(convention("提交信息用英语写"), convention("Commit messages: English only"))).toBe(
      false,
    );
    // An older lesson stored with the word as its value ("english", before languages had codes).
    expect(
      replacesInSlot(
        convention("always answer in English"),
        convention("Answer in English", { id: "answer-language", value: "english" }),
      ),
    ).toBe(false);
  });

  it("a lesson that is no convention overturns only through the slot it was learnt with", () => {
    const correction = {
      rule: "From now on we use conventional commits for commit messages, in English",
      slot: style,
    };
    expect(replacesInSlot(correction, convention("提交信息用中文写"))).toBe(false);
  });
});

describe("amendedRule: a value written by name", () => {
  it("writes the new language as the older rule wrote the old one", () => {
    const older = convention("函数都要写类型注解和中文 docstring");
    expect(amendedRule(convention("docstring 以后写英文吧"), older)).toBe(
      "函数都要写类型注解和英文 docstring",
    );
    expect(amendedRule(convention("Docstrings are in English from now on"), older)).toBe(
      "函数都要写类型注解和英文 docstring",
    );
    expect(
      amendedRule(
        convention("docstring 以后写英文吧"),
        convention("Every function needs type hints and a Chinese docstring"),
      ),
    ).toBe("Every function needs type hints and an English docstring");
    expect(
      amendedRule(convention("docstring 改成日语"), convention("函数都要写类型注解和汉语 docstring")),
    ).toBe("函数都要写类型注解和日语 docstring");
  });

  it("archives instead when the old value is written more than once, or the rule states nothing else", () => {
    const newer = convention("docstring 以后写英文吧");
    expect(amendedRule(newer, convention("函数都要写类型注解和中文 docstring，中文优先"))).toBeNull();
    expect(replacesInSlot(newer, convention("函数都要写类型注解和中文 docstring，中文优先"))).toBe(true);
    expect(amendedRule(newer, convention("docstring 用中文写"))).toBeNull();
  });

  it("amends through a slot the newer convention states besides the one it was learnt with", () => {
    const older = convention("Tests are xUnit with FluentAssertions");
    const newer = convention("Tests stay xUnit, assertions are Shouldly now", {
      id: "test-runner",
      value: "xunit",
    });
    expect(amendedRule(newer, older)).toBe("Tests are xUnit with Shouldly");
  });
});

describe("amendedRule: an older rule of one slot that says more beside it", () => {
  it("keeps a clause that is a rule of its own, and writes the new value in place", () => {
    expect(
      amendedRule(
        convention("we have decided to move from Hilt to Koin"),
        convention(
          "Dependency injection is done with Hilt, and ViewModels expose StateFlow rather than LiveData",
        ),
      ),
    ).toBe("Dependency injection is done with Koin, and ViewModels expose StateFlow rather than LiveData");
    expect(
      amendedRule(
        convention("lowercase keywords from now on"),
        convention("Uppercase SQL keywords, CTEs instead of nested subqueries"),
      ),
    ).toMatch(/^Lower ?case SQL keywords, CTEs instead of nested subqueries$/i);
  });

  it("replaces a rule whose other clauses only tell of the change or give a reason", () => {
    expect(
      amendedRule(
        convention("we're going with valibot instead of zod for validation"),
        convention("We're moving off joi — zod schemas from now on, they give us the TS types for free"),
      ),
    ).toBeNull();
    expect(amendedRule(convention("we moved to bun"), convention("Use pnpm"))).toBeNull();
  });
});
