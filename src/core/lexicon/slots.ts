/**
 * Slots: what a rule governs — the package manager, the prefix of variable names, the decorator on
 * methods, the deploy target, the config file — and the value it sets there. A project holds one
 * value per slot, so a newer rule for the same slot with another value supersedes the older one
 * (z_ → wr_ → n_, yarn → pnpm, staging → qa-gw). A slot is derived from the rule's words by this
 * lexicon, never written per sentence. Each entry names its slot (`{what}` is filled with what the
 * rule names: `naming.variable.prefix`), the kinds of work it governs, and how its value is read:
 * a captured group, the member the rule says to use, or whether the rule says to use or avoid the
 * thing. Pure.
 */
import { escapeRegExp } from "../regexp.js";
import type { LexiconEntry } from "./define-lexicon.js";
import { defineLexicon } from "./define-lexicon.js";

/** How a slot's value is read from a rule. */
export type SlotValue =
  /** The capture group `value` (1-based), or the words right after the match when it is 0. */
  | { from: "group"; value: number }
  /**
   * The one member the rule says to use (`use pnpm`, `yarn add`, `一律用 pnpm`); a member followed
   * by `neutralAfter` names no choice (`npm run lint` works whatever installs the packages).
   */
  | { from: "member"; members: Readonly<Record<string, string>>; neutralAfter?: RegExp }
  /** `use` or `avoid`: whether the rule prescribes or forbids the thing. */
  | { from: "polarity" };

/** One way a rule names a slot. */
export interface SlotEntry extends LexiconEntry {
  /** The slot; `{what}` is replaced by what capture group `what` names (see `WHAT_NAMES`). */
  slot: string;
  /** Capture group (1-based) of what is named, for `{what}` slots. */
  what?: number;
  /** The kinds of work it governs (activity names, see kinds-of-work). */
  work: readonly string[];
  value: SlotValue;
}

/** Things with names, in English and Chinese, and the word each stands for in a slot. */
export const WHAT_NAMES: Readonly<Record<string, string>> = {
  variable: "variable",
  var: "variable",
  function: "function",
  method: "method",
  attribute: "attribute",
  property: "attribute",
  field: "attribute",
  argument: "argument",
  arg: "argument",
  parameter: "argument",
  param: "argument",
  class: "class",
  constant: "constant",
  file: "file",
  branch: "branch",
  module: "module",
  变量: "variable",
  函数: "function",
  方法: "method",
  属性: "attribute",
  字段: "attribute",
  参数: "argument",
  类: "class",
  常量: "constant",
  文件: "file",
  分支: "branch",
  模块: "module",
};

/** What a name belongs to decides the work it governs when it is not code: branch names are git. */
export const WHAT_WORK: Readonly<Record<string, readonly string[]>> = {
  branch: ["git"],
  file: ["code", "files"],
};

const WHAT =
  "(variable|var|function|method|attribute|property|field|argument|arg|parameter|param|class|constant|file|branch|module)(?:e?s)?";
const ZH_WHAT = "(?:函数|方法)?(变量|函数|方法|属性|字段|参数|类|常量|文件|分支|模块)";
const QUOTED = String.raw`['"‘“\x60]([^'"’”\x60\s]{1,40})['"’”\x60]`;
const ZH_VALUE = String.raw`['"‘“\x60]?([\w@$./-]{1,30})['"’”\x60]?`;

const naming = (slot: string, pattern: RegExp, example: string, value: number, what = 1): SlotEntry => ({
  slot: `naming.{what}.${slot}`,
  what,
  work: ["code"],
  pattern,
  example,
  value: { from: "group", value },
});
const practice = (slot: string, work: readonly string[], pattern: RegExp, example: string): SlotEntry => ({
  slot,
  work,
  pattern,
  example,
  value: { from: "polarity" },
});
const members = (
  slot: string,
  work: readonly string[],
  names: Readonly<Record<string, string>>,
  example: string,
  neutralAfter?: RegExp,
): SlotEntry => ({
  slot,
  work,
  pattern: new RegExp(`(?<![\\w.-])(?:${Object.keys(names).map(escapeRegExp).join("|")})(?![\\w-])`),
  example,
  value: { from: "member", members: names, ...(neutralAfter ? { neutralAfter } : {}) },
});

const valued = (
  slot: string,
  work: readonly string[],
  pattern: RegExp,
  example: string,
  value: number,
  what?: number,
): SlotEntry => ({
  slot,
  work,
  pattern,
  example,
  value: { from: "group", value },
  ...(what ? { what } : {}),
});

/** Every slot, tried in this order; one rule may name several (one per clause). */
export const SLOTS = defineLexicon(
  "slots",
  [
    // Names: prefixes, suffixes, a digit, a case.
    naming(
      "prefix",
      new RegExp(String.raw`\b${WHAT} names?\b[^.;,]{0,30}?\b(?:start|begin)s?\s+with\s+(?:the\s+)?`),
      "variable names should start with 'wr_'",
      0,
    ),
    naming(
      "prefix",
      new RegExp(
        String.raw`\b(?:start|begin|prefix)(?:ing)?\s+(?:all\s+|your\s+|the\s+|our\s+)?${WHAT} names?\s+with\s+`,
      ),
      "always start variable names with 'z_'",
      0,
    ),
    naming(
      "prefix",
      new RegExp(String.raw`\b${WHAT} (?:name )?prefix\b[^.;'"\x60]{0,30}?${QUOTED}`),
      "the variable prefix is now 'k_'",
      2,
    ),
    naming(
      "prefix",
      new RegExp(
        String.raw`\buse\s+${QUOTED}\s+as\s+(?:the\s+|a\s+)?prefix\s+(?:for|of|on)\s+(?:all\s+)?${WHAT}`,
      ),
      "use 'x_' as the prefix for attribute names",
      1,
      2,
    ),
    naming(
      "suffix",
      new RegExp(String.raw`\b${WHAT} names?\b[^.;,]{0,30}?\bends?\s+with\s+`),
      "function names should end with '_fn'",
      0,
    ),
    naming(
      "suffix",
      new RegExp(String.raw`\bend(?:ing)?\s+(?:all\s+|your\s+|the\s+|our\s+)?${WHAT} names?\s+with\s+`),
      "end function argument names with '_x'",
      0,
    ),
    naming(
      "digit",
      new RegExp(
        String.raw`\b(?:include|contain|have|put)s?\s+(?:a\s+)?(single\s+)?(?:digit|number)\s+in\s+(?:all\s+|the\s+|your\s+)?${WHAT} names?`,
      ),
      "include a single digit in attribute names",
      1,
      2,
    ),
    naming(
      "case",
      new RegExp(
        String.raw`\b(camel ?case|snake[_ ]case|pascal ?case|kebab[- ]case|upper[_ ]case|all caps)\s+for\s+(?:all\s+)?${WHAT}`,
      ),
      "use CamelCase for class names",
      1,
      2,
    ),
    naming(
      "case",
      new RegExp(
        String.raw`\b${WHAT} names?\s+(?:should\s+|must\s+|are\s+|in\s+|always\s+)*(?:be\s+|use\s+|in\s+)?(camel ?case|snake[_ ]case|pascal ?case|kebab[- ]case|upper[_ ]case|all caps)`,
      ),
      "class names should be PascalCase",
      2,
    ),
    naming(
      "prefix",
      new RegExp(
        `${ZH_WHAT}(?:名|名称|名字)?(?:的)?(?:前缀)?[^，。；,;]{0,10}?(?:以|用)\\s*${ZH_VALUE}\\s*(?:开头|打头|为前缀|作为前缀)`,
      ),
      "以后变量名一律以 m_ 开头",
      2,
    ),
    naming(
      "prefix",
      new RegExp(
        `${ZH_WHAT}(?:名|名称|名字)?(?:的)?前缀(?:改成|改为|换成|是|为|用|统一为|都是|一律用)了?\\s*${ZH_VALUE}`,
      ),
      "变量名前缀改成 k_ 了",
      2,
    ),
    naming(
      "suffix",
      new RegExp(
        `${ZH_WHAT}(?:名|名称|名字)?(?:的)?(?:后缀)?[^，。；,;]{0,10}?(?:以|用)\\s*${ZH_VALUE}\\s*(?:结尾|结束|为后缀|作为后缀)`,
      ),
      "函数参数名以 _a 结尾",
      2,
    ),
    naming(
      "case",
      new RegExp(
        `${ZH_WHAT}(?:名|名称|名字)?[^，。；,;]{0,6}?(?:用|使用|采用|是)?\\s*(大驼峰|小驼峰|驼峰|下划线|蛇形|全大写|帕斯卡)`,
      ),
      "类名一律用大驼峰",
      2,
    ),
    // Practices in code.
    practice("docstrings", ["code"], /\bdocstrings?\b|文档字符串/, "we use docstrings in all methods"),
    practice(
      "annotations",
      ["code"],
      /\b(?:type\s+)?(?:hints?|annotations?)\b|\bannotate\b|类型注解|类型标注/,
      "always annotate functions with type hints",
    ),
    practice(
      "try-statements",
      ["code"],
      /\btry(?:\s*\/\s*(?:except|catch))?\s+(?:statements?|blocks?)\b|\btry[-/](?:except|catch)\b|try 语句|异常处理/,
      "we always include try statements in methods",
    ),
    practice(
      "assert-statements",
      ["code"],
      /\bassert(?:ion)?\s+statements?\b|\bassertions?\b(?!\s+library)|断言/,
      "always use assert statements in functions",
    ),
    valued(
      "decorator.{what}",
      ["code"],
      /['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s+decorator\b(?:[^.;]{0,60}?\b(?:to|on|for)\s+(?:all\s+|every\s+|each\s+)?(method|function|class)(?:e?s)?)?/,
      "add the '@retry' decorator from the 'pedantic' module to all methods",
      1,
      2,
    ),
    valued(
      "decorator.{what}",
      ["code"],
      /['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s*装饰器(?:[^，。；]{0,20}?(方法|函数|类))?/,
      "所有方法都加上 @timer 装饰器",
      1,
      2,
    ),
    valued(
      "imports.always",
      ["code"],
      /\bimport\s+(?:the\s+)?['"‘“\x60]?([\w.]+)['"’”\x60]?\s+module\b/,
      "always import the 'hashlib' module",
      1,
    ),
    valued(
      "imports.order",
      ["code"],
      /\bimports?\b[^.;]{0,40}?\b(sorted|alphabetical\w*|at the top|grouped)/,
      "we always put imports at the top of the file, sorted alphabetically",
      1,
    ),
    members(
      "logging",
      ["code"],
      { logging: "logging", logger: "logging", print: "print", "console.log": "console.log" },
      "never use print for debugging, always use the logging module instead",
    ),
    members(
      "indentation",
      ["code", "lint"],
      { tabs: "tabs", spaces: "spaces" },
      "we indent with tabs, not spaces",
    ),
    members(
      "quotes",
      ["code", "lint"],
      { "single quotes": "single", "double quotes": "double" },
      "use single quotes for strings",
    ),
    members(
      "exports",
      ["code"],
      { "named exports": "named", "default exports": "default" },
      "use named exports",
    ),
    members(
      "formatter",
      ["lint", "code"],
      {
        prettier: "prettier",
        biome: "biome",
        black: "black",
        ruff: "ruff",
        dprint: "dprint",
        gofmt: "gofmt",
        rustfmt: "rustfmt",
        "clang-format": "clang-format",
      },
      "we format with biome now",
    ),
    members(
      "linter",
      ["lint"],
      {
        eslint: "eslint",
        biome: "biome",
        ruff: "ruff",
        flake8: "flake8",
        pylint: "pylint",
        "golangci-lint": "golangci-lint",
        rubocop: "rubocop",
        oxlint: "oxlint",
      },
      "we lint with ruff now, flake8 is gone",
    ),
    members(
      "date-library",
      ["code"],
      { dayjs: "dayjs", moment: "moment", "date-fns": "date-fns", luxon: "luxon" },
      "use dayjs, not moment",
    ),
    // Tools a project uses one of.
    members(
      "package-manager",
      ["dependencies"],
      { npm: "npm", yarn: "yarn", pnpm: "pnpm", bun: "bun" },
      "we use yarn here, always yarn add",
      /^\s+(?:run|test|start|exec|x)\b/,
    ),
    members(
      "python-env",
      ["dependencies"],
      { poetry: "poetry", uv: "uv", conda: "conda", pipenv: "pipenv", pdm: "pdm" },
      "no more conda, use uv",
    ),
    members(
      "jvm-build",
      ["build"],
      {
        mvn: "maven",
        "./mvnw": "maven",
        mvnw: "maven",
        maven: "maven",
        gradle: "gradle",
        "./gradlew": "gradle",
        gradlew: "gradle",
      },
      "use ./gradlew, not ./mvnw",
    ),
    members(
      "container-runtime",
      ["containers"],
      { docker: "docker", podman: "podman" },
      "we use podman here",
    ),
    members(
      "test-runner",
      ["tests"],
      { jest: "jest", vitest: "vitest", mocha: "mocha" },
      "vitest replaced jest, use vitest",
    ),
    members(
      "merge-strategy",
      ["git"],
      { rebase: "rebase", "merge commits": "merge", squash: "squash" },
      "we don't do merge commits here, rebase onto main instead",
    ),
    members(
      "editor",
      ["code"],
      { vim: "vim", vscode: "vscode", "vs code": "vscode", pycharm: "pycharm", emacs: "emacs" },
      "we use VSCode as the IDE",
    ),
    // Where work goes, and how it is recorded.
    valued(
      "deploy-target",
      ["deploy"],
      /\bdeploy(?:s|ed|ing|ments?)?\b[^.;,]{0,30}?\b(?:to|on|into)\s+(?:the\s+)?['"`]?([a-z][\w-]*)/,
      "we always deploy to staging first",
      1,
    ),
    valued(
      "deploy-target",
      ["deploy"],
      /\bdeploy\.sh\s+([a-z][\w-]*)|\bdeploy\b[^\n]{0,20}?\bENV=([a-z][\w-]*)/,
      "./scripts/deploy.sh staging",
      1,
    ),
    valued(
      "deploy-target",
      ["deploy"],
      /(?:发布?到?|部署到|部署在|上)\s*([a-z][\w-]*)(?=\s|[，。,.；;]|$)/,
      "以后一律先发 qa-gw",
      1,
    ),
    valued(
      "commit-format.prefix",
      ["commit"],
      /\bcommit\s+(?:messages?|msgs?)\b[^.;]{0,30}?\b(?:start|begin|prefix\w*)\s+with\s+(?:the\s+|a\s+)?/,
      "commit messages must start with the jira key",
      0,
    ),
    valued(
      "commit-format.prefix",
      ["commit"],
      /\bcommit\s+(?:messages?|msgs?)\b[^.;]{0,30}?\b(?:needs?|must (?:have|include|contain)|should (?:have|include|contain))\s+(?:the\s+|a\s+)?/,
      "every commit msg needs the jira key",
      0,
    ),
    valued(
      "commit-format.prefix",
      ["commit"],
      /提交信息[^，。；]{0,10}?(?:以|用|带上?)\s*['"`]?([\w-]+)/,
      "我们规范是提交信息必须以 jira 编号开头",
      1,
    ),
    valued(
      "commit-format.style",
      ["commit"],
      /\b(conventional) commits?\b|(约定式)提交/,
      "Please use conventional commits",
      1,
    ),
    valued(
      "answer-language",
      ["answers"],
      /\b(?:answer|reply|respond|write)\w*\s+(?:to me\s+|back\s+)?in\s+(english|chinese|german|french|japanese|spanish)\b/,
      "always answer in English",
      1,
    ),
    valued("answer-language", ["answers"], /用(中文|英文|日文)(?:回答|回复|回)/, "用中文回答", 1),
    valued(
      "config-file:{what}",
      ["config", "code"],
      /\b(?:(?!our\b|the\b|my\b|your\b|this\b|main\b)(\w+)\s+)?config(?:uration)?(?:\s+file)?\s+(?:is|lives in|lives at|goes in|is in|is at|=)\s+['"`]?([\w./-]+\.(?:ya?ml|json|toml|ini|env|conf|cfg|properties|js|ts|mjs|cjs))\b/,
      "our config file is config.yaml",
      2,
      1,
    ),
    valued(
      "config-file:{what}",
      ["config", "code"],
      /(?:(\S{1,8}?)的)?配置(?:文件)?(?:是|在|用|写在)\s*['"`]?([\w./-]+\.\w+)/,
      "配置文件是 config.yaml",
      2,
      1,
    ),
    valued(
      "node-version",
      ["dependencies", "run", "build"],
      /\bnode(?:\.js)?\s*v?(\d{2})\b|\bnvm use\s+v?(\d+)/,
      "this project needs node 20",
      1,
    ),
    valued("python-version", ["dependencies", "run"], /\bpython\s*(3\.\d+)\b/, "we're on python 3.12 now", 1),
  ],
  "iu",
);
