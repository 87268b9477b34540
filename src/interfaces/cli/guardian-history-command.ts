import { GUARDIAN_STATUSES } from "../../store/memory-file-store.js";
import { CliError, type CliIo, oneLine, shortTime, withStore, writeListing } from "./cli-io.js";
import { auditFilter, type ListingOptions } from "./guardian-commands.js";

/** One line of `tacit guardian history`. */
interface HistoryEvent {
  at: number;
  kind: "audit" | "rollback" | "correction";
  id: string;
  auditId: string | null;
  file: string;
  status: string;
  sessionId: string | null;
  detail: string;
}

function weekOf(at: number): string {
  const day = new Date(at);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** `tacit guardian history [FILE] [filters] [--daily|--weekly|--by-session] [--json]` */
export async function guardianHistory(
  file: string | undefined,
  options: ListingOptions & { limit: number; daily?: boolean; weekly?: boolean; bySession?: boolean },
  io: CliIo,
): Promise<number> {
  const grouped = [options.daily, options.weekly, options.bySession].filter(Boolean).length;
  if (grouped > 1) throw new CliError("give one of --daily, --weekly and --by-session");
  if (file !== undefined && options.file !== undefined && file !== options.file)
    throw new CliError(`two files given: ${file} and --file ${options.file}`);
  const filter = auditFilter(io, { ...options, file: file ?? options.file }, grouped ? -1 : options.limit);
  const { audits, rollbacks, corrections } = await withStore(
    io,
    options,
    async (store) => ({
      audits: await store.listAudits(filter),
      rollbacks:
        filter.status || filter.sessionId || filter.decisionId ? [] : await store.listRollbacks(filter),
      corrections: (await store.listCorrections(filter)).filter(
        (item) => !filter.file || item.originalFile === filter.file,
      ),
    }),
    "read",
  );
  if (grouped) {
    const session = new Map(audits.map((audit) => [audit.id, audit.sessionId ?? "(none)"]));
    const key = (at: number, auditId: string | null) =>
      options.daily
        ? new Date(at).toISOString().slice(0, 10)
        : options.weekly
          ? weekOf(at)
          : (session.get(auditId ?? "") ?? "(none)");
    const groups = new Map<string, Record<string, number>>();
    const bump = (group: string, column: string) => {
      const counts = groups.get(group) ?? {
        total: 0,
        ...Object.fromEntries(GUARDIAN_STATUSES.map((status) => [status, 0])),
        corrections: 0,
      };
      counts[column] = (counts[column] ?? 0) + 1;
      if (column !== "corrections") counts.total = (counts.total ?? 0) + 1;
      groups.set(group, counts);
    };
    for (const audit of audits) bump(key(audit.createdAt, audit.id), audit.status);
    for (const correction of corrections)
      bump(key(correction.correctedAt, correction.auditId), "corrections");
    const rows = [...groups.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([group, counts]) => ({ group, ...counts }));
    const columns = ["total", ...GUARDIAN_STATUSES, "corrections"];
    return writeListing(io, options.json, rows, {
      empty: "No guardian history.",
      headers: [
        options.bySession ? "SESSION" : options.weekly ? "WEEK OF" : "DAY",
        ...columns.map((column) => column.toUpperCase()),
      ],
      row: (row) => [
        row.group,
        ...columns.map((column) => String((row as Record<string, unknown>)[column] ?? 0)),
      ],
    });
  }
  const events: HistoryEvent[] = [
    ...audits.map((audit) => ({
      at: audit.createdAt,
      kind: "audit" as const,
      id: audit.id,
      auditId: audit.id,
      file: audit.targetFile,
      status: audit.status,
      sessionId: audit.sessionId,
      detail: audit.candidateFact ? `${audit.candidateFact} — ${audit.reason}` : audit.reason,
    })),
    ...rollbacks.map((rollback) => ({
      at: rollback.rolledBackAt,
      kind: "rollback" as const,
      id: rollback.id,
      auditId: rollback.auditId,
      file: rollback.fileName,
      status: rollback.forced ? "rolled back (forced)" : "rolled back",
      sessionId: null,
      detail: `audit ${rollback.auditId} by ${rollback.rolledBackBy}${rollback.reason ? `: ${rollback.reason}` : ""}`,
    })),
    ...corrections.map((correction) => ({
      at: correction.correctedAt,
      kind: "correction" as const,
      id: correction.id,
      auditId: correction.auditId,
      file: correction.originalFile,
      status: `corrected to ${correction.correctedStatus}`,
      sessionId: null,
      detail: `${correction.reason}${correction.applyToFuture ? ` (applies to future candidates like "${correction.pattern}")` : ""}`,
    })),
  ]
    .sort((a, b) => b.at - a.at || b.id.localeCompare(a.id))
    .slice(0, options.limit);
  return writeListing(io, options.json, events, {
    empty: "No guardian history.",
    headers: ["TIME", "KIND", "FILE", "STATUS", "ID", "DETAIL"],
    row: (event) => [
      shortTime(event.at),
      event.kind,
      event.file,
      event.status,
      event.id,
      oneLine(event.detail, 80),
    ],
  });
}
