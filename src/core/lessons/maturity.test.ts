import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS, type FeedbackEvent } from "./decay.js";
import type { ChangeContext } from "./history.js";
import { createLesson, type Lesson } from "./lesson.js";
import { adoptLesson, archiveLesson, demoteLesson } from "./lifecycle.js";
import {
  applyFeedback,
  computeMaturity,
  DEFAULT_COUNT_TOLERANCE,
  DEFAULT_MATURITY_CONFIG,
  deprecateLesson,
  MATURITY_MULTIPLIERS,
  type MaturityTrack,
  maturitySettingsSchema,
  promoteLesson,
  refreshMaturity,
  resetLesson,
  revalidateLesson,
} from "./maturity.js";
import type { FeedbackType } from "./outcome-scoring.js";

const NOW = 1_000 * DAY_MS;

function context(now = NOW): ChangeContext {
  let next = 0;
  return { now, ids: () => `e${++next}` };
}

function lesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    ...createLesson({
      id: "L1",
      kind: "pattern",
      trigger: "decomposing a feature",
      rule: "split by file type",
      domain: "workflow",
      scope: "global",
      now: 0,
    }),
    ...overrides,
  };
}

let counter = 0;
const feedback = (type: FeedbackType, ageDays = 0, rawValue = 1): FeedbackEvent => ({
  id: `f${++counter}`,
  lessonId: "L1",
  type,
  rawValue,
  source: "outcome",
  at: NOW - ageDays * DAY_MS,
});
const many = (type: FeedbackType, n: number, ageDays = 0) =>
  Array.from({ length: n }, () => feedback(type, ageDays));

const track = (overrides: Partial<MaturityTrack> = {}): MaturityTrack => ({
  maturity: "candidate",
  maturityManual: false,
  maturityResetAt: null,
  lastValidatedAt: null,
  ...overrides,
});

describe("MATURITY_MULTIPLIERS", () => {
  it("is candidate 0.5, established 1.0, proven 1.5, deprecated 0", () => {
    expect(MATURITY_MULTIPLIERS).toEqual({ candidate: 0.5, established: 1.0, proven: 1.5, deprecated: 0 });
  });
});

describe("maturitySettingsSchema", () => {
  it("defaults every setting, and names a bad one", () => {
    expect(maturitySettingsSchema.parse({})).toEqual(DEFAULT_MATURITY_CONFIG);
    expect(maturitySettingsSchema.parse({ countTolerance: 0 }).countTolerance).toBe(0);
    const bad = maturitySettingsSchema.safeParse({ countTolerance: -1 });
    expect(bad.success ? [] : bad.error.issues.map((issue) => issue.path.join("."))).toEqual([
      "countTolerance",
    ]);
  });
});

describe("computeMaturity transitions", () => {
  const state = (events: FeedbackEvent[], current = track()) => computeMaturity(events, current, NOW).state;

  it("candidate while total feedback < 3", () => {
    expect(state([])).toBe("candidate");
    expect(state(many("helpful", 2))).toBe("candidate");
    expect(state([...many("helpful", 1), ...many("harmful", 1)])).toBe("candidate");
  });

  it("candidate → established at 3 feedback events", () => {
    expect(state(many("helpful", 3))).toBe("established");
  });

  it("established → proven at decayed helpful ≥ 5 and harmful ratio < 15%", () => {
    expect(state(many("helpful", 4))).toBe("established");
    expect(state(many("helpful", 5))).toBe("proven");
    expect(state([...many("helpful", 6), ...many("harmful", 1)])).toBe("proven"); // 14.3 %
    expect(state([...many("helpful", 5), ...many("harmful", 1)])).toBe("established"); // 16.7 %
    expect(state([...many("helpful", 17), ...many("harmful", 3)])).toBe("established"); // exactly 15 %
  });

  it("→ deprecated at harmful ratio > 30% with total ≥ 3", () => {
    const assessment = computeMaturity([...many("helpful", 2), ...many("harmful", 1)], track(), NOW);
    expect(assessment).toMatchObject({ state: "deprecated", decayedHelpful: 2, decayedHarmful: 1, total: 3 });
    expect(state([...many("helpful", 7), ...many("harmful", 3)])).toBe("established"); // exactly 30 %
    expect(state(many("harmful", 2))).toBe("candidate"); // not enough data
    expect(state([...many("helpful", 10), ...many("harmful", 5)], track({ maturity: "proven" }))).toBe(
      "deprecated",
    );
  });

  it("uses decayed counts: proven fades to candidate without recent signals", () => {
    expect(state(many("helpful", 5, 0))).toBe("proven");
    expect(state(many("helpful", 5, 90))).toBe("candidate"); // 2.5
    expect(state(many("helpful", 8, 90))).toBe("established"); // 4
    expect(state(many("helpful", 10, 90))).toBe("proven"); // 5
  });

  it("revalidation restarts the clock of earlier feedback", () => {
    const old = many("helpful", 5, 180);
    expect(state(old)).toBe("candidate"); // 1.25
    expect(state(old, track({ lastValidatedAt: NOW }))).toBe("proven");
    expect(state(old, track({ lastValidatedAt: NOW - 90 * DAY_MS }))).toBe("candidate"); // 2.5
    // harm after the last validation ages on its own while old praise fades: 10·0.25 vs 3 fresh
    expect(
      state(
        [...many("helpful", 10, 180), ...many("harmful", 3)],
        track({ lastValidatedAt: NOW - 180 * DAY_MS }),
      ),
    ).toBe("deprecated");
  });

  it("keeps deprecated however good the feedback", () => {
    expect(state(many("helpful", 50), track({ maturity: "deprecated" }))).toBe("deprecated");
  });

  it("keeps a manual promotion proven unless the feedback deprecates it", () => {
    const manual = track({ maturity: "proven", maturityManual: true });
    expect(state([], manual)).toBe("proven");
    expect(state(many("harmful", 3), manual)).toBe("deprecated");
  });

  it("ignores feedback before the last reset", () => {
    const events = [...many("harmful", 5, 10), ...many("helpful", 3, 0)];
    expect(state(events)).toBe("deprecated");
    expect(state(events, track({ maturityResetAt: NOW - 5 * DAY_MS }))).toBe("established");
  });

  it("counts three harmful events of one afternoon as three, within a documented tolerance", () => {
    const hours = (n: number) => (n * 3_600_000) / DAY_MS;
    const afternoon = [
      feedback("harmful", hours(4)),
      feedback("harmful", hours(1)),
      feedback("harmful", 0.0001),
    ];
    const assessed = computeMaturity(afternoon, track(), NOW);
    expect(assessed.total).toBeLessThan(3);
    expect(assessed.total).toBeGreaterThan(3 - DEFAULT_COUNT_TOLERANCE);
    expect(assessed.state).toBe("deprecated");
    expect(computeMaturity(afternoon, track(), NOW, { countTolerance: 0 }).state).toBe("candidate");
    // A day apart is what decay is for: 2.98 events are fewer than 3.
    expect(state(many("harmful", 3, 1))).toBe("candidate");
  });

  it("proves five helpful events of one afternoon", () => {
    const afternoon = Array.from({ length: 5 }, (_, index) => feedback("helpful", index / 24 / 2));
    expect(computeMaturity(afternoon, track(), NOW).decayedHelpful).toBeLessThan(5);
    expect(state(afternoon)).toBe("proven");
  });

  it("compares the harmful ratio without float noise: exactly 30% is not above 30%", () => {
    const events = [...many("harmful", 3, 10), ...many("helpful", 7, 10)];
    expect(state(events)).toBe("established");
  });

  it("takes thresholds from a partial config", () => {
    expect(computeMaturity(many("helpful", 2), track(), NOW, { minFeedback: 2 }).state).toBe("established");
    expect(computeMaturity(many("helpful", 2), track(), NOW, { minFeedback: 2, minHelpful: 2 }).state).toBe(
      "proven",
    );
  });
});

describe("applyFeedback", () => {
  it("revalidates on helpful feedback and records the promotion", () => {
    const events = many("helpful", 2);
    const latest = feedback("helpful");
    const result = applyFeedback(lesson(), latest, [...events, latest], context());
    expect(result.lesson).toMatchObject({ maturity: "established", lastValidatedAt: NOW, updatedAt: NOW });
    expect(result.event).toMatchObject({ type: "lesson-promoted", lessonId: "L1", at: NOW });
    expect(result.event.before?.maturity).toBe("candidate");
  });

  it("does not revalidate on harmful feedback and records a deprecation", () => {
    const start = lesson({ maturity: "established" });
    const harmful = feedback("harmful");
    const result = applyFeedback(start, harmful, [...many("helpful", 2)], context());
    expect(result.lesson).toMatchObject({ maturity: "deprecated", lastValidatedAt: null });
    expect(result.event.type).toBe("lesson-deprecated");
  });

  it("records plain feedback when the state does not move", () => {
    const result = applyFeedback(lesson(), feedback("neutral"), [], context());
    expect(result.event.type).toBe("lesson-feedback");
    expect(result.lesson.maturity).toBe("candidate");
  });

  it("quotes the judge's reason in the history event, and says nothing when there is none", () => {
    const reasoned = { ...feedback("helpful"), source: "user" as const, reason: "pnpm worked" };
    const withReason = applyFeedback(lesson(), reasoned, [], context());
    expect(withReason.event.reason).toMatch(
      new RegExp(`^helpful feedback from user \\(${reasoned.id}\\) "pnpm worked": `),
    );
    const plain = applyFeedback(lesson(), feedback("helpful"), [], context());
    expect(plain.event.reason).toMatch(/^helpful feedback from outcome \(f\d+\): /);
  });

  it("throws for feedback about another lesson", () => {
    expect(() => applyFeedback(lesson(), { ...feedback("helpful"), lessonId: "L2" }, [], context())).toThrow(
      /L2/,
    );
  });
});

describe("refreshMaturity", () => {
  it("does nothing while the state holds", () => {
    const start = lesson({ maturity: "established" });
    expect(refreshMaturity(start, many("helpful", 3), context())).toEqual({ lesson: start, event: null });
  });

  it("demotes a proven lesson whose feedback has decayed", () => {
    const start = lesson({ maturity: "proven" });
    const result = refreshMaturity(start, many("helpful", 5, 200), context());
    expect(result.lesson.maturity).toBe("candidate");
    expect(result.event?.type).toBe("lesson-feedback");
  });
});

describe("manual promote / deprecate / reset", () => {
  it("promotes to proven by hand, counts as adoption and revalidates", () => {
    const result = promoteLesson(lesson(), { ...context(), reason: "confirmed by the team" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.lesson).toMatchObject({
      maturity: "proven",
      maturityManual: true,
      maturityReason: "confirmed by the team",
      adopted: true,
      status: "active",
      lastValidatedAt: NOW,
    });
    expect(result.event).toMatchObject({ type: "lesson-promoted", reason: "confirmed by the team" });
    const again = promoteLesson(result.lesson, { ...context(), reason: "again" });
    expect(again.ok ? undefined : again.error.code).toBe("no-change");
  });

  it("deprecates by hand with a reason", () => {
    const result = deprecateLesson(lesson({ maturity: "proven" }), {
      ...context(),
      reason: "caused file conflicts in 80% of cases",
    });
    expect(result.ok && result.lesson.maturity).toBe("deprecated");
    expect(result.ok && result.lesson.maturityReason).toBe("caused file conflicts in 80% of cases");
    expect(result.ok && result.event.type).toBe("lesson-deprecated");
    if (result.ok) {
      const again = deprecateLesson(result.lesson, { ...context(), reason: "again" });
      expect(again.ok ? undefined : again.error.code).toBe("no-change");
    }
  });

  it("refuses to promote a deprecated lesson until it is reset", () => {
    const deprecated = lesson({ maturity: "deprecated" });
    const refused = promoteLesson(deprecated, { ...context(), reason: "try" });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe("deprecated-needs-reset");
    expect(refused.error.lessonId).toBe("L1");

    const reset = resetLesson(deprecated, { ...context(), reason: "rewritten" });
    expect(reset.ok).toBe(true);
    if (!reset.ok) return;
    expect(reset.lesson).toMatchObject({
      maturity: "candidate",
      maturityManual: false,
      maturityResetAt: NOW,
    });
    expect(reset.event.type).toBe("lesson-reset");
    expect(promoteLesson(reset.lesson, { ...context(), reason: "now fine" }).ok).toBe(true);
  });

  it("refuses to promote an archived lesson", () => {
    const result = promoteLesson(lesson({ status: "archived" }), { ...context(), reason: "x" });
    expect(result.ok ? undefined : result.error.code).toBe("archived");
  });

  it("revalidates by hand", () => {
    const result = revalidateLesson(lesson(), context());
    expect(result.ok && result.lesson.lastValidatedAt).toBe(NOW);
    expect(result.ok && result.event.type).toBe("lesson-feedback");
    expect(revalidateLesson(lesson({ status: "archived" }), context()).ok).toBe(false);
  });
});

type Operation =
  | { op: "feedback"; type: FeedbackType; ageDays: number }
  | { op: "refresh"; laterDays: number }
  | { op: "promote" | "deprecate" | "reset" | "revalidate" | "adopt" | "demote" | "archive" };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    op: fc.constant("feedback" as const),
    type: fc.constantFrom<FeedbackType>("helpful", "harmful", "neutral"),
    ageDays: fc.nat({ max: 400 }),
  }),
  fc.record({ op: fc.constant("refresh" as const), laterDays: fc.nat({ max: 400 }) }),
  fc.record({
    op: fc.constantFrom("promote", "deprecate", "reset", "revalidate", "adopt", "demote", "archive"),
  }) as fc.Arbitrary<Operation>,
);

describe("property: no path leaves deprecated without reset", () => {
  it("holds for any sequence of feedback, refreshes and manual changes", () => {
    let deprecatedSteps = 0;
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
        let current = lesson();
        const events: FeedbackEvent[] = [];
        let now = NOW;
        for (const step of operations) {
          const wasDeprecated = current.maturity === "deprecated";
          const change = { ...context(now), reason: "property" };
          switch (step.op) {
            case "feedback": {
              const event = { ...feedback(step.type, 0), at: now - step.ageDays * DAY_MS };
              events.push(event);
              current = applyFeedback(current, event, events, change).lesson;
              break;
            }
            case "refresh":
              now += step.laterDays * DAY_MS;
              current = refreshMaturity(current, events, { ...change, now }).lesson;
              break;
            default: {
              const result =
                step.op === "promote"
                  ? promoteLesson(current, change)
                  : step.op === "deprecate"
                    ? deprecateLesson(current, change)
                    : step.op === "reset"
                      ? resetLesson(current, change)
                      : step.op === "revalidate"
                        ? revalidateLesson(current, change)
                        : step.op === "adopt"
                          ? adoptLesson(current, change)
                          : step.op === "demote"
                            ? demoteLesson(current, { kind: "environment-outdated", detail: "x" }, change)
                            : archiveLesson(current, change);
              if (result.ok) current = result.lesson;
            }
          }
          if (wasDeprecated && step.op !== "reset") {
            deprecatedSteps++;
            expect(current.maturity).toBe("deprecated");
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(deprecatedSteps).toBeGreaterThan(0);
  });
});
