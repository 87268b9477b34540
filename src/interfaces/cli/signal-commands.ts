import { resolve } from "node:path";
import { splitLines } from "../../capture/importers/line-reader.js";
import { withoutBom } from "../../core/json-text.js";
import { detectSignalsForLine } from "../../core/signals/detect-signals-stream.js";
import type { CorpusHalf } from "../../eval/satisfaction.js";
import { loadSatisfactionCorpus } from "../../eval/satisfaction-corpus.js";
import { formatSatisfactionReport, satisfactionReport } from "../../eval/satisfaction-report.js";
import { type CliIo, writeLine } from "./cli-io.js";

/**
 * `tacit signals detect`: reads JSON Lines on stdin, one conversation per line
 * `{"id", "messages": [{"role", "content"}]}`, and writes one line per conversation
 * `{"id", "signals": [{"turn", "type", "source", "confidence", "evidence"}], "turns": [{"turn",
 * "satisfaction", "satisfied", "dissatisfied"}]}` (one `turns` entry per user message). A line that cannot be
 * read is reported on stderr as `line N: field: reason` and skipped; the rest are still processed,
 * and the exit code is 1 when any line failed. Streams: memory stays flat for any number of lines.
 * Lines end at LF only (a lone CR is not a line break), as the importers count them, so a line
 * number points at the same line in any editor; a byte order mark before the first line is fine.
 */
export async function signalsDetect(options: { minConfidence?: string }, io: CliIo): Promise<number> {
  const minConfidence = options.minConfidence === undefined ? undefined : Number(options.minConfidence);
  if (minConfidence !== undefined && !(minConfidence >= 0 && minConfidence <= 1)) {
    writeLine(
      io.stderr,
      `tacit: --min-confidence must be a number from 0 to 1, got "${options.minConfidence}"`,
    );
    return 2;
  }
  let failures = 0;
  for await (const line of splitLines(io.stdin as AsyncIterable<Buffer | string>)) {
    const text = line.bytes.toString("utf8");
    const result = detectSignalsForLine(line.lineNumber === 1 ? withoutBom(text) : text, line.lineNumber, {
      minConfidence,
    });
    if (result.error) {
      failures++;
      writeLine(io.stderr, result.error);
    } else if (result.output !== undefined && !io.stdout.write(`${result.output}\n`)) {
      await new Promise((resolve) => io.stdout.once("drain", resolve));
    }
  }
  return failures > 0 ? 1 : 0;
}

/** Options of `tacit signals satisfaction`. */
export interface SatisfactionCommandOptions {
  half?: string;
  calibration?: boolean;
  json?: boolean;
}

const HALVES: Readonly<Record<string, CorpusHalf | undefined>> = {
  dev: "dev",
  "held-out": "held-out",
  all: undefined,
};

/**
 * `tacit signals satisfaction <folder>`: score every rated user turn of the corpus half with the
 * offline detector and print the AUC (per-turn satisfaction, dissatisfied evidence alone, keyword baseline) and the
 * per-type precision/recall at the graded and the confident floor.
 */
export async function signalsSatisfaction(
  folder: string,
  options: SatisfactionCommandOptions,
  io: CliIo,
): Promise<number> {
  const halfName = options.half ?? "held-out";
  if (!(halfName in HALVES)) {
    writeLine(io.stderr, `tacit: --half must be dev, held-out or all, got "${halfName}"`);
    return 2;
  }
  const dialogues = await loadSatisfactionCorpus(resolve(io.cwd, folder), HALVES[halfName]);
  const report = satisfactionReport(dialogues, halfName, options.calibration === true);
  writeLine(
    io.stdout,
    options.json === true ? JSON.stringify(report, null, 2) : formatSatisfactionReport(report),
  );
  return 0;
}
