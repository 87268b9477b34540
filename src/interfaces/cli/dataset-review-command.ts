/**
 * `tacit dataset review`: samples one at a time in the terminal — the sample, its context, its
 * quality factors and why it needs review — and a line for the answer: approve, reject, skip, note
 * or quit. Line-based, so it works on any terminal (and with answers piped in).
 */
import { createInterface } from "node:readline";
import type { DatasetSample } from "../../core/dataset/sample-types.js";
import { annotateSample, noteSample, type ReviewServices, reviewQueue } from "../../dataset/review.js";
import { type CliIo, type GlobalOptions, withRuntime, writeLine } from "./cli-io.js";
import { datasetServices, parseStatuses, parseTypes, reviewer, sampleText } from "./dataset-view.js";

/** Options of `tacit dataset review`. */
export interface DatasetReviewOptions extends GlobalOptions {
  status?: string;
  type?: string;
  limit: number;
}

const PROMPT = "[a]pprove  [r]eject  [s]kip  [n]ote  [q]uit > ";

/** The answers, each by its letter or its word. */
const ANSWERS: Readonly<Record<string, "approve" | "reject" | "skip" | "note" | "quit">> = {
  a: "approve",
  approve: "approve",
  r: "reject",
  reject: "reject",
  s: "skip",
  skip: "skip",
  n: "note",
  note: "note",
  q: "quit",
  quit: "quit",
};

/** Lines from a stream, one at a time; null once it ends. */
function lineReader(input: NodeJS.ReadableStream) {
  const lines = createInterface({ input, terminal: false });
  const ready: string[] = [];
  const waiting: Array<(line: string | null) => void> = [];
  let ended = false;
  lines.on("line", (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else ready.push(line);
  });
  lines.on("close", () => {
    ended = true;
    for (const next of waiting.splice(0)) next(null);
  });
  return {
    next(): Promise<string | null> {
      const line = ready.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (ended) return Promise.resolve(null);
      return new Promise((settle) => waiting.push(settle));
    },
    close: () => lines.close(),
  };
}

/** What one review session did. */
interface Tally {
  approved: number;
  rejected: number;
  skipped: number;
  noted: number;
}

async function reviewOne(
  sample: DatasetSample,
  services: ReviewServices,
  ask: (question: string) => Promise<string | null>,
  io: CliIo,
  tally: Tally,
): Promise<"next" | "quit"> {
  for (;;) {
    const line = await ask(PROMPT);
    if (line === null) return "quit";
    const answer = ANSWERS[line.trim().toLowerCase()];
    if (answer === "quit") return "quit";
    if (answer === "skip") {
      tally.skipped++;
      return "next";
    }
    if (answer === "approve" || answer === "reject") {
      const status = answer === "approve" ? "approved" : "rejected";
      await annotateSample(services, sample.id, { status, by: reviewer(io) });
      tally[status]++;
      writeLine(io.stdout, `${status === "approved" ? "Approved" : "Rejected"} ${sample.id}.`);
      return "next";
    }
    if (answer === "note") {
      const note = await ask("note> ");
      if (note === null) return "quit";
      if (note.trim() === "") {
        writeLine(io.stdout, "No note (it was empty).");
        continue;
      }
      await noteSample(services, sample.id, note);
      tally.noted++;
      writeLine(io.stdout, "Noted.");
      continue;
    }
    writeLine(io.stdout, "Answer a, r, s, n or q.");
  }
}

/** `tacit dataset review`: works through the queue until it is done or the reviewer quits. */
export async function datasetReview(options: DatasetReviewOptions, io: CliIo): Promise<number> {
  const statuses = parseStatuses(options.status);
  const types = parseTypes(options.type);
  const tally: Tally = { approved: 0, rejected: 0, skipped: 0, noted: 0 };
  await withRuntime(io, options, async (runtime) => {
    const { redact } = datasetServices(runtime);
    const services: ReviewServices = { datasets: runtime.store.datasets, redact, now: runtime.now };
    const queue = await reviewQueue(runtime.store.datasets, {
      ...(statuses ? { statuses } : {}),
      ...(types ? { types } : {}),
      limit: options.limit,
    });
    if (queue.length === 0) {
      writeLine(
        io.stdout,
        "Nothing to review (tacit dataset collect makes samples; tacit dataset list shows them).",
      );
      return;
    }
    const reader = lineReader(io.stdin);
    const ask = (question: string) => {
      io.stdout.write(question);
      return reader.next();
    };
    try {
      for (const [index, sample] of queue.entries()) {
        writeLine(io.stdout, `\n── ${index + 1} of ${queue.length} ──`);
        writeLine(io.stdout, sampleText(sample));
        if ((await reviewOne(sample, services, ask, io, tally)) === "quit") break;
      }
    } finally {
      reader.close();
    }
    writeLine(
      io.stdout,
      `\nReviewed: ${tally.approved} approved, ${tally.rejected} rejected, ${tally.skipped} skipped, ${tally.noted} note(s).`,
    );
  });
  return 0;
}
