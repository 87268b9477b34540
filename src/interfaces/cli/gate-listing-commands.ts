/**
 * `tacit gate list|show|stats|export`: what the memory gate decided, from its log.
 */
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { resolve } from "node:path";
import {
  decisionView,
  GATE_EXPORT_FORMATS,
  type GateExportFormat,
  gateExportWriter,
} from "../../memory-files/gate-export.js";
import { createMemoryGate, type MemoryGate } from "../../memory-files/gate-service.js";
import type { Runtime } from "../../runtime.js";
import type { GateStatsGrouping } from "../../store/gate-decision-store.js";
import {
  CliError,
  type CliIo,
  type GlobalOptions,
  oneLine,
  shortTime,
  withRuntime,
  writeJson,
  writeLine,
  writeListing,
} from "./cli-io.js";
import { type GateFilterOptions, gateFilter } from "./gate-options.js";
import { formatStats } from "./gate-report.js";

function gateOf(runtime: Runtime): MemoryGate {
  return createMemoryGate({ store: runtime.store, gate: runtime.gate, now: runtime.now });
}

/** Options of `tacit gate list`. */
export interface GateListOptions extends GlobalOptions, GateFilterOptions {
  json?: boolean;
  limit: number;
  withContext?: boolean;
}

/** `tacit gate list`: decisions, newest first. */
export async function gateList(options: GateListOptions, io: CliIo): Promise<number> {
  const filter = gateFilter(options);
  const views = await withRuntime(
    io,
    options,
    async (runtime) => {
      const gate = gateOf(runtime);
      const records = await runtime.store.gateDecisions.listGateDecisions({
        ...filter,
        limit: options.limit,
      });
      return Promise.all(
        records.map(async (record) =>
          decisionView(record, options.withContext ? { context: await gate.context(record) } : {}),
        ),
      );
    },
    "read",
  );
  if (options.json || !options.withContext) {
    return writeListing(io, options.json, views, {
      empty:
        "No gate decisions yet (tacit gate decide reads a turn on stdin; tacit gate run decides stored turns).",
      headers: ["ID", "TIME", "SESSION", "DECISION", "MODEL", "FACT OR REASON"],
      row: (view) => [
        view.id,
        shortTime(Date.parse(view.createdAt)),
        view.sessionId ?? "-",
        view.decision,
        view.model,
        oneLine(view.candidateFact ?? view.reason, 70),
      ],
    });
  }
  if (views.length === 0) writeLine(io.stdout, "No gate decisions match.");
  for (const view of views) {
    writeLine(
      io.stdout,
      `${view.id}  ${shortTime(Date.parse(view.createdAt))}  ${view.decision}  ${oneLine(view.candidateFact ?? view.reason, 70)}`,
    );
    for (const message of view.context ?? [])
      writeLine(
        io.stdout,
        `    ${message.seq === null ? "" : `#${message.seq} `}${message.role}: ${oneLine(message.message, 100)}`,
      );
  }
  return 0;
}

/** `tacit gate show ID [--with-context]`: one decision in full. */
export async function gateShow(
  id: string,
  options: GlobalOptions & { json?: boolean; withContext?: boolean },
  io: CliIo,
): Promise<number> {
  const view = await withRuntime(
    io,
    options,
    async (runtime) => {
      const record = await runtime.store.gateDecisions.getGateDecision(id);
      if (record === null)
        throw new CliError(`gate decision ${id} not found (list them with: tacit gate list)`);
      return decisionView(record, {
        rawResponse: true,
        ...(options.withContext ? { context: await gateOf(runtime).context(record) } : {}),
      });
    },
    "read",
  );
  if (options.json) {
    writeJson(io, view);
    return 0;
  }
  const lines = [
    `${view.decision}${view.candidateFact === null ? "" : `: ${view.candidateFact}`}`,
    `id:         ${view.id}`,
    `time:       ${view.createdAt}`,
    `session:    ${view.sessionId ?? "-"}${view.turnId === null ? " (turn given directly)" : `, turn ${view.turnId}`}`,
    `reason:     ${view.reason}`,
    `decided by: ${view.decidedBy ?? "-"}${view.confidence === null ? "" : ` (confidence ${view.confidence})`}`,
    `model:      ${view.model}, ${view.latencyMs === null ? "-" : `${view.latencyMs} ms`}, tokens ${view.promptTokens ?? "-"} in / ${view.completionTokens ?? "-"} out`,
  ];
  if (view.warning !== null) lines.push(`warning:    ${view.warning}`);
  if (view.rawResponse) lines.push(`raw reply:  ${oneLine(view.rawResponse, 300)}`);
  if (view.context !== undefined) {
    lines.push("context:");
    for (const message of view.context)
      lines.push(
        `  ${message.seq === null ? "" : `#${message.seq} `}${message.role}: ${message.message.replace(/\n/g, "\n    ")}`,
      );
  }
  writeLine(io.stdout, lines.join("\n"));
  return 0;
}

/** Options of `tacit gate stats`. */
export interface GateStatsOptions extends GlobalOptions, GateFilterOptions {
  json?: boolean;
  daily?: boolean;
  weekly?: boolean;
  bySession?: boolean;
}

/** `tacit gate stats [--daily|--weekly|--by-session]`: decisions counted per decision and period. */
export async function gateStats(options: GateStatsOptions, io: CliIo): Promise<number> {
  const chosen = [options.daily && "day", options.weekly && "week", options.bySession && "session"].filter(
    (value): value is GateStatsGrouping => typeof value === "string",
  );
  if (chosen.length > 1) throw new CliError("choose one of --daily, --weekly and --by-session", 2);
  const groupBy: GateStatsGrouping = chosen[0] ?? "all";
  const filter = gateFilter(options);
  const rows = await withRuntime(
    io,
    options,
    (runtime) => runtime.store.gateDecisions.gateStats({ ...filter, groupBy }),
    "read",
  );
  if (options.json) writeJson(io, rows);
  else if (rows.length === 0) writeLine(io.stdout, "No gate decisions match.");
  else writeLine(io.stdout, formatStats(rows));
  return 0;
}

/** Options of `tacit gate export`. */
export interface GateExportOptions extends GlobalOptions, GateFilterOptions {
  format: string;
  output?: string;
  withContext?: boolean;
  json?: boolean;
}

/** `tacit gate export --format json|csv|markdown [-o FILE]`: every matching decision, oldest first, streamed. */
export async function gateExport(options: GateExportOptions, io: CliIo): Promise<number> {
  if (!(GATE_EXPORT_FORMATS as readonly string[]).includes(options.format))
    throw new CliError(`--format must be ${GATE_EXPORT_FORMATS.join(", ")}, got "${options.format}"`, 2);
  const filter = gateFilter(options);
  const writer = gateExportWriter(options.format as GateExportFormat, options.withContext === true);
  const file = options.output === undefined ? undefined : resolve(io.cwd, options.output);
  const target = file === undefined ? io.stdout : createWriteStream(file, { mode: 0o600 });
  const write = async (text: string) => {
    if (text !== "" && !target.write(text)) await once(target, "drain");
  };
  let count = 0;
  try {
    await withRuntime(
      io,
      options,
      async (runtime) => {
        const gate = gateOf(runtime);
        await write(writer.start());
        for (const record of runtime.store.gateDecisions.iterateGateDecisions(filter)) {
          const context = options.withContext ? { context: await gate.context(record) } : {};
          await write(
            writer.row(decisionView(record, { rawResponse: options.format === "json", ...context }), count),
          );
          count++;
        }
        await write(writer.end());
      },
      "read",
    );
  } catch (error) {
    // Close the file before the error reaches the user; what was written stays for them to inspect.
    if (file !== undefined) target.end();
    throw error;
  }
  if (file !== undefined) {
    target.end();
    await once(target, "finish");
    if (options.json) writeJson(io, { file, format: options.format, decisions: count });
    else writeLine(io.stdout, `Exported ${count} gate decision(s) to ${file}.`);
  }
  return 0;
}
