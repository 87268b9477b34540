/**
 * Slots of code: how things are named (slots-naming.ts) and practices in code (docstrings, type hints, try and assert statements, a decorator on methods,
 * imports, logging, quotes, exports, formatters, linters). Part of the slot lexicon (slots.ts).
 * Pure.
 */
import { members, practice, type SlotEntry, several, valued } from "./slot-entry.js";
import { NAMING_SLOTS } from "./slots-naming.js";

/** The slots of code, tried in this order. */
export const CODE_SLOTS: readonly SlotEntry[] = [
  ...NAMING_SLOTS,
  // Practices in code.
  valued(
    "docstring-style",
    ["code"],
    /\b(google|numpy|sphinx|restructuredtext|rest|epytext|pep ?257)[- ](?:style\s+)?docstrings?|\bdocstrings?\b[^.;,]{0,20}?\b(google|numpy|sphinx|epytext)\b|\bdocstrings?\b[^\n]{0,60}?\b(google|numpy|sphinx|epytext)[- ]style\b/,
    "let's switch to NumPy-style docstrings",
    1,
  ),
  // In Chinese: "Google 风格的 docstring", "docstring 改成 sphinx 格式", and a style only docstrings
  // have said alone ("以后统一写 NumPy 风格"; Google style alone may be a code style guide).
  valued(
    "docstring-style",
    ["code"],
    /(google|numpy|sphinx|epytext|restructuredtext)\s*(?:风格|格式|style)的?\s*(?:docstrings?|文档字符串|文档注释)|(?:docstrings?|文档字符串|文档注释)[^，。；]{0,10}?(google|numpy|sphinx|epytext)|(?<![\w-])(numpy|sphinx|epytext)\s*(?:风格|格式)/,
    "对外暴露的函数都要写 Google 风格的 docstring",
    1,
  ),
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
    "assertion-library",
  ),
  several(
    valued(
      "decorator.{what}",
      ["code"],
      /\b(?:all|every|each)\s+(?:of\s+the\s+)?(?:[\w-]+\s+){0,2}?(method|function|class)(?:e?s)?\b[^.;]{0,40}?['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s+(?:decorator|annotation)\b/,
      "all methods get the '@log_calls' decorator",
      2,
      1,
    ),
  ),
  several(
    valued(
      "decorator.{what}",
      ["code"],
      /\b(?:use|add|put|apply)\s+(?:the\s+)?['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s+(?:(?:decorator\s+|annotation\s+)?from\s+[\w.]+\s+)?(?:on|to|for)\s+(?:all\s+|every\s+|each\s+|the\s+|our\s+)?(?:[\w-]+\s+){0,2}?(method|function|class)(?:e?s)?\b/,
      "from now on use @guarded_io on service methods instead of @sensor_safe",
      1,
      2,
    ),
  ),
  several(
    valued(
      "decorator.{what}",
      ["code"],
      /\bannotate\w*\s+(?:all\s+|every\s+|each\s+|the\s+|our\s+)?(?:[\w-]+\s+){0,3}?(method|function|class)(?:e?s)?\s+with\s+['"‘“\x60]?(@[\w.]+)/,
      "we always annotate REST controller methods with @Audited",
      2,
      1,
    ),
  ),
  several(
    valued(
      "decorator.{what}",
      ["code"],
      /['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s+(?:decorator|annotation)\b(?:[^.;]{0,60}?\b(?:to|on|for)\s+(?:all\s+|every\s+|each\s+)?(method|function|class)(?:e?s)?)?/,
      "add the '@retry' decorator from the 'pedantic' module to all methods",
      1,
      2,
    ),
  ),
  several(
    valued(
      "decorator.{what}",
      ["code"],
      /['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s+(?:on|to|for)\s+(?:all|every|each)\s+(?:of\s+the\s+)?(method|function|class)(?:e?s)?/,
      "we no longer use @retry, now it's @timer on all methods",
      1,
      2,
    ),
  ),
  // What every method of a kind gets, and one said instead of another on a kind of method.
  several(
    valued(
      "decorator.{what}",
      ["code"],
      /\b(?:all|every|each)\s+(?:of\s+the\s+)?(?:[\w-]+\s+){0,2}?(method|function|class)(?:e?s)?\b[^.;]{0,40}?\b(?:gets?|carr(?:y|ies)|has|have|needs?|(?:is|are) annotated with)\s+(?:[\w'’]+\s+){0,2}?['"‘“\x60]?(@[\w.]+)/,
      "Every public method on a @Service class gets Micrometer's @Timed",
      2,
      1,
    ),
  ),
  several(
    valued(
      "decorator.{what}",
      ["code"],
      /['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s+instead of\s+['"‘“\x60]?@[\w.]+['"’”\x60]?\s+(?:on|to|for)\s+(?:all\s+|every\s+|each\s+|the\s+|our\s+)?(?:[\w-]+\s+){0,2}?(method|function|class)(?:e?s)?\b/,
      "@Observed instead of @Timed on service methods",
      1,
      2,
    ),
  ),
  valued(
    "imports.style",
    ["code"],
    /\b(absolute|relative|named|wildcard|star)\s+imports?\b|(绝对|相对)导入/,
    "always use absolute imports",
    1,
  ),
  several(
    valued(
      "decorator.{what}",
      ["code"],
      /(?:所有|每个|全部|每一个)[^，。；]{0,20}?(方法|函数|类)[^，。；]{0,10}?['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s*(?:装饰器|注解)/,
      "以后所有方法都要加 @timer 装饰器",
      2,
      1,
    ),
  ),
  several(
    valued(
      "decorator.{what}",
      ["code"],
      /(?:(方法|函数|类)[^，。；]{0,10}?)?(?:改成|换成|改用|统一加|都加|都要加|加上)\s*['"‘“\x60]?(@[\w.]+)/,
      "新写的 service 方法统一加 @Observed",
      2,
      1,
    ),
  ),
  several(
    valued(
      "decorator.{what}",
      ["code"],
      /\bannotation\s+is\s+(?:now\s+)?['"‘“\x60]?(@[\w.]+)/,
      "the annotation is now @LedgerTrace",
      1,
    ),
  ),
  valued(
    "error-wrapping",
    ["code"],
    /\bwrap\w*\s+(?:all\s+)?errors?\s+(?:with|using|in|through)\s+\x60?([a-z]\w*)\.\w+|\b(?:errors?|new code)\s+(?:now\s+)?(?:uses?|goes through|go through)\s+\x60?([a-z]\w*)\.\w+\(/,
    "we always wrap errors with perr.Wrapf; new code uses xerrs.Trace(err, ctx)",
    1,
  ),
  several(
    valued(
      "decorator.{what}",
      ["code"],
      /['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s*(?:装饰器|注解)(?:[^，。；]{0,20}?(方法|函数|类))?/,
      "所有方法都加上 @timer 装饰器",
      1,
      2,
    ),
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
    {
      logging: "logging",
      logger: "logging",
      loguru: "loguru",
      timber: "timber",
      zap: "zap",
      zerolog: "zerolog",
      slog: "slog",
      "log/slog": "slog",
      logrus: "logrus",
      tracing: "tracing",
      env_logger: "env_logger",
      logbook: "logbook",
      structlog: "structlog",
      print: "print",
      "console.log": "console.log",
      winston: "winston",
      pino: "pino",
      log4j2: "log4j2",
      log4j: "log4j2",
      logback: "logback",
      slf4j: "slf4j",
      bunyan: "bunyan",
      serilog: "serilog",
      nlog: "nlog",
      log4net: "log4net",
      napier: "napier",
    },
    "never use print for debugging, always use the logging module instead",
  ),
  valued(
    "line-length",
    ["code", "lint"],
    /\b(?:max(?:imum)?\s+)?(?:line[- ](?:length|width|limit)|print ?width|max_width|column limit)\b[^.;\d]{0,30}?(\d{2,3})\b|\b(\d{2,3})\s+(?:columns|chars|characters)\s+(?:wide|max|per line)\b|\blines?\s+(?:max|at most|up to|under)\s+(\d{2,3})\b|(?:行宽|行长|单行长度)[^，。；\d]{0,10}?(\d{2,3})/,
    "max line length is 100",
    1,
  ),
  // The random seed experiments are made repeatable with: "随机种子统一 42", later "种子…我们改成 1337",
  // or "种子别写死 42 了，统一从 config.yaml 里读": a change names its new value (a number after "to" /
  // 改成, or the file it is read from), whatever it says of the old one before it.
  valued(
    "random-seed",
    ["code", "jobs"],
    /\b(?:random[ _]seeds?|seed)\b[^.\n]{0,60}?\b(?:from|in)\s+(?:the\s+)?([\w./-]+\.(?:ya?ml|json|toml|ini|env|cfg))\b|种子[^。\n]{0,40}?从\s*([\w./-]+\.(?:ya?ml|json|toml|ini|env|cfg))|\b(?:random[ _]seeds?|seed(?!\s+(?:data|the|a|an|script|files?|users?|rows?)\b))\b[^.\n]{0,60}?\b(?:to|is now|now)\s+(\d{1,9})\b|\b(?:random[ _]seeds?|seed(?!\s+(?:data|the|a|an|script|files?|users?|rows?)\b))\b[^.;\d\n]{0,20}?\b(\d{1,9})\b|种子[^。\n]{0,40}?(?:改成|换成|改为|换为)\s*(\d{1,9})|种子[^，。；\d]{0,10}?(\d{1,9})/,
    "随机种子统一 42，sklearn、numpy、xgboost 都要设",
    1,
  ),
  valued(
    "indentation",
    ["code", "lint"],
    /\b(\d)[- ]spaces?\b(?:\s+indent\w*)?|\bindent\w*\s+(?:with\s+|of\s+|is\s+|by\s+)?(\d)\s*spaces?\b|缩进[^，。；\d]{0,6}?(\d)\s*(?:个)?空格/,
    "4-space indentation",
    1,
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
    { only: /\bformat|\bprettier\b|\bblack\b|\bgofmt\b|\brustfmt\b|\bdprint\b|格式/i },
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
      standardrb: "standardrb",
      oxlint: "oxlint",
    },
    "we lint with ruff now, flake8 is gone",
    { only: /\blint|\beslint\b|\bflake8\b|\bpylint\b|\brubocop\b|检查/i },
  ),
  members(
    "date-library",
    ["code"],
    { dayjs: "dayjs", moment: "moment", "date-fns": "date-fns", luxon: "luxon" },
    "use dayjs, not moment",
  ),
  // The case SQL keywords are written in, or the formatter that decides it.
  keywordCase(
    /\bsql\s+keywords?\b[^.;]{0,30}?\b((?:upper|lower)[- ]?case)|\b((?:upper|lower)[- ]?case)\s+(?:sql\s+)?keywords?\b(?!\s+(?:are|is)\s+(?:out|gone|dead|history|deprecated))|(?:sql\s*)?关键字[^，。；]{0,10}?(大写|(?<!大)小写)|\bkeywords?\s+(?:are|in|go|should be)\s+(?:(?:all|now|always)\s+)?((?:upper|lower)[- ]?case)/i,
    "SQL 关键字全部大写",
  ),
  keywordCase(
    /\bkeyword case\b[^.;]{0,60}?\b(sqlfmt|sqlfluff|pgformatter|sql-formatter)\b|关键字大小写[^。；]{0,40}?(sqlfmt|sqlfluff|pgformatter|sql-formatter)/i,
    "关键字大小写这事以后别手动管了，我们接了 sqlfmt",
  ),
  // Whether tables are named in the plural or the singular: "table names are plural snake_case",
  // later "she wants singular table names", "New tables should be singular from now on", 表名用单数.
  {
    slot: "table-name-number",
    work: ["code", "database"],
    pattern:
      /\btables?(?: names?)?\b(?:\s+(?:are|is|should be|must be|go|get)\b)?[^.;,]{0,24}?\b(plural|singular)\b|\b(plural|singular)\b(?:\s+[\w-]+)?\s+table(?: names?|s)?\b|表名?[^，。；]{0,8}?(复数|单数)|(复数|单数)[^，。；]{0,4}表名/i,
    example: "table names are plural snake_case (invoices, line_items)",
    value: { from: "group", value: 1, names: { 复数: "plural", 单数: "singular" } },
  },
];

/** A reading of the case SQL keywords are written in (`sql-keyword-case`): upper, lower, or a formatter's. */
function keywordCase(pattern: RegExp, example: string): SlotEntry {
  return {
    slot: "sql-keyword-case",
    work: ["code", "database"],
    pattern,
    example,
    value: {
      from: "group",
      value: 1,
      names: {
        大写: "uppercase",
        小写: "lowercase",
        "upper case": "uppercase",
        "upper-case": "uppercase",
        "lower case": "lowercase",
        "lower-case": "lowercase",
      },
    },
  };
}
