/**
 * Imperatives: how an instruction to the agent is said. The verbs it opens with ("use …", "run …",
 * "make sure …") and those a task title opens with ("fix …", "refactor …") — `prescribe` verbs say
 * what to do, `instruct` verbs the rest of what a user tells an agent, `task` verbs open a piece of
 * work — and the forms an instruction takes: at the start of a sentence (`AGENT_IMPERATIVES`, which
 * the memory gate reads: "always run the tests before you commit", "you should double-check
 * dates", "不要在周末给我发消息"), elsewhere in it (`INSTRUCTION_FORMS`: "we don't do merge commits
 * here"), in Chinese (`ZH_INSTRUCTION`). Stated rules, conventions and the gate read the same verbs;
 * each group also says what a request that opens with it asks for (`asks`, read by work-requests.ts).
 * Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";
import { forbids, saysWhatInstead } from "./negations.js";

/** What a verb does in an instruction. */
export type VerbRole = "prescribe" | "instruct" | "task";

/**
 * What a request that opens with the verb asks for: `code` to be written or changed ("add support
 * for…", "wrap the send in a retry loop", 做成共享的: the project's code conventions guard it),
 * `edit` of what is there ("fix…", "rename…", 改成: code work for situational lessons too),
 * `operate` (run, look up, ship: the kinds of work it names say what work), or an `answer`
 * ("explain…", "tell me…": no work of its own). See work-requests.ts.
 */
export type VerbAsks = "code" | "edit" | "operate" | "answer";

/** A group of verbs with one role, asking for one kind of thing. */
export interface ImperativeVerbs extends LexiconEntry {
  role: VerbRole;
  asks: VerbAsks;
  /** Chinese verbs: read in Chinese requests only, never in the English alternations. */
  zh?: true;
}

const verbs = (role: VerbRole, asks: VerbAsks, pattern: RegExp, example: string): ImperativeVerbs => ({
  pattern,
  example,
  role,
  asks,
});

/** Every group, anchored by the caller (they match a bare verb). */
export const IMPERATIVE_VERBS = defineLexicon("imperative-verbs", [
  verbs("prescribe", "code", /use|prefer|stick (?:to|with)|follow/, "use pnpm for everything"),
  verbs("prescribe", "code", /wrap|await/, "wrap the SMTP send in a retry loop"),
  verbs("prescribe", "operate", /run|pass|call|send/, "run the tests with --runInBand"),
  verbs(
    "prescribe",
    "code",
    /add|set|put|write|include|import|annotate|decorate/,
    "add the '@retry' decorator to all methods",
  ),
  verbs("prescribe", "code", /prefix|end|name/, "prefix the table names with 'z_'"),
  verbs("prescribe", "operate", /start|begin|keep/, "start the dev server on 5174"),
  verbs("prescribe", "operate", /rebase|commit|push|deploy|install/, "rebase onto main instead of merging"),
  verbs("instruct", "code", /avoid|mask|reuse/, "avoid default exports"),
  verbs("instruct", "operate", /stop|tag|pipe|skip|leave|mark|pin/, "stop the worker before the migration"),
  verbs("instruct", "operate", /make sure|ensure/, "make sure the migration is reversible"),
  verbs("instruct", "operate", /check|verify/, "check the worker logs"),
  verbs(
    "instruct",
    "answer",
    /show|ask|read|take|go through|point|mention|tell|give/,
    "ask me before adding a dependency",
  ),
  verbs(
    "instruct",
    "operate",
    /export|source|activate|impersonate|log in|sign in|connect/,
    "source .env.local before running it",
  ),
  verbs("instruct", "code", /switch|target/, "switch the importer to the new client"),
  verbs("instruct", "code", /edit|touch/, "edit the loader so it skips blank rows"),
  verbs("instruct", "edit", /change|update|bump/, "bump the retry count to 5"),
  verbs("instruct", "operate", /test|format|lint/, "lint before every commit"),
  verbs("instruct", "code", /build/, "build a dashboard for the nightly jobs"),
  verbs("instruct", "answer", /reply|answer|respond|explain/, "reply in Chinese"),
  verbs("instruct", "answer", /drop|omit|cut/, "drop the headers and bullet lists"),
  verbs(
    "instruct",
    "answer",
    /remember to|wait|confirm|greet|refer to|assume/,
    "confirm with me before you delete anything",
  ),
  verbs("instruct", "code", /default to|treat|address/, "treat empty strings as missing values"),
  verbs(
    "task",
    "code",
    /apply|configure|create|debug|disable|drop|enable|generate|implement|improve|make(?! sure\b)|migrate|parse/,
    "implement a LinkedList class",
  ),
  verbs(
    "task",
    "edit",
    /fix|clean up|convert|delete|move|remove|rename|replace|split|refactor/,
    "fix the null check in the invoice serializer",
  ),
  verbs(
    "task",
    "operate",
    /fetch|find|get|hit|clean|investigate|list|load|look|merge|open|print|publish|pull|release|restart|review|search/,
    "fetch the refunds issued this month",
  ),
  verbs(
    "task",
    "code",
    /speed|tighten|tweak|upgrade|wire|code|integrate|hook up|port|adapt|adjust|introduce/,
    "hook up the new mailer to the signup flow",
  ),
  // Modelling a domain, charting data or syncing it from elsewhere is writing code: "model everything
  // that can go wrong when booking a berth", "chart the median wait per clinic", "sync refunds from stripe".
  verbs(
    "task",
    "code",
    /model|chart|plot|visuali[sz]e|sync/,
    "model everything that can go wrong when booking a slot",
  ),
  // Keeping what happens, coping with it, or putting it on screen is writing code too: "when syncing
  // fails, record what went wrong so we can debug it", "handle the timeout", "pop up a price text".
  verbs(
    "task",
    "code",
    /record|track|capture|handle|retry|cache|validate|persist|throttle|debounce|paginate|pop up|spawn|render|draw|animate/,
    "when syncing a journal entry fails, record what went wrong",
  ),
  verbs(
    "task",
    "edit",
    /extend|rewrite|raise|lower|increase|decrease|extract|tidy|simplify|optimi[sz]e/,
    "extract the retry logic into a helper",
  ),
  verbs(
    "task",
    "code",
    // "keep X on disk / so it survives a restart": keeping data is storing it.
    /support|store|persist|save|cache|cover|handle|validate|expose|limit|throttle|retry|track|emit|log(?! in\b)|keep(?=[^.?!]{0,50}\b(?:on disk|locally|offline|across (?:launches|restarts|reloads)|after (?:a |the )?(?:restart|relaunch|reload|reboot)))/,
    "cover StockLevelService with unit checks for the empty case",
  ),
  verbs(
    "task",
    "code",
    // "show" asks for code when what it shows is on a screen of the app, not to the user ("show me…").
    /allow|restrict|prevent|return|accept|reject|sort|filter|paginate|display|render|hide|require|enforce|show(?! (?:me|us)\b)(?:(?=[^.?!]{0,60}\b(?:on|in|under|next to) (?:the|each|every|a) [\w -]{0,30}(?:page|screen|list|card|table|view|dashboard|header|footer|modal|form|button|tab|bar|toolbar|sidebar|menu|row|badge)s?\b)|(?= (?:a |some )?(?:something|message|notice|toast|banner|warning|hint)\b)|(?<=\b(?:on|in) (?:the|each|every|a) [\w -]{0,20}(?:page|screen|list|card|table|view|dashboard|modal|form|tab)s?\b[^.?!]{0,20}show))/,
    "return a 404 when the loan does not exist",
  ),
  verbs(
    "task",
    "code",
    /rework|reorgani[sz]e|normali[sz]e|sanitize|sanitise|escape|catch|throw|mock|stub|notify|schedule|dedupe|translate|locali[sz]e|turn|swap|inline|memoi[sz]e|debounce|warn/,
    "debounce the search box and cancel stale requests",
  ),
  verbs("task", "answer", /book|recommend|suggest/, "recommend a good ramen place nearby"),
  {
    ...verbs(
      "task",
      "code",
      /写(?!(?:一)?[首篇封])|实现|做|加(?!油)|发送|发(?=一?[条个封])|新增|新建|建(?=一?[个张条列项份套])|开发|增加|添加|补上?|支持|封装|接入|对接|生成|创建|搭建|校验|缓存|展示|抽成|做成|记(?=一?下|录)|加载|放(?=一?[个张条只]|到)|输出|显示/,
      "当前登录人的权限信息好几个页面都要用，帮我做成共享的",
    ),
    zh: true,
  },
  {
    ...verbs(
      "task",
      "edit",
      /改成|改为|改一下|改下|重构|修复?|删掉|调整|优化|去掉|拆分|提取|替换|迁移|简化|统一/,
      "把重试次数改成 5 次",
    ),
    zh: true,
  },
]);

function alternation(roles: readonly VerbRole[], asks?: VerbAsks, zh = false): string {
  return IMPERATIVE_VERBS.entries
    .filter(
      (entry) =>
        roles.includes(entry.role) &&
        (asks === undefined || entry.asks === asks) &&
        (entry.zh ?? false) === zh,
    )
    .map((entry) => entry.pattern.source)
    .join("|");
}

const ALL_ROLES: readonly VerbRole[] = ["prescribe", "instruct", "task"];
/** The verbs of an instruction ("use", "run", "make sure"…), as one alternation to anchor. */
export const INSTRUCTION_VERBS = alternation(["prescribe", "instruct"]);
/** Every verb of the lexicon, as one alternation to anchor. */
export const ANY_IMPERATIVE_VERB = alternation(ALL_ROLES);
/** The verbs that say what to do ("use", "run", "add"…), as one alternation to anchor. */
export const PRESCRIBING_VERBS = alternation(["prescribe"]);

/**
 * The verbs, English or Chinese, whose requests ask for `asks` ("add", "wrap", "cover", 做成…
 * for code), as one alternation to anchor.
 */
export function verbsAsking(asks: VerbAsks, zh: boolean): string {
  return alternation(ALL_ROLES, asks, zh);
}

/** Every verb a task title may open with ("fix", "add", "refactor"…), one word each. */
export const TASK_VERBS: ReadonlySet<string> = new Set(
  IMPERATIVE_VERBS.entries.flatMap((entry) =>
    entry.pattern.source
      .split("|")
      .map((verb) => verb.replace(/\(\?<?[!=][^)]*\)/g, ""))
      .filter((verb) => /^[a-z]+$/.test(verb)),
  ),
);

/** "always …", "you must …", "use …", "don't …": how an instruction to the agent opens. */
const OPENS = new RegExp(
  String.raw`^(?:you\s+(?:always|never|only|should|must|need to|have to)\s+(?=[a-z])|(?:always|never)\s+(?![a-z]+(?:s|ed)\b)(?=[a-z-])|(?:(?:always|never|only|please|just)\s+)*(?:${INSTRUCTION_VERBS}|don'?t|do not|never)\b)`,
  "i",
);

/** True when `text` opens with an instruction ("use pnpm", "always run…", "you must…", "don't…"). */
export function opensWithInstructionVerb(text: string): boolean {
  return OPENS.test(text.trim());
}

const OPENS_WITH_ANY_VERB = new RegExp(
  String.raw`^(?:(?:always|just|please)\s+)*(?:${ANY_IMPERATIVE_VERB})\b`,
  "i",
);

/** True when `text` opens with any verb of the lexicon, a task's too ("cache it in Awake"). */
export function opensWithAnyVerb(text: string): boolean {
  return OPENS_WITH_ANY_VERB.test(text.trim());
}

const OPENS_WITH_OPERATION = new RegExp(
  String.raw`^(?:(?:please|just)\s+)*(?:${alternation(ALL_ROLES, "operate")})\b`,
  "i",
);

/** True when `text` opens with a verb that operates on the project's things ("list the glue tables", "restart the worker"). */
export function opensWithOperation(text: string): boolean {
  return OPENS_WITH_OPERATION.test(text.trim());
}

/** Words before an instruction that only announce it: "from now on, use pnpm", "I'd like you to…". */
const ANNOUNCED =
  /^(?:(?:from now on|going forward|from here on|from today|moving forward|in the future|henceforth|as a rule|please|i(?:'d| would) like you to|i (?:want|need) you to|make sure (?:to|you)|remember to|be sure to)[,:]?\s+)+/i;

/**
 * A situation and what to do in it, a policy: "for in-place edits just use gsed -i", "for
 * explanations give me a short paragraph".
 */
export const NAMES_A_SITUATION = new RegExp(
  String.raw`^for\s+[^,.;]{1,40}?\s(?:just\s+|always\s+|please\s+)?(?:${INSTRUCTION_VERBS})\b`,
  "i",
);

/**
 * An occasion, then what to do on it: "every time you touch .gitlab-ci.yml run glab ci lint before
 * you push", "Whenever you give me code, include a short explanation".
 */
const OCCASION: LexiconEntry = {
  pattern: new RegExp(
    String.raw`^[^\w\u4e00-\u9fff]*(?:when(?:ever)?|every ?time|each time|before|after|any ?time)\s+you\b.{0,60}?(?:,\s*|\s)(?:just\s+|please\s+|always\s+|never\s+|then\s+)?(?:${INSTRUCTION_VERBS}|don'?t|do not)\b`,
  ),
  example: "every time you touch .gitlab-ci.yml run glab ci lint before you push",
};

/**
 * An instruction addressed to the agent, at the start of a sentence: "Always run the tests before
 * you commit", "Don't ever push to main", "You should double-check dates", "Use metric units",
 * "以后回答问题先给结论再解释". With a standing marker the memory gate reads it as a standing
 * instruction (SOUL.md); without, as an order for the task at hand. Lower case (the gate runs it on
 * masked text).
 */
export const AGENT_IMPERATIVES = defineLexicon("agent-imperatives", [
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:please )?(?:always|never)\s+(?!mind\b)[a-z]+/,
    example: "Always run the tests before you commit.",
  },
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:please )?(?:don'?t|do not) (?:ever )?[a-z]+/,
    example: "Don't ever push to main.",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*you (?:should|must|need to|have to|ought to|shouldn'?t|must not|mustn'?t|may not|can'?t)\b/,
    example: "You should double-check dates.",
  },
  {
    pattern: new RegExp(String.raw`^[^\w\u4e00-\u9fff]*(?:please )?(?:${INSTRUCTION_VERBS})\b`),
    example: "Use metric units.",
  },
  OCCASION,
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:i want you to|i'?d like you to|i need you to)\b/,
    example: "I want you to check the weather before suggesting a run.",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:以后|今后|从现在(?:开始|起)|永远|每次|一律)[，,\s]*(?:都|就)?(?![我他她它])/,
    example: "以后回答问题先给结论再解释",
  },
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:请|你)?(?:要|别|不要|必须|务必|一定要|记得|先|用|改用|只用|不许|禁止)/,
    example: "不要在周末给我发消息",
  },
]);

/**
 * The forms an instruction takes besides opening with an imperative: a team convention ("we use
 * …"), a command given as the fix, a situation and what to use in it, a ban on a thing, an occasion
 * then an imperative.
 */
export const INSTRUCTION_FORMS = defineLexicon("instruction-forms", [
  {
    pattern: new RegExp(
      String.raw`\bwe (?:(?:now|still|also|all|usually|normally|generally|only)\s+)*(?:(?:always|never|don'?t|do not) (?:[a-z-]+|\x60)|(?:${INSTRUCTION_VERBS}|do|merge|ship|release)\b)|\bwe(?:'re| are) (?:on|using|running|moving to|switching to) [\w.@/-]+ now\b`,
    ),
    example: "we don't do merge commits here, rebase onto main instead",
  },
  {
    pattern:
      /(?:^|[，,;]\s*)(?:npx|npm|pnpm|yarn|bun|make|docker|git|kubectl|aws|cargo|go|uv|poetry|pip3?|bundle|gem|pod|conda|brew|gsed|python3?)\s+[\w:.-]+/,
    example: "是metro缓存的问题，npx react-native start --reset-cache",
  },
  { pattern: NAMES_A_SITUATION, example: "for in-place edits just use gsed -i" },
  {
    pattern: /^no\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:in|on|for|inside|anywhere)\b/,
    example: "no emojis in commit messages",
  },
  OCCASION,
]);

/** A Chinese instruction or norm: 以后…, 一律, 不要, 用…, 改成…, 以…开头, 都要, 规范是. */
export const ZH_INSTRUCTION = defineLexicon("zh-instructions", [
  {
    pattern:
      /^(?:以后|今后|每次|一律|统一|永远|记住|务必|必须|一定要|只能|只用|不要|不用|别|请用|要用|先|用(?!户)|改用|换成)/,
    example: "以后都用 pnpm",
  },
  { pattern: /(?:规范|约定|规定|惯例|要求)(?:是|为|：|:)/, example: "我们规范是提交信息以 jira 编号开头" },
  {
    pattern: /必须|一定要|务必|只能|一律|都要|都用|要用|之前先|前先|不要(?:再)?用|别(?:再)?用/,
    example: "每个函数都要有类型注解",
  },
  {
    pattern: /(?:加|用|改|换|保持|保留)[^，。,]{1,30}(?:就行|就好|就可以|即可)/,
    example: "不用改代码，前面加 TZ=UTC 就行",
  },
  {
    pattern: /[，,]\s*(?:用|改用|换成)(?![户])|(?:之后|以后)[^，。,]{0,40}?先/,
    example: "切分支之后先 --reset-cache",
  },
  {
    pattern: /(?:以|用)\s*\S{1,20}\s*(?:开头|结尾)|改成|改为|先发|发布?到?\s*[a-z]/,
    example: "参数名以 _b 结尾",
  },
  {
    // What the project uses, named as code: "本地跑用的是 config/application-local.yml" (how it is done, a norm).
    pattern: /(?:用|走|跑|读|连)的(?:是|都是)\s*[A-Za-z0-9_.@/-]*[./_-][A-Za-z0-9_.@/-]*/,
    example: "本地跑用的是 config/application-local.yml",
  },
  {
    // A verb and where it goes: "push 到 feature/ 开头的分支", "部署到 staging".
    pattern:
      /(?:^|[，,。；;])\s*(?:把\s*)?[\u4e00-\u9fff\w]{0,6}?\s*(?:push|commit|deploy|merge|推送?|提交|部署|合并|放|存)\s*到\s*(?![^，。；]*?[了过]\s*(?:[，。；！]|$))\S/,
    example: "main 是 protected 的，push 到 feature/ 开头的分支",
  },
]);

/**
 * True when a sentence tells the agent what to do (Chinese: see {@link ZH_INSTRUCTION}): it opens
 * with an imperative, or a later clause does ("…, edit notebooks/eda.py and then …", "…: add the
 * decorator"), past words that only announce it ("from now on, use pnpm"); or it takes one of the
 * {@link INSTRUCTION_FORMS}. Not a question.
 */
export function isInstruction(text: string, zh: boolean): boolean {
  if (/[?？]\s*$/.test(text)) return false;
  if (zh) return ZH_INSTRUCTION.test(text);
  const clauses = text.split(/[:;,]\s+/).map((clause) => clause.trim().replace(ANNOUNCED, ""));
  return clauses.some((clause) => OPENS.test(clause)) || INSTRUCTION_FORMS.test(text);
}

/** An instruction that opens by saying what to do ("Use make test, …", "we always …", 以后都用 …). */
const SAYS_WHAT_TO_DO = new RegExp(
  `^(?:(?:we|you)\\s+always\\b|(?:always\\s+)?(?:${PRESCRIBING_VERBS})\\b)|^(?:以后|今后|每次|统一|都)?(?:都|一律)?(?:要用|用|先|请用)`,
  "i",
);

/**
 * The kind of lesson an instruction makes: `verify` for "make sure…", `avoid` for a bare
 * prohibition ("no emojis in commit messages"), else `prefer` — a prohibition that says what to
 * do instead ("…, rebase onto main instead") included. `first` is the instruction's first
 * sentence, `text` the whole rule.
 */
export function instructionKind(first: string, text: string): "prefer" | "avoid" | "verify" {
  if (/\b(?:make sure|ensure|verify|double-check)\b|确认|确保|检查/i.test(first)) return "verify";
  if (/^no\s/i.test(first)) return "avoid";
  if (SAYS_WHAT_TO_DO.test(first)) return "prefer";
  return forbids(text) && !saysWhatInstead(text) ? "avoid" : "prefer";
}
