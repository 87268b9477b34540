import { describe, expect, it } from "vitest";
import { detectLiveSignals, detectLiveSignalsWithEvidence } from "./live-signals.js";
import type { SignalMessage } from "./signal-types.js";

const user = (content: string): SignalMessage => ({ role: "user", content });
const assistant = (content: string): SignalMessage => ({ role: "assistant", content });
const failed = (content: string): SignalMessage => ({
  role: "tool",
  toolName: "Bash",
  content,
  isError: true,
});
const tool = (content: string): SignalMessage => ({ role: "tool", toolName: "Bash", content });

describe("detectLiveSignals", () => {
  it("finds nothing in a calm exchange that the user accepted", () => {
    expect(
      detectLiveSignals([
        user("Add a /healthz endpoint."),
        assistant("Added GET /healthz returning 200."),
        user("Perfect, thanks."),
      ]),
    ).toEqual([]);
  });

  it("flags userDissatisfaction on a reject, a correction or frustration", () => {
    expect(detectLiveSignals([user("Fix the login."), assistant("Done."), user("Still broken.")])).toContain(
      "userDissatisfaction",
    );
    expect(
      detectLiveSignals([user("加个依赖。"), assistant("npm install 了。"), user("别用 npm，用 pnpm。")]),
    ).toContain("userDissatisfaction");
    expect(detectLiveSignals([user("Run it."), assistant("Ran it."), user("Seriously???")])).toContain(
      "userDissatisfaction",
    );
  });

  it("flags constraintRestatement when a constraint comes back", () => {
    const english = detectLiveSignalsWithEvidence([
      user("Write the deploy script. Don't use sudo."),
      assistant("deploy.sh runs sudo docker compose up."),
      user("I told you not to use sudo."),
    ]);
    expect(english.map((signal) => signal.name)).toContain("constraintRestatement");
    expect(english.find((signal) => signal.name === "constraintRestatement")?.turn).toBe(2);

    const chinese = detectLiveSignals([
      user("重构订单模块，不要改数据库表结构。"),
      assistant("我给 orders 表加了一列。"),
      user("不要改数据库表结构，这个表线上有几千万行。"),
    ]);
    expect(chinese).toContain("constraintRestatement");
  });

  it("flags repeatedFailure after two failures without a success in between", () => {
    const messages = [
      user("Run the tests."),
      failed("FAIL src/cart.test.ts\nAssertionError: expected 90 to be 81"),
      assistant("Fixing the discount."),
      failed("FAIL src/cart.test.ts\nAssertionError: expected 90 to be 81"),
    ];
    expect(detectLiveSignals(messages)).toEqual(
      expect.arrayContaining(["repeatedFailure", "sameErrorRepeated"]),
    );
    const recovered = [...messages, assistant("Removed the second call."), tool("Tests: 8 passed")];
    expect(detectLiveSignals(recovered)).not.toContain("repeatedFailure");
  });

  it("flags sameErrorRepeated for the same error with different numbers, or when the user says so", () => {
    const signals = detectLiveSignalsWithEvidence([
      user("Start the server."),
      failed("Error: listen EADDRINUSE: address already in use :::3000"),
      assistant("Killing the old process."),
      failed("Error: listen EADDRINUSE: address already in use :::3001"),
    ]);
    const same = signals.find((signal) => signal.name === "sameErrorRepeated");
    expect(same).toEqual({
      name: "sameErrorRepeated",
      turn: 3,
      evidence: "Error: listen EADDRINUSE: address already in use :::3001",
    });
    expect(
      detectLiveSignals([
        user("Fix the build."),
        failed("Error: Cannot find module './config'"),
        assistant("Changed the import."),
        failed("TypeError: config.load is not a function"),
      ]),
    ).not.toContain("sameErrorRepeated");
    expect(detectLiveSignals([user("修一下。"), assistant("改好了。"), user("还是同样的错误。")])).toContain(
      "sameErrorRepeated",
    );
  });

  it("flags acceptanceUnclear when the assistant claims completion and nobody confirmed", () => {
    expect(detectLiveSignals([user("Fix the flaky test."), assistant("Fixed, it should work now.")])).toEqual(
      ["acceptanceUnclear"],
    );
    expect(
      detectLiveSignals([
        user("修一下分页。"),
        assistant("已修复分页的越界问题。"),
        user("好的，另外把每页条数改成 20。"),
      ]),
    ).toContain("acceptanceUnclear");
    expect(
      detectLiveSignals([
        user("Fix the flaky test."),
        assistant("Fixed, it should work now."),
        user("Works now!"),
      ]),
    ).not.toContain("acceptanceUnclear");
  });

  it("adds up weak cues into userDissatisfaction once their combined confidence is confident", () => {
    const one = [
      user("Find the slow query."),
      assistant("It is the users lookup."),
      user("Negative. Look at the orders report."),
    ];
    expect(detectLiveSignals(one)).not.toContain("userDissatisfaction");
    const two = [...one, assistant("The orders report takes 0.4 s."), user("Could you please check again?")];
    const found = detectLiveSignalsWithEvidence(two).find((signal) => signal.name === "userDissatisfaction");
    expect(found?.turn).toBe(4);
    expect(found?.evidence).toBe("Could you please check again?");
    expect(found?.confidence).toBeGreaterThanOrEqual(0.5);
    const settled = [
      ...two,
      assistant("Checked: the orders report is the slow one."),
      user("Perfect, that fixed it."),
    ];
    const weakAgain = [...settled, assistant("Anything else?"), user("Negative.")];
    expect(detectLiveSignals(weakAgain)).not.toContain("userDissatisfaction");
  });

  it("looks only at the last windowSize messages but reports turns in the caller's indexing", () => {
    const old = [user("Fix it."), assistant("Done."), user("Still broken.")];
    const calm = [user("New topic: add a README."), assistant("Here is a draft."), user("Perfect.")];
    expect(detectLiveSignals([...old, ...calm], { windowSize: 3 })).toEqual([]);
    const signals = detectLiveSignalsWithEvidence([...calm, ...old], { windowSize: 3 });
    expect(signals.find((signal) => signal.name === "userDissatisfaction")?.turn).toBe(5);
  });
});
