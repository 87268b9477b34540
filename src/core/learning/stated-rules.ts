/**
 * Rule 4 — standing instructions and project facts the user states: "use --profile
 * acme-staging", "Please use conventional commits", "no emojis in commit messages", "we don't do
 * merge commits here, rebase onto main instead", "the API listens on 8081 locally", "Secrets go
 * in .env.local", "这个项目要用 node 16", "本地的 postgres 在 5433 端口". Precision first: an
 * instruction must read as a lasting rule, not a one-off request. Pure.
 */

import { languageOf } from "../lexicon/language.js";
import { type Sentence, sentenceRun, splitSentences } from "../lexicon/tokenizer.js";
import { appliesToEveryAnswer, asksFirst } from "../recall/intents.js";
import { anyOf } from "../regexp.js";
import { alreadyLearnt, type ExperienceContext } from "./experience-context.js";
import { MAX_HEURISTIC_EVIDENCE_CHARS, MAX_RULE_CHARS } from "./experience-limits.js";
import { isNegativeRule, stripConnectives } from "./experience-text.js";
import type { HeuristicKind, TransferableHeuristic } from "./offline-experience.js";
import { placementFact, portFact } from "./stated-facts.js";
import {
  clip,
  isActionCall,
  isFailedCall,
  isToolCall,
  type TaskMessage,
  toolCommand,
  toolTarget,
  userWords,
} from "./task-message.js";
import { activityTrigger } from "./topics.js";
import { isChatty, isContentless } from "./user-sentences.js";

/** Words before an instruction that are not part of it. */
const LEAD =
  /^(?:(?:no+|nope|nah|ok(?:ay)?|yes)[,.!:]\s*|(?:no{2,}|oh|ah+|hey|yeah|yep|whoa|woah|wait|hmm+|ugh|sorry|hold on|wtf|omg|dude|man|bro)[,.!:]?\s+|(?:so|and|also|but|btw|please|pls|plz|just|then|fyi|remember|note|actually|locally|here)\b[,:]?\s*|in (?:this|our|the) (?:repo|project|codebase|api|service|app)\b[,:]?\s*)+/i;
/** An imperative: "use …", "always …", "don't …", "make sure …". */
const IMPERATIVE =
  /^(?:you\s+(?:always|never|only|should|must|need to|have to)\s+(?=[a-z])|(?:always|never)\s+(?![a-z]+(?:s|ed)\b)(?=[a-z])|(?:(?:always|never|only)\s+)?(?:use|run|pass|add|set|put|keep|write|call|prefix|start|stop|avoid|prefer|stick (?:to|with)|make sure|rebase|commit|push|deploy|install|include|send|wrap|await|impersonate|show|ask|read|take|go through|point|check|leave|switch|export|source|activate|follow|edit|change|touch|pin|mark|tag|name|skip|reuse|pipe|mask|log in|sign in|connect|target|build|test|format|lint|update|bump|mention|reply|answer|respond|explain|tell|give|don'?t|do not|never))\b/i;
/** A team convention: "we don't do merge commits", "we always use …". */
const WE_CONVENTION =
  /\bwe (?:(?:always|never|usually|normally|generally|only|don'?t|do not) (?:[a-z-]+|`)|use|do|run|write|keep|prefer|deploy|commit|rebase|merge|push|put|name|ship|release)\b|\bwe(?:'re| are) (?:on|using|running|moving to|switching to) [\w.@/-]+ now\b/i;
/** A norm, said of a thing rather than to the agent. */
const NORMATIVE = anyOf(
  [
    /\b(?:must|should|has to|have to|needs? to|is supposed to|are supposed to)\b/, // "every POST must …"
    /\balways (?:needs?|requires?)\b/,
    /\b(?:needs?|requires?) (?:the|a|an|its|their|our|that|this|these|those)\b/, // "needs that header"
    /\bonly [\w.@/-]+ (?:counts?|works?|matters?|is (?:used|read|loaded|valid))\b/,
    /\b(?:is|are) (?:\w+ly )?(?:dead|deprecated|generated|not used|unused|ignored)\b/, // "page= is silently ignored"
    /\b(?:is|are) (?:always )?[\w.-]*[_./-][\w.-]* in (?:this|our) (?:api|repo|project|codebase|service|app)\b/, // "json tags are snake_case in this api"
    /\bignores? [\w.?=-]+/,
    /\balways (?:runs?|uses?|goes|go|gets?|needs?|lives?|points?|connects?|builds?|deploys?)\b/, // "migrations always run as billing_migrator"
    /^(?:every|each|all)\b[\w\s.-]{1,40}?\b(?:starts?|begins?|ends?|has|have|uses?|needs?|goes|go|lives?|runs?) (?:with|on|in|through|as)\b/, // "every bash script … starts with set -euo pipefail"
    /\b(?:go|goes) (?:on|to|in|into|through) (?=\S*[-_./:=\d])/, // "jobs go on -A asr-lab"
    /\b(?:runs?|listens?|lives?) on (?:port )?\d{2,5}\b/, // "this one runs on 6008"
    /\bonly (?:exposes?|reads?|loads?|accepts?|allows?|supports?|picks? up|sees?)\b/, // "vite only exposes …"
  ],
  "i",
);
/**
 * "when you fix something just show me the diff": an occasion, then (after a comma or "just",
 * "please", "always", "never") an imperative — a standing instruction.
 */
const WHEN_YOU =
  /^(?:when(?:ever)?|each time|any ?time|after|before)\s+you\b.{0,60}?(?:,\s*|\s(?=(?:just|please|pls|always|never|don'?t)\b))/i;
/** A shell command opening the sentence or a clause: the fix, given. */
const GIVEN_COMMAND =
  /(?:^|[，,;]\s*)(?:npx|npm|pnpm|yarn|bun|make|docker|git|kubectl|aws|cargo|go|uv|poetry|pip3?|bundle|gem|pod|conda|brew|gsed|python3?)\s+[\w:.-]+/;
/** "for in-place edits just use gsed -i". */
const FOR_X_USE = /^for\s+[^,.;]{1,40}?\s(?:just\s+|always\s+|please\s+)?(?:use|run|call)\b/i;
/** "no emojis in commit messages". */
const NO_X_IN_Y = /^no\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:in|on|for|inside|anywhere)\b/i;
const ZH_INSTRUCTION =
  /^(?:以后|今后|每次|一律|统一|永远|记住|务必|必须|一定要|只能|只用|不要|不用|别|请用|要用|先|用(?!户)|改用|换成)|(?:规范|约定|规定|惯例|要求)(?:是|为|：|:)|必须|一定要|务必|只能|一律|都要|都用|要用|之前先|前先|不要(?:再)?用|别(?:再)?用|(?:加|用|改|换)[^，。,]{1,30}(?:就行|就好|就可以|即可)|[，,]\s*(?:用|改用|换成)(?![户])|(?:之后|以后)[^，。,]{0,40}?先/;

/** Markers of a lasting rule. */
const STANDING =
  /\b(?:always|never|every ?time|whenever|from now on|going forward|in the future|in (?:this|our) (?:repo|project|codebase|team)|here|for (?:anything|everything|all)|without asking|on purpose)\b|\bevery (?:commit|pr|pull request|push|deploy|release|migration|change|fix|answer|reply|response|request|call|endpoint|query|build|step|single)\w*|^(?:when(?:ever)?|each time|any ?time) you\b|\bwe (?:always|never|don'?t|do not|use|only|usually|prefer|keep|stick)\b|\bour (?:convention|rule|policy|team|repo|project|codebase)\b|以后|今后|每次|一律|统一|永远|记住|从现在开始|都(?:用|要|得|先)|项目里|这个项目|本项目|我们(?:项目|团队|这边|一般|都|一直|统一|习惯|用|不用|不|的?规范|的?约定)|团队|之前先|前先|(?:之后|以后)[^，。,]{0,40}?先|(?:规范|约定|规定|惯例)(?:是|为)/i;
/** The strongest markers: enough even in the message that states the task. */
const STRONG_STANDING =
  /\b(?:always|never|every ?time|whenever|from now on|going forward)\b|以后|今后|每次|一律|永远|从现在开始/i;
/** One-off requests: "for this button", "right now", "这次". */
const ONE_OFF =
  /\b(?:(?:this|that) (?:one(?! (?:uses|is|has|points|connects|runs|talks|goes|reads|writes)\b)|button|time|page|component|function|method|line|case|pr|ticket|variable)|right now|for now|this time|today|tonight|temporarily|just this once|for this (?!repo|project|codebase|team|company)[a-z]+|like (?:this|that)|(?:this|that) way|never ?mind)\b|暂时|这次|这一次|先这样|临时|今天|这个按钮|这一行|(?:别|不要)(?:这样|这么|那样)/i;
/** Code in a sentence: something a rule can name exactly. */
const CONCRETE = anyOf([
  /`[^`]+`/, // backticks
  /\b[a-z]+[A-Z][A-Za-z]+\b/, // camelCase: className
  /\b[a-z]+-\d[\w-]*\b/, // a utility class: p-8, rounded-2xl
  /\b[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+:\s*\S/, // an HTTP header: X-ParcelHub-Version: 2025-01-15
  /\b\d{4}-\d{2}-\d{2}\b/, // a date
  /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/, // snake_case: billing_migrator
  /(?:^|\s)--?[a-z][\w-]*/, // a flag
  /\b[A-Z][A-Z0-9_]+=\S*/, // VAR=value
  /[?&]?\b[a-z][\w-]*=(?=\S|,|$)/, // a parameter: page=
  /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+/, // an address
  /\bv?\d+\.\d+(?:\.\d+)?\b/, // a version
  /\b[\w-]+\.(?:sh|py|js|mjs|cjs|ts|tsx|json|ya?ml|toml|env|local|lock|md|sql|cfg|ini|in|txt|conf|xml|gradle|properties)\b/, // a file
  /(?:^|\s)\.[\w.-]+/, // a dotfile
  /\b(?:make|npm|pnpm|yarn|npx|bun|docker|git|kubectl|aws|psql|mysql|nvm|pytest|cargo|go|uv|poetry|pip3?)\s+[\w:.-]+/, // a command
  /\b[\w-]+:[\w-]+\b/, // a script name: db:migrate
]);
const CONDITIONAL = /^(?:if|unless|in case)\b|^(?:如果|要是|假如|万一)/i;
/** A negative rule that still says what to do ("…, rebase onto main instead") is a `prefer`. */
const POSITIVE_ALTERNATIVE =
  /\b(?:instead|rather)\b|[,;]\s*(?:use|run|rebase|call|pass)\b|(?<![不别])(?:要用|改用|只能用|用)(?![户途处])/i;

/** Characters of each earlier tool output searched for a port the agent tried. */
const EARLIER_OUTPUT_CHARS = 2_000;

/** Where a message sits in its task: what came before it. */
interface Setting {
  /** It is the task's first user message (its goal). */
  goal: boolean;
  /** An assistant text or tool call came before it in the task. */
  afterAgent: boolean;
  /** The last action call before it, with no user message in between. */
  lastAction: TaskMessage | undefined;
  lastFailed: boolean;
  /** The message pushes back on what the agent just did ("wait, that's the wrong redis"). */
  redirects: boolean;
  /** The agent's answer (a text) came right before it. */
  afterAnswer: boolean;
}

/**
 * Words of a user pushing back on the agent's last step: a contrast, a negation, a mistake named.
 * With something concrete in the instruction, enough to read it as a correction even when the
 * step did not fail ("dont run with the default settings … --settings=config.settings.test").
 */
const REDIRECT =
  /\b(?:wrong|not|no|nope|don'?t|dont|do not|never|instead|rather|isn'?t|aren'?t|wasn'?t|doesn'?t|won'?t|can'?t|no longer|dead|deprecated|ignore[sd]?|too (?:much|long|many)|whoa|wait|stop|actually|only|(?:are|is) (?:gone|obsolete|outdated)|got (?:upgraded|replaced|removed)|no more)\b|不是|不要|别|不能|不对|错了|而是|只能|应该/i;

function instructionText(sentence: string): string {
  return sentence.replace(LEAD, "").trim();
}

/**
 * True when a sentence opens by telling the agent what to do ("put it in requirements.in and run
 * pip-compile", "用 pnpm"): how a prohibition's alternative reads (see constraintRule).
 */
export function opensWithInstruction(sentence: string, zh: boolean): boolean {
  const text = instructionText(sentence);
  return !/[?？]\s*$/.test(text) && (zh ? ZH_INSTRUCTION.test(text) : IMPERATIVE.test(text));
}

function isInstruction(sentence: string, zh: boolean): boolean {
  const text = instructionText(sentence);
  if (zh) return ZH_INSTRUCTION.test(text);
  return (
    IMPERATIVE.test(text) ||
    // "theyre paired with jupytext, edit notebooks/eda.py and then jupytext --sync"
    text
      .split(/[,;]\s+/)
      .slice(1)
      .some((clause) => IMPERATIVE.test(clause) && !/^(?:please|pls|thanks)\b/i.test(clause)) ||
    // A command given as the fix ("是metro缓存的问题，npx react-native start --reset-cache").
    GIVEN_COMMAND.test(text) ||
    FOR_X_USE.test(text) ||
    WE_CONVENTION.test(text) ||
    NORMATIVE.test(text) ||
    NO_X_IN_Y.test(text) ||
    isWhenYouInstruction(text)
  );
}

/** "when you fix something just show me the diff": the occasion, then an imperative. */
function isWhenYouInstruction(text: string): boolean {
  const found = WHEN_YOU.exec(text);
  return found !== null && IMPERATIVE.test(instructionText(text.slice(found[0].length)));
}

/**
 * True when a sentence states a lasting rule: an instruction, not a question, a condition or a
 * one-off ("for this button", "right now"), naming an activity or something concrete, and
 * either marked as lasting ("always", "here", "we", "以后", "这个项目"), or said right after an
 * agent action it corrects — a failed one (with something concrete: "use --profile
 * acme-staging") or one of the same activity ("Please use conventional commits" after a `git
 * commit`). In the task's first message only the strongest markers count ("always", "以后").
 */
function isStandingInstruction(
  sentence: string,
  next: string,
  setting: Setting,
  zh: boolean,
  previous = "",
): boolean {
  const text = instructionText(sentence);
  if (/[?？]\s*$/.test(text) || CONDITIONAL.test(text) || ONE_OFF.test(text)) return false;
  if (!isInstruction(text, zh)) return false;
  const topic = activityTrigger(text, zh);
  // What to do instead may follow in the next sentence ("dont run with the default settings.
  // tests are python manage.py test --settings=config.settings.test"); the rule quotes it too.
  const concrete = CONCRETE.test(text) || CONCRETE.test(next) || CONCRETE.test(previous);
  // "以后改代码前先把计划发我" / "from now on, ask before …": how the agent works, no activity needed.
  // Asking first is as strong a marker as "always".
  const strong = STRONG_STANDING.test(text) || asksFirst(text);
  if (topic === null && !concrete && !(strong && !setting.goal)) return false;
  if (setting.goal) return STRONG_STANDING.test(text);
  // "for in-place edits just use gsed -i": a situation and what to use in it, a policy.
  if (STANDING.test(text) || (FOR_X_USE.test(text) && concrete)) return true;
  // How to answer, said right after an answer ("2-3 sentences max, no headings", "用中文回答").
  if (setting.afterAnswer && topic !== null && appliesToEveryAnswer(topic)) return true;
  if (!setting.afterAgent) return false;
  // Pushback on what the agent said it would do, before it did anything.
  if (setting.lastAction === undefined) return setting.redirects && concrete;
  if ((setting.lastFailed || setting.redirects) && concrete) return true;
  const command = toolCommand(setting.lastAction);
  return topic !== null && command !== null && activityTrigger(command, zh, "command") === topic;
}

/** An instruction that opens by saying what to do ("Use make test, …"). */
const DO_THIS =
  /^(?:(?:we|you)\s+always\b|(?:always\s+)?(?:use|run|pass|add|set|put|keep|write|call|prefix|start|prefer|stick (?:to|with)|rebase|commit|push|deploy|install|include|send|wrap|await))\b|^(?:以后|今后|每次|统一|都)?(?:都|一律)?(?:要用|用|先|请用)/i;

/** `verify` for "make sure…", `prefer` for a rule that says what to do, `avoid` for a bare prohibition. */
function kindOf(first: string, text: string): HeuristicKind {
  if (/\b(?:make sure|ensure|verify|double-check)\b|确认|确保|检查/i.test(first)) return "verify";
  if (/^no\s/i.test(first)) return "avoid";
  if (DO_THIS.test(first)) return "prefer";
  return isNegativeRule(text) && !POSITIVE_ALTERNATIVE.test(text) ? "avoid" : "prefer";
}

/**
 * True when an instruction points back at the sentence before it for what it is about ("…unless you
 * send X-ParcelHub-Version: 2025-01-15. every single request needs that header"): that sentence has
 * the concrete part the instruction lacks.
 */
function anaphoric(sentences: readonly Sentence[], position: number): boolean {
  const text = (sentences[position] as Sentence).text;
  const previous = sentences[position - 1]?.text;
  if (previous === undefined || !CONCRETE.test(previous)) return false;
  // "locally you always run it with DJANGO_SETTINGS_MODULE=…": "it" is the previous sentence's.
  if (/\b(?:run|use|call|start|invoke|launch|point|pass)\s+(?:it|that|this|them)\b/i.test(text)) return true;
  return !CONCRETE.test(text) && /\b(?:that|this|those|these|it|them)\b|这个|那个|这些|那些/i.test(text);
}

/**
 * The rule of an instruction: its sentence without lead-in words (or the sentence before it, when
 * the instruction points back at it), then the sentences that follow it.
 */
function ruleRun(
  words: string,
  sentences: readonly Sentence[],
  from: number,
  withPrevious = false,
): { rule: string; quote: string } {
  const first = sentences[withPrevious ? from - 1 : from] as Sentence;
  let last = sentences[from] as Sentence;
  for (const next of sentences.slice(from + 1)) {
    if (isChatty(next.text) || sentenceRun(words, first, next).length > MAX_RULE_CHARS) break;
    last = next;
  }
  const quote = sentenceRun(words, first, last);
  const rule = stripConnectives(instructionText(quote))
    .replace(/[,\s]+please([.!。]?)$/i, "$1")
    .replace(/[.!。！]$/, "");
  return { rule, quote };
}

function settingOf(
  rows: readonly TaskMessage[],
  index: number,
  goal: boolean,
  context: ExperienceContext,
): Setting {
  const before = rows.slice(0, index);
  let lastAction: TaskMessage | undefined;
  for (const row of [...before].reverse()) {
    if (row.role === "user" && userWords(row) !== null) break;
    if (isActionCall(row)) {
      lastAction = row;
      break;
    }
  }
  return {
    goal,
    afterAgent: before.some((row) => isToolCall(row) || (row.role === "assistant" && row.kind === "text")),
    lastAction,
    lastFailed: lastAction !== undefined && isFailedCall(lastAction, context.signals),
    redirects: REDIRECT.test(userWords(rows[index] as TaskMessage) ?? ""),
    afterAnswer: before.at(-1)?.role === "assistant" && before.at(-1)?.kind === "text",
  };
}

/**
 * Rule 4 — for each user message of the task: project facts (a service's port, where things go;
 * see stated-facts.ts), then at most one standing instruction (see {@link isStandingInstruction}),
 * its sentence and the ones that follow it as the rule, verbatim. Words an earlier rule already
 * learnt from are skipped. Examples: "use --profile acme-staging, the default profile is my
 * personal account" after `aws s3 ls` failed → prefer, trigger "Running AWS CLI commands";
 * "no emojis in commit messages please" after a `git commit` → avoid "No emojis in commit
 * messages", trigger "Committing changes"; "use the blue color for this button" → nothing.
 * Kind: `verify` for "make sure…", `avoid` for a prohibition with no alternative, else `prefer`.
 * Confidence 0.7 with a lasting marker, else 0.65; facts 0.7. Scope project.
 */
export function statedRule(context: ExperienceContext, heuristics: TransferableHeuristic[]): void {
  const { rows } = context;
  let goal = true;
  rows.forEach((row, index) => {
    const words = userWords(row);
    if (words === null) return;
    const setting = settingOf(rows, index, goal, context);
    goal = false;
    // What the agent ran before (commands and the head of their output), for ports it tried.
    const earlier = /\d{2,5}/.test(words)
      ? rows
          .slice(0, index)
          .filter(isToolCall)
          .map((call) => `${toolTarget(call)}\n${(call.toolOutput ?? "").slice(0, EARLIER_OUTPUT_CHARS)}`)
          .join("\n")
      : "";
    const sentences = splitSentences(words);
    let instructed = false;
    sentences.forEach((sentence, position) => {
      if (alreadyLearnt(context, row.seq, sentence.text)) return;
      const zh = languageOf(sentence.text) === "zh";
      const port = portFact(sentence.text, words, earlier, zh);
      const placed = port === null ? placementFact(sentence.text, words, zh) : null;
      if (port !== null || placed !== null) {
        const rule = port?.rule ?? (placed as string);
        heuristics.push(
          fact(rule, port?.trigger ?? activityTrigger(rule, zh) ?? context.activity, sentence, zh),
        );
        context.learnt.push({ seq: row.seq, quote: sentence.text });
        return;
      }
      const next = sentences[position + 1]?.text ?? "";
      // One instruction per message, unless a later one is a lasting rule of its own with something
      // concrete in it ("dont merge main into feature branches. … we always `git rebase origin/main`").
      if (instructed && !(STANDING.test(sentence.text) && CONCRETE.test(sentence.text))) return;
      if (isContentless(sentence.text)) return;
      const pointsBack = anaphoric(sentences, position);
      const previous = pointsBack ? (sentences[position - 1] as Sentence).text : "";
      if (!isStandingInstruction(sentence.text, next, setting, zh, previous)) return;
      const { rule, quote } = ruleRun(words, sentences, position, pointsBack);
      if (alreadyLearnt(context, row.seq, quote)) return;
      instructed = true;
      const command = setting.lastAction === undefined ? null : toolCommand(setting.lastAction);
      const lasting = STANDING.test(rule);
      heuristics.push({
        kind: kindOf(instructionText(sentence.text), rule),
        // After a failed command the instruction is about that command ("python manage.py
        // makemigrations" failed → "…run it with DJANGO_SETTINGS_MODULE=…": migrations).
        trigger:
          (setting.lastFailed && command !== null ? activityTrigger(command, zh, "command") : null) ??
          activityTrigger(rule, zh) ??
          (command === null ? null : activityTrigger(command, zh, "command")) ??
          context.activity,
        rule: clip(rule, MAX_RULE_CHARS),
        why: lasting
          ? zh
            ? "用户明确提出的长期规则"
            : "A standing rule the user stated"
          : zh
            ? "用户纠正了做法"
            : "The user corrected how it was done",
        evidence: clip(quote, MAX_HEURISTIC_EVIDENCE_CHARS),
        scopeHint: "project",
        confidence: lasting ? 0.7 : 0.65,
      });
      context.learnt.push({ seq: row.seq, quote });
    });
  });
}

function fact(rule: string, trigger: string, sentence: Sentence, zh: boolean): TransferableHeuristic {
  return {
    kind: "prefer",
    trigger,
    rule: clip(rule, MAX_RULE_CHARS),
    why: zh ? "用户说明的项目事实" : "A fact about the project the user stated",
    evidence: clip(sentence.text, MAX_HEURISTIC_EVIDENCE_CHARS),
    scopeHint: "project",
    confidence: 0.7,
  };
}
