import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { hostname, tmpdir, userInfo } from "node:os";
import { join, resolve } from "node:path";
import { findProjectId } from "../../capture/project.js";
import { InvalidInputError } from "../../core/errors.js";
import { LESSON_SCOPES, type LessonScope } from "../../core/lessons/lesson.js";
import { PACK_MIN_MATURITIES, type PackMinMaturity } from "../../core/packs/pack-format.js";
import { parsePack } from "../../core/packs/pack-text.js";
import { createRedactor } from "../../core/redaction.js";
import { exportPack } from "../../packs/export-pack.js";
import { importPack, type PackImportReport } from "../../packs/import-pack.js";
import type { Runtime } from "../../runtime.js";
import { resolveDatabaseLocation } from "../../store/open-store.js";
import { writePrivateFile } from "../../store/private-files.js";
import { TACIT_VERSION } from "../../version.js";
import {
  CliError,
  type CliIo,
  type GlobalOptions,
  oneLine,
  oneOf,
  withRuntime,
  withStore,
  writeJson,
  writeLine,
} from "./cli-io.js";

/** The user name of this machine, for a pack's author; "unknown" when the system has none. */
function systemUser(io: CliIo): string {
  try {
    return userInfo().username;
  } catch (error) {
    // A uid with no passwd entry (some containers): the environment may still name the user.
    return io.env.USER ?? io.env.USERNAME ?? `unknown (${(error as Error).message})`;
  }
}

/** `tacit pack export`: writes the selected lessons, and their supersession chains, as a YAML pack. */
export async function packExport(
  options: GlobalOptions & {
    output: string;
    scope?: string;
    project?: string;
    minMaturity: string;
    conventions?: boolean;
    author?: string;
    quotes: boolean;
    json?: boolean;
  },
  io: CliIo,
): Promise<number> {
  const scope = oneOf<LessonScope>(options.scope, LESSON_SCOPES, "--scope")?.[0] ?? null;
  const minMaturity = oneOf<PackMinMaturity>(options.minMaturity, PACK_MIN_MATURITIES, "--min-maturity")?.[0];
  if (options.author !== undefined && options.author.trim() === "") throw new CliError("--author is empty");
  const { pack, text } = await withRuntime(
    io,
    options,
    (runtime) =>
      exportPack(runtime.store, {
        selection: {
          scope,
          project: options.project ? findProjectId(resolve(io.cwd, options.project)) : null,
          minMaturity: minMaturity ?? "candidate",
          conventions: options.conventions === true,
        },
        author: options.author ?? systemUser(io),
        machine: hostname(),
        tacitVersion: TACIT_VERSION,
        quotes: options.quotes,
        redact: createRedactor(runtime.settings.capture.redaction),
      }),
    "read",
  );
  const file = resolve(io.cwd, options.output);
  writePrivateFile(file, text);
  const superseded = pack.lessons.filter((lesson) => lesson.supersededBy !== null).length;
  if (options.json) {
    writeJson(io, { file, lessons: pack.lessons.length, superseded, provenance: pack.provenance });
    return 0;
  }
  writeLine(
    io.stdout,
    `Wrote ${pack.lessons.length} lesson(s) to ${file}${superseded ? ` (${superseded} superseded, kept with their successors)` : ""}.`,
  );
  if (pack.lessons.length === 0 && options.conventions)
    writeLine(io.stdout, "No lesson here governs a slot or is marked a convention.");
  return 0;
}

/** `tacit pack import FILE`: validates the whole pack, then merges it (or says what it would do). */
export async function packImport(
  file: string,
  options: GlobalOptions & { project?: string; dryRun?: boolean; json?: boolean },
  io: CliIo,
): Promise<number> {
  const text = await readFile(resolve(io.cwd, file), "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new InvalidInputError({ message: `cannot read (${error.code ?? error.message})`, file });
  });
  const pack = parsePack(text, file);
  const projectId = findProjectId(resolve(io.cwd, options.project ?? "."));
  const work = (runtime: Runtime) => importPack({ book: runtime.lessons, pack, projectId, now: io.now });
  const report = options.dryRun
    ? await withStoreCopy(io, options, work)
    : await withRuntime(io, options, work);
  if (options.json) writeJson(io, { dryRun: options.dryRun === true, ...report });
  else printReport(io, report, options.dryRun === true);
  return 0;
}

/**
 * Runs `work` on a copy of the store in a private temporary folder, removed afterwards: a dry run
 * takes the very path an import takes, and the store itself is only read.
 */
async function withStoreCopy<T>(
  io: CliIo,
  options: GlobalOptions,
  work: (runtime: Runtime) => Promise<T>,
): Promise<T> {
  const folder = mkdtempSync(join(tmpdir(), "tacit-pack-dry-run-"));
  try {
    const copy = join(folder, "tacit.db");
    const location = resolveDatabaseLocation({ db: options.db, env: io.env, cwd: io.cwd });
    if (location.kind === "sqlite" && location.path !== ":memory:" && existsSync(location.path))
      await withStore(io, options, (store) => store.copyTo(copy), "read");
    const { openRuntime } = await import("../../runtime.js");
    const runtime = await openRuntime({
      env: io.env,
      cwd: io.cwd,
      now: io.now,
      db: copy,
    });
    try {
      return await work(runtime);
    } finally {
      await runtime.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function printReport(io: CliIo, report: PackImportReport, dryRun: boolean): void {
  const { author, machine, project, asOf, tacitVersion } = report.provenance;
  writeLine(
    io.stdout,
    `Pack by ${author} on ${machine}${project ? ` (project ${project})` : ""}, tacit ${tacitVersion}, as of ${asOf ?? "-"}: ${report.lessons.length} lesson(s).`,
  );
  for (const lesson of report.lessons)
    writeLine(
      io.stdout,
      `${lesson.action.padEnd(10)} ${lesson.lessonId}  ${oneLine(lesson.rule, 70)}${lesson.superseded ? "  (superseded)" : ""}`,
    );
  for (const item of report.superseded)
    writeLine(io.stdout, `superseded ${item.lessonId}  by ${item.supersededBy}: ${oneLine(item.rule, 60)}`);
  for (const note of report.notes) writeLine(io.stdout, `note: ${note}`);
  const { created, merged, unchanged, superseded } = report.counts;
  writeLine(
    io.stdout,
    `${dryRun ? "Would have: " : ""}${created} created, ${merged} merged, ${unchanged} unchanged; ${superseded} superseded.${dryRun ? " Nothing stored (dry run)." : ""}`,
  );
}
