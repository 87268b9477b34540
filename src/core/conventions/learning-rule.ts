/**
 * The shape of a learning rule: an object with an id, a sentence saying what it reads, and a pure
 * `learn` that returns what it found — no shared arrays to push into, so rules can run in any order
 * and be tested alone. Pure.
 */

/** A rule that reads a context and returns what it found. */
export interface LearningRule<Context, Found> {
  /** Stable id ("slot", "standing-convention"). */
  id: string;
  /** What the rule reads, in a sentence, with an example. */
  describe: string;
  learn(context: Context): Found;
}
