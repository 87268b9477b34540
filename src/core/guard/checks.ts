/**
 * The checks a lesson's words make possible at a tool call. A lesson is checkable when its rule
 * names a program, a command prefix, a flag, a branch or a path:
 * - "Use `pnpm`, not `npm`" → forbid `npm` (instead: pnpm);
 * - "Never push --force to main" → forbid `git push --force` to main;
 * - "Do not commit to main, always use a feature branch" → forbid `git commit` on main;
 * - "src/generated is generated code, never edit it by hand" → forbid edits under src/generated;
 * - "Always run the tests with pytest -x" → about `pytest` without `-x` (a reminder, just in time).
 * Anything else ("don't use moment, use dayjs": a library, not a call) gives no check. Read with
 * the lexicons of rule-lexicon.ts and tool-lexicon.ts. Pure.
 */
import {
  BRANCH_NAMES,
  BRANCH_PHRASES,
  EDIT_VERBS,
  FORBID_LEADS,
  findCue,
  GENERATED_MARKERS,
  TERM_FILLERS,
  TERM_STOP_WORDS,
  USE_LEADS,
} from "./rule-lexicon.js";
import { canonicalSubcommand, impliedProgram, isKnownProgram } from "./tool-lexicon.js";

/** What a check looks for in a tool call. */
export type GuardTarget =
  | {
      type: "command";
      /** The program, lower case. */
      program: string;
      /** Its subcommand (`install`), when the rule names one. */
      subcommand?: string;
      /** A flag the call carries (forbid) or must carry (about). */
      flag?: string;
      /** The branch the call works on (a commit's current branch, a push's target). */
      branch?: string;
    }
  | {
      type: "edit";
      /** A path or glob, relative to the project (`src/generated`, `*.pb.go`, `.env.local`). */
      path: string;
    };

/** One machine-checkable reading of a lesson. */
export interface GuardCheck {
  /**
   * `forbid`: a call that matches goes against the lesson. `about`: the lesson applies to a call
   * that matches (a command it names, a file it governs), to be recalled just in time.
   */
  kind: "forbid" | "about";
  target: GuardTarget;
  /** What the lesson says to do instead, as it says it ("pnpm", "a feature branch"), when it does. */
  instead?: string;
}

/** File extensions that make a word a path even without a slash. */
const PATH_EXTENSIONS =
  /\.(?:ts|tsx|mts|cts|jsx|mjs|cjs|json|jsonc|ya?ml|toml|lock|md|mdx|py|ipynb|go|rs|java|kt|rb|php|cs|sh|bash|sql|env|ini|cfg|conf|xml|html|css|scss|proto|txt|gradle|properties|swift|c|h|cc|cpp|hpp|graphql|gql|prisma|tf|tfvars|lockb|snap|pb\.go|gen\.go|d\.ts)$/i;
const CODE_SPAN = /`([^`]{1,120})`/g;
/** Words that make a prohibition conditional: no plain check. */
const CONDITIONS = ["without", "unless", "except", "until", "before", "after", "if", "when"];
/** Characters a term's word may carry (a path, a flag, a scoped package); a sentence's end is not one. */
const WORD_EDGE = /^[^\w`~./@*-]+|[^\w~./@*-]+$|[.]+$/g;

/** The checks a lesson's text (its rule, or a quote of it) makes possible; [] when none. */
export function deriveChecks(text: string): GuardCheck[] {
  const clauses = splitClauses(text);
  const forbidden: GuardTarget[] = [];
  const insteads: string[] = [];
  const prescribed: GuardTarget[] = [];
  const generated = generatedPaths(text);
  for (const path of generated) forbidden.push({ type: "edit", path });
  for (const clause of clauses) {
    const lower = lowerSameLength(clause);
    const forbid = findCue(lower, FORBID_LEADS);
    if (forbid) {
      const term = clause.slice(forbid.end);
      forbidden.push(...targetsOf(term, generated));
      const before = clause.slice(0, forbid.index);
      const use = findCue(lowerSameLength(before), USE_LEADS);
      if (use) {
        const instead = insteadText(before.slice(use.end));
        if (instead) insteads.push(instead);
      }
      continue;
    }
    const use = findCue(lower, USE_LEADS);
    if (!use) continue;
    const term = clause.slice(use.end);
    const instead = insteadText(term);
    if (instead) insteads.push(instead);
    // "Run `make db-up` before `npm test`": the situation is what comes after "before".
    const situation = /\bbefore\b|之前|前先/i.exec(term);
    const command = commandTarget(situation ? term.slice(situation.index + situation[0].length) : term);
    if (command) prescribed.push(command);
  }
  const instead = insteads[0];
  const forbids = unique(forbidden).map(
    (target): GuardCheck => ({ kind: "forbid", target, ...(instead ? { instead } : {}) }),
  );
  if (forbids.length > 0) return forbids;
  // A rule that only prescribes applies to the calls it names (and to the files it names).
  const abouts = [...prescribed, ...pathsIn(text).map((path): GuardTarget => ({ type: "edit", path }))];
  return unique(abouts).map((target): GuardCheck => ({ kind: "about", target }));
}

/** A key naming a target, for telling checks apart and grouping them. */
export function targetKey(target: GuardTarget): string {
  return target.type === "edit"
    ? `edit:${target.path.toLowerCase()}`
    : `command:${target.program}:${target.subcommand ?? ""}:${target.flag ?? ""}:${target.branch ?? ""}`;
}

/** Whether two targets are about the same thing: one program, or one path (case aside). */
export function sameSubject(a: GuardTarget, b: GuardTarget): boolean {
  if (a.type === "edit" && b.type === "edit") return a.path.toLowerCase() === b.path.toLowerCase();
  if (a.type === "command" && b.type === "command") return a.program === b.program;
  return false;
}

/** Sentences, then clauses at commas and semicolons (full-width ones too). */
function splitClauses(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s+|\n+|[;；]\s*|[,，]\s*(?![^`]*`[^`]*$)/)
    .map((clause) => clause.trim())
    .filter((clause) => clause !== "");
}

/** The targets a forbidden term names: the files an edit verb governs, else a command. */
function targetsOf(term: string, generated: readonly string[]): GuardTarget[] {
  const lower = lowerSameLength(term);
  const edit = findCue(lower, EDIT_VERBS);
  if (edit && edit.index <= leadingFillerLength(lower)) {
    const paths = pathsIn(term.slice(edit.end));
    if (paths.length > 0) return paths.map((path) => ({ type: "edit", path }));
    // "never edit it by hand", after the sentence that called it generated: those paths.
    return generated.map((path) => ({ type: "edit", path }));
  }
  const command = commandTarget(term);
  return command ? [command] : [];
}

/** How many characters of fillers ("use the", "ever") open a term. */
function leadingFillerLength(lower: string): number {
  const found = new RegExp(`^\\s*(?:(?:${TERM_FILLERS.join("|")})\\s+)*`).exec(lower);
  return found ? found[0].length : 0;
}

/** The command a term names: its code span's words, else its own words from the first program. */
function commandTarget(term: string): GuardTarget | null {
  const span = [...term.matchAll(CODE_SPAN)].map((match) => match[1] as string)[0];
  const words = (span ?? term)
    .split(/\s+/)
    .map((word) => word.replace(WORD_EDGE, ""))
    .filter((word) => word !== "");
  let start = -1;
  let program: string | null = null;
  let implied: { subcommand?: string; flags: readonly string[] } | null = null;
  for (let index = 0; index < words.length && program === null; index++) {
    const word = (words[index] as string).toLowerCase();
    const pair = `${word} ${(words[index + 1] ?? "").toLowerCase()}`;
    const impliedBy = impliedProgram(pair) ?? impliedProgram(word);
    if (isKnownProgram(word) || (span !== undefined && index === 0 && /^[a-z][\w.-]*$/.test(word))) {
      program = word;
      start = index + 1;
    } else if (impliedBy) {
      program = impliedBy.program;
      implied = { subcommand: impliedBy.subcommand ?? word, flags: impliedBy.flags ?? [] };
      start = index + (impliedProgram(pair) ? 2 : 1);
    } else if (!TERM_FILLERS.includes(word) && span === undefined) {
      // Words before the program that are neither fillers nor a program: not a command ("the blue one").
      if (index >= 3) return null;
    }
  }
  if (program === null) return null;
  const rest = words.slice(start);
  // "never run npm install without --frozen-lockfile": a condition, not a plain prohibition.
  if (rest.some((word) => CONDITIONS.includes(word.toLowerCase()))) return null;
  let subcommand = implied?.subcommand;
  let index = 0;
  const next = rest[0]?.toLowerCase();
  if (subcommand === undefined && next && /^[a-z][\w:-]*$/.test(next) && !TERM_STOP_WORDS.includes(next)) {
    subcommand = canonicalSubcommand(program, next);
    index = 1;
  }
  // Words right after the command name what it acts on ("commit .env files", "npm install zod"):
  // forbidding the whole command for them would stop far more than the rule does. After a stop
  // word ("in this repo", "to main") they are only the setting. A code span is a literal command.
  for (; span === undefined && index < rest.length; index++) {
    const word = (rest[index] as string).toLowerCase();
    if (/^--?[a-z]/.test(word)) continue;
    if (TERM_STOP_WORDS.includes(word)) break;
    return null;
  }
  const flag = implied?.flags[0] ?? rest.find((word) => /^--?[a-zA-Z][\w-]*$/.test(word));
  const branch = program === "git" ? branchIn(term) : undefined;
  return {
    type: "command",
    program,
    ...(subcommand ? { subcommand } : {}),
    ...(flag ? { flag } : {}),
    ...(branch ? { branch } : {}),
  };
}

/** The branch a term names ("to main", "on branch release/2.x"), or undefined. */
function branchIn(term: string): string | undefined {
  const lower = lowerSameLength(term);
  for (const cue of BRANCH_PHRASES) {
    const pattern = new RegExp(cue.pattern.source, "g");
    for (let found = pattern.exec(lower); found !== null; found = pattern.exec(lower)) {
      const name = found[1];
      if (!name) continue;
      if (BRANCH_NAMES.includes(name) || /branch|分支/.test(found[0])) return name;
    }
  }
  return undefined;
}

/** What a prescribing term says to use: its code span, else its first words (at most 60 characters). */
function insteadText(term: string): string | undefined {
  const span = [...term.matchAll(CODE_SPAN)].map((match) => match[1] as string)[0];
  // "`pnpm: run pnpm install`": a label and a verb before the command are not part of it.
  if (span)
    return span
      .replace(/^[\w.-]+:\s+/, "")
      .replace(/^(?:run|use)\s+/i, "")
      .trim();
  const text = term
    .replace(/\b(?:instead|rather|here|anymore|now)\b.*$/i, "")
    .replace(/[.。!！]+$/, "")
    .trim();
  if (text === "" || text.length > 60) return undefined;
  return text;
}

/** The folders and files a text calls generated ("src/gen is generated code"). */
function generatedPaths(text: string): string[] {
  const paths: string[] = [];
  for (const sentence of text.split(/(?<=[.!?。！？])\s+|\n+/)) {
    const lower = lowerSameLength(sentence);
    if (GENERATED_MARKERS.some((cue) => cue.pattern.test(lower))) paths.push(...pathsIn(sentence));
  }
  return [...new Set(paths)];
}

/**
 * The paths a text names: a word with a slash, a dotfile, or a known file extension (in a code
 * span any of these; outside one, a `.js` word needs a slash: "node.js" is not a file).
 */
function pathsIn(text: string): string[] {
  const spans = [...text.matchAll(CODE_SPAN)].map((match) => match[1] as string);
  const outside = text.replace(CODE_SPAN, " ");
  const words = [
    ...spans.filter((span) => !/\s/.test(span.trim())).map((span) => ({ word: span.trim(), coded: true })),
    ...outside.split(/\s+/).map((word) => ({ word: word.replace(WORD_EDGE, ""), coded: false })),
  ];
  const paths: string[] = [];
  for (const { word, coded } of words) {
    if (word === "" || /^[a-z]+:\/\//i.test(word) || /^--?\w/.test(word) || /^\d+(?:\.\d+)*$/.test(word))
      continue;
    const slash = word.includes("/") && /[\w*]/.test(word.replace(/\//g, ""));
    const dotfile = /^\.[\w.-]+$/.test(word) && word.length > 2;
    const extension = PATH_EXTENSIONS.test(word) && (coded || slash || !/\.(?:m?js|cjs)$/i.test(word));
    if (slash || dotfile || extension) paths.push(word.replace(/^\.\//, "").replace(/\/\*\*$/, "/"));
  }
  return [...new Set(paths)];
}

function unique(targets: GuardTarget[]): GuardTarget[] {
  const seen = new Set<string>();
  return targets.filter((target) => {
    const key = targetKey(target);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** ASCII lower case, same length (indices found in it hold in the original). */
function lowerSameLength(text: string): string {
  return text.replace(/[A-Z]/g, (char) => char.toLowerCase());
}
