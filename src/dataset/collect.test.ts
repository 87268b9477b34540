import { describe, expect, it } from "vitest";
import { DEFAULT_DATASET_SETTINGS } from "../core/dataset/dataset-settings.js";
import type { DatasetSample } from "../core/dataset/sample-types.js";
import { createRedactor } from "../core/redaction.js";
import type { Runtime } from "../runtime.js";
import { useClockedRuntimes } from "../testing/clocked-runtime.js";
import { buildDatasetWorld, DAY, START } from "../testing/dataset-world.js";
import { useTempDir } from "../testing/temp-dir.js";
import type { AdherenceSampleSource } from "./adherence-source.js";
import { type CollectOptions, collectSamples } from "./collect.js";
import { annotateSample } from "./review.js";

const tempDir = useTempDir("tacit-dataset-");
const openRuntime = useClockedRuntimes(tempDir);

async function setUp() {
  const dir = tempDir();
  const { rt, setClock } = await openRuntime(START);
  const world = await buildDatasetWorld(rt, dir, setClock);
  return { rt, setClock, world };
}

function collect(rt: Runtime, options: CollectOptions = {}, adherence?: AdherenceSampleSource) {
  return collectSamples(
    {
      store: rt.store,
      settings: DEFAULT_DATASET_SETTINGS,
      redact: createRedactor(),
      now: rt.now,
      ...(adherence ? { adherence } : {}),
    },
    options,
  );
}

async function bySource(rt: Runtime): Promise<Map<string, DatasetSample>> {
  const samples = await rt.store.datasets.listSamples({ limit: 1000 });
  return new Map(samples.map((sample) => [sample.sourceKey, sample]));
}

describe("collecting samples from a real store", () => {
  it("labels what the user corrected at once, and what stood only after the waiting days", async () => {
    const { rt, setClock, world } = await setUp();
    const [d1, d2, d3, d4, d5, d6] = world.decisions;
    const [a1, , , , a5, a6] = world.audits;
    setClock(START + 2 * DAY);
    const first = await collect(rt);
    expect(first.leftOut).toMatchObject({
      "written less than 7 days ago": 2,
      "decided less than 7 days ago": 3,
      // The rollback and the correction to refused forgot the guardian's fact: no guardian sample.
      "the rollback forgot the fact": 2,
    });
    let samples = await bySource(rt);
    expect([...samples.keys()].sort()).toEqual(
      [
        `decision:${d2}`,
        `decision:${d3}`,
        `decision:${d4}`,
        `decision:${d5}`,
        `turn:${d2}`,
        `turn:${d3}`,
        `turn:${d5}`,
        `attempt:${world.taskId}:attempt:0`,
        `feedback:${(await rt.store.listLessonFeedback(world.lessonId))[0]?.id}`,
      ].sort(),
    );
    expect(samples.get(`decision:${d2}`)).toMatchObject({
      type: "memory_gate_negative",
      polarity: "negative",
      strategy: "rolled_back",
      content: {
        incorrectDecision: "UPDATE_SOUL",
        incorrectFact: null,
        correctDecision: "NO_WRITE",
        rejectionReason: "too strict for me",
      },
    });
    expect(samples.get(`decision:${d3}`)).toMatchObject({
      strategy: "manual_correction",
      content: {
        incorrectFact: null,
        correctDecision: "NO_WRITE",
        rejectionReason: "only an idea, nothing was decided",
      },
    });
    // What a rollback forgot stays forgotten: the fact the gate made of the user's words (the
    // words themselves stay in the session, and in the conversation) is in no sample.
    const stored = JSON.stringify([...samples.values()].map((sample) => sample.content));
    expect(stored).toContain("Always answer me in English");
    expect(stored).not.toContain("Always answer the user in English");
    expect(samples.get(`decision:${d4}`)).toMatchObject({
      strategy: "user_later_requested_similar",
      content: {
        incorrectDecision: "NO_WRITE",
        correctDecision: "UPDATE_USER",
        correctFact: "uses vim as their editor",
      },
    });
    expect(samples.get(`decision:${d5}`)).toMatchObject({
      strategy: "guardian_refused",
      content: { incorrectFact: "Working on the login bug today", correctDecision: "NO_WRITE" },
    });
    expect(samples.get(`turn:${d2}`)?.content).toMatchObject({
      type: "annotated_turn",
      memoryGate: { label: "corrected", correctedOutput: { decision: "NO_WRITE" } },
      writeGuardian: {
        input: { candidateFact: "", targetFile: "SOUL.md", currentContent: "" },
        output: { decision: "written" },
        label: "corrected",
        correctedOutput: { decision: "refused", reason: "too strict for me" },
      },
    });
    expect(samples.get(`attempt:${world.taskId}:attempt:0`)?.content).toEqual({
      type: "task_experience",
      task: {
        goal: "Install the dependencies and run the tests",
        title: "Install the dependencies",
        status: "completed",
      },
      failedAttempt: {
        label: "npm",
        approach: "Bash: npm install",
        failureReason: "npm ERR! code EUNSUPPORTEDPROTOCOL",
      },
      workingApproach: "pnpm install",
    });
    const feedback = [...samples.values()].find((sample) => sample.type === "lesson_outcome");
    expect(feedback).toMatchObject({
      polarity: "negative",
      status: "needs_review",
      reviewReasons: ["the user gave feedback on it"],
      content: { outcome: "harmful", situation: "Install the dependencies and run the tests" },
    });

    setClock(START + 8 * DAY);
    const second = await collect(rt);
    expect(second).toMatchObject({ added: 7, updated: 0, unchanged: 9 });
    samples = await bySource(rt);
    expect(samples.get(`decision:${d1}`)).toMatchObject({
      type: "memory_gate_positive",
      strategy: "auto_positive",
      status: "needs_review",
      containsPii: true,
      privacyFindings: { email: 1 },
      content: { correctDecision: "UPDATE_USER", correctFact: "prefers morning check-ins" },
    });
    const masked = JSON.stringify(samples.get(`decision:${d1}`)?.piiRedactedContent);
    expect(masked).toContain("[REDACTED:email]");
    expect(masked).not.toContain("li.wei@example.com");
    expect(samples.get(`decision:${d6}`)).toMatchObject({
      status: "needs_review",
      reviewReasons: ["the user objected in the next turn"],
    });
    expect(samples.get(`audit:${a1}`)).toMatchObject({
      polarity: "positive",
      content: { decision: "written" },
    });
    expect(samples.get(`audit:${a5}`)).toMatchObject({
      polarity: "positive",
      content: { decision: "refused", rule: "temporary" },
    });
    expect(samples.get(`audit:${a6}`)?.content).toMatchObject({
      currentFileContent: expect.stringContaining("prefers morning check-ins"),
    });
    expect(samples.get(`turn:${d1}`)).toMatchObject({ polarity: "positive" });
  });

  it("is idempotent, and never touches a sample a person reviewed", async () => {
    const { rt, setClock } = await setUp();
    setClock(START + 8 * DAY);
    const first = await collect(rt);
    expect(first.added).toBe(16);
    const again = await collect(rt);
    expect(again).toMatchObject({ found: 16, added: 0, updated: 0, unchanged: 16, reviewed: 0 });
    const [sample] = await rt.store.datasets.listSamples({ limit: 1 });
    await annotateSample({ datasets: rt.store.datasets, redact: createRedactor(), now: rt.now }, sample!.id, {
      status: "rejected",
      by: "tester",
      notes: "not useful",
    });
    const third = await collect(rt);
    expect(third).toMatchObject({ added: 0, updated: 0, unchanged: 15, reviewed: 1 });
    expect(await rt.store.datasets.getSample(sample!.id)).toMatchObject({
      status: "rejected",
      notes: "not useful",
    });
  });

  it("updates a sample nobody reviewed when its source changed, keeping its id", async () => {
    const { rt, setClock, world } = await setUp();
    setClock(START + 8 * DAY);
    await collect(rt);
    const before = (await bySource(rt)).get(`audit:${world.audits[4]}`);
    expect(before?.polarity).toBe("positive");
    const { correctAudit } = await import("../memory-files/corrections.js");
    await correctAudit({
      store: rt.store,
      workspace: world.workspace,
      auditId: world.audits[4] as string,
      status: "written",
      fact: "Working on the login bug",
      reason: "it is a long project, not just today",
      now: rt.now,
    });
    const summary = await collect(rt);
    expect(summary.updated).toBeGreaterThanOrEqual(1);
    const after = (await bySource(rt)).get(`audit:${world.audits[4]}`);
    expect(after).toMatchObject({
      id: before?.id,
      polarity: "negative",
      strategy: "manual_correction",
      content: {
        userCorrection: { correctedDecision: "written", correctedFact: "Working on the login bug" },
      },
    });
  });

  it("keeps the fact of a write the user only moved to another file: the correction wrote it again", async () => {
    const { rt, setClock, world } = await setUp();
    const d6 = world.decisions[5];
    const a6 = world.audits[5];
    const { correctAudit } = await import("../memory-files/corrections.js");
    const corrected = await correctAudit({
      store: rt.store,
      workspace: world.workspace,
      auditId: a6 as string,
      status: "written",
      file: "MEMORY.md",
      reason: "the whole team uses it, not only me",
      now: rt.now,
    });
    // The move rolled the first write back, which forgot its fact there and in the gate's decision.
    expect(corrected.rollback).not.toBeNull();
    expect((await rt.store.getAudit(a6 as string))?.candidateFact).toBeNull();
    expect((await rt.store.gateDecisions.getGateDecision(d6 as string))?.candidateFact).toBeNull();
    setClock(START + 8 * DAY);
    await collect(rt);
    const samples = await bySource(rt);
    expect(samples.get(`audit:${a6}`)).toMatchObject({
      type: "write_guardian_decision",
      polarity: "negative",
      strategy: "manual_correction",
      content: {
        candidateFact: "uses vim as their editor",
        targetFile: "USER.md",
        userCorrection: { correctedDecision: "written", correctedFact: null },
      },
    });
    expect(samples.get(`decision:${d6}`)).toMatchObject({
      type: "memory_gate_negative",
      content: {
        incorrectDecision: "UPDATE_USER",
        incorrectFact: "uses vim as their editor",
        correctDecision: "UPDATE_MEMORY",
        correctFact: "uses vim as their editor",
      },
    });
  });

  it("takes only positives or negatives when asked, stores nothing on a dry run, filters by session and time", async () => {
    const { rt, setClock, world } = await setUp();
    setClock(START + 8 * DAY);
    const dry = await collect(rt, { polarity: "positive", dryRun: true });
    expect(dry).toMatchObject({
      dryRun: true,
      added: 7,
      byType: { memory_gate_positive: 2, annotated_turn: 2, write_guardian_decision: 3 },
    });
    expect(await rt.store.datasets.countSamples({})).toBe(0);
    expect((await collect(rt, { polarity: "negative" })).added).toBe(9);
    expect(await rt.store.datasets.countSamples({})).toBe(9);
    expect((await collect(rt, { sessionId: "generic:nobody" })).found).toBe(0);
    expect((await collect(rt, { until: START })).found).toBe(0);
    expect((await collect(rt, { sessionId: world.sessionId })).added).toBe(7);
  });

  it("auto-approves what a person labelled, and never what holds personal data", async () => {
    const { rt, setClock, world } = await setUp();
    setClock(START + 8 * DAY);
    const summary = await collect(rt, { autoApprove: true });
    expect(summary.byStatus.auto_approved).toBeGreaterThan(0);
    const samples = await bySource(rt);
    // The user's own judgement of a lesson on a task.
    const [feedback] = await rt.store.listLessonFeedback(world.lessonId);
    expect(samples.get(`feedback:${feedback?.id}`)).toMatchObject({
      status: "auto_approved",
      annotatedBy: "auto-approve",
      reviewReasons: ["a person decided the label"],
    });
    // The conversation of the third turn still shows the first turn's email address.
    expect(samples.get(`decision:${world.decisions[2]}`)).toMatchObject({
      status: "needs_review",
      reviewReasons: ["it holds personal data or held a secret"],
    });
  });

  it("keeps samples when their session is pruned: the content is self-contained", async () => {
    const { rt, setClock, world } = await setUp();
    setClock(START + 8 * DAY);
    await collect(rt);
    const before = (await bySource(rt)).get(`decision:${world.decisions[0]}`);
    expect((await rt.store.prune(START + 30 * DAY)).sessionsDeleted).toBe(1);
    const after = await rt.store.datasets.getSample(before!.id);
    expect(after).toMatchObject({
      sessionId: null,
      turnId: null,
      decisionId: null,
      content: before!.content,
      quality: before!.quality,
    });
    expect(await rt.store.datasets.countSamples({})).toBe(16);
  });

  it("collects adherence samples from the source it is given", async () => {
    const { rt, setClock } = await setUp();
    setClock(START + 8 * DAY);
    const adherence: AdherenceSampleSource = {
      deniedCalls: async () => [
        {
          id: "denial-1",
          sessionId: null,
          lessonId: "L-push",
          lessonRule: "Never push to main",
          deniedCall: { toolName: "Bash", input: "git push origin main" },
          followingCall: { toolName: "Bash", input: "git push origin feature/login" },
          outcome: "followed",
          at: START,
        },
        {
          id: "denial-2",
          sessionId: null,
          lessonId: "L-push",
          lessonRule: "Never push to main",
          deniedCall: { toolName: "Bash", input: "git push -f origin main" },
          followingCall: null,
          outcome: "ignored",
          at: START,
        },
      ],
    };
    const summary = await collect(rt, {}, adherence);
    expect(summary.leftOut["no call followed the denial"]).toBe(1);
    const sample = (await bySource(rt)).get("adherence:denial-1");
    expect(sample).toMatchObject({ type: "adherence_correction", polarity: "negative", lessonId: "L-push" });
    expect(await rt.store.datasets.countSamples({ types: ["adherence_correction"] })).toBe(1);
  });
});
