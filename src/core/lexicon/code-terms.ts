/**
 * Code in a sentence: something a rule can name exactly — a command, a flag, a file, a version, an
 * identifier. A standing instruction that names none of these and no activity is too vague to keep.
 * Pure.
 */
import { defineLexicon } from "./define-lexicon.js";
import { hasHan } from "./language.js";

/**
 * Code symbols: names only code has — a method of a package (`fmt.Errorf`), a path (`Timer::after`),
 * a call, a generic type, a decorator or a macro, a camelCase name. A rule that names one is about
 * how code is written, whatever other work its words name. Case-sensitive.
 */
export const CODE_SYMBOLS = defineLexicon(
  "code-symbols",
  [
    {
      pattern: /\b[a-z]+(?:[A-Z][a-z0-9]+){2,}\b|\b[a-z]{2,}[A-Z][a-z0-9]+\b/,
      example: "pass className, not class",
    },
    { pattern: /(?:^|\s)@[A-Z]\w+/, example: "no @Autowired on fields" },
    // A macro or an attribute: Swift's #Preview, Rust's #[derive].
    { pattern: /(?:^|\s)#(?:[A-Z]\w+|\[\w+)/, example: "every new view gets a #Preview" },
    { pattern: /\b[a-z]{2,}\.[A-Z][a-z]\w*\b/, example: "wrap errors with fmt.Errorf" },
    { pattern: /\b[A-Za-z_]\w*::[A-Za-z_]\w*/, example: "delays are embassy_time::Duration" },
    // A generic type: "services return Result<T>", "List<String>".
    { pattern: /\b[A-Za-z_]\w*<[\w.?, []+>/, example: "services return Result<T> for expected failures" },
    // A call: "no unwrap() outside tests", "never eval()".
    { pattern: /\b[A-Za-z_][\w.]*\(\)/, example: "no unwrap() outside tests" },
  ],
  "",
);

/** True when a text names a code symbol (see {@link CODE_SYMBOLS}). */
export function namesCodeSymbol(text: string): boolean {
  return CODE_SYMBOLS.test(text);
}

/**
 * A source file of the program, by its extension: "app/battery.c", "src/report.py", "Sources/App.swift".
 * Work on one is code work, whatever the request calls what it adds ("add a debug message … in
 * app/battery.c"). Data and config files are not source ("config.yaml", "notes.md").
 */
export const SOURCE_FILES = defineLexicon("source-files", [
  {
    // Compiled languages: C and its kin, Rust, Go, the JVM, Swift, .NET.
    pattern:
      /\b[\w-]+\.(?:c|h|cc|cpp|cxx|hpp|hh|rs|go|kt|kts|java|scala|swift|m|mm|cs|fs|zig|hs|ml|sol)\b(?![.\w-])/,
    example: "add a debug message when the adc read fails in app/battery.c",
  },
  {
    // Scripting and web languages, and their components.
    pattern:
      /\b[\w-]+\.(?:py|pyi|js|jsx|mjs|cjs|ts|tsx|rb|php|ex|exs|erl|dart|vue|svelte|lua|clj)\b(?![.\w-])/,
    example: "the total in src/report.py is off by one",
  },
]);

/** True when a text names a source file of the program (see {@link SOURCE_FILES}). */
export function namesSourceFile(text: string): boolean {
  return SOURCE_FILES.test(text);
}

/** Every kind of code term. Case-sensitive: `camelCase` and `VAR=value` depend on it. */
export const CODE_TERMS = defineLexicon(
  "code-terms",
  [
    ...CODE_SYMBOLS.entries,
    { pattern: /`[^`]+`/, example: "run `make test`" },
    // An attribute or annotation in brackets: [SerializeField], [HttpGet("x")], #[derive(Debug)].
    {
      pattern: /#?\[[A-Z][A-Za-z]+(?:\([^)\]]*\))?\]/,
      example: "anything in the inspector is [SerializeField] private",
    },
    { pattern: /\b[a-z]+[A-Z][A-Za-z]+\b/, example: "iPhone builds go through fastlane" },
    { pattern: /\b[A-Z][a-z]+[A-Z][a-z]\w*\b/, example: "ViewModels expose StateFlow" },
    // An acronym run into a name: URLSession, HTTPClient, XMLParser.
    { pattern: /\b[A-Z]{2,}[A-Z][a-z]{2,}\w*\b/, example: "plain URLSession with async/await from now on" },
    { pattern: /\b[a-z]+-\d[\w-]*\b/, example: "use p-8 and rounded-2xl" },
    {
      pattern: /\b[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+:\s*\S/,
      example: "send X-ParcelHub-Version: 2025-01-15",
    },
    { pattern: /\b\d{4}-\d{2}-\d{2}\b/, example: "the api version is 2025-01-15" },
    { pattern: /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/, example: "migrations run as billing_migrator" },
    { pattern: /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/, example: "log with ESP_LOGD, not printf" },
    { pattern: /\b[A-Za-z][A-Za-z0-9]{0,11}_(?![\w])/, example: "every staging table gets the stg_ prefix" },
    { pattern: /\b[a-z]+\d+[a-z]\w*\b/, example: "log through slf4j" },
    { pattern: /(?:^|\s)--?[a-z][\w-]*/, example: "always pass --runInBand" },
    { pattern: /\b[A-Z][A-Z0-9_]+=\S*/, example: "run it with APP_ENV=test" },
    { pattern: /[?&]?\b[a-z][\w-]*=(?=\S|,|$)/, example: "the orders api ignores page=" },
    {
      pattern: /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+/,
      example: "impersonate deploy@acme-prod.iam.gserviceaccount.com",
    },
    { pattern: /\bv?\d+\.\d+(?:\.\d+)?\b/, example: "we're on 3.12 now" },
    {
      pattern:
        /\b[\w-]+\.(?:sh|py|js|mjs|cjs|ts|tsx|json|ya?ml|toml|env|local|lock|md|sql|cfg|ini|in|txt|conf|xml|gradle|properties)\b/,
      example: "edit config.yaml",
    },
    { pattern: /(?:^|\s)\.[\w.-]+/, example: "secrets go in .env.local" },
    {
      pattern: /(?:^|[\s(="'])(?:~|\.{1,2})?\/[\w.<>{}$-]+(?:\/[\w.<>{}$-]*)+/,
      example: "the jobs write to /mnt/scratch/<run>/",
    },
    {
      pattern:
        /\b(?:make|npm|pnpm|yarn|npx|bun|docker|git|kubectl|aws|psql|mysql|nvm|pytest|cargo|go|uv|poetry|pip3?)\s+[\w:.-]+/,
      example: "use pnpm install",
    },
    { pattern: /\b[\w-]+:[\w-]+\b/, example: "run db:migrate" },
    { pattern: /['"‘“][\w@$.-]*[_@$.-][\w@$.-]*['"’”]/, example: "start variable names with 'z_'" },
  ],
  "",
);

/** True when a sentence names code exactly (a command, a flag, a file, an identifier…). */
export function namesCode(text: string): boolean {
  return CODE_TERMS.test(text);
}

/** A first word that is code as written: `httpx.AsyncClient`, `stg_`, `iOS`, `eu-west-1`. */
const CODE_FIRST_WORD = /^\S*(?:[._@$`\d]|[a-z][A-Z])\S*/;

/**
 * A sentence with its first letter upper-cased, unless it is Chinese or opens with code
 * ("httpx.AsyncClient from now on" stays as written).
 */
export function sentenceCase(text: string): string {
  if (hasHan(text) || CODE_FIRST_WORD.test(text)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
