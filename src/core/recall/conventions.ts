/**
 * The conventions block: a project's standing conventions, injected as a compact block of their
 * own, separate from situational lessons, with its own budget. Filtered by kind of work — code
 * conventions for code work, git conventions for git work, answer style for answers — and never
 * into a knowledge question or another project. Pure.
 */
import { estimateTokens } from "../compaction/tokens.js";
import { slotWork } from "../conventions/slot-rule.js";
import { slotOfLesson } from "../lessons/contradiction.js";
import type { Lesson } from "../lessons/lesson.js";
import { SPEAKS_OF_ANSWERING } from "../lexicon/answer-wordings.js";
import { namesCodeSymbol, namesSourceFile } from "../lexicon/code-terms.js";
import { namesScope } from "../lexicon/convention-scopes.js";
import { namesDataStore } from "../lexicon/data-stores.js";
import { asksForEveryday } from "../lexicon/everyday-requests.js";
import { opensWithInstructionVerb, opensWithOperation, TASK_VERBS } from "../lexicon/imperative-verbs.js";
import { kindsOfWork } from "../lexicon/kinds-of-work.js";
import { opensLikeKnowledgeQuestion, PROJECT_REFERENCES } from "../lexicon/knowledge-questions.js";
import { politeRequestRest } from "../lexicon/question-forms.js";
import { withoutExamples, withoutReasons } from "../lexicon/reason-clauses.js";
import { SATISFACTION_CUES } from "../lexicon/satisfaction-cues.js";
import { SMALL_TALK_CUES } from "../lexicon/small-talk-cues.js";
import { splitSentences, tokens } from "../lexicon/tokenizer.js";
import { TROUBLE_REPORTS } from "../lexicon/trouble-reports.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import {
  OTHER_WORK as CHANGES_NO_CODE,
  CODE_WORK,
  EVERY_TASK_WORK,
  GIT_WORK,
  MADE_IN_CODE,
  WORK_FAMILIES,
  WRITES_CODE,
  WRITTEN_IN_CODE,
} from "../lexicon/work-groups.js";
import { askedText, requestedWork, requestHead, SELF_CONTAINED_REQUESTS } from "../lexicon/work-requests.js";
import type { RecallCandidate, RejectedCandidate } from "./context.js";
import { type ConventionSettings, DEFAULT_CONVENTION_SETTINGS } from "./convention-settings.js";
import { holdsProjectWide } from "./intents.js";

/** What the prompt asks for: its kinds of work, and whether it is a knowledge question. */
export interface PromptWork {
  /** The kinds of work the conventions block serves. */
  work: ReadonlySet<string>;
  /**
   * The kinds of work situational lessons are judged by: the same, but a request to write
   * something new adds no kind of its own (see `conventionsOnly` in work-requests.ts).
   */
  lessonWork: ReadonlySet<string>;
  general: boolean;
  /** A knowledge question: general, yet answered, so answer style holds for it. */
  question: boolean;
  /**
   * It speaks of the project ("我们项目现在用的是哪个", "what does our api return") or names a kind of
   * its work: its conventions may answer it as lessons.
   */
  aboutProject: boolean;
  /** The prompt's words, stemmed: a convention whose scope they name holds for it (see convention-scopes.ts). */
  words: ReadonlySet<string>;
}

/** Words that put a prompt in its project: "our", "we", "this repo", 我们, 项目. */
const PROJECT_WORDS =
  /\b(?:we|our|us|here)\b|\bthis (?:repo|project|codebase|app|service)\b|我们|咱们|项目|仓库|这边/i;

/** The kinds a prompt names and asks for, with `code` when one of them changes code. */
function workOf(prompt: string, named: ReadonlySet<string>, forConventions: boolean): Set<string> {
  // What a clause describing the thing asked for names does not change what is asked (see requestHead).
  const head = requestHead(prompt);
  const asked = requestedWork(prompt, head === prompt ? named : kindsOfWork(head), forConventions);
  const work = new Set([...named, ...asked]);
  // Work on a source file is code work ("add a debug message … in app/battery.c"), and so is a
  // request for what the project makes in its code (an endpoint, a job: see MADE_IN_CODE).
  // Not one for other work that names it ("start a branch for the webhook retry bug").
  const made =
    forConventions &&
    [...work].some((kind) => MADE_IN_CODE.has(kind)) &&
    ![...work].some((kind) => CHANGES_NO_CODE.has(kind));
  if ([...work].some((kind) => CODE_WORK.has(kind)) || made || namesSourceFile(prompt)) work.add("code");
  return work;
}

/**
 * The kinds of work of a prompt: those its words name, those it asks for by how it opens (a
 * request to write or change something is code work whatever its nouns: "write a transformer
 * that…", "add a retry loop around the S3 upload…", 写一个类…; "we need pyarrow so…" is
 * dependency work: see work-requests.ts), and `code` when it names a kind of work that changes
 * code. Small talk and thanks that ask for nothing, and requests about everyday life (a trip, a
 * recipe: see everyday-requests.ts), like knowledge questions, get no conventions.
 */
export function promptWork(prompt: string, general: boolean): PromptWork {
  // A request for a commit message or a changelog entry names its work before its subject ("…for the ack retry change").
  const named = kindsOfWork(askedText(prompt) ?? prompt);
  const work = workOf(prompt, named, true);
  // Small talk asked as a question ("在吗", "how are you?") is no knowledge question: nothing is answered.
  const chat = chitChat(prompt, work);
  const question = !chat && asksForKnowledge(prompt, general);
  const everyday = named.size === 0 && asksForEveryday(prompt);
  return {
    work,
    lessonWork: workOf(prompt, named, false),
    general: question || chat || everyday,
    question,
    // Naming the project's work counts: "how many instances is the notifier service scaled to in prod?".
    aboutProject: named.size > 0 || PROJECT_WORDS.test(prompt),
    words: tokens(prompt, { stem: true }),
  };
}

/**
 * Small talk or thanks that asks for no work: "haha thanks for all the help this week, have a
 * great weekend!", "谢谢，辛苦了", "lol my cat just walked across the keyboard". A thanks that goes on
 * to ask for something ("thanks, now commit it") names its work.
 */
export function chitChat(prompt: string, work: ReadonlySet<string>): boolean {
  const opening = /^\W*([a-z]+)/i.exec(prompt)?.[1]?.toLowerCase() ?? "";
  const asks = TASK_VERBS.has(opening) || opensWithInstructionVerb(prompt);
  return (
    work.size === 0 && !asks && (SMALL_TALK_CUES.test(prompt) || SATISFACTION_CUES.test(prompt.toLowerCase()))
  );
}

/**
 * The kinds of work a convention holds for: its slot's when it governs one (branch naming is git
 * work, whatever else its words name), else those its words name (a data store it names is
 * database work: see data-stores.ts) and code work when it names a code symbol, else code work: a project's
 * convention that names no kind of work is about how its code is written ("Logs go through
 * winston", "状态管理换成 Pinia 了").
 */
export function conventionWork(lesson: Pick<Lesson, "trigger" | "rule" | "slot">): Set<string> {
  const slot = slotOfLesson(lesson);
  const governed = slot === null ? [] : slotWork(slot.id);
  // A config file's path names the work it configures: `deploy/values.yaml` is deploy work too.
  const configured =
    slot?.id.startsWith("config-file:") && slot.value !== null ? kindsOfWork(slot.value) : [];
  if (governed.length > 0) return new Set([...governed, ...configured]);
  // Its reasons name no work of its own: "…, the CI check fails without it" is about code.
  const said = withoutExamples(withoutReasons(lesson.rule));
  const text = `${lesson.trigger}\n${said}`;
  // A fact about a data store ("Redis here listens on port 6380") holds for database work.
  const named = new Set([...kindsOfWork(text), ...(namesDataStore(text) ? ["database"] : [])]);
  // A rule that names a code symbol is about writing code, whatever other work its words name
  // ("delays and timeouts are always embassy_time::Duration", "errors get wrapped with
  // fmt.Errorf"), unless they name code work already ("nock.cleanAll() in afterEach" is test work).
  const writesCode = [...named].some((kind) => WRITES_CODE.has(kind));
  if (named.size === 0 || (!writesCode && namesCodeSymbol(said))) named.add("code");
  // What its first sentence says to use, naming no work, is how code is written: the work the
  // sentences after it name is where it shows ("We use the new Input System, … the old input
  // manager is disabled in player settings").
  const first = splitSentences(said)[0]?.text ?? said;
  if (!writesCode && kindsOfWork(first).size === 0 && preferenceTerms(first).use.size > 0) named.add("code");
  return named;
}

/**
 * How many of a convention's kinds of work a prompt shares (a kind of the same family counts), and
 * how many of them are specific: not code work (every request to write something is) nor the
 * kinds every task is part of.
 */
function sharedWork(work: ReadonlySet<string>, prompt: PromptWork): { shared: number; specific: number } {
  let shared = 0;
  let specific = 0;
  // A request to write code is served by every convention about how the code is written.
  const writes = !prompt.general && [...prompt.work].some((kind) => WRITES_CODE.has(kind));
  for (const kind of work) {
    const everyTask =
      EVERY_TASK_WORK.has(kind) && (!prompt.general || (prompt.question && kind === "answers"));
    const same =
      prompt.work.has(kind) ||
      WORK_FAMILIES.some((family) => family.has(kind) && [...prompt.work].some((other) => family.has(other)));
    const inCode = writes && WRITTEN_IN_CODE.has(kind);
    if (!everyTask && !same && !inCode) continue;
    shared++;
    if (same && !everyTask && kind !== "code") specific++;
  }
  return { shared, specific };
}

/** A convention with how relevant it is to the prompt. */
export interface ConventionCandidate {
  lesson: Pick<Lesson, "id" | "trigger" | "rule" | "slot" | "updatedAt">;
  /** Topic relevance to the prompt, as for lessons. */
  relevance: number;
}

/** What the block holds, and what it left out and why. */
export interface ConventionChoice {
  chosen: Array<ConventionCandidate & { text: string; shared: number; specific: number }>;
  rejected: Array<ConventionCandidate & { text: string; reason: string }>;
}

/** Why a convention is not in the block: the prompt is another kind of work (it may still come as a lesson). */
export const NOT_THIS_WORK = "not this kind of work";
/**
 * Why a convention is left out, not even as a lesson: its slot governs how code is written, and the
 * prompt asks for git work only ("write the commit message for the ack retry change" gets no
 * logging convention, however alike the task it was said in).
 */
export const OTHER_WORK = "the prompt asks for git work, not code";
/** Why no convention is in the block: the prompt is a knowledge question. */
export const KNOWLEDGE_QUESTION = "a knowledge question: no conventions";

/**
 * A question about the world, not this project: "how do I define a git alias?", "redis 的 zset
 * 底层是怎么实现的". A question that names the project ("here", "our", 这个项目) is about it.
 */
const QUESTION =
  /^\s*(?:how (?:do|does|can|could|would|should) (?:i|you|one|we)|how (?:many|much|long|often|far|big)|how to|what(?:'?s| is| are| does)|why|which|when (?:should|do|does)|is (?:it|there)|are there|can i|does|(?:can|could) you (?:explain|tell me)|explain|tell me)\b|[?？]\s*$|(?:吗|呢|怎么|什么|为什么|如何|是不是|有什么区别|是怎么)[^，。]{0,20}[?？。]?\s*$|^\s*(?:讲讲|讲一下|解释一下|介绍一下|科普一下|说说)/i;

/** A question that asks for code, or for the project's data ("how many invoices are still in draft?"). */
function asksOfTheProject(asked: ReadonlySet<string>): boolean {
  return asked.has("code") || asked.has("database");
}

/**
 * True for a request asked as a question ("can you verify nothing broke?"), not for knowledge
 * ("could you explain what rebase --onto does?").
 */
function asksPolitely(prompt: string): boolean {
  // The request may come after what was done: "I refactored the validation, can you verify nothing broke?".
  const asked = politeRequestRest(prompt.split(/[,;.，；。]\s+/).at(-1) ?? prompt);
  // An operation asks for work too: "can you list the glue tables in the warehouse catalog?".
  return (
    asked !== null &&
    !opensLikeKnowledgeQuestion(asked) &&
    (opensWithInstructionVerb(asked) || opensWithOperation(asked))
  );
}

/**
 * True for a knowledge question (see `isGeneralQuestion`), a question that does not name the
 * project, or a request for a self-contained snippet that does not ("write a regex that…"). A
 * question that reports the project's trouble ("又连不上了？", lexicon trouble-reports.ts) or asks
 * politely for work names the project.
 */
export function asksForKnowledge(prompt: string, general: boolean): boolean {
  if (general) return true;
  if (PROJECT_REFERENCES.test(prompt) || TROUBLE_REPORTS.test(prompt) || asksPolitely(prompt)) return false;
  return (
    SELF_CONTAINED_REQUESTS.test(prompt) ||
    (QUESTION.test(prompt) && !asksOfTheProject(requestedWork(prompt, kindsOfWork(prompt))))
  );
}

/** True for a convention about how to answer, and nothing else: it holds for a knowledge question too. */
function aboutAnswersOnly(work: ReadonlySet<string>, rule: string): boolean {
  return work.has("answers") && (work.size === 1 || SPEAKS_OF_ANSWERING.test(rule));
}

/** True when a prompt asks for git work and nothing else (a commit message, a branch, a pull request). */
function asksForGitOnly(prompt: PromptWork): boolean {
  const own = [...prompt.work].filter((kind) => !EVERY_TASK_WORK.has(kind));
  return !prompt.general && own.length > 0 && own.every((kind) => GIT_WORK.has(kind));
}

/** A convention as one line of the block: its rule, without a final full stop. */
export function conventionLine(lesson: Pick<Lesson, "rule">): string {
  return lesson.rule.trim().replace(/[.。]$/, "");
}

/**
 * The conventions to inject for a prompt: for a knowledge question only those about how to answer; else those whose kinds of
 * work the prompt shares (or that are at least `minRelevance` relevant to it), those sharing the
 * most specific kinds first (see {@link sharedWork}), then the most shared kinds, then the most
 * relevant, then the most recently changed, within `maxConventions` and `maxTokens`.
 */
export function chooseConventions(
  candidates: readonly ConventionCandidate[],
  prompt: PromptWork,
  settings: ConventionSettings = DEFAULT_CONVENTION_SETTINGS,
): ConventionChoice {
  const choice: ConventionChoice = { chosen: [], rejected: [] };
  const gitOnly = asksForGitOnly(prompt);
  const scored = candidates.map((candidate) => {
    // "no pip in this repo", "everything lives in the torch2 env": a rule of the whole project.
    const wide = holdsProjectWide(candidate.lesson.rule) && !prompt.general ? 1 : 0;
    const work = conventionWork(candidate.lesson);
    const { shared, specific } = sharedWork(work, prompt);
    // "every model needs …" holds for "add a staging model …", whatever work the rest of it names.
    const scoped = namesScope(candidate.lesson.rule, prompt.words) ? 1 : 0;
    return {
      ...candidate,
      text: conventionLine(candidate.lesson),
      shared: shared + wide + scoped,
      specific: specific + scoped,
      answersOnly: aboutAnswersOnly(work, candidate.lesson.rule),
      // A slot that governs how code is written, and nothing else.
      codeOnly: slotOfLesson(candidate.lesson) !== null && [...work].every((kind) => kind === "code"),
    };
  });
  // The most specific work first: a test convention before the code ones for "cover X with unit checks".
  scored.sort(
    (first, second) =>
      second.specific - first.specific ||
      second.shared - first.shared ||
      second.relevance - first.relevance ||
      second.lesson.updatedAt - first.lesson.updatedAt,
  );
  let tokens = 0;
  for (const candidate of scored) {
    const reason = !settings.enabled
      ? "the conventions block is off"
      : prompt.general && !(prompt.question && candidate.answersOnly)
        ? KNOWLEDGE_QUESTION
        : candidate.shared === 0 && candidate.codeOnly && gitOnly
          ? OTHER_WORK
          : candidate.shared === 0 && candidate.relevance < settings.minRelevance
            ? NOT_THIS_WORK
            : choice.chosen.length >= settings.maxConventions
              ? `over the convention limit (${settings.maxConventions})`
              : tokens + estimateTokens(`- ${candidate.text}\n`) > settings.maxTokens
                ? `over the conventions token budget (${settings.maxTokens})`
                : null;
    if (reason !== null) {
      choice.rejected.push({ ...candidate, reason });
      continue;
    }
    tokens += estimateTokens(`- ${candidate.text}\n`);
    choice.chosen.push(candidate);
  }
  return choice;
}

/** What the block makes of the scored conventions: its items, those that return as lessons, the rest. */
export interface ConventionsBlock {
  /** The block's items, in order (each marked `convention`). */
  items: RecallCandidate[];
  /** Left out for their kind of work or a knowledge question: they may still come as lessons. */
  asLessons: RecallCandidate[];
  /** Left out for the budget, or with the block off: why. */
  rejected: RejectedCandidate[];
}

/**
 * The conventions block for a prompt, from the project's conventions scored as lessons (see
 * {@link chooseConventions}): the chosen ones as items (their text the rule alone), those left
 * out for their kind of work or a knowledge question back to the lessons, the rest rejected.
 */
export function conventionsBlock(
  scored: ReadonlyArray<{ lesson: ConventionCandidate["lesson"]; candidate: RecallCandidate }>,
  prompt: PromptWork,
  settings: ConventionSettings = DEFAULT_CONVENTION_SETTINGS,
): ConventionsBlock {
  const byId = new Map(scored.map((item) => [item.lesson.id, item.candidate]));
  const choice = chooseConventions(
    scored.map((item) => ({ lesson: item.lesson, relevance: item.candidate.relevance })),
    prompt,
    settings,
  );
  const block: ConventionsBlock = { items: [], asLessons: [], rejected: [] };
  for (const chosen of choice.chosen) {
    const candidate = byId.get(chosen.lesson.id) as RecallCandidate;
    block.items.push({
      ...candidate,
      text: chosen.text,
      parts: { ...candidate.parts, sharedWork: chosen.shared },
      convention: true,
    });
  }
  for (const left of choice.rejected) {
    const candidate = byId.get(left.lesson.id) as RecallCandidate;
    // A knowledge question that does not speak of the project ("does layer norm or batch norm
    // behave better with tiny batches?") is served by no convention of it, as a lesson either.
    if (left.reason === NOT_THIS_WORK || (left.reason === KNOWLEDGE_QUESTION && prompt.aboutProject))
      block.asLessons.push(candidate);
    else
      block.rejected.push({
        candidate: { ...candidate, text: left.text, convention: true },
        reason: `convention: ${left.reason}`,
      });
  }
  return block;
}
