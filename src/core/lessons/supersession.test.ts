import { describe, expect, it } from "vitest";
import { createLesson, type Lesson } from "./lesson.js";
import { overturnedBy, saidBeside, standsBeside, statesAnotherRule } from "./supersession.js";

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

describe("saidBeside and standsBeside", () => {
  const said = (rule: string, messageId: string | undefined, at = 1000): Lesson => ({
    ...convention(rule),
    evidence: [{ quote: rule, sessionId: "s", at, ...(messageId === undefined ? {} : { messageId }) }],
  });

  it("rules first said in one message never overturn each other; said in two, the newer overturns", () => {
    const fresh = said("All new services deploy to ap-south-1 from now on", "seq:4");
    const kept = said("Existing ap-east-1 services stay where they are until the migration", "seq:4");
    expect(saidBeside(kept, fresh)).toBe(true);
    expect(overturnedBy(kept, [fresh], [fresh])).toEqual([]);
    const older = said("We deploy everything to ap-east-1", "seq:0");
    expect(saidBeside(fresh, older)).toBe(false);
    expect(overturnedBy(fresh, [older], [older]).map((lesson) => lesson.rule)).toEqual([older.rule]);
  });

  it("without message ids, only a withdrawal stands beside what was said at its time", () => {
    const rule = said("Globals are prefixed g_", undefined);
    expect(saidBeside(said("We deploy to ap-south-1 now", undefined), rule)).toBe(false);
    expect(standsBeside(said("We deploy to ap-south-1 now", undefined), rule)).toBe(false);
    expect(standsBeside(said("we don't need the g_ rule any more", undefined), rule)).toBe(true);
    // One named and one not were read from two messages.
    expect(standsBeside(said("we don't need the g_ rule any more", "seq:3"), rule)).toBe(false);
  });
});
