/**
 * Slots of names: how things are named — a prefix, a suffix, a digit, a case — per thing named
 * (variables, functions, methods, arguments, classes, components, branches…), quoted or not
 * ("start variable names with 'z_'", "local vars use lv_ now", "branches are ember-<ticket>",
 * 变量名一律以 m_ 开头). Part of the slot lexicon (slots.ts). Pure.
 */
import {
  NAME_PART,
  naming,
  PREFIX_PART,
  QUOTED,
  type SlotEntry,
  WHAT,
  ZH_VALUE,
  ZH_WHAT,
} from "./slot-entry.js";
import { ZH_NAMING_SLOTS } from "./slots-naming-zh.js";

/**
 * A name part in Chinese words before a slash, a placeholder for what goes there ("用户名/需求号" →
 * 用户名/), before more of the name.
 */
const ZH_PART = String.raw`[\u4e00-\u9fff]{2,8}\/(?=[\u4e00-\u9fffA-Za-z<{])`;

/** A thing with a name, as `WHAT` but capturing nothing. */
const ANY_THING = WHAT.replace(/^\(/, "(?:");

/** A case names are written in ("kebab-case", "snake_case", "PascalCase", "all caps"): capture group. */
const CASE = "(camel ?case|snake[_ ]case|pascal ?case|kebab[- ]case|upper[_ ]case|all caps)";

/**
 * A suffix a convention names bare: a capitalised word or one that starts with "_" ("Dto", "_fn"),
 * not a word of the sentence ("suffixed with the name of …", "the same suffix as …"): the lexicon
 * reads case-insensitively, so a capital alone does not tell.
 */
const SUFFIX_NAME = String.raw`['"‘“\x60]?((?!(?:with|by|as|the|a|an|this|that|its|their|our|your|same|usual|standard|right|proper|correct|default|old|new|whole|entire|required|name|module|file|class)\b)[A-Z][A-Za-z0-9]{1,15}|_\w{1,15})['"’”\x60]?`;

/** Name parts said as a list ("ods_、dwd_、dws_", "raw_, stg_ and mart_"): capture group. */
const PREFIX_LIST = String.raw`((?:['"‘“\x60]?[A-Za-z$][\w$]{0,20}[_-]['"’”\x60]?\s*(?:[、,，/]|and|和|及)\s*)+['"‘“\x60]?[A-Za-z$][\w$]{0,20}[_-]['"’”\x60]?)(?![\w$])`;

/** A list of name parts, one value (see `listValue`). */
const namingList = (pattern: RegExp, example: string, value: number, what = 1): SlotEntry => ({
  ...naming("prefix", pattern, example, value, what),
  value: { from: "group", value, list: true },
});

/** A prefix said in words ("an underscore prefix", "no prefix at all"): stored as written. */
const inWords = (pattern: RegExp, example: string, value: number, what: number): SlotEntry => ({
  ...naming("prefix", pattern, example, value, what),
  value: { from: "group", value, names: { underscore: "_", "dollar sign": "$", no: "none" } },
});

/** A naming entry said of no thing (`naming.any.…`). */
const ofNoThing = (pattern: RegExp, example: string, value: number): SlotEntry => {
  const { what: _what, ...entry } = naming("prefix", pattern, example, value);
  return entry;
};

/** The slots of names, tried in this order. */
export const NAMING_SLOTS: readonly SlotEntry[] = [
  // Prefixes said as a list, one per layer or kind: "表名按数仓分层加前缀：ods_、dwd_、dws_",
  // "table names get a layer prefix: raw_, stg_, mart_".
  namingList(
    new RegExp(`${ZH_WHAT}(?:名|名称|名字)?[^，。；,;]{0,12}?前缀\\s*[:：是为]?\\s*${PREFIX_LIST}`),
    "表名按数仓分层加前缀：ods_、dwd_、dws_",
    2,
  ),
  namingList(
    new RegExp(
      String.raw`\b${WHAT}(?:\s+names?)?\b[^.;:]{0,30}?\bprefix(?:es)?\s*(?:[:：]|are|is)\s*${PREFIX_LIST}`,
    ),
    "table names get a layer prefix: raw_, stg_, mart_",
    2,
  ),
  // A name part renamed, said of no thing (`naming.any.prefix`, the family of every thing's prefix):
  // "dwd_ 层改名叫 dw_", "the stg_ prefix is renamed to st_".
  ofNoThing(
    new RegExp(
      String.raw`(?<![\w$./-])${PREFIX_PART}\s*(?:层|前缀|prefix)?\s*(?:改名叫|改名为|改名成|改叫|重命名为|(?:is\s+|gets\s+)?renamed\s+to|becomes)\s*${PREFIX_PART}`,
    ),
    "dwd_ 层改名叫 dw_，ods_ 和 dws_ 保持不变",
    2,
  ),
  // A prefix named and then changed, said of no thing: "Gb 这个前缀大家都说看不懂……还是改成 App 吧",
  // "crawl_ 开头那条规则，…，改成 fetch_ 开头吧", "the Gb prefix confuses people, change it to App".
  ofNoThing(
    /(?<![\w$./-])(?:[A-Z][A-Za-z0-9]{0,7}|[A-Za-z$][\w$]{0,20}[_-])\s*(?:这个|那个|的)?\s*(?:前缀|开头|prefix)[^。；;.!?]{0,50}?(?:改成|换成|改为|改叫|(?:change|switch)(?:d|ed)?\s+(?:it\s+)?to|make it)\s*['"‘“\x60]?([A-Z][A-Za-z0-9]{0,7}|[A-Za-z$][\w$]{0,20}[_-])(?![\w$])/,
    "Gb 这个前缀大家都说看不懂……还是改成 App 吧，AppButton、AppTable 这样",
    1,
  ),
  // A bare prefix made the rule, its thing said in the sentence before: "中间表别再用 tmp_ 开头了。以后统一 stg_。"
  ofNoThing(
    new RegExp(
      String.raw`(?<=^|[，。；,;\s])(?:以后|今后)?(?:统一|一律)(?:用|成|为|改成|改为)?\s*${PREFIX_PART}(?=\s*(?:[。；，,;.]|$))`,
    ),
    "中间表别再用 tmp_ 开头了。以后统一 stg_。",
    1,
  ),
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
  // The thing names start with said in words, after a heading or as what to prefix them with:
  // "Branch names: prefix them with your initials instead of a type", "prefix every branch with your username".
  naming(
    "prefix",
    new RegExp(
      String.raw`\b${WHAT}(?:\s+names?)?\s*[:：]\s*(?:always\s+|now\s+)*(?:start|begin|prefix)\s+(?:them|it|each(?:\s+one)?|every\s+one)\s+with\s+`,
    ),
    "Branch names: prefix them with your initials instead of a type",
    0,
  ),
  naming(
    "prefix",
    new RegExp(
      String.raw`\bprefix\s+(?:all\s+|every\s+|each\s+|your\s+|the\s+|our\s+|new\s+)*${WHAT}(?:\s+names?)?\s+with\s+`,
    ),
    "prefix every branch with your username",
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
      String.raw`\b${WHAT}(?:\s+names?)?\s+(?:should\s+|must\s+|now\s+|always\s+|are\s+|is\s+)*(?:start|begin|use|named|called|are|get)s?\s+(?:now\s+)?(?:with\s+)?(?:the\s+)?${NAME_PART}`,
    ),
    "local variables start with fc_, local vars use lv_ now, branches are ember-<ticket>",
    2,
  ),
  // The same shown after a colon, as a list of house rules writes it: "branches: feat/DSP-<ticket>-short-desc",
  // or after what the names are now: "branch names are ticket-first now: PUL-123/short-desc".
  naming(
    "prefix",
    new RegExp(
      String.raw`\b${WHAT}(?:\s+names?)?(?:\s+(?:are|is)(?:\s+[\w-]+){1,3})?\s*[:：]\s*${NAME_PART}`,
    ),
    "branches: feat/DSP-<ticket>-short-desc",
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
  // A prefix said in words, not written: "private fields get an underscore prefix instead",
  // "private helpers get a leading underscore", "no prefix at all on private fields".
  inWords(
    new RegExp(
      String.raw`\b${WHAT}\s+(?:are\s+|is\s+)?(?:named\s+with|get|use|take|have|carry|start\s+with)\s+(?:the\s+|a\s+|an\s+)?(?:leading\s+|single\s+)?(underscore|dollar\s+sign)(?:\s+prefix)?\b`,
    ),
    "private fields get an underscore prefix instead: _health, _moveSpeed",
    2,
    1,
  ),
  inWords(
    new RegExp(
      String.raw`\b(no)\s+prefix(?:es)?\s+(?:at\s+all\s+)?(?:on|for)\s+(?:the\s+|our\s+|any\s+|all\s+)?(?:(?:private|public|protected|local|new|static)\s+)?${WHAT}`,
    ),
    "the lead wants no prefix at all on private fields, plain camelCase",
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
      `${ZH_WHAT}(?:名|命名|名称|名字)?[^，。；,;]{0,6}?(?:改成|改为|换成|叫|是|统一为|统一用|一律用)\\s*['"‘“\x60]?([A-Za-z$][\\w$]{0,20}[_/-]|${ZH_PART})`,
    ),
    "分支名改成 用户名/需求号",
    2,
  ),
  // The name shown after the thing's naming rule, bare or after a colon that ends its sentence's
  // lead: "分支命名 feature/功能名", "分支规范再调整：统一 用户名/需求号-描述", "分支命名改一下，要带上需求号：feat/1234-x 这种",
  // or a change said first: "分支规范改了，现在统一 feat/JIRA号-描述".
  naming(
    "prefix",
    new RegExp(
      `${ZH_WHAT}(?:命名|名称|名字|名|规范)(?:[^。；;\\n]{0,24}?[:：]|[^。；;，,\\n]{0,8}?[，,]\\s*(?:现在|以后|之后|今后))?\\s*(?:统一|改成|改为|换成)?\\s*['"‘“\x60]?([A-Za-z$][\\w$]{0,20}(?:[_-](?![\\w$])|\\/)|${ZH_PART})`,
    ),
    "分支命名 feature/功能名，比如 feature/coupon-expire",
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
  // A name shown with a placeholder for its own part: "views are named XxxScreen", "named <Name>Dto".
  naming(
    "suffix",
    new RegExp(
      String.raw`\b${WHAT}\b[^.;]{0,40}?\b(?:named|called)\s+['"‘“\x60]?(?:Xxx|Foo|<\w+>|\{\w+\})([A-Z][A-Za-z0-9]{1,15})\b`,
    ),
    "Top-level SwiftUI views are named XxxScreen, like SightingListScreen",
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
      String.raw`\b${WHAT}\b[^.;]{0,40}?\b(?:names?\s+)?(?:should\s+|must\s+|now\s+|always\s+)*ends?\s+(?:in|with)\s+['"‘“\x60]?([A-Z][A-Za-z0-9]{1,15}|_[\w]{1,15})\b`,
    ),
    "data classes whose names end in Dto, like UserDto",
    2,
  ),
  // "…, suffixed Dto", "gets the Impl suffix" (in the thing's clause), "the Impl suffix goes on every
  // service class" (a suffix said to be gone sets nothing: "the Dto suffix is gone for new classes").
  naming(
    "suffix",
    new RegExp(
      String.raw`\b${WHAT}\b(?:[^.;]{0,60}?\b(?:suffixed|postfixed)(?:\s+with)?\s+${SUFFIX_NAME}|[^.;,]{0,60}?\b(?:the|an?)\s+${SUFFIX_NAME}\s+suffix\b)`,
    ),
    "plain readonly classes with constructor promotion, suffixed Dto",
    2,
  ),
  naming(
    "suffix",
    new RegExp(String.raw`\b(?:the|an?)\s+${SUFFIX_NAME}\s+suffix\b[^.;]{0,40}?\b${WHAT}`),
    "the Impl suffix goes on every service class",
    1,
    2,
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
    new RegExp(String.raw`\b${CASE}\s+for\s+(?:all\s+)?${WHAT}`),
    "use CamelCase for class names",
    1,
    2,
  ),
  naming(
    "case",
    new RegExp(
      String.raw`\b${WHAT} names?\s+(?:should\s+|must\s+|are\s+|in\s+|always\s+)*(?:be\s+|use\s+|in\s+)?${CASE}`,
    ),
    "class names should be PascalCase",
    2,
  ),
  // The case said before the thing: "it enforces kebab-case file names", "no more camelCase files".
  naming("case", new RegExp(String.raw`\b${CASE}\s+${WHAT}(?: names?)?\b`), "kebab-case file names", 1, 2),
  naming(
    "case",
    new RegExp(
      String.raw`\b${WHAT}\s+(?:should be|must be|are|is)\s+(?:always\s+)?['"‘“\x60]?(_?(?:camel ?case|snake[_ ]case|pascal ?case|kebab[- ]case|upper[_ ]case|screaming[_ ]snake[_ ]case|all caps))`,
    ),
    "Private fields are _camelCase, like _productRepository",
    2,
  ),
  ...ZH_NAMING_SLOTS,
  // The general forms, last: a thing named and a name part in one clause, either order.
  naming(
    "prefix",
    // The thing named nearest the name part: "dbt staging models from now on, so the landing tables
    // are raw_" names tables.
    new RegExp(String.raw`\b${WHAT}\b(?:(?!\b${ANY_THING}\b)[^.;:!?\n]){0,40}?(?<![\w$./-])${PREFIX_PART}`),
    "every staging table we create gets the stg_ prefix",
    2,
  ),
  naming(
    "prefix",
    new RegExp(
      String.raw`(?<![\w$./-])${PREFIX_PART}[^.;:!?\n]{0,20}?\b(?:for|on|in)\s+(?:all|every|each|the|new|our|any)?\s*(?:[a-z-]+\s+)?${WHAT}\b`,
    ),
    "it's lz_ for every landing table going forward",
    1,
    2,
  ),
  naming(
    "prefix",
    new RegExp(
      `${ZH_WHAT}(?:名|名称|名字)?(?:的)?(?:前缀)?[^。；;]{0,40}?(?:一律|统一|都|全部)(?:成|为|改成|换成)?\\s*(?:以|用)?\\s*${ZH_VALUE}\\s*(?:开头|打头|为前缀|作为前缀)`,
    ),
    "错误码前缀改一下，以后订单相关的一律 ORD_ 开头",
    2,
  ),
];
