import { fileURLToPath } from "node:url";
import { decide } from "../src/core/memory-gate/decide.js";
import { detectSignalsOffline } from "../src/core/signals/offline-rules.js";
import type { SignalMessage } from "../src/core/signals/signal-types.js";
import { loadLabelledSet } from "../src/memory-files/gate-eval.js";
import type { BenchResult } from "./report.js";

const LABELLED_SET = fileURLToPath(new URL("../eval/memory-gate/labelled.jsonl", import.meta.url));
/** Passes over the labelled set per timed run, and timed runs (the median is reported). */
const PASSES = 20;
const RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Items per second of `work` over `count` items, the median of {@link RUNS} runs after a warm-up. */
function rate(count: number, work: () => void): number {
  work();
  const seconds: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    work();
    seconds.push((performance.now() - started) / 1000);
  }
  return count / median(seconds);
}

/**
 * Offline gate decisions per second on the turns of the labelled set, against the offline
 * feedback-signal detector on the same turns (the other per-turn rule pass tacit runs), in the
 * same process and run.
 */
export async function runGateBench(): Promise<BenchResult[]> {
  const turns = (await loadLabelledSet(LABELLED_SET)).map((labelled) => labelled.turn);
  const conversations: SignalMessage[][] = turns.map((turn) => [
    ...turn.recentMessages
      .filter((message) => message.role === "user" || message.role === "assistant")
      .map((message) => ({ role: message.role as "user" | "assistant", content: message.message })),
    { role: "user", content: turn.currentUserMessage },
    ...(turn.currentAgentReply === ""
      ? []
      : [{ role: "assistant" as const, content: turn.currentAgentReply }]),
  ]);
  const count = turns.length * PASSES;
  let written = 0;
  const gate = rate(count, () => {
    written = 0;
    for (let pass = 0; pass < PASSES; pass++)
      for (const turn of turns) if (decide(turn, []).decision !== "NO_WRITE") written++;
  });
  const signals = rate(count, () => {
    for (let pass = 0; pass < PASSES; pass++)
      for (const messages of conversations) detectSignalsOffline(messages);
  });
  return [
    {
      name: `offline gate decisions per second (${turns.length} labelled turns × ${PASSES}, median of ${RUNS})`,
      value: gate,
      unit: "turns/s",
      baselineName: "offline feedback-signal detection on the same turns",
      baselineValue: signals,
      ratio: gate / signals,
      goal: "report",
      met: true,
      note: `${written / PASSES} of ${turns.length} turns proposed a write per pass; both run in process on the same turns, nothing stored`,
    },
  ];
}
