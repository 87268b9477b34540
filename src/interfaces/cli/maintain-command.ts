import { maintainLessons } from "../../lessons/index.js";
import {
  type CliIo,
  type GlobalOptions,
  oneLine,
  shortTime,
  withStore,
  writeJson,
  writeLine,
} from "./cli-io.js";

/** Options of `tacit maintain`. */
export interface MaintainOptions extends GlobalOptions {
  json?: boolean;
  dryRun?: boolean;
}

/**
 * `tacit maintain [--dry-run] [--json]`: recomputes every lesson at the current time — support from
 * its evidence, promotion, maturity on decayed feedback — stores what moved (not with --dry-run)
 * and lists it.
 */
export async function maintainCommand(options: MaintainOptions, io: CliIo): Promise<number> {
  const report = await withStore(
    io,
    options,
    (store) => maintainLessons({ store, now: io.now }, { dryRun: options.dryRun === true }),
    options.dryRun ? "read" : "write",
  );
  if (options.json) {
    writeJson(io, report);
    return 0;
  }
  const verb = report.dryRun ? "would change" : "changed";
  writeLine(
    io.stdout,
    `Checked ${report.checked} lesson(s) at ${shortTime(report.at)} UTC: ${report.changed.length} ${verb}.`,
  );
  for (const lesson of report.changed) {
    const state = (side: typeof lesson.before) =>
      `${side.status}/${side.maturity}, ${side.supportTaskCount} task(s)`;
    writeLine(
      io.stdout,
      `${lesson.id}  ${state(lesson.before)} → ${state(lesson.after)}  ${oneLine(lesson.rule, 60)}`,
    );
    for (const change of lesson.changes) writeLine(io.stdout, `    ${oneLine(change, 150)}`);
  }
  return 0;
}
