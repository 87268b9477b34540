import { InvalidInputError, NotFoundError, TacitError } from "../../core/errors.js";
import { LessonChangeError } from "../../core/lessons/lesson.js";
import { WorkspaceError } from "../../memory-files/workspace.js";
import { FileBusyError, GuardianRefusedError } from "../../store/memory-file-store.js";

/** A request the API refuses, with the HTTP status that says why. */
export class ApiError extends TacitError {
  static override readonly marker: string = "tacit.error.api";
  override readonly name = "ApiError";
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 501;

  constructor(status: ApiError["status"], message: string) {
    super(message);
    this.status = status;
  }
}

/** The answer to a failure: its status and the `{error}` message the client sees. */
export function errorResponse(error: unknown): { status: number; message: string } {
  if (ApiError.isInstance(error)) return { status: error.status, message: error.message };
  if (NotFoundError.isInstance(error)) return { status: 404, message: error.message };
  if (InvalidInputError.isInstance(error)) return { status: 400, message: error.message };
  if (LessonChangeError.isInstance(error)) return { status: 409, message: error.message };
  // A rollback or correction the guardian refuses (a second rollback, a conflict), a file another
  // process holds, or a workspace it will not use: the request meets the state, not a bad form.
  if (
    GuardianRefusedError.isInstance(error) ||
    FileBusyError.isInstance(error) ||
    WorkspaceError.isInstance(error)
  )
    return { status: 409, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { status: 500, message: `internal error: ${message}` };
}
