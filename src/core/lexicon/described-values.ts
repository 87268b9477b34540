/**
 * What a description of the stack names that is no tool: words that are no tool's name where a
 * value is read, nouns of a package, words that make a name part of a package's, and launchers
 * before a tool's name. The slot rule reads described values past them (see slots-described.ts).
 * Each entry has an example. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/**
 * Words that are no tool's name where a value is read ("the tests are flaky", "tests run on CI",
 * "state lives in src/stores"): a described slot reads nothing from them. Lower case, one word.
 */
export const NOT_A_TOOL = defineLexicon("not-a-tool", [
  {
    pattern:
      /^(?:fine|ok|okay|good|bad|great|green|red|broken|flaky|slow|fast|messy|weird|stable|simple|done|manual|wip)$/,
    example: "flaky",
  },
  {
    pattern:
      /^(?:ci|prod|production|main|master|local|default|review|approval|hand|demand|weekends?|nights?|every|each|all|any|there|here|same|separate|one|two)$/,
    example: "ci",
  },
  { pattern: /^[a-z]{3,}(?:ly|ing|ed)$/, example: "manually" },
  // A format data is written in, not what reads it ("user config is YAML": the config-format slot).
  { pattern: /^(?:yaml|yml|toml|json5?|kdl|ini|xml|csv|hcl|ron)$/, example: "yaml" },
  // How a thing grows or waits, not what does it ("retries use exponential backoff").
  { pattern: /^(?:exponential|linear|constant|fixed|jittered|random|incremental)$/, example: "exponential" },
  // What kind of package it is, before a package noun ("the standard library", "the core module").
  {
    pattern: /^(?:standard|core|builtin|internal|shared|common|own|official|base|new|old|native|stdlib|std)$/,
    example: "standard",
  },
  {
    pattern: /^[^@]\S*\/|\.(?:ya?ml|json|toml|ini|env|conf|cfg|properties|sql|md|txt|xml|lock|sh|py|tsx?)$/,
    example: "src/stores",
  },
]);

/**
 * Words after a name that say it is a package ("the log crate", "the ulid package", "the requests
 * library"): a plain lower-case word before one is a tool's name where a value is read.
 */
export const PACKAGE_NOUNS = defineLexicon("package-nouns", [
  // Not a thing of that package ("the standard library's log/slog").
  {
    pattern: /^\s+(?:crate|package|library|lib|gem|module|framework|sdk|plugin)s?\b(?!['’])/,
    example: " crate",
  },
  { pattern: /^\s*(?:库|包|框架|插件)/, example: " 库" },
]);

/**
 * A thing of a package, after a plain word ("the standard library's log/slog"): the value is the
 * thing (capture group 1), not the word before the package noun.
 */
export const OF_A_PACKAGE = defineLexicon("of-a-package", [
  {
    pattern: /^\s+(?:library|lib|package|crate|module|framework|sdk)['’]s\s+([\w@./+-]*[\w+])/,
    example: " library's log/slog",
  },
  { pattern: /^\s*(?:库|包|框架)的\s*([\w@./+-]*[\w+])/, example: "库的 log/slog" },
]);

/**
 * Commands that run the tool named after them ("tests go through `cargo nextest run`", "npx
 * vitest", "python -m pytest"): the value is that tool. Read on lower-cased text.
 */
export const LAUNCHERS = defineLexicon("launchers", [
  { pattern: /^(?:npx|bunx|pnpm (?:exec|dlx)|yarn (?:exec|dlx))\s+/, example: "npx vitest" },
  { pattern: /^(?:cargo|go|dotnet|mix|deno)\s+/, example: "cargo nextest run" },
  { pattern: /^(?:uv run|poetry run|pipenv run|python3? -m)\s+/, example: "python -m pytest" },
]);

/**
 * What follows a word said to be switched on or off: a setting, no tool ("SwiftLint runs in CI with
 * force_unwrapping enabled" names no CI provider; "CI 里 force_unwrapping 开启"). Read right after the word.
 */
export const SWITCHED_SETTINGS = defineLexicon("switched-settings", [
  {
    pattern: /^`?\s+(?:enabled|disabled|turned (?:on|off)|switched (?:on|off)|on|off)\b/,
    example: " enabled",
  },
  { pattern: /^`?\s*(?:开启|开了|打开了?|启用|关闭|关了|禁用)/, example: " 开启" },
]);
