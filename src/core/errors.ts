const marker = "tacit.error";
const symbol = Symbol.for(marker);

/**
 * Base class of every error tacit throws. `isInstance` works across module copies
 * (it checks a `Symbol.for` marker, not the prototype chain).
 */
export class TacitError extends Error {
  protected readonly [symbol] = true;
  override readonly name: string = "TacitError";

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }

  static isInstance(error: unknown): error is TacitError {
    return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[symbol] === true;
  }
}

/** Input that could not be understood: names the file, line and field where known. */
export class InvalidInputError extends TacitError {
  override readonly name = "InvalidInputError";
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly field: string | undefined;

  constructor(options: { message: string; file?: string; line?: number; field?: string; cause?: unknown }) {
    const where = [
      options.file !== undefined
        ? `${options.file}${options.line !== undefined ? `:${options.line}` : ""}`
        : undefined,
      options.field !== undefined ? `field ${options.field}` : undefined,
    ]
      .filter(Boolean)
      .join(", ");
    super(where ? `${where}: ${options.message}` : options.message, { cause: options.cause });
    this.file = options.file;
    this.line = options.line;
    this.field = options.field;
  }
}

/** The database is in a state this build cannot use (newer schema, corrupt, wrong kind). */
export class StoreError extends TacitError {
  override readonly name = "StoreError";
}

/**
 * The database stayed locked by another connection past the deadline of the work at hand (a hook
 * event): nothing was written, and the caller keeps what it meant to write elsewhere.
 */
export class StoreBusyError extends TacitError {
  override readonly name = "StoreBusyError";
}

/** A named entity (session, lesson, error, event) does not exist. */
export class NotFoundError extends TacitError {
  override readonly name = "NotFoundError";
  readonly entity: string;
  readonly id: string;

  constructor(entity: string, id: string) {
    super(`${entity} ${id} not found`);
    this.entity = entity;
    this.id = id;
  }
}

/**
 * True for an error that says another connection held the database lock: {@link StoreBusyError},
 * or SQLite's own `SQLITE_BUSY` / `SQLITE_LOCKED` codes.
 */
export function isBusyError(error: unknown): boolean {
  if (TacitError.isInstance(error) && error.name === "StoreBusyError") return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}
