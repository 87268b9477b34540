/** The property every tacit error carries: the markers of its class and of each class above it. */
const markers = Symbol.for("tacit.error.markers");

/**
 * Base class of every error tacit throws. `isInstance` works across module copies (a bundled hook
 * and the package loaded beside it): it checks markers, not the prototype chain. Each class
 * declares its own `marker`, a stable string; an error carries the markers of its class and of every
 * class it extends, so `NotFoundError.isInstance` is true for a `NotFoundError` only, while
 * `TacitError.isInstance` is true for them all. A subclass that declares no marker of its own would
 * be indistinguishable from its parent: `src/error-markers.test.ts` checks every one.
 */
export class TacitError extends Error {
  /** The marker `isInstance` looks for; every subclass overrides it with its own. */
  static readonly marker: string = "tacit.error";
  override readonly name: string = "TacitError";

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    const own: string[] = [];
    for (let type: unknown = new.target; typeof type === "function"; type = Object.getPrototypeOf(type)) {
      if (Object.hasOwn(type, "marker")) own.push((type as unknown as { marker: string }).marker);
      if (type === TacitError) break;
    }
    Object.defineProperty(this, markers, { value: Object.freeze(own), enumerable: false });
  }

  /** Whether `error` is an instance of the class this is called on (or of one of its subclasses). */
  static isInstance<T extends TacitError>(
    this: { readonly marker: string; readonly prototype: T },
    error: unknown,
  ): error is T {
    if (typeof error !== "object" || error === null) return false;
    const carried = (error as Record<symbol, unknown>)[markers];
    // biome-ignore lint/complexity/noThisInStatic: the marker of the class isInstance is called on, not TacitError's.
    return Array.isArray(carried) && carried.includes(this.marker);
  }
}

/** Input that could not be understood: names the file, line and field where known. */
export class InvalidInputError extends TacitError {
  static override readonly marker: string = "tacit.error.invalid-input";
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
  static override readonly marker: string = "tacit.error.store";
  override readonly name = "StoreError";
}

/**
 * The database stayed locked by another connection past the deadline of the work at hand (a hook
 * event): nothing was written, and the caller keeps what it meant to write elsewhere.
 */
export class StoreBusyError extends TacitError {
  static override readonly marker: string = "tacit.error.store-busy";
  override readonly name = "StoreBusyError";
}

/** A named entity (session, lesson, error, event) does not exist. */
export class NotFoundError extends TacitError {
  static override readonly marker: string = "tacit.error.not-found";
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
  if (StoreBusyError.isInstance(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}
