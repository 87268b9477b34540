import { describe, expect, it } from "vitest";
import { createLesson, type Lesson } from "./lesson.js";
import { statesAnotherRule } from "./supersession.js";

let next = 0;
function convention(rule: string, isConvention = true): Lesson {
  next++;
  return createLesson({
    id: `l-${next}`,
    now: 0,
    kind: "prefer",
    trigger: "Writing code",
    rule,
    scope: "project",
    projectId: "/work/p",
    domain: "code-style",
    convention: isConvention,
  });
}

describe("statesAnotherRule", () => {
  it("two conventions that share few words of their rules are two rules, whatever their triggers", () => {
    expect(
      statesAnotherRule(
        convention("Staging tables are raw_ now instead of stg_"),
        convention("Logging goes through structlog, no print()"),
      ),
    ).toBe(true);
    expect(
      statesAnotherRule(convention("日志一律用 loguru，不要 print"), convention("组件文件名用大驼峰")),
    ).toBe(true);
  });

  it("a convention said again in other words is the same rule", () => {
    expect(
      statesAnotherRule(
        convention("Run pytest with --strict-markers"),
        convention("Tests are pytest, always run with --strict-markers"),
      ),
    ).toBe(false);
    expect(statesAnotherRule(convention("日志用 loguru"), convention("日志一律用 loguru，不要 print"))).toBe(
      false,
    );
  });

  it("a convention that drops a thing the other does not name is another rule, however many words they share", () => {
    expect(
      statesAnotherRule(
        convention("We agreed to stop using fixtures in e2e tests, they seed through the API now"),
        convention("E2e tests always run against the seeded staging API"),
      ),
    ).toBe(true);
    expect(
      statesAnotherRule(
        convention("E2e tests always run against the seeded staging API"),
        convention("We agreed to stop using fixtures in e2e tests, they seed through the API now"),
      ),
    ).toBe(true);
    // The same drop said again in other words is the same rule.
    expect(
      statesAnotherRule(
        convention("No more fixtures in e2e tests, seed through the API"),
        convention("Stop using fixtures in e2e tests, seed through the API"),
      ),
    ).toBe(false);
  });

  it("says nothing of lessons that are not conventions (their trigger is part of what they say)", () => {
    expect(
      statesAnotherRule(
        convention("Staging tables are raw_ now", false),
        convention("Logging goes through structlog", false),
      ),
    ).toBe(false);
  });
});
