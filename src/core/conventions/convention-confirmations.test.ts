import { describe, expect, it } from "vitest";
import { type Step, taskRows } from "../../testing/task-rows.js";
import { buildOfflineExperience } from "../learning/offline-experience.js";
import { segmentTasks } from "../learning/segment-tasks.js";
import { detectTaskSignals } from "../learning/task-message.js";
import { pointsBackOnly } from "../lexicon/pronoun-objects.js";
import { readConventions } from "./convention-rule.js";

const rules = (message: string) => readConventions(message).map((found) => found.rule);

/** The rules of every heuristic learnt offline from a one-task session. */
function learntRules(steps: Step[]): string[] {
  const session = taskRows(steps);
  const signals = detectTaskSignals(session);
  return segmentTasks(session, { signals }).flatMap((task) =>
    buildOfflineExperience({ task, messages: session, signals }).transferableHeuristics.map(
      (heuristic) => heuristic.rule,
    ),
  );
}

describe("a sentence whose whole object is a pronoun", () => {
  it("is read as pointing back, in each of its forms, English and Chinese", () => {
    for (const sentence of [
      "Use that for every new controller.",
      "ok, keep it like this in all the other packages",
      "Always do it this way.",
      "Same for every new lambda.",
      "That's the convention going forward.",
      "Make that the default.",
      "以后所有接口都这样写。",
      "以后就按这个来",
    ])
      expect(pointsBackOnly(sentence), sentence).toBe(true);
    // A pronoun with nothing that says it lasts, a thing named, or a prohibition points back at nothing.
    for (const sentence of [
      "Use it.",
      "Use ruff everywhere.",
      "That's the way to go.",
      "以后不要这样",
      "就按这个来",
    ])
      expect(pointsBackOnly(sentence), sentence).toBe(false);
  });

  it("confirms the sentence before it as a standing rule: the rule is that sentence, quoted with both", () => {
    const found = readConventions(
      "Feature flags are read through flags.ts, never from process.env directly. Use that for every new controller.",
    );
    expect(found.map((item) => item.rule)).toEqual([
      "Feature flags are read through flags.ts, never from process.env directly",
    ]);
    expect(found[0]?.quote).toContain("Use that for every new controller.");
    // Before it was confirmed, the sentence was no standing rule of its own.
    expect(rules("Each lambda logs through powertools.ts.")).toEqual([]);
    expect(rules("Each lambda logs through powertools.ts. Same for every new lambda.")).toEqual([
      "Each lambda logs through powertools.ts",
    ]);
    expect(rules("请求都经过 src/api/client.ts 里的 request 封装。以后所有接口都这样写。")).toEqual([
      "请求都经过 src/api/client.ts 里的 request 封装",
    ]);
  });

  it("is never a rule by itself, nor confirms a sentence that names no work", () => {
    expect(rules("Keep it like this in all the other packages.")).toEqual([]);
    expect(rules("以后就按这个来。")).toEqual([]);
    expect(rules("Love the new colours. Always do it this way.")).toEqual([]);
    expect(rules("Is the retry in fetcher.ts? Use that for every new controller.")).toEqual([]);
  });

  it("is not learnt as a standing instruction after the agent's work either", () => {
    const afterWork = (said: string): Step[] => [
      { user: "move the payment queries out of the controller" },
      {
        tool: "Edit",
        input: { file_path: "src/payments/controller.ts", old_string: "db.query(", new_string: "repo.find(" },
        output: "ok",
      },
      { assistant: "Moved the queries into PaymentsRepository." },
      { user: said },
    ];
    expect(learntRules(afterWork("Use that pattern for every new module from now on."))).toEqual([]);
    expect(learntRules(afterWork("以后都这样写。"))).toEqual([]);
    expect(
      learntRules(
        afterWork("Queries live in a repository class next to the controller. Do it that way from now on."),
      ),
    ).toEqual(["Queries live in a repository class next to the controller"]);
  });
});
