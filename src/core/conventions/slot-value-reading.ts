/**
 * How the slot rule (slot-rule.ts) reads the value a slot entry matched: the words after a lead, the
 * one member a rule says to use, a described tool, a template's shape, or a listed value; and whether
 * the rule drops that value instead. Pure.
 */

import {
  LAUNCHERS,
  NOT_A_TOOL,
  OF_A_PACKAGE,
  PACKAGE_NOUNS,
  SWITCHED_SETTINGS,
} from "../lexicon/described-values.js";
import { DESCRIPTION_LEADS } from "../lexicon/description-leads.js";
import { droppedThings } from "../lexicon/dropped-things.js";
import { DROP_ADVERBS, MEMBER_ADDED, MEMBER_LEADS, MEMBER_PURPOSES } from "../lexicon/member-leads.js";
import { forbids } from "../lexicon/negations.js";
import { listValue, SLOTS, type SlotEntry } from "../lexicon/slots.js";
import { isStopWord } from "../lexicon/stop-words.js";
import { textShape } from "../lexicon/text-shapes.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";

/** Words that end a value read after its lead ("start with the Jira ticket, like …"). */
const VALUE_STOP =
  /^(?:like|for|so|because|as|and|or|but|instead|rather|from|when|to|in|on|please|now|too)$/i;
const ARTICLE = /^(?:the|a|an|our|your|their)$/i;

/** The value right after a lead: a quoted token, else up to two words before a stop. */
function valueAfter(rest: string): string | null {
  const quoted = /^\s*['"‘“`]([^'"’”`]{1,40})['"’”`]/.exec(rest);
  if (quoted) return quoted[1] as string;
  const words: string[] = [];
  for (const raw of rest.trim().split(/\s+/)) {
    const word = raw.replace(/[,.;:!?)，。；：！？]+$/, "");
    if (word === "" || VALUE_STOP.test(word)) break;
    if (!(words.length === 0 && ARTICLE.test(word))) words.push(word);
    if (words.length === 2 || word !== raw) break;
  }
  return words.length ? words.join(" ") : null;
}

/** The clause around an offset: from the last clause break before it to the next one. */
export function clauseAt(text: string, index: number): { before: string; after: string } {
  const start =
    Math.max(...[",", ";", "，", "；", "。", ".", "…"].map((mark) => text.lastIndexOf(mark, index - 1))) + 1;
  const ends = [",", ";", "，", "；", "。", "…"]
    .map((mark) => text.indexOf(mark, index))
    .filter((at) => at >= 0);
  return {
    before: text.slice(start, index),
    after: text.slice(index, ends.length ? Math.min(...ends) : text.length),
  };
}

/** Avoid leads within a clause before a term ("not", "instead of", 不再, 别用); the lead is capture group 1 or 2. */
export const AVOIDED_BEFORE =
  /\b(instead of|rather than|stop using|no more|no longer|away from|not|never|no|scratch|ditch|forget)\b[^,;]*$|(不要|别|不再|不用|而不是|不是)[^，；]*$/i;

/**
 * True when the clause before a member drops it: an avoid lead, unless a lead that says use comes
 * after the thing the avoid lead drops ("instead of structopt it's clap with derive now").
 */
function avoidedBefore(before: string): boolean {
  const avoid = AVOIDED_BEFORE.exec(before);
  if (avoid === null) return false;
  const use = MEMBER_LEADS.pattern.exec(before);
  const lead = avoid[1] ?? avoid[2] ?? "";
  const between = before.slice(avoid.index + lead.length, use?.index).replace(DROP_ADVERBS, "");
  return use === null || !/[\p{L}\p{N}]/u.test(between);
}

/** The path of a binstub before a tool's name: `bin/`, `./bin/`, `vendor/bin/`, `node_modules/.bin/`. */
const BINSTUB = /(?<![\w/.-])(?:\.\/)?(?:[\w-]+\/)*\.?bin\/$/;

/** True when `rest` says "instead" with no other member of the slot (`members`) before it. */
function saysInstead(rest: string, members: RegExp): boolean {
  const at = rest.search(/\binstead\b/i);
  return at >= 0 && !new RegExp(members.source, "iu").test(rest.slice(0, at));
}

/** The one member of a tool slot the rule says to use, or null. */
function usedMember(entry: SlotEntry, text: string): string | null {
  if (entry.value.from !== "member") return null;
  const { members, neutralAfter, only } = entry.value;
  if (only !== undefined && !only.test(text)) return null;
  const terms = preferenceTerms(text);
  const used = new Set<string>();
  const avoided = new Set<string>();
  const current = new Set<string>();
  const pattern = new RegExp(entry.pattern.source, "giu");
  for (const match of text.matchAll(pattern)) {
    const key = match[0].toLowerCase();
    const member = members[key];
    if (member === undefined) continue;
    const after = text.slice((match.index ?? 0) + match[0].length);
    if (neutralAfter?.test(after)) continue;
    // A tool in the possessive is talked about, not chosen ("Netlify's bandwidth pricing got silly"), said to be in ("now that kotest is in for …") was added, not chosen.
    if (/^['’]s\b/.test(after) || MEMBER_ADDED.test(after)) continue;
    const head = key.split(/\s+/)[0] as string;
    const clause = clauseAt(text, match.index ?? 0);
    const rest = clause.after;
    // A tool run through a binstub is that tool ("use bin/rspec", "./vendor/bin/pint", "node_modules/.bin/jest").
    const binstub = BINSTUB.exec(clause.before)?.[0] ?? "";
    const before = clause.before.slice(0, clause.before.length - binstub.length);
    if (/\bnow\b(?!\s+that\b)|现在/i.test(`${before}${rest}`)) current.add(member);
    if (terms.avoid.has(head) || avoidedBefore(before)) avoided.add(member);
    else if (
      MEMBER_LEADS.test(before) ||
      terms.use.has(head) ||
      terms.use.has(`${binstub.toLowerCase()}${head}`) ||
      /^\s+(?:add|install|i|ci|workspace|dlx)\b/i.test(after) ||
      MEMBER_PURPOSES.test(after) ||
      // "…, rebase onto main instead", "always yarn add"; not another member's "instead" ("cap is not
      // installed here: use fly deploy instead" does not use cap).
      saysInstead(rest.slice(match[0].length), pattern)
    )
      used.add(member);
  }
  // "tracking is on the self-hosted mlflow now": with no other word for it, the one member a clause
  // says holds now is the one used.
  // Of several said to be used, the one said to hold now is ("On tests: FluentAssertions went
  // commercial, so we're on Shouldly now").
  const now = [...used].filter((member) => current.has(member));
  const chosen = used.size > 0 ? (used.size > 1 && now.length === 1 ? new Set(now) : used) : current;
  for (const member of avoided) chosen.delete(member);
  return chosen.size === 1 ? ([...chosen][0] as string) : null;
}

/** Every tool a slot lists, as written (lower case) → as stored; longest first. */
const TOOL_NAMES: ReadonlyArray<[string, string]> = SLOTS.entries
  .flatMap(({ value }) =>
    Object.entries(value.from === "member" ? value.members : value.from === "described" ? value.names : {}),
  )
  .sort(([first], [second]) => second.length - first.length);
const SUFFIXES = DESCRIPTION_LEADS.entries.filter((lead) => lead.suffix).map((lead) => lead.pattern.source);
const SUFFIX = new RegExp(`(?:${SUFFIXES.join("|")})$`, "i");

/** The tool a slot lists that `rest` opens with, as stored, or null. */
function toolAt(rest: string): string | null {
  return (
    TOOL_NAMES.find(([name]) => rest.startsWith(name) && !/^[\w-]/.test(rest.slice(name.length)))?.[1] ?? null
  );
}

/**
 * The value a description pairs with a slot's subject ("jobs run on BullMQ" → bullmq): a tool a
 * slot lists, as stored ("SCSS modules" → sass), else the word itself — when it is a tool's name
 * (see `NOT_A_TOOL`), and after a weak lead ("is", 是) only when it is written as one ("Pinia",
 * "log4j2", "vue-i18n").
 */
function describedValue(match: RegExpMatchArray, text: string): string | null {
  const raw = match[1] ?? match[2];
  if (raw === undefined) return null;
  const rest = text
    .slice((match.index ?? 0) + match[0].length - raw.length)
    .replace(/^`/, "")
    .toLowerCase();
  const tool = toolAt(rest);
  if (tool !== null) return tool;
  // A command that runs another tool names that tool ("cargo nextest run" → nextest, "go test").
  const launcher = LAUNCHERS.pattern.exec(rest)?.[0];
  const launched = launcher === undefined ? "" : (/^[\w@.+-]+/.exec(rest.slice(launcher.length))?.[0] ?? "");
  if (launched !== "") return toolAt(launched) ?? `${launcher?.trim()} ${launched}`;
  // "logging is the standard library's log/slog": the value is the package's thing, when it is a
  // tool's name (not "the std library's own thing").
  const owned = OF_A_PACKAGE.pattern.exec(rest.slice(raw.length))?.[1];
  if (owned !== undefined) return toolAt(owned) ?? (/[0-9._@+#/-]/.test(owned) ? owned : null);
  // A setting switched on or off is no tool: "SwiftLint runs in CI with force_unwrapping enabled".
  if (SWITCHED_SETTINGS.test(rest.slice(raw.length))) return null;
  const word = raw.replace(/^`|`$/g, "").replace(SUFFIX, "");
  const lower = word.toLowerCase();
  if (word === "" || isStopWord(lower) || NOT_A_TOOL.test(lower)) return null;
  const named = /[A-Z0-9._@+#-]/.test(word) || PACKAGE_NOUNS.test(rest.slice(raw.length));
  return match[2] !== undefined && !named ? null : lower;
}

/**
 * The values a practice's slot holds ("always annotate functions" → use, "no asserts" → avoid): they
 * say whether the practice is done, and name no thing a message could switch away from.
 */
export const PRACTICE_VALUES: ReadonlySet<string> = new Set(["use", "avoid"]);

export function readValue(entry: SlotEntry, match: RegExpMatchArray, text: string): string | null {
  const { value } = entry;
  if (value.from === "polarity") {
    const { before } = clauseAt(text, match.index ?? 0);
    return forbids(before) || /\b(?:no|without)\s+$/i.test(before) ? "avoid" : "use";
  }
  if (value.from === "member") return usedMember(entry, text);
  if (value.from === "described") return describedValue(match, text);
  if (value.from === "shape") return textShape(match[value.value] ?? "");
  const raw =
    value.value === 0
      ? valueAfter(text.slice((match.index ?? 0) + match[0].length))
      : (match[value.value] ??
        match.slice(1).find((group, index) => group !== undefined && index + 1 !== entry.what) ??
        null);
  if (value.list === true) return raw ? listValue(raw) : null;
  const read =
    raw
      ?.trim()
      .toLowerCase()
      .replace(/^['"‘“`]|['"’”`]$/g, "") || null;
  return read === null ? null : (value.names?.[read] ?? read);
}

/** True when `text` drops `value`: the term itself, or a thing named with it ("the Dto suffix is gone"). */
export function dropsValue(text: string, value: string): boolean {
  return preferenceTerms(text).avoid.has(value) || droppedThings(text).some((name) => name.includes(value));
}
