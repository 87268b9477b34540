/**
 * Slots of the human language things are written in: a kind of text the project writes — commit
 * messages, code comments, docstrings, log messages, PR descriptions, error messages, the text users
 * see, documentation — and the agent's answers. "提交信息用中文写" → `language:commit-messages` = zh,
 * "comments in English please, always" → `language:comments` = en, "用中文回答" → `answer-language` =
 * zh. The language is stored by its code however it is written (human-languages.ts), so "英文" and
 * "English" are one value. A language said of no kind of text is the conversation's ("answer me in
 * Chinese" is `answer-language`, never a kind of text), a programming language is none ("write it in
 * Go"), and a language only mentioned sets nothing ("the Chinese market launch"). Part of the slot
 * lexicon (slots.ts). Pure.
 */
import { escapeRegExp } from "../regexp.js";
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";
import { HUMAN_LANGUAGES, LANGUAGE_NAMES, languageName } from "./human-languages.js";
import { nameKey, type SlotEntry } from "./slot-entry.js";

/** A kind of text a project writes, the names a rule gives it and the work it is part of. */
export interface KindOfText extends LexiconEntry {
  /** The word it stands for in a slot (`language:{what}`). */
  kind: string;
  /** How a rule names it, in English and Chinese (lower case; the plural is read too). */
  names: readonly string[];
  /** The kinds of work it governs (activity names, see kinds-of-work). */
  work: readonly string[];
}

/** A name as a pattern: its words with or without space between ("commit message", "commit 信息"). */
const written = (name: string) => name.split(/\s+/).map(escapeRegExp).join(String.raw`\s*`);

const kindOfText = (
  kind: string,
  work: readonly string[],
  names: readonly string[],
  example: string,
): KindOfText => ({ kind, work, names, pattern: new RegExp(names.map(written).join("|")), example });

/** Every kind of text whose language a project sets, in English and Chinese. */
export const KINDS_OF_TEXT = defineLexicon("kinds-of-text", [
  kindOfText(
    "commit-messages",
    ["commit", "git"],
    [
      "commit message",
      "commit msg",
      "commit title",
      "commit log",
      "commit",
      "commit 信息",
      "commit 说明",
      "提交信息",
      "提交说明",
      "提交消息",
      "提交日志",
      "提交注释",
    ],
    "提交信息用中文写",
  ),
  kindOfText(
    "comments",
    ["code"],
    ["code comment", "inline comment", "comment", "代码注释", "注释"],
    "comments in English please",
  ),
  kindOfText(
    "docstrings",
    ["code"],
    ["docstring", "doc string", "doc comment", "jsdoc", "javadoc", "文档字符串", "文档注释"],
    "docstring 以后写英文吧",
  ),
  kindOfText(
    "log-messages",
    ["code"],
    ["log message", "log line", "log output", "logs", "日志信息", "日志内容", "日志"],
    "log messages stay in English",
  ),
  kindOfText(
    "pr-descriptions",
    ["github", "git"],
    [
      "pr description",
      "pull request description",
      "mr description",
      "merge request description",
      "pr title",
      "pr body",
      "pull request",
      "pr",
      "pr 描述",
      "pr 说明",
      "pr 标题",
      "合并请求描述",
    ],
    "PR descriptions in English",
  ),
  kindOfText(
    "error-messages",
    ["code"],
    [
      "error message",
      "error text",
      "exception message",
      "errors",
      "报错信息",
      "错误信息",
      "错误提示",
      "异常信息",
      "报错",
    ],
    "error messages in English, users are global",
  ),
  kindOfText(
    "ui-text",
    ["code"],
    [
      "user-facing string",
      "user-facing text",
      "user-facing message",
      "ui text",
      "ui string",
      "ui copy",
      "ui label",
      "界面文案",
      "界面文字",
      "提示文案",
      "文案",
      "界面",
    ],
    "界面文案统一用中文",
  ),
  kindOfText(
    "docs",
    ["code"],
    ["documentation", "docs", "readme", "文档", "说明文档", "技术文档"],
    "docs in English from now on",
  ),
]);

/** Each name of a kind of text, as a `whats` table keys it → its kind. */
const TEXT_KIND_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  KINDS_OF_TEXT.entries.flatMap((entry) => entry.names.map((name) => [nameKey(name), entry.kind])),
);

/** The work each kind of text governs: commit messages are git work, comments are code. */
export const TEXT_KIND_WORK: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  KINDS_OF_TEXT.entries.map((entry) => [entry.kind, entry.work]),
);

/** The first characters of `names`, as a character class: a cheap test before a long alternation. */
const firstCharacters = (names: readonly string[]): string =>
  `[${[...new Set(names.map((name) => escapeRegExp(name.charAt(0).toLowerCase())))].join("")}]`;

/** A kind of text (plural too), as a word of its own; `capture` makes its name a capture group. */
function kindOfTextName(capture: boolean): string {
  const names = KINDS_OF_TEXT.entries.flatMap((entry) => entry.names);
  const alternatives = [...names].sort((first, second) => second.length - first.length).map(written);
  return String.raw`(?=${firstCharacters(names)})(?<![\w-])(${capture ? "" : "?:"}${alternatives.join("|")})(?:e?s)?(?![\w-])`;
}

/**
 * Not a kind of text the conversation is about, one a rule forbids, or one seen: "explain this
 * error message in Chinese" asks for an answer, "把注释翻译成英文" is a task done once, "I see log
 * messages in Chinese" reports what happened, "never write comments in Chinese" sets no language.
 */
const NOT_TALKED_ABOUT = String.raw`(?<!\b(?:explain|explaining|translate|translating|summari[sz]e|describe|tell me|show me|read|reading|what|why|see|seeing|saw|getting|got|shows?|showing|prints?|printing|printed|don[’']?t|do not|never|no longer|not)\b[^,.;!?\n]{0,30})(?<!(?:解释|翻译|总结|说明一下|看一下|看看|不要|别|不再|不用|禁止)[^，。；]{0,10})`;
/** A language that names the text's language, not something else of it ("in Chinese characters", "the English market"). */
const NOT_OF_A_THING = String.raw`(?![\s-]+(?:characters?|chars?|locale|market|version|users?|speakers?|customers?|names?|input|encoding|keyboard)\b)`;
/**
 * Words before a language said before its kind of text that say the text is written in it ("we
 * write English comments", "functions need type hints and Chinese docstrings", "要写中文 docstring"):
 * not "the Chinese docs are outdated".
 */
const EN_LEAD = String.raw`(?<=(?<![\w-])(?:write|writes|writing|written|use|uses|using|keep|prefer|want|need|needs|must|should|have|has|add|only|always|all|new|with|get|gets)\s+(?:[\w-]+\s+){0,4})`;
const ZH_BEFORE = "(?<=(?:用|写|要|加|带|配|是|都|一律|统一|全部|必须|只|改成|换成|改为)[^，。；,;]{0,10})";
const KIND = kindOfTextName(true);
const ANOTHER_KIND = kindOfTextName(false);
const LANGUAGE = `${languageName(true)}${NOT_OF_A_THING}`;
/** Where a kind of text, or a language, starts: checked first, so the words before are read only there. */
const KIND_STARTS = `(?=${ANOTHER_KIND})`;
const LANGUAGE_STARTS = `(?=${firstCharacters(HUMAN_LANGUAGES.entries.flatMap((entry) => entry.names))})(?=${languageName(false)})`;

/**
 * After a language said after its kind of text: the rule ends, or goes on to say it holds ("in
 * English please", "in German from now on", "in English, always"); not a description of some
 * text ("log messages in Chinese break the parser").
 */
const ENDS = String.raw`(?=\s*(?:$|[,.;:!?，。；：！？)\]]|(?:please|always|only|from now on|going forward|by default|too|as well|everywhere|throughout|now|henceforth|across|for (?:all|every|each|new|the|our))\b))`;
/** Words between a kind of text and its language: no other kind, no clause break, no negation. */
const GAP = String.raw`(?:(?!${ANOTHER_KIND}|\b(?:not|never|no|don[’']?t|avoid|stop|instead|translate\w*)\b)[^,.;:!?\n]){0,40}?`;
/** The rest of a heading that names a kind of text, up to its colon ("commit 规范小调整一下："). */
const HEADING = String.raw`(?:(?!${ANOTHER_KIND})[^:：.;。；!?！？\n]){0,20}[:：]\s*`;
/** A rule after a heading, up to the words that say its language: one sentence, no other kind, no negation. */
const RULE_GAP = String.raw`(?:(?!${ANOTHER_KIND}|不|别|禁止|勿|无需|翻译)[^。；;!?！？\n]){0,40}?`;
const ZH_GAP = String.raw`(?:(?!${ANOTHER_KIND}|不|别|禁止|勿|无需|翻译)[^，。；,;:：！？!?\n]){0,12}?`;
/** Words before a language that say the text is written in it (用英文, 改成中文, 一律英文); not 是 ("提交信息是中文的，看不懂"). */
const ZH_LEAD =
  "(?:要求|必须|只能|只用|一律|统一|全部|全都|都|用|使用|采用|写成|写|改成|改为|换成|改用|切到|切成|保持|以)";
/** Between kinds of text in a list ("comments and docstrings", "注释、日志"). */
const LIST = String.raw`(?:\s*[,/、]\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+|\s*(?:和|与|及|以及|跟)\s*)(?:the\s+|all\s+|our\s+|code\s+)?`;
const IN = String.raw`(?:,\s*)?(?<![\w-])in\s+(?:plain\s+|proper\s+|simple\s+|good\s+|clear\s+)?`;

/** The language a kind of text is written in: capture group `what` names the kind, `value` the language. */
const writtenIn = (pattern: string, example: string, what: number, value: number): SlotEntry => ({
  slot: "language:{what}",
  what,
  whats: TEXT_KIND_NAMES,
  work: ["code"],
  pattern: new RegExp(pattern),
  example,
  value: { from: "group", value, names: LANGUAGE_NAMES },
});

/** The language answers are written in, read as a language code. */
const answers = (pattern: RegExp, example: string): SlotEntry => ({
  slot: "answer-language",
  work: ["answers"],
  pattern,
  example,
  value: { from: "group", value: 1, names: LANGUAGE_NAMES },
});

/** Every slot of a language, tried in this order. */
export const LANGUAGE_SLOTS: readonly SlotEntry[] = [
  // A kind of text said before its language: "comments in English please", "log messages stay in
  // English". The kinds of a list before it take it too ("comments and docstrings in English").
  writtenIn(
    `${KIND_STARTS}${NOT_TALKED_ABOUT}${KIND}(?=(?:${LIST}${ANOTHER_KIND})+${GAP}${IN}${LANGUAGE}${ENDS})`,
    "comments and docstrings in English",
    1,
    2,
  ),
  writtenIn(
    `${KIND_STARTS}${NOT_TALKED_ABOUT}${KIND}${GAP}${IN}${LANGUAGE}${ENDS}`,
    "write commit messages in German from now on",
    1,
    2,
  ),
  // A heading or a copula: "Commit messages: English only", "提交信息：中文", "docstrings are English".
  writtenIn(
    String.raw`${KIND_STARTS}${NOT_TALKED_ABOUT}${KIND}\s*(?::|：|=|->|→|\s(?:are|is|stay|stays|remain|remains)(?:\s+(?:all|always|only|now))?\s)\s*(?:always\s+|only\s+)?${LANGUAGE}(?:[- ]only)?${ENDS}`,
    "Commit messages: English only",
    1,
    2,
  ),
  // A kind of text named in a heading, its language said in the rule after the colon: "commit 规范小调整一下：
  // …，但描述部分改用英文写", "commit messages, one change: the body is written in German from now on".
  // Only the kind is the match, so what the rule sets besides is read too (the format it keeps).
  writtenIn(
    String.raw`${KIND_STARTS}${NOT_TALKED_ABOUT}${KIND}(?=${HEADING}(?:${GAP}${IN}${LANGUAGE}${ENDS}|${RULE_GAP}${ZH_LEAD}\s*${LANGUAGE}))`,
    "commit 规范小调整一下：格式还是 `[模块] 描述`，但描述部分改用英文写",
    1,
    2,
  ),
  // The language said before the kind of text: "English comments", "write German commit messages".
  writtenIn(
    String.raw`${LANGUAGE_STARTS}${NOT_TALKED_ABOUT}${EN_LEAD}${LANGUAGE}(?:[- ](?:language|only))?\s+(?:code\s+|inline\s+|source\s+)?${KIND}`,
    "we write English comments only",
    2,
    1,
  ),
  writtenIn(
    String.raw`(?<![\w-])(?:use|write|keep)\s+${LANGUAGE}\s+(?:only\s+)?for\s+(?:all\s+|the\s+|our\s+)?${KIND}`,
    "use English for commit messages",
    2,
    1,
  ),
  // Chinese: the kind of text, then how it is written ("提交信息用中文写", "docstring 以后写英文吧").
  writtenIn(
    `${KIND_STARTS}${NOT_TALKED_ABOUT}${KIND}(?=(?:${LIST}${ANOTHER_KIND})+${ZH_GAP}${ZH_LEAD}\\s*${LANGUAGE})`,
    "注释和日志都用英文",
    1,
    2,
  ),
  writtenIn(
    `${KIND_STARTS}${NOT_TALKED_ABOUT}${KIND}${ZH_GAP}${ZH_LEAD}\\s*${LANGUAGE}`,
    "提交信息以后改成英文的 conventional commits",
    1,
    2,
  ),
  // …or the language first: "用英文写注释", "函数都要写类型注解和中文 docstring".
  writtenIn(
    String.raw`${LANGUAGE_STARTS}${NOT_TALKED_ABOUT}(?:${ZH_BEFORE}|(?<=用))${LANGUAGE}\s*(?:来|去)?\s*(?:写|编写|书写|撰写)?\s*的?\s*${KIND}`,
    "函数都要写类型注解和中文 docstring",
    2,
    1,
  ),
  // Answers: the language of the conversation.
  answers(
    new RegExp(
      String.raw`\b(?:answer|reply|respond|write|speak)\w*\s+(?:to me\s+|me\s+|back\s+)?in\s+${LANGUAGE}`,
    ),
    "always answer in English",
  ),
  answers(new RegExp(`用${LANGUAGE}(?:来)?(?:回答|回复|答复|回|交流|沟通)`), "用中文回答"),
  answers(
    new RegExp(`(?:回答|回复|答复)(?:都|一律|统一|时|的时候)?(?:请)?(?:用|使用)${LANGUAGE}`),
    "回答一律用中文",
  ),
  // A language chosen in a sentence of its own, naming nothing it is for, as a request: the
  // conversation's ("用中文就好", "English please"; not "…verbose_name，用中文", a clause of a rule).
  answers(
    new RegExp(`^\\s*(?:请|就|还是|都)?(?:用|说)${LANGUAGE}(?:就好|就行|就可以|吧|好了)\\s*[。.!！]?\\s*$`),
    "用中文就好",
  ),
  answers(new RegExp(String.raw`^\s*(?:in\s+)?${LANGUAGE}\s+please\s*[.!]?\s*$`), "English please"),
];
