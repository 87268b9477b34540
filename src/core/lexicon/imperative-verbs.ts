/**
 * Imperative verbs: how an instruction to the agent opens ("use …", "run …", "make sure …") and how
 * a task title does ("fix …", "refactor …"). `prescribe` verbs say what to do; `instruct` verbs
 * the rest of what a user tells an agent; `task` verbs open a piece of work. Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/** What a verb does in an instruction. */
export type VerbRole = "prescribe" | "instruct" | "task";

/** A group of verbs with one role. */
export interface ImperativeVerbs extends LexiconEntry {
  role: VerbRole;
}

const verbs = (role: VerbRole, pattern: RegExp, example: string): ImperativeVerbs => ({
  pattern,
  example,
  role,
});

/** Every group, anchored by the caller (they match a bare verb). */
export const IMPERATIVE_VERBS = defineLexicon("imperative-verbs", [
  verbs("prescribe", /use|prefer|stick (?:to|with)|follow/, "use pnpm for everything"),
  verbs("prescribe", /run|pass|call|await|wrap|send/, "run the tests with --runInBand"),
  verbs(
    "prescribe",
    /add|set|put|keep|write|include|import|annotate|decorate/,
    "add the '@retry' decorator to all methods",
  ),
  verbs("prescribe", /prefix|start|begin|end|name/, "start variable names with 'z_'"),
  verbs("prescribe", /rebase|commit|push|deploy|install/, "rebase onto main instead of merging"),
  verbs("instruct", /stop|avoid|skip|leave|mask|pin|mark|tag|reuse|pipe/, "avoid default exports"),
  verbs("instruct", /make sure|check|verify|ensure/, "make sure the migration is reversible"),
  verbs(
    "instruct",
    /show|ask|read|take|go through|point|mention|tell|give/,
    "ask me before adding a dependency",
  ),
  verbs(
    "instruct",
    /switch|export|source|activate|impersonate|log in|sign in|connect|target/,
    "source .env.local before running it",
  ),
  verbs("instruct", /edit|change|touch|update|bump|build|test|format|lint/, "lint before every commit"),
  verbs("instruct", /reply|answer|respond|explain/, "reply in Chinese"),
  verbs(
    "task",
    /apply|clean|configure|convert|create|debug|delete|disable|drop|enable|fetch|find|fix|generate|get|hit/,
    "fix the null check in the invoice serializer",
  ),
  verbs(
    "task",
    /implement|improve|investigate|list|load|look|make|merge|migrate|move|open|parse|print|publish|pull/,
    "implement a LinkedList class",
  ),
  verbs(
    "task",
    /refactor|release|remove|rename|replace|restart|review|search|speed|split|tighten|tweak|upgrade|wire/,
    "refactor the chart legend",
  ),
]);

function alternation(roles: readonly VerbRole[]): string {
  return IMPERATIVE_VERBS.entries
    .filter((entry) => roles.includes(entry.role))
    .map((entry) => entry.pattern.source)
    .join("|");
}

/** The verbs of an instruction ("use", "run", "make sure"…), as one alternation to anchor. */
export const INSTRUCTION_VERBS = alternation(["prescribe", "instruct"]);
/** The verbs that say what to do ("use", "run", "add"…), as one alternation to anchor. */
export const PRESCRIBING_VERBS = alternation(["prescribe"]);

/** Every verb a task title may open with ("fix", "add", "refactor"…), one word each. */
export const TASK_VERBS: ReadonlySet<string> = new Set(
  IMPERATIVE_VERBS.entries.flatMap((entry) =>
    entry.pattern.source.split("|").filter((verb) => /^[a-z]+$/.test(verb)),
  ),
);

const OPENS = new RegExp(`^(?:(?:always|never|only|please|just)\\s+)*(?:${INSTRUCTION_VERBS})\\b`, "i");

/** True when `text` opens with an instruction verb ("use pnpm", "always run…", "make sure…"). */
export function opensWithInstructionVerb(text: string): boolean {
  return OPENS.test(text.trim());
}
