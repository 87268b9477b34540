import type { Writable } from "node:stream";
import type { Option } from "commander";
import { TacitError } from "../../core/errors.js";
import type { Runtime } from "../../runtime.js";
import { openStore, openStoreForReading, resolveDatabaseLocation } from "../../store/open-store.js";
import type { Store } from "../../store/store.js";

/** Everything a command touches outside itself, passed in so tests can drive the CLI. */
export interface CliIo {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  now: () => number;
}

/** What the program gives each group of commands it registers: IO, global options, `--limit`, the runner. */
export interface CommandContext {
  io: CliIo;
  global: () => GlobalOptions;
  limit: () => Option;
  run: (work: Promise<number>) => Promise<void>;
}

/** Options every command accepts. */
export interface GlobalOptions {
  db?: string;
}

/** A failure the CLI reports as one line on stderr with a non-zero exit code. */
export class CliError extends TacitError {
  static override readonly marker: string = "tacit.error.cli";
  override readonly name = "CliError";
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** How a command uses the store: `read` opens it read-only and creates nothing (see openStoreForReading). */
export type StoreAccess = "read" | "write";

/** Opens the store the options and environment point at, runs `work`, and closes it. */
export async function withStore<T>(
  io: CliIo,
  options: GlobalOptions,
  work: (store: Store) => Promise<T>,
  access: StoreAccess = "write",
): Promise<T> {
  const store = openCommandStore(io, options, access);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** Opens the full runtime (store, models, lesson book) for a command, runs `work`, and closes it. */
export async function withRuntime<T>(
  io: CliIo,
  options: GlobalOptions,
  work: (runtime: Runtime) => Promise<T>,
  access: StoreAccess = "write",
): Promise<T> {
  const { openRuntime } = await import("../../runtime.js");
  const runtime = await openRuntime({
    db: options.db,
    env: io.env,
    cwd: io.cwd,
    now: io.now,
    ...(access === "read" ? { store: openCommandStore(io, options, access) } : {}),
  });
  try {
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}

function openCommandStore(io: CliIo, options: GlobalOptions, access: StoreAccess) {
  const location = resolveDatabaseLocation({ db: options.db, env: io.env, cwd: io.cwd });
  if (access === "write") return openStore(location);
  return openStoreForReading(location, { named: Boolean(options.db ?? io.env.TACIT_DATABASE_URL) });
}

export function writeLine(stream: Writable, text = ""): void {
  stream.write(`${text}\n`);
}

/** Prints a value as JSON (the stable machine-readable form of every listing). */
export function writeJson(io: CliIo, value: unknown): void {
  writeLine(io.stdout, JSON.stringify(value, null, 2));
}

/** Parses a positive integer option, naming the option when it is not one. */
export function parseCount(value: string, option: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new CliError(`${option} must be a positive whole number, got "${value}"`);
  return number;
}

/** Formats epoch ms as a short UTC time for tables. */
export function shortTime(epochMs: number | null): string {
  if (epochMs === null) return "-";
  return new Date(epochMs).toISOString().replace("T", " ").slice(0, 16);
}

/** Renders rows as an aligned text table. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, index) =>
    Math.max(header.length, ...rows.map((row) => (row[index] ?? "").length)),
  );
  const render = (cells: string[]) =>
    cells
      .map((cell, index) => (index === cells.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
      .join("  ")
      .trimEnd();
  return [render(headers), ...rows.map(render)].join("\n");
}

/** Cuts text to one line of at most `max` characters. */
export function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * Prints a listing: JSON when asked (the stable form), else a table, or `empty` when there are no
 * items. Returns the exit code.
 */
export function writeListing<T>(
  io: CliIo,
  json: boolean | undefined,
  items: T[],
  view: {
    empty: string;
    headers: string[];
    row: (item: T) => string[];
    /** How many matched, when `--limit` cut the listing: the table then ends with "… N more". */
    total?: number;
  },
): number {
  if (json) writeJson(io, items);
  else if (items.length === 0) writeLine(io.stdout, view.empty);
  else {
    writeLine(io.stdout, table(view.headers, items.map(view.row)));
    const more = (view.total ?? items.length) - items.length;
    if (more > 0) writeLine(io.stdout, `… ${more} more (--limit ${view.total} lists them all)`);
  }
  return 0;
}

/** The first `limit` of everything that matched, and how many matched. */
export function firstOf<T>(all: T[], limit: number): { items: T[]; total: number } {
  return { items: all.slice(0, limit), total: all.length };
}

/** Splits a comma list and checks every value against the allowed ones, naming the option on error. */
export function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  option: string,
): T[] | undefined {
  if (value === undefined) return undefined;
  const values = value.split(",").map((item) => item.trim());
  for (const item of values) {
    if (!allowed.includes(item as T))
      throw new CliError(`${option} must be one of ${allowed.join(", ")}, got "${item}"`);
  }
  return values as T[];
}
