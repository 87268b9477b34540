/**
 * The words that make a lesson's rule checkable at a tool call, as data: what introduces the thing
 * the rule forbids ("never", "not", "instead of", 不要, 而不是), what introduces the thing it
 * prescribes ("use", "run", 改用), the verbs of editing a file, the words that call a file
 * generated, and how a rule names a branch. Kept to tool calls: the general prohibition and
 * standing-marker lexicons live in core/lexicon. Each entry has an example it matches. Pure.
 */

/** One wording, with a rule it matches. */
export interface RuleCue {
  readonly pattern: RegExp;
  readonly example: string;
}

/**
 * Leads of what a rule forbids; the forbidden thing follows the lead. Patterns are matched on
 * lower-cased text and must not be global.
 */
export const FORBID_LEADS: readonly RuleCue[] = [
  {
    pattern:
      /\b(?:never|don'?t|dont|do not|must not|mustn'?t|should not|shouldn'?t|may not|cannot|can'?t)(?:\s+ever)?(?:\s+(?:use|run|call|invoke|touch|use the|run the))?\b/,
    example: "never use npm here, use pnpm",
  },
  {
    pattern: /(?:^|[,;(]\s*|\s)not\b(?!\s+(?:only|just|yet|sure|needed|necessary)\b)/,
    example: "Use `pnpm`, not `npm`",
  },
  { pattern: /\b(?:instead of|rather than)\b/, example: "Use `pnpm install` instead of `npm install`" },
  { pattern: /\b(?:avoid|stop)(?:\s+(?:using|running|calling))?\b/, example: "avoid running make clean" },
  {
    pattern: /\bno (?:more|longer)(?:\s+(?:use|using|run|running))?\b/,
    example: "no more yarn, it's pnpm now",
  },
  { pattern: /(?:^|[,;]\s*)no\b(?=\s+`)/, example: "no `git push --force` on main" },
  {
    pattern: /不要再用|别再用|不要用|别用|不再用|不能用|禁止用|不要使用|禁止使用|不要|禁止|不能|不准|不许|别/,
    example: "不要用 npm，用 pnpm",
  },
  { pattern: /而不是|代替|替代|取代/, example: "应使用 `pnpm`，而不是 `npm`" },
];

/** Leads of what a rule prescribes instead; the thing follows the lead. */
export const USE_LEADS: readonly RuleCue[] = [
  {
    pattern: /\b(?:always\s+)?(?:use|run|prefer|call|switch to|go with|stick (?:to|with)|work (?:on|in))\b/,
    example: "Use `pnpm`, not `npm`",
  },
  { pattern: /应使用|应该用|改用|换成|一律用|只用|请用|使用|用/, example: "以后不要用 npm，用 pnpm" },
];

/** Verbs of changing a file: "don't edit src/gen/api.ts". */
export const EDIT_VERBS: readonly RuleCue[] = [
  {
    pattern:
      /\b(?:edit|edits|editing|modify|modifying|change|changing|touch|touching|write to|overwrite|hand-edit|rewrite|update|updating|commit changes to)\b/,
    example: "don't edit src/generated/api.ts",
  },
  { pattern: /修改|编辑|改动|手改|动/, example: "不要修改 src/gen 下的文件" },
];

/** Words that call a file or folder generated: an edit to it goes against the rule. */
export const GENERATED_MARKERS: readonly RuleCue[] = [
  {
    pattern:
      /\b(?:is|are|gets|get)\s+(?:auto-?)?generated\b|\b(?:auto-?)?generated (?:code|file|files|folder|directory|output|client|types)\b|\bdo not edit\b|\bcodegen output\b/,
    example: "src/generated is generated code, never edit it by hand",
  },
  { pattern: /(?:是|为)?(?:自动)?生成的|生成代码/, example: "src/gen 是自动生成的，别改" },
];

/** Branch names a rule names without saying "branch". */
export const BRANCH_NAMES: readonly string[] = [
  "main",
  "master",
  "trunk",
  "develop",
  "dev",
  "production",
  "prod",
  "release",
  "staging",
];

/** Where a rule names a branch: "to main", "on master", "directly into `release`", 在 main 上. */
export const BRANCH_PHRASES: readonly RuleCue[] = [
  {
    pattern:
      /\b(?:to|on|onto|into|in|from|against)\s+(?:the\s+)?(?:directly\s+)?`?([\w./-]+)`?(?:\s+branch)?\b/,
    example: "do not commit to main, always use a feature branch",
  },
  { pattern: /\bbranch\s+`?([\w./-]+)`?/, example: "never commit on branch release/2.x" },
  { pattern: /(?:在|到|往)\s*`?([\w./-]+)`?\s*(?:分支)?(?:上|里)?/, example: "不要直接提交到 main 分支" },
];

/**
 * Words after a program that end its command in a rule ("npm here", "npm in this repo"): they are
 * never a subcommand.
 */
export const TERM_STOP_WORDS: readonly string[] = [
  "here",
  "in",
  "on",
  "to",
  "for",
  "this",
  "that",
  "the",
  "a",
  "an",
  "repo",
  "project",
  "anymore",
  "again",
  "directly",
  "ever",
  "with",
  "and",
  "or",
  "instead",
  "please",
  "it",
  "them",
  "at",
  "by",
  "from",
  "into",
  "onto",
  "now",
  "all",
  "any",
  "because",
  "since",
  "unless",
  "when",
  "without",
  "is",
  "are",
  "was",
  "commands",
  "command",
];

/** Words that may open a term before the program ("use the npm cli", "running npm"). */
export const TERM_FILLERS: readonly string[] = [
  "use",
  "using",
  "run",
  "running",
  "call",
  "calling",
  "invoke",
  "the",
  "a",
  "an",
  "any",
  "ever",
  "do",
  "doing",
  "with",
  "via",
  "through",
];

/** The first cue of `cues` that matches `text`, with where it ends; null when none does. */
export function findCue(text: string, cues: readonly RuleCue[]): { index: number; end: number } | null {
  let best: { index: number; end: number } | null = null;
  for (const cue of cues) {
    const found = cue.pattern.exec(text);
    if (found && (best === null || found.index < best.index))
      best = { index: found.index, end: found.index + found[0].length };
  }
  return best;
}
