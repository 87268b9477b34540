/**
 * Shell commands and error lines as they appear inside lesson text: long commands shortened
 * around the part that tells two of them apart, error lines without file positions, and fixes
 * that set up the environment a failed command needs. Pure.
 */
import { escapeRegExp } from "../regexp.js";
import { clip } from "./task-message.js";

/** A command shown in a lesson, in characters, before its shared parts are elided (two fit in a rule). */
export const MAX_COMMAND_CHARS = 68;

/** Shell words: quoted strings stay whole (`"Authorization: Bearer $T"` is one word). */
function tokens(command: string): string[] {
  return command.trim().match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
}

/**
 * One command of a pair, shortened to at most `maxChars` around the tokens where it differs
 * from the other: the program name is kept, shared tokens nearest the difference are kept while
 * they fit, the rest become "…". A command that fits is returned unchanged.
 */
function aroundDifference(own: string[], prefix: number, suffix: number, maxChars: number): string {
  const middle = own.slice(prefix, own.length - suffix);
  let start = prefix;
  let end = own.length - suffix;
  const length = (from: number, to: number) => own.slice(from, to).join(" ").length;
  if (middle.join(" ").length > maxChars) {
    // The differing part alone is too long: keep its start, which is where the two part ways.
    return clip(`${start > 0 ? `${own[0]} … ` : ""}${middle.join(" ")}`, maxChars);
  }
  let grew = true;
  while (grew) {
    grew = false;
    if (start > 0 && length(start - 1, end) + 4 <= maxChars) {
      start -= 1;
      grew = true;
    }
    if (end < own.length && length(start, end + 1) + 4 <= maxChars) {
      end += 1;
      grew = true;
    }
  }
  const head = start === 0 ? "" : start === 1 ? `${own[0]} ` : `${own[0]} … `;
  const body = own.slice(Math.max(start, head === "" ? 0 : 1), end).join(" ");
  return `${head}${body}${end < own.length ? " …" : ""}`;
}

/**
 * Two related commands shortened for "Use X instead of Y" without cutting where they differ:
 * `curl -s -H "Authorization: Bearer $T" https://api.acme.test/v1/customers/1042/orders` and
 * its `/v2/` twin become `curl … https://api.acme.test/v2/customers/1042/orders` and
 * `curl … https://api.acme.test/v1/customers/1042/orders`. Commands within `maxChars` are
 * unchanged.
 */
export function distinguishingPair(
  first: string,
  second: string,
  maxChars = MAX_COMMAND_CHARS,
): [string, string] {
  if (first.length <= maxChars && second.length <= maxChars) return [first, second];
  const [a, b] = [tokens(first), tokens(second)];
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix += 1;
  return [aroundDifference(a, prefix, suffix, maxChars), aroundDifference(b, prefix, suffix, maxChars)];
}

/** A leading file position: `src/app.tsx(3,24): `, `src/a.ts:12:5 `, `  48:5  `. */
const POSITION = /^\s*(?:[\w@./\\-]+(?:\(\d+,\d+\)|:\d+(?::\d+)?):?|\d+:\d+)\s+/;
/** A leading error label: `error TS2307: `, `error: `, `error  `. */
const LABEL = /^(?:\s*(?:error|fatal|err!?)\b\s*(?:TS\d+|E\d+)?:?\s*)+/i;

/**
 * An error line short enough to quote inside a rule: whitespace collapsed and file positions
 * dropped; when still longer than `maxChars`, the error label ("error TS2307:") is dropped too,
 * then the line is clipped. "src/app.tsx(3,24): error TS2307: Cannot find module '@acme/shared'
 * or its corresponding type declarations." in 40 → "Cannot find module '@acme/shared' or its…".
 */
export function shortError(line: string, maxChars: number): string {
  let text = line.replace(/\s+/g, " ").trim();
  const positioned = text.replace(POSITION, "");
  if (positioned !== "") text = positioned;
  if (text.length > maxChars) {
    const unlabelled = text.replace(LABEL, "");
    if (unlabelled !== "") text = unlabelled;
  }
  return clip(text, maxChars);
}

/**
 * The most telling line of a failed call's output: the first that names an error ("error",
 * "failed", "fatal", "cannot", "not found", "refused", "denied", "out of memory"), else the first
 * non-empty line, else `fallback`.
 */
export function tellingLine(output: string, fallback: string): string {
  const lines = output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return (
    lines.find((line) =>
      /\berror\b|\bfailed\b|\bfatal\b|\bcannot\b|\bnot found\b|\brefused\b|\bdenied\b|out of memory|报错|失败/i.test(
        line,
      ),
    ) ??
    lines[0] ??
    fallback
  );
}

/**
 * True when a failed call's output says only that it failed — "Error", "Exit code 1", an empty
 * output — and so gives no reason a lesson could name.
 */
export function saysNothing(output: string): boolean {
  const rest = output
    .replace(/<\/?tool_use_error>/g, "")
    .replace(/\b(?:errors?|failed|failure|fatal|exit (?:code|status)|command failed|no output)\b/gi, "");
  return !/[\p{L}]/u.test(rest);
}

/** Commands that start a service: a compose stack, a container, a system service. */
const SERVICE_START =
  /^(?:sudo\s+)?(?:docker(?:-compose|\s+compose)(?:\s+-f\s+\S+)*\s+(?:up|start)|docker\s+(?:start|run)|podman(?:-compose|\s+compose)?\s+(?:up|start|run)|systemctl\s+(?:start|restart)|service\s+\S+\s+(?:start|restart)|brew\s+services\s+(?:start|restart)|pg_ctl(?:cluster)?\b.*\bstart|redis-server|mysql\.server\s+start)\b/i;
/** Output saying a service the command needs is not there. */
const SERVICE_DOWN =
  /ECONNREFUSED|connection refused|could not connect|can'?t connect to|failed to connect|is the server running|no such host|connect: no route/i;
/** Commands that build something. */
const BUILD_STEP = /\b(?:build|compile)\b|\btsc\s+(?:-b|--build)\b/i;
/**
 * Commands that regenerate code (a database client, types, stubs); group 1 is the generator
 * (`npx prisma generate` → prisma). It is the fix when the failure names that generator
 * ("PrismaClientValidationError: … Unknown argument `discountCode`").
 */
const GENERATE_STEP = /^(?:(?:npx|pnpm(?:\s+exec)?|yarn|bunx)\s+)?([a-z][\w-]*)\s+(?:generate|codegen)\b/i;
/** Output saying a module is missing; group 1 (or 2, 3) is its name. */
const MISSING_MODULE =
  /Cannot find module ['"]([^'"]+)['"]|Could not resolve ['"]([^'"]+)['"]|Module not found:[^'"]*['"]([^'"]+)['"]/i;

/**
 * True when `fix` sets up what a failed command's output says is missing, so a fix of another
 * program may precede the retry: a service start (`docker compose up -d db`) after "connect
 * ECONNREFUSED 127.0.0.1:5432", a build that names the missing module (`pnpm --filter
 * @acme/shared build`) after "Cannot find module '@acme/shared'", or a code generator the failure
 * names (`npx prisma generate` after "PrismaClientValidationError"), or any command the failure
 * itself says to run (`bin/rails db:migrate RAILS_ENV=test` after "Migrations are pending. To
 * resolve this issue, run: bin/rails db:migrate RAILS_ENV=test").
 */
export function isEnvironmentFix(fix: string, failureOutput: string): boolean {
  if (namedInOutput(fix, failureOutput)) return true;
  if (SERVICE_START.test(fix.trim())) return SERVICE_DOWN.test(failureOutput);
  const generator = GENERATE_STEP.exec(fix)?.[1];
  if (generator !== undefined) return new RegExp(`\\b${generator}`, "i").test(failureOutput);
  const missing = MISSING_MODULE.exec(failureOutput);
  const module = missing?.slice(1).find((group) => group !== undefined);
  return module !== undefined && BUILD_STEP.test(fix) && fix.includes(module);
}

/** The shortest command a failure's output can name as its remedy (`make`, `ls` are too short to tell). */
const MIN_NAMED_FIX_CHARS = 8;

/** True when the failure's output names `fix` word for word, spaces aside: it said to run it. */
function namedInOutput(fix: string, failureOutput: string): boolean {
  const command = fix.trim().replace(/\s+/g, " ");
  return command.length >= MIN_NAMED_FIX_CHARS && failureOutput.replace(/\s+/g, " ").includes(command);
}

/** zsh names the program last: "zsh: command not found: jq". */
const NOT_FOUND_NAMED_LAST = /command not found: ([\w.+-]+)/;
/** bash and sh name it before: "bash: jq: command not found", "sh: 1: jq: not found". */
const NOT_FOUND = /(?:^|\n)(?:[\w/.-]+:\s+)?(?:line \d+:\s+|\d+:\s+)?([\w.+-]+): (?:command )?not found\b/;

/**
 * The program a failed call's output says does not exist, or null: "bash: jq: command not found",
 * "sh: 1: jq: not found" and "zsh: command not found: jq" → jq.
 */
export function missingProgram(output: string): string | null {
  return NOT_FOUND_NAMED_LAST.exec(output)?.[1] ?? NOT_FOUND.exec(output)?.[1] ?? null;
}

/** True when a shell command runs `program` as one of its words (`cd api && pnpm install` runs pnpm). */
export function runsProgram(command: string, program: string): boolean {
  return new RegExp(`(?:^|[\\s;&|(])${escapeRegExp(program)}(?:$|[\\s;&|)])`).test(command);
}
