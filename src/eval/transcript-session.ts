import { readFile, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { importPaths } from "../capture/importers/import-runner.js";
import { InvalidInputError } from "../core/errors.js";
import { withoutBom } from "../core/json-text.js";
import type { Runtime } from "../runtime.js";

/** A transcript session as captured: its store id(s) and when its last message was. */
export interface ImportedTranscript {
  sessionIds: string[];
  /** epoch ms of the latest line. */
  end: number;
}

/**
 * Imports a transcript (Claude Code JSONL; any format `tacit import` reads) as a scenario
 * session, through the importer a user would run. A copy is imported, with every line's `cwd`
 * set to the scenario's project (so its lessons belong to it), its `sessionId` suffixed with the
 * scenario's session id (so one transcript can serve twice), and its timestamps shifted so the
 * first is `start` when one is given.
 */
export async function importTranscript(input: {
  runtime: Runtime;
  scenarioFile: string;
  transcript: string;
  sessionId: string;
  project: string;
  start: number | null;
  workDir: string;
}): Promise<ImportedTranscript> {
  const source = resolve(dirname(input.scenarioFile), input.transcript);
  const text = await readFile(source, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new InvalidInputError({
      message: `cannot read transcript ${input.transcript} (${error.code ?? error.message})`,
      file: input.scenarioFile,
      field: "transcript",
    });
  });
  const lines = withoutBom(text)
    .split("\n")
    .filter((line) => line.trim() !== "");
  const records = lines.map((line, index) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch (error) {
      throw new InvalidInputError({
        message: `transcript line is not JSON (${(error as Error).message})`,
        file: source,
        line: index + 1,
        cause: error,
      });
    }
  });
  const times = records
    .map((record) => (typeof record.timestamp === "string" ? Date.parse(record.timestamp) : Number.NaN))
    .filter((time) => !Number.isNaN(time));
  const first = times.length ? Math.min(...times) : null;
  const shift = input.start !== null && first !== null ? input.start - first : 0;
  const rewritten = records.map((record) => {
    const copy = { ...record };
    if (typeof copy.cwd === "string") copy.cwd = input.project;
    if (typeof copy.sessionId === "string") copy.sessionId = `${copy.sessionId}-${input.sessionId}`;
    if (typeof copy.timestamp === "string" && shift !== 0) {
      const time = Date.parse(copy.timestamp);
      if (!Number.isNaN(time)) copy.timestamp = new Date(time + shift).toISOString();
    }
    return JSON.stringify(copy);
  });
  const target = join(input.workDir, `${input.sessionId}-${basename(source)}`);
  await writeFile(target, `${rewritten.join("\n")}\n`);

  const before = new Set(await sessionIds(input.runtime));
  const summary = await importPaths({
    capture: input.runtime.capture,
    getImportFile: (path) => input.runtime.store.getImportFile(path),
    paths: [target],
    now: input.runtime.now,
  });
  const [skipped] = summary.filesSkipped;
  if (skipped)
    throw new InvalidInputError({ message: `transcript not imported: ${skipped.reason}`, file: source });
  const added = (await sessionIds(input.runtime)).filter((id) => !before.has(id));
  if (added.length === 0)
    throw new InvalidInputError({
      message: "the transcript holds no session tacit can import",
      file: source,
    });
  const end = Math.max(
    ...(await Promise.all(added.map((id) => input.runtime.store.getSession(id)))).map(
      (session) => session?.lastActivityAt ?? 0,
    ),
  );
  return { sessionIds: added, end: times.length ? Math.max(end, Math.max(...times) + shift) : end };
}

async function sessionIds(runtime: Runtime): Promise<string[]> {
  return (await runtime.store.listSessions({ limit: 100_000 })).map((session) => session.id);
}
