import { InvalidInputError } from "../core/errors.js";

/** The InvalidInputError `run` throws; any other outcome (another error, no error) fails the test. */
export function invalidInput(run: () => unknown): InvalidInputError {
  try {
    run();
  } catch (error) {
    if (InvalidInputError.isInstance(error)) return error as InvalidInputError;
    throw error;
  }
  throw new Error("expected an InvalidInputError");
}
