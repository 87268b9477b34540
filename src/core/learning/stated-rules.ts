/**
 * Rule 4 — standing instructions and project facts the user states: "use --profile
 * acme-staging", "Please use conventional commits", "no emojis in commit messages", "we don't do
 * merge commits here, rebase onto main instead", "the API listens on 8081 locally", "Secrets go
 * in .env.local", "这个项目要用 node 16", "本地的 postgres 在 5433 端口". Precision first: an
 * instruction must read as a lasting rule, not a one-off request. Pure.
 */

import { namesCode } from "../lexicon/code-terms.js";
import { namesDataStore } from "../lexicon/data-stores.js";
import {
  instructionKind,
  isInstruction,
  NAMES_A_SITUATION,
  opensWithInstructionVerb,
  ZH_INSTRUCTION,
} from "../lexicon/imperative-verbs.js";
import { kindsOfWork } from "../lexicon/kinds-of-work.js";
import { languageOf } from "../lexicon/language.js";
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { statesNorm } from "../lexicon/norms.js";
import { isOneOff } from "../lexicon/one-off-cues.js";
import { pointsBackOnly } from "../lexicon/pronoun-objects.js";
import { readRedirect } from "../lexicon/redirect-requests.js";
import { CONDITIONS, hasStandingMarker, hasStrongStandingMarker } from "../lexicon/standing-markers.js";
import {
  firstClause,
  type Sentence,
  sentenceRun,
  splitSentences,
  withoutQuotes,
} from "../lexicon/tokenizer.js";
import { CODE_WORK, EVERY_TASK_WORK } from "../lexicon/work-groups.js";
import { appliesToEveryAnswer, asksFirst } from "../recall/intents.js";
import { alreadyLearnt, type ExperienceContext } from "./experience-context.js";
import { MAX_HEURISTIC_EVIDENCE_CHARS, MAX_RULE_CHARS } from "./experience-limits.js";
import { stripConnectives } from "./experience-text.js";
import type { TransferableHeuristic } from "./offline-experience.js";
import { nameFact, placementFact, portFact, wrapperFact } from "./stated-facts.js";
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
  return stripLeadIns(sentence);
}

/**
 * True when a sentence opens by telling the agent what to do ("put it in requirements.in and run
 * pip-compile", "用 pnpm"; not "以后都这样"): how a prohibition's alternative reads (constraintRule).
 */
export function opensWithInstruction(sentence: string, zh: boolean): boolean {
  const text = instructionText(sentence);
  if (/[?？]\s*$/.test(text) || pointsBackOnly(text)) return false;
  return zh ? ZH_INSTRUCTION.test(text) : opensWithInstructionVerb(text);
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
  if (/[?？]\s*$/.test(text) || CONDITIONS.test(text) || isOneOff(text)) return false;
  if (!isInstruction(text, zh) && (zh || !statesNorm(text))) return false;
  const topic = activityTrigger(text, zh);
  // What to do instead may follow in the next sentence ("dont run with the default settings.
  // tests are python manage.py test --settings=config.settings.test"); the rule quotes it too.
  const concrete = namesCode(text) || namesCode(next) || namesCode(previous);
  // "以后改代码前先把计划发我" / "from now on, ask before …": how the agent works, no activity needed.
  // Asking first is as strong a marker as "always".
  const strong = hasStrongStandingMarker(text) || asksFirst(text);
  if (topic === null && !concrete && !(strong && !setting.goal)) return false;
  if (setting.goal) return hasStrongStandingMarker(text);
  // "for in-place edits just use gsed -i": a situation and what to use in it, a policy.
  if (hasStandingMarker(text) || (NAMES_A_SITUATION.test(text) && concrete)) return true;
  // How to answer, said right after an answer ("2-3 sentences max, no headings", "用中文回答").
  if (setting.afterAnswer && topic !== null && appliesToEveryAnswer(topic)) return true;
  if (!setting.afterAgent) return false;
  // Pushback on what the agent said it would do, before it did anything.
  if (setting.lastAction === undefined) return setting.redirects && concrete;
  if ((setting.lastFailed || setting.redirects) && concrete) return true;
  const command = toolCommand(setting.lastAction);
  return topic !== null && command !== null && activityTrigger(command, zh, "command") === topic;
}

/**
 * True when an instruction points back at the sentence before it for what it is about ("…unless you
 * send X-ParcelHub-Version: 2025-01-15. every single request needs that header"): that sentence has
 * the concrete part the instruction lacks.
 */
function anaphoric(sentences: readonly Sentence[], position: number): boolean {
  const text = (sentences[position] as Sentence).text;
  const previous = sentences[position - 1]?.text;
  if (previous === undefined) return false;
  // "why are you pushing straight to main?? never do that here": "that" is what the question objects to.
  if (redirectBefore(sentences, position) !== null)
    return pointsBackOnly(text) || /\b(?:that|this|it)\b/i.test(text);
  if (!namesCode(previous)) return false;
  // "locally you always run it with DJANGO_SETTINGS_MODULE=…": "it" is the previous sentence's.
  if (/\b(?:run|use|call|start|invoke|launch|point|pass)\s+(?:it|that|this|them)\b/i.test(text)) return true;
  return !namesCode(text) && /\b(?:that|this|those|these|it|them)\b|这个|那个|这些|那些/i.test(text);
}

/** The sentence before `position` read as the request it makes, when it is a redirecting one (see redirect-requests.ts). */
function redirectBefore(sentences: readonly Sentence[], position: number): string | null {
  const previous = sentences[position - 1]?.text;
  const read = previous === undefined ? null : readRedirect(stripLeadIns(previous));
  return read === null ? null : read.charAt(0).toUpperCase() + read.slice(1);
}

/**
 * The rule of an instruction: its sentence without lead-in words (or the sentence before it, when
 * the instruction points back at it), then the sentences that follow it, within the length of a
 * rule (of the first that does not fit, its first clause when that says what to do).
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
    if (isChatty(next.text)) break;
    if (sentenceRun(words, first, next).length > MAX_RULE_CHARS) {
      // A long sentence after the rule still gives its first clause, when that is a command to run: "don't
      // do the test-threads=1 thing. use cargo nextest run --profile serial-db, it's configured in …".
      const cut = firstClause(next);
      if (
        cut.text.length < next.text.length &&
        opensWithInstructionVerb(cut.text) &&
        namesCode(cut.text) &&
        sentenceRun(words, first, cut).length <= MAX_RULE_CHARS
      )
        last = cut;
      break;
    }
    last = next;
  }
  const quote = sentenceRun(words, first, last);
  // A rhetorical question pointed back at is read as the request it makes ("Don't push straight to main").
  const asked = withPrevious ? redirectBefore(sentences, from) : null;
  const said =
    asked === null
      ? quote
      : `${asked.replace(/[?？!\s]+$/u, "")}. ${sentenceRun(words, sentences[from] as Sentence, last)}`;
  const rule = stripConnectives(instructionText(said))
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
    // What it quotes is someone else's words ("the codex page says "Filters should always …"").
    const unquoted = withoutQuotes(words);
    let instructed = false;
    sentences.forEach((sentence, position) => {
      if (alreadyLearnt(context, row.seq, sentence.text)) return;
      const zh = languageOf(sentence.text) === "zh";
      // Where a service of the project listens, or what a tool of it wraps, holds like a convention.
      const service =
        portFact(sentence.text, words, earlier, zh) ??
        wrapperFact(sentence.text, zh, (what) => activityTrigger(what, zh) ?? context.activity);
      // Where things go, or what a thing of the project is called ("the service is called mysqld").
      const placed =
        service === null ? (placementFact(sentence.text, words, zh) ?? nameFact(sentence.text)) : null;
      if (service !== null || placed !== null) {
        const rule = service?.rule ?? (placed as string);
        heuristics.push({
          ...fact(rule, service?.trigger ?? activityTrigger(rule, zh) ?? context.activity, sentence, zh),
          ...(service !== null && holdsForWork(`${service.trigger}\n${service.rule}`)
            ? { convention: true }
            : {}),
        });
        context.learnt.push({ seq: row.seq, quote: sentence.text });
        return;
      }
      const next = sentences[position + 1]?.text ?? "";
      // One instruction per message, unless a later one is a lasting rule of its own with something
      // concrete in it ("dont merge main into feature branches. … we always `git rebase origin/main`").
      if (instructed && !(hasStandingMarker(sentence.text) && namesCode(sentence.text))) return;
      if (isContentless(sentence.text)) return;
      const pointsBack = anaphoric(sentences, position);
      const previous = pointsBack ? (sentences[position - 1] as Sentence).text : "";
      const said = unquoted.slice(sentence.start, sentence.end);
      if (!isStandingInstruction(said, next, setting, zh, previous)) return;
      const { rule, quote } = ruleRun(words, sentences, position, pointsBack);
      if (alreadyLearnt(context, row.seq, quote)) return;
      instructed = true;
      const command = setting.lastAction === undefined ? null : toolCommand(setting.lastAction);
      const lasting = hasStandingMarker(rule);
      heuristics.push({
        kind: instructionKind(instructionText(sentence.text), rule),
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

/**
 * True when a fact about a service or tool of the project names the work that uses it (a data
 * store, a kind of work other than writing code): it holds like a convention for that work. One
 * that names none (the port of "the API") stays a lesson, recalled by its words.
 */
function holdsForWork(text: string): boolean {
  const kinds = [...kindsOfWork(text)];
  // A fact whose words read as writing code would hold for every code task: it stays a lesson.
  if (kinds.some((kind) => CODE_WORK.has(kind) || EVERY_TASK_WORK.has(kind))) return false;
  return namesDataStore(text) || kinds.length > 0;
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
