/**
 * Contradiction between lessons: "Use pnpm, not yarn" overturns "Use yarn, not npm"; "vitest
 * replaced jest" overturns "Run the tests with jest". The offline embedder scores such opposites as
 * near-duplicates (they share nearly every word), so dedup must not merge them: the newer lesson
 * supersedes the older one instead (the demotion "superseded", docs/design.md#lifecycle).
 */
import type { Lesson } from "./lesson.js";

/** The tools or values a rule tells the agent to use, and the ones it tells it to avoid. */
export interface PreferenceTerms {
  use: Set<string>;
  avoid: Set<string>;
}

const TERM = String.raw`\x60([^\x60]{1,60})\x60|"([^"]{1,60})"|([\p{L}\p{N}_@./:+-]*[\p{L}\p{N}_@/:+-])`;
/** A term after its verb, past an article ("use the conda env" → conda). */
const term = (prefix: string) => new RegExp(`${prefix}\\s*(?:(?:the|a|an|our|this)\\s+)?(?:${TERM})`, "giu");

const USE_PATTERNS = [
  term(
    String.raw`\b(?:use|prefer|run|switch(?:ed)? to|move(?:d)? to|migrate(?:d)? to|replace[sd]? (?:it )?with|always use)`,
  ),
  term("(?:用|使用|应使用|改用|换成|改成|切换到|升级到)"),
  term(String.raw`\b(?:listens on|runs on|serves on|is on|port)(?: port)?`),
  term(String.raw`\b(?:we'?re|we are) (?:on|using|running)`),
];
const AVOID_PATTERNS = [
  term(
    String.raw`\b(?:not|never(?: use| run)?|don't use|do not use|avoid|instead of|rather than|no longer|stop using|no more|ditched|dropped|got rid of|over)`,
  ),
  term("(?:不要再用|别再用|不要用|别用|不用|不再用|不再使用|不要使用|而不是|代替|替换掉|不能用)"),
  term(String.raw`\b(?:switch(?:ed)?|move(?:d)?|migrate(?:d)?) (?:away )?from`),
  term("(?:从)"),
  // "the 3.9 restrictions are gone", ".eslintrc.json is dead": what comes before is avoided.
  /([\p{L}\p{N}_@./:+-]*[\p{L}\p{N}_@/:+-]) (?:(?:restrictions?|rules?|requirements?|constraints?|limits?|pins?) (?:are|is) (?:gone|lifted|obsolete|dropped|removed)|is (?:dead|deprecated|gone|obsolete))/giu,
];

const NOISE = new Set(
  "the a an it this that them to in on for with and or of be is are was were here there now any all".split(
    " ",
  ),
);

function collect(text: string, patterns: RegExp[]): Set<string> {
  const found = new Set<string>();
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      const raw = (match[1] ?? match[2] ?? match[3] ?? "").trim().toLowerCase();
      const head = raw.split(/\s+/)[0] ?? "";
      if (head.length >= 2 && !NOISE.has(head)) found.add(head);
    }
  }
  return found;
}

/** What a rule says to use and to avoid, by the first word of each term (`pnpm install` → `pnpm`). */
export function preferenceTerms(rule: string): PreferenceTerms {
  const avoid = collect(rule, AVOID_PATTERNS);
  const use = collect(rule, USE_PATTERNS);
  for (const item of avoid) use.delete(item);
  return { use, avoid };
}

/**
 * Tools of which a project uses one: a newer rule to use another one of the same kind overturns
 * an older one ("use ./gradlew" after "use ./mvnw", "use pnpm" after "use yarn"), even when it
 * does not name the old one.
 */
const EXCLUSIVE_TOOLS: ReadonlyArray<ReadonlyMap<string, string>> = [
  // Not npx and the like: they run tools whatever installs the packages.
  { npm: "npm", yarn: "yarn", pnpm: "pnpm", bun: "bun" },
  // Not pip: it runs inside any of these.
  { poetry: "poetry", uv: "uv", conda: "conda", pipenv: "pipenv", pdm: "pdm" },
  { mvn: "maven", mvnw: "maven", maven: "maven", gradle: "gradle", gradlew: "gradle" },
  { docker: "docker", podman: "podman" },
  { jest: "jest", vitest: "vitest", mocha: "mocha" },
].map((kinds) => new Map(Object.entries(kinds)));

/** The tool a term names, without a wrapper's path ("./mvnw" → mvnw). */
function toolName(term: string): string {
  return term.replace(/^\.\//, "");
}

/** One exclusive kind's tool each rule says to use, when both name one and they differ. */
function replacesTool(fresh: ReadonlySet<string>, old: ReadonlySet<string>): boolean {
  for (const kind of EXCLUSIVE_TOOLS) {
    const ofKind = (terms: ReadonlySet<string>) =>
      new Set([...terms].map((term) => kind.get(toolName(term))).filter((tool) => tool !== undefined));
    const now = ofKind(fresh);
    const before = ofKind(old);
    if (now.size === 1 && before.size === 1 && ![...now].some((tool) => before.has(tool))) return true;
  }
  return false;
}

/**
 * True when `newer` tells the agent to avoid something `older` tells it to use (or to use something
 * `older` tells it to avoid), or to use another tool of a kind a project has one of — one
 * overturns the other.
 */
export function contradicts(newer: Pick<Lesson, "rule">, older: Pick<Lesson, "rule">): boolean {
  const fresh = preferenceTerms(newer.rule);
  const old = preferenceTerms(older.rule);
  for (const item of fresh.avoid) if (old.use.has(item)) return true;
  for (const item of fresh.use) if (old.avoid.has(item) && !old.use.has(item)) return true;
  return replacesTool(fresh.use, old.use);
}
