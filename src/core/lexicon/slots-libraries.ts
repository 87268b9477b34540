/**
 * Slots of the libraries code uses one of for a job — logging, JSON, mapping objects, ids, errors
 * as values, dependency injection, parsing command-line arguments — read by their subject ("logging is the log crate", "JSON is
 * kotlinx.serialization", 对象拷贝用 MapStruct) or as the one a rule says to use ("we've moved to
 * Moshi", "new code uses neverthrow"). A project holds one of each, so "we're moving logging to
 * tracing" replaces "logging is the log crate with env_logger". Part of the slot lexicon (slots.ts). Pure.
 */
import { members, membersWithEveryday, type SlotEntry, valued } from "./slot-entry.js";
import { byHand } from "./slots-by-hand.js";
import { described, same } from "./slots-described.js";

/** How money is held, as written → as stored: cents and minor units are one, decimals another. */
const MONEY_FORMS: Readonly<Record<string, string>> = {
  "integer cents": "integer-cents",
  cents: "integer-cents",
  "minor units": "integer-cents",
  integer: "integer-cents",
  integers: "integer-cents",
  整数分: "integer-cents",
  分: "integer-cents",
  decimal: "decimal",
  decimals: "decimal",
  bigdecimal: "decimal",
  float: "float",
  floats: "float",
  double: "float",
  doubles: "float",
};

/** What object mapping is called: the subject of its slot. */
const OBJECT_MAPPING =
  /object (?:mapping|copying|conversion)|(?:dto|entity|bean|model) (?:mapping|conversion|copying)|mapp(?:ers?|ings?)|对象(?:拷贝|复制|转换|映射)|(?:bean|属性)\s*拷贝/;

/** The changelog, by name or as a file. */
const CHANGELOG = /(?:the\s+)?changelog(?:\.md)?(?:\s+entries)?|release notes|变更日志|更新日志/;

/** The library slots, tried in this order. */
export const LIBRARY_SLOTS: readonly SlotEntry[] = [
  // The library of UI components a web app builds its pages from: one per app.
  members(
    "component-library",
    ["code", "styling"],
    {
      "element plus": "element-plus",
      "element-plus": "element-plus",
      "element ui": "element-ui",
      "element-ui": "element-ui",
      "naive ui": "naive-ui",
      "naive-ui": "naive-ui",
      "ant design vue": "ant-design-vue",
      "ant-design-vue": "ant-design-vue",
      "ant design": "antd",
      antd: "antd",
      vuetify: "vuetify",
      quasar: "quasar",
      mui: "mui",
      "material ui": "mui",
      "chakra ui": "chakra-ui",
      mantine: "mantine",
      "shadcn/ui": "shadcn",
      shadcn: "shadcn",
      primevue: "primevue",
      "arco design": "arco-design",
      tdesign: "tdesign",
    },
    "组件库改用 Naive UI，Element Plus 新页面别再用了",
  ),
  described(
    "logging",
    ["code"],
    /logging|logs|the logger|structured logging|日志(?:框架|库)?/,
    "logging is pino",
  ),
  described(
    "json-library",
    ["code"],
    /json(?: (?:parsing|serialization|serialisation|handling|encoding|decoding))?|(?:de)?seriali[sz]ation|(?:json\s*)?(?:序列化|解析)/,
    "JSON is kotlinx.serialization",
    {
      ...same("gson", "moshi", "jackson", "serde", "serde_json", "orjson", "ujson", "simplejson", "msgspec"),
      ...same("fastjson", "fastjson2", "jsoniter", "circe", "json4s", "superjson", "newtonsoft.json"),
      "jsoniter-scala": "jsoniter",
      "kotlinx.serialization": "kotlinx.serialization",
      "kotlinx-serialization": "kotlinx.serialization",
      "kotlinx serialization": "kotlinx.serialization",
      "json.net": "newtonsoft.json",
      "system.text.json": "system.text.json",
      "encoding/json": "encoding/json",
    },
    "we've moved to Moshi, Gson's basically unmaintained",
  ),
  described(
    "dataframe",
    ["code"],
    /data ?frames?|data processing|data wrangling|数据处理|数据分析/,
    "data processing uses polars",
    same("pandas", "polars", "dask", "modin", "vaex", "pyspark"),
    "新代码一律用 polars，pandas 太慢了",
  ),
  described(
    "object-mapping",
    ["code"],
    OBJECT_MAPPING,
    "对象拷贝用 MapStruct",
    {
      ...same("mapstruct", "modelmapper", "beanutils", "dozer", "orika", "automapper", "mapster"),
      "beanutils.copyproperties": "beanutils",
    },
    "以后统一用 MapStruct 写 Converter 接口",
  ),
  // What tests assert with: a library, or the test runner's own asserts.
  members(
    "assertion-library",
    ["tests"],
    {
      hamcrest: "hamcrest",
      assertj: "assertj",
      truth: "truth",
      chai: "chai",
      fluentassertions: "fluentassertions",
      shouldly: "shouldly",
      "power-assert": "power-assert",
      "google truth": "truth",
      assertk: "assertk",
      strikt: "strikt",
      kluent: "kluent",
      atrium: "atrium",
      hamkrest: "hamkrest",
      // A runner's own assertions: "the kotest assertions", "plain xUnit Assert".
      "xunit assert": "built-in assert",
      "plain assert": "built-in assert",
      "plain asserts": "built-in assert",
      "built-in assert": "built-in assert",
      "kotest assertions": "kotest",
      "kotest matchers": "kotest",
      "kotest-assertions": "kotest",
    },
    "move our assertions from Hamcrest to AssertJ",
    {
      only: /\bassert|\bmatchers?\b|\bhamcrest\b|\bassertj\b|\bchai\b|\bshouldly\b|\bfluentassertions\b|\bstrikt\b|\bkluent\b|断言/i,
    },
  ),
  // What loads images into views: a project has one ("图片加载用 Glide" → "统一换 Coil").
  members(
    "image-loading",
    ["code"],
    {
      ...same("glide", "picasso", "fresco", "kingfisher", "sdwebimage", "nuke", "coil"),
      "coil-compose": "coil",
    },
    "Glide 以后别用了，统一换 Coil（coil-compose）",
    { only: /\bimages?\b|\bglide\b|\bcoil\b|\bpicasso\b|\bfresco\b|图片|图像|头像/i },
  ),
  // How the changelog is written: by a tool from the commits, or by hand.
  described(
    "changelog",
    ["commit"],
    CHANGELOG,
    "the changelog is git-cliff now",
    same("git-cliff", "towncrier", "changesets", "release-please", "semantic-release", "standard-version"),
    "going forward the changelog is generated by git-cliff from commit messages",
  ),
  ...byHand("changelog", ["commit"], CHANGELOG, [
    "CHANGELOG.md is updated by hand under ## Unreleased",
    "hand-written changelog entries in the PR",
  ]),
  ...byHand("object-mapping", ["code"], OBJECT_MAPPING, [
    "we write the mappings by hand as extension methods",
    "hand-written mappings in Api/Mapping, 对象转换手写",
  ]),
  described(
    "id-generation",
    ["code", "database"],
    /(?:record |primary |entity |database |row |public )?ids|identifiers|primary keys|主键|(?<![a-z])id\s*生成/,
    "ids are ULIDs from the ulid package",
    {
      ...same("uuid", "ulid", "nanoid", "cuid", "cuid2", "ksuid", "snowflake"),
      uuids: "uuid",
      ulids: "ulid",
      "uuid v4": "uuid",
      uuidv4: "uuid",
      uuidv7: "uuid-v7",
      "uuid v7": "uuid-v7",
    },
    "Ids: we're going with ULIDs after all, the ulid package",
    // Snowflake is a data warehouse too: an id scheme only where the rule speaks of ids.
    {
      names: ["snowflake"],
      example: "we're going with snowflake ids for orders",
      only: /\bids?\b|identifiers?|primary keys?|主键/i,
    },
  ),
  described(
    "cli-parser",
    ["code"],
    /(?:cli|command[- ]line) (?:arguments|args|options|flags|parsing)|argument parsing|arg parsing|命令行(?:参数)?(?:解析)?/,
    "CLI arguments are clap with the derive API",
    {
      ...same("clap", "cobra", "click", "typer", "argparse", "commander", "yargs", "picocli", "kong"),
      ...same("docopt", "structopt", "oclif", "cac", "citty", "urfave/cli", "kotlinx-cli", "clikt"),
    },
    "we moved the CLI from structopt to clap",
    // Words a test or a gateway uses too ("tests always click via userEvent", "the gateway is kong").
    {
      names: ["click", "commander", "kong", "cac"],
      example: "we moved the CLI from argparse to click",
      only: /\bcli\b|command[- ]line|\bargs?\b|arguments|argv|flags|sub-?commands?|\bcommands?\b|命令行/i,
    },
  ),
  described(
    "form-library",
    ["code"],
    /forms|form handling|form state|表单(?:处理)?/,
    "forms are react-hook-form with zod schemas",
    {
      ...same("react-hook-form", "formik", "conform", "final-form", "react-final-form", "vee-validate"),
      ...same("felte", "superforms", "formkit"),
      "tanstack form": "tanstack-form",
      "@tanstack/react-form": "tanstack-form",
    },
    "forms moved from react-hook-form to conform",
    // Not the verb: "forms always conform to the spacing scale".
    { names: ["conform"], example: "forms moved from react-hook-form to conform", neutralAfter: /^\s+to\b/i },
  ),
  // The crate a Rust project defines or carries its errors with: one per kind of crate, and a move
  // from one to another supersedes it ("driver errors move from thiserror to snafu").
  ...described(
    "error-library",
    ["code"],
    /(?:(?:driver|library|lib|crate|our|the) )?errors?(?: handling| types?| enums?)?|错误处理|错误类型/,
    "driver errors are thiserror enums",
    same("thiserror", "anyhow", "snafu", "eyre", "color-eyre", "miette", "error-stack"),
    "we're going back to thiserror for all driver errors",
  ),
  // A protobuf message has a oneof too: OneOf is the library only where the rule speaks of results or errors.
  ...membersWithEveryday(
    "result-type",
    ["code"],
    {
      ...same("neverthrow", "ts-results", "true-myth", "erroror", "fluentresults", "oneof", "language-ext"),
      "result pattern": "result-pattern",
    },
    "we're swapping FluentResults for ErrorOr",
    {},
    {
      names: ["oneof"],
      example: "use OneOf for service results",
      only: /\bresults?\b|\berrors?\b|exceptions?|failures?|\beither\b/i,
    },
  ),
  described(
    "terminal-colors",
    ["code"],
    /colou?red output|colou?rs? in the terminal|terminal colou?rs?|colou?ring|ansi colou?rs?|终端(?:颜色|着色)/,
    "coloured output goes through the colored crate",
    {
      ...same("colored", "owo-colors", "anstyle", "termcolor", "yansi", "nu-ansi-term", "chalk", "kleur"),
      ...same("picocolors", "colorama", "colorette", "ansi-colors", "lipgloss", "fatih/color"),
    },
    "let's swap colored for owo-colors",
    // Not the adjective: "the output is colored by status".
    {
      names: ["colored"],
      example: "let's swap colored for owo-colors",
      only: /\bcolored\s+(?:crate|library|package|for|instead)\b|\b(?:swap\w*|use|uses|using|through|replac\w*|drop\w*)\s+(?:the\s+)?colored\b/i,
    },
  ),
  described(
    "dependency-injection",
    ["code"],
    /dependency injection|(?<![\w-])di(?![\w-])|依赖注入/,
    "DI is Koin",
    {
      ...same("koin", "hilt", "dagger", "guice", "kodein", "tsyringe", "inversify", "typedi", "autofac"),
      "dagger hilt": "hilt",
    },
    "let's switch to Hilt, no new Koin modules",
  ),
  // How calls that fail are retried: a library, or the project's own wrapper (below).
  described(
    "retry",
    ["code", "http"],
    /retries|retrying|retry (?:logic|policy|policies|handling)|(?:调用|请求|接口)?重试(?:逻辑|机制|策略)?/,
    "retries go through tenacity",
    {
      ...same("tenacity", "polly", "resilience4j", "p-retry", "async-retry", "retrying", "cockatiel"),
      ...same("failsafe", "spring-retry", "retry-go", "cenkalti/backoff", "backoff", "exponential-backoff"),
      "avast/retry-go": "retry-go",
    },
    "use p-retry instead of async-retry",
    // Backoff as an idea is no library: only its module ("backoff.on_exception") or a word for one is.
    {
      names: ["backoff"],
      example: "wrap flaky calls with backoff.on_exception",
      neutralAfter: /^(?!\.\w|\s+(?:library|package|lib|module)\b)/i,
    },
  ),
  // The project's own retry wrapper, a decorator or a function said after a word of use: "重试…用我封装好的
  // @with_backoff", "retries go through our own `retry_call`".
  valued(
    "retry",
    ["code", "http"],
    /(?:retries|retrying|retry logic|重试)[^。.;；!?！？]{0,40}?(?:用|使用|改用|走|uses?|through|with|via)\s*[^\s@\x60，,。]{0,10}\s*(?:(@[\w.]+)|\x60([\w.@]+)\x60)/,
    "重试不要再直接用 tenacity 了，用我封装好的 @with_backoff",
    1,
  ),
  // How money is held: as a representation ("integer cents", BigDecimal) or a library.
  {
    slot: "money-storage",
    work: ["code", "payments"],
    pattern:
      /\b(?:money|amounts?|prices?|monetary (?:values|amounts)|currency (?:values|amounts))\s+(?:is|are)\s+(?:always\s+)?(?:(?:stored|kept|held|represented|modell?ed|handled|saved)\s+)?(?:as\s+|in\s+)?(?:an?\s+)?(integer cents|cents|minor units|integers?|decimals?|bigdecimal|floats?|doubles?)\b|(?:金额|价格)[^，。；]{0,6}?(?:用|以|按)\s*(整数分|分|decimal|bigdecimal)\s*(?:存储|存|为单位|保存|表示)/,
    example: "money is stored as integer cents",
    value: { from: "group" as const, value: 1, names: MONEY_FORMS },
  },
  described(
    "money",
    ["code", "payments"],
    /money(?: handling| math| values| amounts)?|monetary (?:values|amounts)|currency handling|金额(?:计算|处理)?/,
    "money goes through Joda-Money",
    {
      ...same("moneyphp", "joda-money", "dinero.js", "py-moneyed", "money-rails", "brick/money", "moneta"),
      dinero: "dinero.js",
      moneyed: "py-moneyed",
      "moneyphp/money": "moneyphp",
    },
    "we're standardising on moneyphp instead of brick/money",
  ),
  // What charts are drawn with: a project has one ("图换成 plotly 吧", "plots go through altair").
  described(
    "charting",
    ["code"],
    /charts?|charting|plots?|plotting|visuali[sz]ations?|图表|画图|(?<![\u4e00-\u9fff])图(?=[用换改走都统])/,
    "charts go through altair",
    same(
      "matplotlib",
      "plotly",
      "altair",
      "seaborn",
      "bokeh",
      "echarts",
      "recharts",
      "highcharts",
      "vega-lite",
      "ggplot2",
      "plotnine",
      "chart.js",
      "nivo",
      "victory",
    ),
    "图换成 plotly 吧",
  ),
].flat();
