/**
 * How a prompt asks for work, read from how it opens rather than from the nouns it names: a
 * request that opens with a verb of the imperative-verbs lexicon asking for code or an edit ("add
 * support for…", "wrap the send in a retry loop", "cover X with unit checks", "rename…", 帮我做成
 * 共享的, "把重试次数改成 5 次"), or that states a need for the project ("we need to store…", "the
 * export should include…", "列表要能按编号筛选"), is code work whatever it is about, unless what it
 * makes is a package, a branch, a commit, a deploy or an answer; a request to bring in a named thing
 * ("we need pyarrow so the loader can read parquet files", "add httpx so we can…", "加上 pandas，分析
 * 脚本要用") is dependency work; asking for the project's data ("count the payments that failed
 * yesterday", "how many users signed up last week?", "clear the cached session tokens", 统计一下
 * 上周每天的新增用户) is database work. Kinds of work (kinds-of-work.ts) are what a text is about; these are
 * what a prompt asks for, so only prompts are read with them. Each entry has an example. Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";
import { verbsAsking } from "./imperative-verbs.js";
import { kindsOfWork } from "./kinds-of-work.js";
import { isStopWord } from "./stop-words.js";
import { OTHER_WORK } from "./work-groups.js";

/** One way of asking for a kind of work. */
export interface WorkRequest extends LexiconEntry {
  /** The kind of work asked for. */
  kind: string;
  /**
   * Kinds of work that, when the prompt names one, are what it asks for instead: "create a branch
   * for the fix" is git work, not code; "add the uuid package" is dependencies.
   */
  unless: readonly string[];
  /** The pattern's first group is a thing brought in, which must look like a package's name. */
  namesPackage?: true;
  /**
   * Read for the conventions block only: a request to write something new says which conventions
   * guard what it writes (all code conventions), not which earlier situation it resembles.
   */
  conventionsOnly?: true;
}

/**
 * Words a request opens with before its verb: "ok so", "please", "can you", "let's", and a need
 * stated for the project: "we need to…", "I want to…", "we should…".
 */
const LEAD_WORDS =
  "ok(?:ay)?|so|please|pls|can (?:you|u)|(?:could|would|will) you|let'?s|now|next|also|then|and|first|just|go ahead and|help me|time to|(?:we|i)(?:'ll| will| really| also| still| now| first)* (?:need|want|have|got|ought) to|(?:i|we)'?d like (?:you )?to|i (?:need|want) you to|we should|it would be (?:nice|good|great) to";
const LEAD = String.raw`^\W*(?:(?:${LEAD_WORDS})[,\s]+)*`;
/** Words a later clause may open with before its verb: "…, can you cache the lookup". */
const LATER_LEAD_WORDS =
  "can (?:you|u)|(?:could|would) you|please|pls|let'?s|now|also|help me|(?:we|i) (?:also |still )?(?:need|want) to";
/**
 * Where a request opens: the start of the prompt past its lead words, or a later clause, with or
 * without one ("the careers page moved, make the old url redirect there", "… — could you build that?").
 */
const OPENING = String.raw`(?:${LEAD}|(?:[.;!?,]|\s[—–])\s+(?:(?:${LATER_LEAD_WORDS})[,\s]+)*)`;

/** Chinese lead words: 帮我, 请, 我们要, 我想… */
const ZH_LEAD_WORDS =
  "帮我|请|麻烦(?:你)?|再|先|另外|然后|接下来|我们(?:要|需要|得)?|我(?:想|要|需要)|能不能|可以|可不可以";
const ZH_LEAD = String.raw`^\s*(?:(?:${ZH_LEAD_WORDS})\s*)*`;
/**
 * Where a Chinese request's verb stands: right after a lead word at the start of any clause
 * (…，帮我做成共享的), after a thing fronted with 把/给/将/在/为 (给订单列表加个导出按钮), or at
 * the start of the prompt when a measure word follows it (新增一个…, 写个…): not "实现原理是什么". A
 * thing fronted may be a long name (给 fetch_credit_report 加上失败重试).
 */
const ZH_VERB = (verbs: string) =>
  String.raw`(?:(?:^|[，,。；;！!]\s*)(?:(?:${ZH_LEAD_WORDS})\s*)+(?:(?:把|给|将|在|为)[^，。？?！!；;]{0,32}?)?(?:${verbs})|(?:^|[，,。；;！!]\s*)(?:把|给|将)?[^，。？?！!；;]{0,32}?(?:${verbs})(?=一?[个张条列项份段套下组些成])|^\s*(?:(?:${ZH_LEAD_WORDS})\s*)*(?:(?:把|给|将|在|为)[^，。？?！!；;]{0,32}?(?:${verbs})|(?:${verbs})(?:一)?(?:个|张|条|列|项|份|段|套|下|一下|组|些|成)))(?![得的了过])`;

/**
 * Pieces of prose: writing one is not code ("write a blog post about our launch", "write a README for
 * …"); a message code emits is no prose ("add an error message if the transfer times out").
 */
const PROSE = String.raw`(?:blog post|post|e-?mail|letter|note|announcement|poem|story|essay|(?<!(?:error|warning|log|exception|validation|status) )message|tweet|summary|speech|toast|bio|cover letter|haiku|song|readme|changelog(?: entry)?|release notes?|runbook|wiki page|docs? page|documentation)s?\b`;

/** Texts that report a change, each about a subject it names after: "the commit message for the ack retry change". */
const REPORTS = `(?:commit message|commit|changelog(?: entry)?|release notes?|pr description|pull request description|e-?mail|summary|announcement|message|note|standup update)`;

/**
 * A request for a text that reports a change, up to where its subject begins: "write the commit
 * message" of "write the commit message for the ack retry change", "draft a short changelog entry"
 * of "… for the invoice rounding fix". What the change was names no work of the request: a commit
 * message for a logging change is commit work, and the logging conventions do not shape it.
 */
export const TEXT_REQUESTS = defineLexicon("text-requests", [
  {
    pattern: new RegExp(
      String.raw`${LEAD}(?:write|draft|compose|prepare|put together|give me|suggest)\s+(?:me\s+|us\s+)?(?:(?:a|an|the|some|short|brief|quick|new|proper|good|one-line|detailed)\s+)*${REPORTS}s?(?=\s+(?:for|about|on|describing|explaining|covering|summari[sz]ing)\b)`,
      "i",
    ),
    example: "write the commit message for the ack retry change",
  },
  {
    pattern:
      /^\s*(?:帮我|请|麻烦)?(?:写|起草|拟|整理)(?:一下|一?(?:段|条|个|份|篇))?(?:提交信息|commit message|commit|变更说明|更新日志|发布说明|changelog)(?=[，,]?\s*(?:说明|关于|内容是))/i,
    example: "帮我写一条提交信息，关于重试逻辑的修改",
  },
]);

/** The words of a request for a text that say what is asked, without its subject (see {@link TEXT_REQUESTS}); null for any other prompt. */
export function askedText(prompt: string): string | null {
  const found = TEXT_REQUESTS.entries.map((entry) => entry.pattern.exec(prompt)).find((match) => match);
  return found?.[0] ?? null;
}

/** Work that a request is not code work for: what it makes is a package, a branch, a commit, a deploy, an answer. */
const MAKES_NO_CODE = ["dependencies", "deploy", "git", "commit", "github", "answers"] as const;
/** Every way of asking for a kind of work, in English and Chinese. */
export const WORK_REQUESTS = defineLexicon("work-requests", [
  {
    kind: "code",
    unless: MAKES_NO_CODE,
    conventionsOnly: true,
    pattern: new RegExp(
      `${OPENING}(?:${verbsAsking("code", false)})\\b(?!\\s+(?:me\\s+|us\\s+)?(?:[\\w-]+\\s+){0,3}?${PROSE})`,
      "i",
    ),
    example: "Add support for extracting the series name from the metadata",
  },
  {
    kind: "code",
    unless: MAKES_NO_CODE,
    conventionsOnly: true,
    pattern: new RegExp(ZH_VERB(verbsAsking("code", true))),
    example: "当前登录人的权限信息好几个页面都要用，帮我做成共享的",
  },
  {
    kind: "code",
    unless: MAKES_NO_CODE,
    conventionsOnly: true,
    // A need stated for the project: "the export should include the header row", "we need a cache for…".
    pattern: new RegExp(
      String.raw`^(?![^\n]*[?？]\s*$)\W*(?!(?:it|that|this|there|i|you|he|she|they|we|what|which|who|why|how|when|where|should|must|does|do|is|are|can)\b)(?:[\w.$-]+\s+){1,5}?(?:should|must|needs? to|has to|ought to)\s+(?:also\s+|now\s+|always\s+|only\s+|never\s+|not\s+|still\s+)?(?!(?:be(?! able to\b)|pass|work|run|look)\b)[a-z]|^\W*(?:we|i)\s+(?:also\s+|still\s+|really\s+)?(?:need|want)\s+(?:a|an|some|more|proper|better|somewhere|a place)\s+(?!(?:[\w-]+\s+){0,3}?${PROSE})|^(?![^\n]*[?？]\s*$)\W*(?!(?:it|that|this|there|i|you|he|she|they|we)\b)(?:[\w.$"'-]+\s+){1,5}?needs\s+(?:a|an|some|its own|more|proper)\s+(?!(?:[\w-]+\s+){0,3}?${PROSE})`,
      "i",
    ),
    example: "the overdue report should list each waiver next to its loan",
  },
  {
    kind: "code",
    unless: MAKES_NO_CODE,
    conventionsOnly: true,
    // A need with any verb but one that runs, looks up or asks for an answer.
    pattern: new RegExp(
      String.raw`(?:^|[.;!?,]\s+)\W*(?:so\s+|and\s+)?(?:we|i)(?:'ll| will| really| also| still| now)* (?:need|want) to (?!(?:run|restart|check|verify|deploy|release|publish|push|commit|install|look|find|search|fetch|get|review|merge|test|lint|format|${verbsAsking("answer", false)}|know|understand|learn|figure out|talk|hear)\b)[a-z]`,
      "i",
    ),
    example: "the nightly export runs silently, I want to see in the logs which rows it skipped",
  },
  {
    kind: "code",
    unless: MAKES_NO_CODE,
    conventionsOnly: true,
    pattern:
      /(?:要|得)(?:能|可以|支持)(?!不)|需要(?:调|写|加|做|实现|支持|改|把|给|在|存|记)|要在[^，。]{1,16}?之间(?:同步)?(?:共享|同步|显示|展示|保存|生效|更新)|要在[^，。]{0,12}?(?:页面?|列表|详情|界面|弹窗|表格|侧边栏|导航|卡片|首页|后台|端)[^，。]{0,4}?(?:显示|展示)/,
    example: "借阅列表要能按档案编号筛选",
  },
  {
    kind: "code",
    unless: MAKES_NO_CODE,
    conventionsOnly: true,
    // A feature given to a part of the program: "give the list command a machine-readable output mode".
    pattern:
      /^\W*(?:please\s+)?give\s+(?:the|our|this|that|each|every)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:a|an|its own)\s+[a-z]/i,
    example: "give the list command a machine-readable output mode",
  },
  {
    kind: "code",
    unless: MAKES_NO_CODE,
    conventionsOnly: true,
    // What the users of the project get to do: "let volunteers book a pickup slot" (not the people
    // one works with, nor letting them decide or look at it: "let others review it first").
    pattern:
      /^\W*(?:please\s+)?let\s+(?!(?:me|us|it|them|him|her|you|that|this|those|these|things|folks|others|guys|ppl|peeps|ops|devs|teammates|colleagues)\b)[a-z-]+s\s+(?!(?:be|know|go|run|sit|stay|decide|review|check|look|see|test|try)\b)[a-z]+\s+(?!(?:it|them|this|that|what|when|how|why|who|whether|if|me|us)\b)\w/i,
    example: "let volunteers book a pickup slot for a donation",
  },
  {
    kind: "code",
    unless: [...OTHER_WORK],
    pattern: new RegExp(`${OPENING}(?:${verbsAsking("edit", false)})\\b`, "i"),
    example: "rename the commit variable to settled_at",
  },
  {
    kind: "code",
    unless: [...OTHER_WORK],
    pattern: new RegExp(`${ZH_LEAD}(?:把|给)?[^，。？?]{0,20}?(?:${verbsAsking("edit", true)})`),
    example: "把重试次数改成 5 次",
  },
  // Asking for the project's data: counting, looking up or clearing what its stores hold is
  // database work, whatever the data is called ("how many invoices are still stuck in draft?").
  {
    kind: "database",
    unless: [],
    pattern: new RegExp(
      String.raw`${LEAD}(?![^\n]*\b(?:strings?|files?|texts?|lists?|arrays?|sentences?|paragraphs?|lines? of code)\b)(?:count|tally|total up|sum up)\s+(?:up\s+)?(?:the\s+|all\s+|how many\s+)?(?:[\w-]+\s+){0,3}?[\w-]+s\b`,
      "i",
    ),
    example: "count the payments that failed yesterday, grouped by provider",
  },
  {
    kind: "database",
    unless: [],
    pattern:
      /\bhow (?:many|much)\b[^?.]{0,60}?\b(?:still|right now|currently|today|yesterday|last (?:week|month|night|year|\d+ days)|this (?:week|month|year)|so far|in (?:the |our )?(?:db|database|table|cache|queue))\b/,
    example: "how many users signed up last week?",
  },
  {
    kind: "database",
    unless: [],
    pattern: new RegExp(
      String.raw`${LEAD}(?:clear|flush|purge|evict|invalidate|expire|wipe)\s+(?:out\s+)?(?:the\s+|all\s+)?(?:[\w-]+\s+){0,3}?(?:cache[sd]?|cached|keys?|sessions?|tokens?|queues?)\b`,
      "i",
    ),
    example: "clear the cached session tokens for user 4411",
  },
  {
    kind: "database",
    unless: [],
    pattern:
      /(?:统计|查一下|查查|查下|查询|拉一下|捞一下)[^，。？?]{0,30}?(?:多少|每天|每周|每月|昨天|今天|上周|本周|上个月|本月|最近|最高|最多|最少|前\s*\d+|[十百千\d]+\s*(?:个|条|笔)|数量|总数|总额)|(?:清|清掉|清空|清除|删掉)[^，。]{0,20}缓存/,
    example: "统计一下上周每天的新增注册用户",
  },
  {
    kind: "dependencies",
    unless: [],
    namesPackage: true,
    pattern: new RegExp(
      `${LEAD}(?:we |i )?(?:need|want|add|pull in|bring in|grab|install)\\s+([A-Za-z][\\w.@/-]*)(?=\\s*(?:$|[,.;:!?]|(?:so|for|to|into|because|as|and)\\b))`,
      "i",
    ),
    example: "we need pyarrow so the loader can read parquet files",
  },
  {
    kind: "dependencies",
    unless: [],
    namesPackage: true,
    pattern:
      /(?:加上|装上|引入|需要|要用|用上|加一下|装一下|加个|装个)\s*([A-Za-z][\w.@/-]*)(?=\s*(?:$|[，。,;；!！]|(?:处理|来|做|吧)))/,
    example: "admin 后台也需要 dayjs 处理下时间",
  },
  {
    kind: "dependencies",
    unless: [],
    namesPackage: true,
    pattern: /把\s*([A-Za-z][\w.@/-]*)\s*(?=加进来|加上|装上|引进来|装一下|加到依赖)/,
    example: "要画趋势图，把 matplotlib 加进来",
  },
]);

/**
 * Requests for a self-contained snippet or a translation, which need nothing of a project: "write a
 * regex that matches email addresses", "写一个正则匹配国内手机号", "a cron expression for every weekday
 * at 9", "translate this into English: …".
 * Unless the prompt names the project, it is a knowledge request.
 */
export const SELF_CONTAINED_REQUESTS = defineLexicon("self-contained-requests", [
  {
    pattern:
      /\b(?:regex(?:es|ps)?|regexp|regular expressions?|one-liners?|cron expressions?|(?:excel|spreadsheet|sheets) formulas?)\b(?! (?:matcher|engine|module|crate|parser|library|package|filter|mode|flag|option)s?\b)/,
    example: "write a regex that matches email addresses",
  },
  { pattern: /正则(?:表达式)?|(?:excel|表格)\s*公式|cron 表达式/, example: "写一个正则匹配国内手机号" },
  // Translating a text given in the prompt (after a colon) needs nothing of the project, whatever
  // the text names; "translate the checkout labels into German" is the project's i18n work.
  {
    pattern:
      /\btranslate\b[^.!?\n]{0,40}?\b(?:in)?to (?:english|chinese|german|french|spanish|japanese)\s*[:：]|翻译成(?:英文|中文|英语|日文|德语|法语)\s*[:：]/,
    example: "把这句话翻译成英文：今天的发布推迟到周五",
  },
]);

/** Endings of English words that name an activity or a quality, not a package ("logging", "validation"). */
const NOT_A_NAME = /(?:ing|tion|sion|ment|ness)$/i;
/** Kinds of work whose words are not packages: "we need tests for this", "add retries". */
const GENERIC_WORK = new Set(["tests", "answers", "process", "config", "styling", "lint"]);

/** True when a word could be a package's name: not a function word, an activity or the name of a kind of work. */
export function looksLikePackage(word: string): boolean {
  if (
    isStopWord(word.toLowerCase()) ||
    NOT_A_NAME.test(word) ||
    /^(?:it|them|one|more|support|docs|examples?|errors?|checks?|back|up|new|comments?|types?|logs?|methods?|functions?|classes|somewhere|something|someone|anything|anywhere|everything)$/i.test(
      word,
    )
  )
    return false;
  return ![...kindsOfWork(word)].some((kind) => GENERIC_WORK.has(kind));
}

const COMPILED = WORK_REQUESTS.entries.map((entry) => ({
  entry,
  pattern: new RegExp(entry.pattern.source, WORK_REQUESTS.flags),
}));

/**
 * What a request asks for before a clause that describes it: "add a `sync` subcommand" of "add a
 * `sync` subcommand that pulls the remote package index". The kinds of work such a clause names
 * (git for "pulls", dependencies for "package") say what the thing does, not what work is asked for.
 */
export function requestHead(prompt: string): string {
  return prompt.split(/[\s,]+(?:that|which|who|so that)\s+/i)[0] ?? prompt;
}

/**
 * The kinds of work a prompt asks for by how it opens, given the kinds it names: "add a retry
 * loop around the S3 upload…" asks for code, "create a branch for the fix" does not (it names
 * git), "we need pyarrow so…" asks for dependencies. Without `forConventions`, the requests
 * read for the conventions block only are left out.
 */
export function requestedWork(
  prompt: string,
  named: ReadonlySet<string>,
  forConventions = true,
): Set<string> {
  const asked = new Set<string>();
  for (const { entry, pattern } of COMPILED) {
    if (entry.conventionsOnly && !forConventions) continue;
    if (asked.has(entry.kind) || entry.unless.some((kind) => named.has(kind))) continue;
    const match = pattern.exec(prompt);
    if (match === null) continue;
    if (entry.namesPackage && !looksLikePackage(match[1] ?? "")) continue;
    asked.add(entry.kind);
  }
  return asked;
}
