/**
 * Bare values: an update that names only a value ("Actually make that n_, so n_total", "it's
 * UiModel now: ProfileEditUiModel") takes the slot of the project's convention whose value has that
 * shape (naming.variable.prefix when "wr_" was the prefix, naming.class.suffix when "ScreenState"
 * was the suffix). A return to a value the project held before ("决定回退到 Provider", "going back to
 * helm") takes the slot that value was held in. The lesson book asks them when a convention names
 * no slot itself. Pure.
 */

import { RETURN, saysUpdate } from "../lexicon/update-cues.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { saysWord } from "../regexp.js";
import { readSlots } from "./slot-rule.js";

/** A naming slot of a name part: `naming.variable.prefix`, `naming.class.suffix`. */
const NAMING_PART = /^naming\.[^.]+\.(prefix|suffix)$/;

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
  // Only an update ("make that n_", "q_ instead", "now"): a rule that names what it governs in words
  // the lexicon cannot read ("Every DAG id starts with dp_") is no value of another slot.
  if (!saysUpdate(rule) || readSlots(rule).length > 0) return null;
  // A value the rule drops is not the one it sets ("the prefix is now n_. wr_ is retired").
  const dropped = preferenceTerms(rule).avoid;
  for (const [part, values] of [
    ["prefix", bareValues(rule, BARE_PREFIX)],
    ["suffix", bareSuffixes(rule)],
  ] as const) {
    const held = new Set(slots.filter((slot) => NAMING_PART.exec(slot)?.[1] === part));
    const said = new Set([...values].filter((value) => !dropped.has(value)));
    if (held.size === 1 && said.size === 1)
      return { id: [...held][0] as string, value: [...said][0] as string };
  }
  // A capitalised name part quoted alone ("Final word on class names: 'Tq'") takes the one naming
  // slot of a name part the project holds, prefix or suffix.
  const quoted = new Set([...bareValues(rule, QUOTED_NAME_PART)].filter((value) => !dropped.has(value)));
  const parts = slots.filter((slot) => NAMING_PART.test(slot));
  if (quoted.size === 1 && new Set(parts).size === 1)
    return { id: parts[0] as string, value: [...quoted][0] as string };
  return null;
}

/** A capitalised name part in quotes: 'Tq', "Svc". */
const QUOTED_NAME_PART = /['"‘“`]([A-Z][A-Za-z0-9]{0,11})['"’”`]/g;

/** The bare values `pattern` reads in a rule, lower case. */
function bareValues(rule: string, pattern: RegExp): Set<string> {
  return new Set([...rule.matchAll(pattern)].map((found) => (found[1] as string).toLowerCase()));
}

/** A capitalised name part: "UiModel", "Screen". */
const NAME_PART = /(?<![\w$])([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*)(?![\w$])/g;

/**
 * The bare suffixes a rule names: a capitalised name part said with a name that ends in it ("it's
 * UiModel now: ProfileEditUiModel" → uimodel).
 */
function bareSuffixes(rule: string): Set<string> {
  const names = rule.match(/[A-Za-z][A-Za-z0-9]+/g) ?? [];
  return new Set(
    [...rule.matchAll(NAME_PART)]
      .map((found) => found[1] as string)
      .filter((part) => names.some((name) => name.length > part.length && name.endsWith(part)))
      .map((part) => part.toLowerCase()),
  );
}

/**
 * The slot a return to an earlier value that names no slot takes: the one a value it names, as a
 * word after the return, was held in by one of the project's conventions (`held`, archived ones
 * too): "决定回退到 Provider，以后新代码继续用 Provider 写" after "状态管理用 Provider" →
 * state-management = provider. Null when it names none of them, several, or only as a thing it drops.
 */
export function slotOfEarlierValue(
  rule: string,
  held: ReadonlyArray<{ id: string; value: string | null }>,
): { id: string; value: string } | null {
  const returned = returnedPart(rule);
  if (returned === null) return null;
  const dropped = preferenceTerms(rule).avoid;
  const named = new Map<string, { id: string; value: string }>();
  for (const { id, value } of held)
    if (value !== null && !dropped.has(value) && saysWord(returned, value))
      named.set(`${id}\u0000${value}`, { id, value });
  return named.size === 1 ? ([...named.values()][0] as { id: string; value: string }) : null;
}

/**
 * The words from a return to an earlier value on ("回退到 Provider，以后…", "going back to helm"),
 * when `rule` says one and names no slot the lexicon reads; else null. Ask it before reading the
 * values a project held: a rule with no return needs none of them.
 */
export function returnedPart(rule: string): string | null {
  const at = RETURN.exec(rule);
  return at === null || readSlots(rule).length > 0 ? null : rule.slice(at.index);
}
