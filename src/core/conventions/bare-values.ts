/**
 * Bare values: an update that names only a value ("Actually make that n_, so n_total") takes the
 * slot of the project's convention whose value has that shape (naming.variable.prefix when "wr_"
 * was the prefix). The lesson book asks it when a convention names no slot itself. Pure.
 */

import { saysUpdate } from "../lexicon/update-cues.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { readSlots } from "./slot-rule.js";

/** A bare name part said on its own ("make that n_"): a prefix with nothing after it. */
const BARE_PREFIX = /(?<![\w$./-])['"‘“`]?([A-Za-z$][\w$]{0,20}_)['"’”`]?(?![\w$])/g;

/**
 * The slot an update that names only a value takes: the one naming-prefix slot of the project's
 * conventions (`slots`) when the rule says one bare prefix and names no slot itself ("Actually make
 * that n_, so n_total" after "variable names start with wr_" → naming.variable.prefix = n_) when it
 * says an update, else null.
 */
export function slotOfBareValue(
  rule: string,
  slots: readonly string[],
): { id: string; value: string } | null {
  const prefixes = new Set(slots.filter((slot) => /^naming\.[^.]+\.prefix$/.test(slot)));
  // A prefix the rule drops is not the one it sets ("the prefix is now n_. wr_ is retired").
  const dropped = preferenceTerms(rule).avoid;
  const values = new Set(
    [...rule.matchAll(BARE_PREFIX)]
      .map((found) => (found[1] as string).toLowerCase())
      .filter((value) => !dropped.has(value)),
  );
  // Only an update ("make that n_", "q_ instead", "now"): a rule that names what it governs in words
  // the lexicon cannot read ("Every DAG id starts with dp_") is no value of another slot.
  if (prefixes.size !== 1 || values.size !== 1 || !saysUpdate(rule) || readSlots(rule).length > 0)
    return null;
  return { id: [...prefixes][0] as string, value: [...values][0] as string };
}
