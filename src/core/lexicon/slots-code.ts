/**
 * Slots of code: how things are named (prefixes, suffixes, a digit, a case — per thing named) and
 * practices in code (docstrings, type hints, try and assert statements, a decorator on methods,
 * imports, logging, quotes, exports, formatters, linters). Part of the slot lexicon (slots.ts).
 * Pure.
 */
import {
  members,
  NAME_PART,
  naming,
  practice,
  QUOTED,
  type SlotEntry,
  valued,
  WHAT,
  ZH_VALUE,
  ZH_WHAT,
} from "./slot-entry.js";

/** The slots of code, tried in this order. */
export const CODE_SLOTS: readonly SlotEntry[] = [
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
      String.raw`\b(?:start|begin|prefix)(?:ing)?\s+(?:all\s+|your\s+|the\s+|our\s+)?(?:(?:function|method|class)\s+)?${WHAT} names?\s+with\s+`,
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
    "prefix",
    new RegExp(
      String.raw`\b(?:all|every|each)\s+(?:of\s+(?:the|our)\s+)?${WHAT}\s+(?:should\s+|must\s+|now\s+|always\s+)*(?:start|begin)s?\s+with\s+`,
    ),
    "make sure all functions start with 'fn_'",
    0,
  ),
  naming(
    "prefix",
    new RegExp(String.raw`\buse\s+${QUOTED}\s+as\s+(?:the\s+|a\s+|our\s+)?${WHAT}\s+(?:name\s+)?prefix`),
    "from now on use 'wr_' as the variable prefix instead",
    1,
    2,
  ),
  naming(
    "prefix",
    new RegExp(
      String.raw`\buse\s+['"‘“\x60]([^'"’”\x60\s]{0,39}_)['"’”\x60]\s+(?:as\s+(?:the\s+|a\s+)?prefix\s+)?(?:for|on|in)\s+(?:all\s+|every\s+|the\s+)*${WHAT}\s+names?`,
    ),
    "use 'mx_' for all variable names going forward",
    1,
    2,
  ),
  naming(
    "prefix",
    new RegExp(
      String.raw`\b${WHAT}\s+(?:should\s+|must\s+|now\s+|always\s+|are\s+|is\s+)*(?:start|begin|use|named|called|are|get)s?\s+(?:with\s+)?(?:the\s+)?${NAME_PART}`,
    ),
    "local variables start with fc_, local vars use lv_ now, branches are ember-<ticket>",
    2,
  ),
  naming(
    "prefix",
    new RegExp(
      String.raw`\buse\s+${NAME_PART}\s+(?:for|on|in)\s+(?:all\s+|every\s+|the\s+|new\s+|local\s+)*${WHAT}`,
    ),
    "scratch that, use q_ for local variables",
    1,
    2,
  ),
  naming(
    "prefix",
    new RegExp(
      String.raw`\b${WHAT}\s+(?:are\s+|is\s+)?(?:named\s+with|get|use|take|have|carry)\s+(?:the\s+|a\s+)?['"‘“\x60]?([A-Za-z$][\w$]{0,12})['"’”\x60]?\s+prefix`,
    ),
    "new components get the Dx prefix",
    2,
  ),
  naming(
    "prefix",
    new RegExp(
      `${ZH_WHAT}(?:名|命名|名称|名字)?[^，。；,;]{0,6}?(?:改成|改为|换成|叫|统一为|统一用|一律用)\\s*['"‘“\x60]?([A-Za-z$][\\w$]{0,20}[_/-])`,
    ),
    "分支命名改成 jy-需求号-简短描述",
    2,
  ),
  naming(
    "suffix",
    new RegExp(
      String.raw`\buse\s+['"‘“\x60](_[^'"’”\x60\s]{0,39})['"’”\x60]\s+(?:as\s+(?:the\s+|a\s+)?suffix\s+)?(?:for|on|in)\s+(?:all\s+|every\s+|the\s+)*${WHAT}\s+names?`,
    ),
    "use '_fn' for all function names",
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
    new RegExp(
      String.raw`\bend(?:ing)?\s+(?:all\s+|your\s+|the\s+|our\s+)?(?:(?:function|method|class)\s+)?${WHAT} names?\s+with\s+`,
    ),
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
  valued(
    "docstring-style",
    ["code"],
    /\b(google|numpy|sphinx|restructuredtext|rest|epytext|pep ?257)[- ](?:style\s+)?docstrings?|\bdocstrings?\b[^.;,]{0,20}?\b(google|numpy|sphinx|epytext)\b/,
    "let's switch to NumPy-style docstrings",
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
  ),
  valued(
    "decorator.{what}",
    ["code"],
    /\b(?:all|every|each)\s+(?:of\s+the\s+)?(?:[\w-]+\s+){0,2}?(method|function|class)(?:e?s)?\b[^.;]{0,40}?['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s+(?:decorator|annotation)\b/,
    "all methods get the '@log_calls' decorator",
    2,
    1,
  ),
  valued(
    "decorator.{what}",
    ["code"],
    /\b(?:use|add|put|apply)\s+(?:the\s+)?['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s+(?:on|to|for)\s+(?:all\s+|every\s+|each\s+|the\s+|our\s+)?(?:[\w-]+\s+){0,2}?(method|function|class)(?:e?s)?\b/,
    "from now on use @guarded_io on service methods instead of @sensor_safe",
    1,
    2,
  ),
  valued(
    "decorator.{what}",
    ["code"],
    /\bannotate\w*\s+(?:all\s+|every\s+|each\s+|the\s+|our\s+)?(?:[\w-]+\s+){0,3}?(method|function|class)(?:e?s)?\s+with\s+['"‘“\x60]?(@[\w.]+)/,
    "we always annotate REST controller methods with @Audited",
    2,
    1,
  ),
  valued(
    "decorator.{what}",
    ["code"],
    /['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s+(?:decorator|annotation)\b(?:[^.;]{0,60}?\b(?:to|on|for)\s+(?:all\s+|every\s+|each\s+)?(method|function|class)(?:e?s)?)?/,
    "add the '@retry' decorator from the 'pedantic' module to all methods",
    1,
    2,
  ),
  valued(
    "decorator.{what}",
    ["code"],
    /['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s+(?:on|to|for)\s+(?:all|every|each)\s+(?:of\s+the\s+)?(method|function|class)(?:e?s)?/,
    "we no longer use @retry, now it's @timer on all methods",
    1,
    2,
  ),
  valued(
    "imports.style",
    ["code"],
    /\b(absolute|relative|named|wildcard|star)\s+imports?\b|(绝对|相对)导入/,
    "always use absolute imports",
    1,
  ),
  valued(
    "decorator.{what}",
    ["code"],
    /(?:所有|每个|全部|每一个)的?(方法|函数|类)[^，。；]{0,10}?['"‘“\x60]?(@[\w.]+)['"’”\x60]?\s*装饰器/,
    "以后所有方法都要加 @timer 装饰器",
    2,
    1,
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
    },
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
];
