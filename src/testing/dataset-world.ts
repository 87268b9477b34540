import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_DATASET_SETTINGS } from "../core/dataset/dataset-settings.js";
import type { GateDecision } from "../core/memory-gate/gate-decision.js";
import { createRedactor } from "../core/redaction.js";
import { collectSamples } from "../dataset/collect.js";
import { correctAudit } from "../memory-files/corrections.js";
import { createMemoryGate } from "../memory-files/gate-service.js";
import { writeMemoryFact } from "../memory-files/guardian.js";
import { rollbackAudit } from "../memory-files/rollback.js";
import type { Runtime } from "../runtime.js";

export const DAY = 86_400_000;
/** Monday 2026-11-02, 09:00 UTC: when the conversation happened. */
export const START = Date.UTC(2026, 10, 2, 9);

/** The conversation, one turn per line: what the user said and what the agent replied. */
export const TURNS: Array<[string, string]> = [
  ["I prefer morning check-ins.", "Noted, I'll send them to li.wei@example.com every morning."],
  ["Always answer me in English from now on.", "Understood."],
  ["We decided to use Postgres for billing.", "Great choice."],
  ["my editor is vim btw", "OK."],
  ["I'm working on the login bug today.", "Good luck with it."],
  ["Remember that I use vim as my editor.", "Will do."],
  ["No, that's wrong, I switched to emacs last year.", "Sorry, noted."],
];

/** What the world made, by turn (index 0 is the first turn). */
export interface DatasetWorld {
  workspace: string;
  sessionId: string;
  /** Gate decision ids by turn (the last turn has none). */
  decisions: string[];
  /** Guardian audit ids by turn (turns 4 and 7 have none). */
  audits: Array<string | null>;
  taskId: string;
  lessonId: string;
}

/**
 * A store holding one of each kind of source, as the real services make them:
 *
 * 1. the offline gate proposes USER.md "prefers morning check-ins", the guardian writes it (the
 *    agent's reply holds an email address);
 * 2. SOUL.md "Always answer the user in English", written, rolled back a day later (which forgets
 *    the fact in the audit and in the gate's decision);
 * 3. MEMORY.md "We decided to use Postgres for billing", written, corrected to refused a day later
 *    (a rollback too: its fact forgotten the same way);
 * 4. a model said NO_WRITE to "my editor is vim btw" (recorded as a model would);
 * 5. a model proposed MEMORY.md "Working on the login bug today": the guardian refuses it as temporary;
 * 6. USER.md "uses vim as their editor", written; the user objects in turn 7 (a correction signal);
 *
 * plus a task whose `npm install` failed and `pnpm install` worked, and a lesson the user judged
 * harmful on it. Everything happens at {@link START}; the rollback and the correction a day later.
 */
export async function buildDatasetWorld(
  rt: Runtime,
  dir: string,
  setClock: (time: number) => void,
): Promise<DatasetWorld> {
  setClock(START);
  const now = () => rt.now();
  const workspace = join(dir, "workspace");
  mkdirSync(workspace, { recursive: true });
  const sessionId = await rt.capture.upsertSession({
    agent: "generic",
    sourceSessionId: "dataset-world",
    createdAt: START,
  });
  await rt.capture.appendMessages(
    sessionId,
    TURNS.flatMap(([user, assistant], index) => [
      { role: "user" as const, content: user, createdAt: START + index * 2 },
      { role: "assistant" as const, content: assistant, createdAt: START + index * 2 + 1 },
    ]),
  );
  const turns = await rt.store.gateDecisions.turnsWithoutGateDecision({ sessionId, limit: 100 });
  const gate = createMemoryGate({ store: rt.store, gate: rt.gate, now, settings: { mode: "offline" } });
  const decisions: string[] = [];
  for (const [index, turn] of turns.slice(0, 6).entries()) {
    if (index === 3 || index === 4) {
      const decision: GateDecision = index === 3 ? "NO_WRITE" : "UPDATE_MEMORY";
      const id = `model-decision-${index + 1}`;
      await rt.store.gateDecisions.recordGateDecision({
        id,
        turnId: turn.id,
        sessionId,
        decision,
        reason: index === 3 ? "small talk about tools" : "a fact about the project",
        candidateFact: index === 3 ? null : "Working on the login bug today",
        decidedBy: "model",
        confidence: null,
        model: "test-model",
        latencyMs: 5,
        promptTokens: 10,
        completionTokens: 5,
        rawResponse: null,
        warning: null,
        contextStartSeq: turn.contextStartSeq,
        contextEndSeq: turn.endSeq,
        input: null,
        createdAt: START,
      });
      decisions.push(id);
    } else decisions.push((await gate.decideStoredTurn(turn.id)).record.id);
  }
  const files = ["USER.md", "SOUL.md", "MEMORY.md", null, "MEMORY.md", "USER.md"];
  const audits: Array<string | null> = [];
  for (const [index, file] of files.entries()) {
    const record = await rt.store.gateDecisions.getGateDecision(decisions[index] as string);
    if (file === null || record?.candidateFact == null) {
      audits.push(null);
      continue;
    }
    const written = await writeMemoryFact({
      store: rt.store,
      workspace,
      file,
      fact: record.candidateFact,
      sessionId,
      turnId: record.turnId,
      decisionId: record.id,
      now,
    });
    audits.push(written.auditId);
  }
  setClock(START + DAY);
  await rollbackAudit({
    store: rt.store,
    workspace,
    auditId: audits[1] as string,
    reason: "too strict for me",
    now,
  });
  await correctAudit({
    store: rt.store,
    workspace,
    auditId: audits[2] as string,
    status: "refused",
    reason: "only an idea, nothing was decided",
    now,
  });

  const messages = await rt.store.listMessages(sessionId);
  const objection = messages.find((message) => message.content.startsWith("No, that's wrong"));
  const taskId = `${sessionId}:task:0`;
  await rt.store.saveTasks(sessionId, [
    {
      id: taskId,
      sessionId,
      title: "Install the dependencies",
      summary: "",
      goal: "Install the dependencies and run the tests",
      status: "completed",
      startSeq: 0,
      endSeq: messages.length - 1,
      fingerprint: "f1",
      createdAt: START,
      updatedAt: START,
      learnedAt: START,
    },
  ]);
  await rt.store.saveTaskLearning({
    taskId,
    signals: [
      {
        id: `${taskId}:signal:0`,
        taskId,
        sessionId,
        messageSeq: objection?.seq ?? null,
        type: "correction",
        source: "user",
        evidence: "No, that's wrong",
        confidence: 0.9,
        detector: "offline",
        createdAt: START,
      },
    ],
    failedAttempts: [
      {
        id: `${taskId}:attempt:0`,
        taskId,
        attemptLabel: "npm",
        approachSummary: "Bash: npm install",
        failureReason: "npm ERR! code EUNSUPPORTEDPROTOCOL",
        replacedBy: "pnpm install",
        createdAt: START,
      },
    ],
    experience: null,
    outcome: null,
  });
  const learnt = await rt.lessons.learn({
    kind: "prefer",
    trigger: "installing dependencies",
    rule: "Use npm ci to install dependencies",
    why: "",
    domain: "workflow",
    scope: "global",
    projectId: null,
    evidence: [{ quote: "added by hand", sessionId: "manual", at: START }],
  });
  await rt.lessons.feedback(learnt.lesson.id, {
    type: "harmful",
    source: "user",
    taskId,
    sessionId,
    reason: "this repo uses pnpm, npm ci fails",
  });
  return { workspace, sessionId, decisions, audits, taskId, lessonId: learnt.lesson.id };
}

/** {@link buildDatasetWorld}, then eight days on (every write settled) its samples collected. */
export async function collectedDatasetWorld(
  rt: Runtime,
  dir: string,
  setClock: (time: number) => void,
): Promise<DatasetWorld> {
  const world = await buildDatasetWorld(rt, dir, setClock);
  setClock(START + 8 * DAY);
  await collectSamples({
    store: rt.store,
    settings: DEFAULT_DATASET_SETTINGS,
    redact: createRedactor(),
    now: rt.now,
  });
  return world;
}
