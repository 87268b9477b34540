import { describe, expect, it } from "vitest";
import { combineFindings, NOTHING_TO_KEEP } from "./combine-findings.js";
import { decide, GATE_RULES, NO_USER_WORDS } from "./decide.js";
import type { FutureCorrection, GateFinding, GateTurn } from "./gate-decision.js";

const turn = (message: string, recent: GateTurn["recentMessages"] = [], reply = ""): GateTurn => ({
  recentMessages: recent,
  currentUserMessage: message,
  currentAgentReply: reply,
});
const decideOn = (message: string, corrections: FutureCorrection[] = []) =>
  decide(turn(message), corrections);

describe("the memory gate's offline decision", () => {
  it.each([
    ["I prefer morning check-ins.", "UPDATE_USER", "prefers morning check-ins"],
    ["Oh, by the way, I prefer tea!", "UPDATE_USER", "prefers tea"],
    ["Call me Sam, not Samuel.", "UPDATE_USER", "wants to be called Sam, not Samuel"],
    [
      "Always be honest with me, even when it's bad news.",
      "UPDATE_SOUL",
      "Always be honest with the user, even when it's bad news",
    ],
    ["I'll call you Jarvis from now on.", "UPDATE_IDENTITY", "name is Jarvis"],
    ["gs is my alias for git status.", "UPDATE_TOOLS", "gs is the user's alias for git status"],
    ["We decided to use Postgres for billing.", "UPDATE_MEMORY", "We decided to use Postgres for billing"],
    ["我喜欢早上沟通", "UPDATE_USER", "喜欢早上沟通"],
    ["以后你就叫小爱", "UPDATE_IDENTITY", "名字是小爱"],
    ["我妹妹吃素", "UPDATE_MEMORY", "用户的妹妹吃素"],
  ])("%s → %s %s", (message, decision, fact) => {
    const verdict = decideOn(message);
    expect(verdict.decision).toBe(decision);
    expect(verdict.candidateFact).toBe(fact);
    expect(verdict.reason).not.toBe("");
  });

  it.each([
    ["I prefer the blue one for this button.", "one-off"],
    ["I'm so annoyed right now.", "temporary-state"],
    ["The server seems slow today.", "runtime-claim"],
    ["I'm tired today", "temporary-state"],
    ["这次用蓝色的吧", "one-off"],
    ["我今天好累", "temporary-state"],
    ["服务器今天好像很慢", "runtime-claim"],
    ["My bank PIN is 4921.", "sensitive-data"],
    ["Can you shorten the second paragraph?", "thread-chatter"],
    ["What if I moved to Berlin?", "hypothetical"],
  ])("does not write %s (%s)", (message, rule) => {
    const verdict = decideOn(message);
    expect(verdict.decision).toBe("NO_WRITE");
    expect(verdict.candidateFact).toBeNull();
    expect(verdict.decidedBy).toBe(rule);
  });

  it("vetoes a secret capture's redactor finds, raw or already redacted, with no cue word around it", () => {
    // Made at test time, so no file holds a token of a real shape.
    const keyId = `AKIA${"Q3EGRJ5LZ4TBN7WK"}`;
    for (const message of [
      `I always deploy staging as ${keyId}.`,
      "I always deploy staging with [REDACTED:aws-access-key-id].",
      `From now on use ghp_${"x7Kp2mQ9vL4rT8wZ1nB5cY3hJ6dF0sA2eG4i"} for the mirror.`,
    ]) {
      const verdict = decideOn(message);
      expect(verdict.decision, message).toBe("NO_WRITE");
      expect(verdict.decidedBy, message).toBe("sensitive-data");
      expect(verdict.candidateFact).toBeNull();
    }
  });

  it("lets a veto outweigh a plain preference but not one said to last", () => {
    const plain = decideOn("I prefer the aisle seat for this flight.");
    expect(plain.decision).toBe("NO_WRITE");
    expect(plain.findings.map((finding) => finding.ruleId)).toEqual(
      expect.arrayContaining(["stable-preference", "one-off"]),
    );
    const lasting = decideOn("I always prefer aisle seats, not just this time.");
    expect(lasting.decision).toBe("UPDATE_USER");
    expect(lasting.candidateFact).toBe("always prefers aisle seats, not just this time");
  });

  it("writes the strongest sentence: small talk around a preference does not hide it", () => {
    const verdict = decideOn("Thanks, that's great! I'm so tired today. Anyway, I'm vegetarian.");
    expect(verdict.decision).toBe("UPDATE_USER");
    expect(verdict.candidateFact).toBe("is vegetarian");
  });

  it("reads only the user's own words: harness text and empty messages are NO_WRITE", () => {
    for (const message of [
      "",
      "   ",
      "<local-command-stdout>ok</local-command-stdout>",
      "[Request interrupted by user]",
    ]) {
      const verdict = decideOn(message);
      expect(verdict).toMatchObject({ decision: "NO_WRITE", reason: NO_USER_WORDS, candidateFact: null });
    }
    const reply = decide(turn("ok", [], "I'll remember that you prefer morning check-ins."), []);
    expect(reply.decision).toBe("NO_WRITE");
  });

  it("reads the agent's last question in the window: a short answer to 'what should I call you?'", () => {
    const asked = decide(
      turn("Dani is fine.", [{ role: "assistant", message: "What should I call you?" }]),
      [],
    );
    expect(asked).toMatchObject({
      decision: "UPDATE_USER",
      candidateFact: "wants to be called Dani",
      decidedBy: "profile-answer",
    });
    expect(decide(turn("Dani is fine."), []).decision).toBe("NO_WRITE");
  });

  it("says NO_WRITE with a reason when no rule fires", () => {
    const verdict = decideOn("The report has three sections.");
    expect(verdict).toMatchObject({
      decision: "NO_WRITE",
      reason: NOTHING_TO_KEEP,
      decidedBy: null,
      findings: [],
    });
  });

  it("does not depend on the order of the rules", () => {
    const messages = [
      "I prefer the blue one for this button.",
      "Never run rm -rf on my machine without asking.",
      "Remember that I'm allergic to shellfish, thanks!",
      "From now on, keep your answers short.",
      "以后不要在周末给我发消息",
    ];
    const reversed = [...GATE_RULES].reverse();
    const shuffled = [...GATE_RULES].sort((first, second) => first.id.localeCompare(second.id));
    for (const message of messages) {
      const base = decide(turn(message), [], GATE_RULES);
      expect(decide(turn(message), [], reversed)).toEqual(base);
      expect(decide(turn(message), [], shuffled)).toEqual(base);
    }
  });
});

describe("combining findings", () => {
  const finding = (ruleId: string, decision: GateFinding["decision"], confidence: number): GateFinding => ({
    ruleId,
    decision,
    confidence,
    reason: ruleId,
    ...(decision === "NO_WRITE" ? {} : { candidateFact: `${ruleId} fact` }),
  });

  it("a veto at least as confident as the write wins its sentence; ties between writes go to the more specific file", () => {
    expect(
      combineFindings([[finding("a", "UPDATE_USER", 0.7), finding("v", "NO_WRITE", 0.7)]]).decision,
    ).toBe("NO_WRITE");
    expect(
      combineFindings([[finding("a", "UPDATE_USER", 0.71), finding("v", "NO_WRITE", 0.7)]]).decision,
    ).toBe("UPDATE_USER");
    expect(
      combineFindings([[finding("m", "UPDATE_MEMORY", 0.8), finding("t", "UPDATE_TOOLS", 0.8)]]).decision,
    ).toBe("UPDATE_TOOLS");
    expect(
      combineFindings([[finding("t", "UPDATE_TOOLS", 0.9), finding("s", "UPDATE_SOUL", 0.9)]]).decision,
    ).toBe("UPDATE_SOUL");
  });

  it("a write in one sentence beats a veto in another", () => {
    const verdict = combineFindings([[finding("v", "NO_WRITE", 0.95)], [finding("u", "UPDATE_USER", 0.5)]]);
    expect(verdict).toMatchObject({ decision: "UPDATE_USER", candidateFact: "u fact", decidedBy: "u" });
    expect(verdict.findings.map((item) => item.ruleId)).toEqual(["v", "u"]);
  });
});

describe("corrections applied to future candidates", () => {
  it("applies a correction only to similar candidates for its file, the newer of two equal matches", () => {
    const refuse = (pattern: string, extra: Partial<FutureCorrection> = {}): FutureCorrection => ({
      pattern,
      correctedStatus: "refused",
      ...extra,
    });
    expect(decideOn("I prefer morning check-ins.", [refuse("prefers morning check-ins")]).decision).toBe(
      "NO_WRITE",
    );
    // Two of the pattern's three words are not enough.
    expect(decideOn("I prefer tea in the morning.", [refuse("prefers morning check-ins")]).decision).toBe(
      "UPDATE_USER",
    );
    // Matched on the user's words too, in Chinese as character pairs.
    expect(decideOn("我喜欢早上沟通", [refuse("喜欢早上沟通")]).decision).toBe("NO_WRITE");
    // A correction made for MEMORY.md leaves a USER.md candidate alone.
    expect(
      decideOn("I prefer morning check-ins.", [
        refuse("prefers morning check-ins", { originalFile: "MEMORY.md" }),
      ]).decision,
    ).toBe("UPDATE_USER");
    const written = (correctedAt: number, correctedFact: string): FutureCorrection => ({
      pattern: "prefers morning check-ins",
      correctedStatus: "written",
      correctedFact,
      correctedAt,
    });
    // Listed newest first, as the store lists them: the newer correction still wins the tie.
    const verdict = decideOn("I prefer morning check-ins.", [written(2, "newer"), written(1, "older")]);
    expect(verdict).toMatchObject({ candidateFact: "newer", decidedBy: "correction:0" });
  });

  it("a refused correction turns a write into NO_WRITE, saying so", () => {
    const verdict = decideOn("I prefer morning check-ins.", [
      { pattern: "prefers morning check-ins", correctedStatus: "refused" },
    ]);
    expect(verdict.decision).toBe("NO_WRITE");
    expect(verdict.candidateFact).toBeNull();
    expect(verdict.reason).toMatch(/^corrected by the user: /);
    expect(verdict.decidedBy).toBe("correction:0");
  });

  it("a corrected file sends similar candidates there, with the corrected fact", () => {
    const verdict = decideOn("I prefer morning check-ins.", [
      { pattern: "unrelated thing entirely", correctedStatus: "refused" },
      {
        pattern: "prefers morning check-ins",
        correctedStatus: "written",
        correctedTargetFile: "MEMORY.md",
        correctedFact: "Team check-ins happen in the morning",
      },
    ]);
    expect(verdict).toMatchObject({
      decision: "UPDATE_MEMORY",
      candidateFact: "Team check-ins happen in the morning",
      decidedBy: "correction:1",
    });
    expect(verdict.reason).toMatch(/go to MEMORY\.md/);
  });

  it("a written correction rescues a vetoed candidate, keeping the file the rules found", () => {
    const verdict = decideOn("I prefer the blue theme for this app.", [
      { pattern: "prefer the blue theme", correctedStatus: "written" },
    ]);
    expect(verdict.decision).toBe("UPDATE_USER");
    expect(verdict.candidateFact).toBe("prefers the blue theme for this app");
  });

  it("leaves the decision alone when no correction matches", () => {
    const corrections: FutureCorrection[] = [{ pattern: "likes jazz", correctedStatus: "refused" }];
    expect(decideOn("I prefer morning check-ins.", corrections)).toEqual(
      decideOn("I prefer morning check-ins."),
    );
  });
});
