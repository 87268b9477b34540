/**
 * Imperatives: how an instruction to the agent is said. The verbs it opens with ("use …", "run …",
 * "make sure …") and those a task title opens with ("fix …", "refactor …") — `prescribe` verbs say
 * what to do, `instruct` verbs the rest of what a user tells an agent, `task` verbs open a piece of
 * work — and the forms an instruction takes: at the start of a sentence (`AGENT_IMPERATIVES`, which
 * the memory gate reads: "always run the tests before you commit", "you should double-check
 * dates", "不要在周末给我发消息"), elsewhere in it (`INSTRUCTION_FORMS`: "we don't do merge commits
 * here"), in Chinese (`ZH_INSTRUCTION`). Stated rules, conventions and the gate read the same verbs.
 * Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";
import { forbids, saysWhatInstead } from "./negations.js";

/** What a verb does in an instruction. */
export type VerbRole = "prescribe" | "instruct" | "task";

/** A group of verbs with one role. */
export interface ImperativeVerbs extends LexiconEntry {
  role: VerbRole;
}

const verbs = (role: VerbRole, pattern: RegExp, example: string): ImperativeVerbs => ({
  pattern,
  example,
  role,
});

/** Every group, anchored by the caller (they match a bare verb). */
export const IMPERATIVE_VERBS = defineLexicon("imperative-verbs", [
  verbs("prescribe", /use|prefer|stick (?:to|with)|follow/, "use pnpm for everything"),
  verbs("prescribe", /run|pass|call|await|wrap|send/, "run the tests with --runInBand"),
  verbs(
    "prescribe",
    /add|set|put|keep|write|include|import|annotate|decorate/,
    "add the '@retry' decorator to all methods",
  ),
  verbs("prescribe", /prefix|start|begin|end|name/, "start variable names with 'z_'"),
  verbs("prescribe", /rebase|commit|push|deploy|install/, "rebase onto main instead of merging"),
  verbs("instruct", /stop|avoid|skip|leave|mask|pin|mark|tag|reuse|pipe/, "avoid default exports"),
  verbs("instruct", /make sure|check|verify|ensure/, "make sure the migration is reversible"),
  verbs(
    "instruct",
    /show|ask|read|take|go through|point|mention|tell|give/,
    "ask me before adding a dependency",
  ),
  verbs(
    "instruct",
    /switch|export|source|activate|impersonate|log in|sign in|connect|target/,
    "source .env.local before running it",
  ),
  verbs("instruct", /edit|change|touch|update|bump|build|test|format|lint/, "lint before every commit"),
  verbs("instruct", /reply|answer|respond|explain/, "reply in Chinese"),
  verbs(
    "instruct",
    /remember to|default to|wait|confirm|greet|address|refer to|treat|assume/,
    "confirm with me before you delete anything",
  ),
  verbs(
    "task",
    /apply|clean|configure|convert|create|debug|delete|disable|drop|enable|fetch|find|fix|generate|get|hit/,
    "fix the null check in the invoice serializer",
  ),
  verbs(
    "task",
    /implement|improve|investigate|list|load|look|make|merge|migrate|move|open|parse|print|publish|pull/,
    "implement a LinkedList class",
  ),
  verbs(
    "task",
    /refactor|release|remove|rename|replace|restart|review|search|speed|split|tighten|tweak|upgrade|wire|book|recommend|suggest/,
    "refactor the chart legend",
  ),
]);

function alternation(roles: readonly VerbRole[]): string {
  return IMPERATIVE_VERBS.entries
    .filter((entry) => roles.includes(entry.role))
    .map((entry) => entry.pattern.source)
    .join("|");
}

/** The verbs of an instruction ("use", "run", "make sure"…), as one alternation to anchor. */
export const INSTRUCTION_VERBS = alternation(["prescribe", "instruct"]);
/** Every verb of the lexicon, as one alternation to anchor. */
export const ANY_IMPERATIVE_VERB = alternation(["prescribe", "instruct", "task"]);
/** The verbs that say what to do ("use", "run", "add"…), as one alternation to anchor. */
export const PRESCRIBING_VERBS = alternation(["prescribe"]);

/** Every verb a task title may open with ("fix", "add", "refactor"…), one word each. */
export const TASK_VERBS: ReadonlySet<string> = new Set(
  IMPERATIVE_VERBS.entries.flatMap((entry) =>
    entry.pattern.source.split("|").filter((verb) => /^[a-z]+$/.test(verb)),
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

/** Words before an instruction that only announce it: "from now on, use pnpm", "I'd like you to…". */
const ANNOUNCED =
  /^(?:(?:from now on|going forward|from here on|from today|moving forward|in the future|henceforth|as a rule|please|i(?:'d| would) like you to|i (?:want|need) you to|make sure (?:to|you)|remember to|be sure to)[,:]?\s+)+/i;

/** A situation and what to use in it, a policy: "for in-place edits just use gsed -i". */
export const NAMES_A_SITUATION = /^for\s+[^,.;]{1,40}?\s(?:just\s+|always\s+|please\s+)?(?:use|run|call)\b/i;

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
    pattern: /(?:加|用|改|换)[^，。,]{1,30}(?:就行|就好|就可以|即可)/,
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
