/**
 * Corrections in free words: what the user says instead, after rejecting or redirecting what the
 * agent just did. "no, that's the wrong file. defaults.py only has fallback defaults, the real
 * limits are in config/limits.toml", "nope. fvm flutter build apk --flavor staging", "would you
 * mind using date-fns instead? we're trying to get moment out of the bundle", "why are you pushing
 * straight to main?? everything here goes on a feature branch", "别 chmod。/data/etl 下面的东西都归
 * etl 账号，你 sudo -u etl 去跑就行". The fixed forms of corrections-by-terms (experience-rules.ts)
 * and standing instructions (stated-rules.ts) come first; this rule reads what they left. Pure.
 */

import { namesCode } from "../lexicon/code-terms.js";
import { COMPLAINT_CUES } from "../lexicon/complaint-cues.js";
import { CORRECTION_OPENERS } from "../lexicon/correction-openers.js";
import { instructionKind, isInstruction } from "../lexicon/imperative-verbs.js";
import { languageOf } from "../lexicon/language.js";
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { isOneOff } from "../lexicon/one-off-cues.js";
import { readRedirect } from "../lexicon/redirect-requests.js";
import { REJECT_CUES } from "../lexicon/reject-cues.js";
import { wishesAnswerForm } from "../lexicon/response-style-cues.js";
import { NEW_GOAL_OPENERS } from "../lexicon/task-openers.js";
import { splitSentences } from "../lexicon/tokenizer.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { workLabel } from "../lexicon/work-groups.js";
import { appliesToEveryAnswer } from "../recall/intents.js";
import { CONFIDENT_SIGNAL_FLOOR } from "../signals/offline-rules.js";
import { maskText } from "../signals/signal-text.js";
import type { ExperienceContext } from "./experience-context.js";
import { MAX_HEURISTIC_EVIDENCE_CHARS, MAX_RULE_CHARS } from "./experience-limits.js";
import { relatedCommands, stripConnectives } from "./experience-text.js";
import type { TransferableHeuristic } from "./offline-experience.js";
import {
  clip,
  detectTaskSignals,
  isToolCall,
  type TaskMessage,
  type TaskSignal,
  toolCommand,
  userWords,
} from "./task-message.js";
import { activityTrigger } from "./topics.js";
import { isChatty } from "./user-sentences.js";

/**
 * The least confident reject or correction cue that makes a reply a correction: the middle graded
 * cues ("No," alone, "that's not…", a complaint, a polite or rhetorical request) and up.
 */
export const REDIRECT_CUE_FLOOR = 0.3;

/** What the agent did right before a user message: its last action, and whether it answered last. */
interface AgentTurn {
  action: TaskMessage | undefined;
  answered: boolean;
}

/** The agent's turn right before row `index`, or null when a user message or nothing came before. */
function agentTurnBefore(rows: readonly TaskMessage[], index: number): AgentTurn | null {
  const previous = rows[index - 1];
  if (previous === undefined || userWords(previous) !== null) return null;
  let action: TaskMessage | undefined;
  for (const row of rows.slice(0, index).reverse()) {
    if (userWords(row) !== null) break;
    // Looking around counts too: "ls ~/runs" failed, "they're never in home".
    if (isToolCall(row)) {
      action = row;
      break;
    }
  }
  const answered = previous.role === "assistant" && previous.kind === "text";
  return action === undefined && !answered ? null : { action, answered };
}

/** A sentence with its opener ("no,", "nope.") cut, and a polite or rhetorical lead read as a request. */
function readSentence(sentence: string): { text: string; redirected: boolean } {
  let text = stripLeadIns(sentence);
  const opener = CORRECTION_OPENERS.pattern.exec(text.toLowerCase());
  if (opener !== null) text = text.slice(opener[0].length).replace(/^[\s,.!:;—-]+/, "");
  const read = readRedirect(text);
  if (read !== null) return { text: read, redirected: true };
  return { text, redirected: false };
}

/** True for a sentence that only rejects or complains: "that's the wrong file.", "way too long lol." */
function onlyRejects(text: string): boolean {
  if (namesCode(text)) return false;
  const masked = maskText(text);
  return (
    text.trim() === "" ||
    REJECT_CUES.pattern.test(masked) ||
    COMPLAINT_CUES.pattern.test(masked) ||
    /\bwrong\b|不对|错了/i.test(text)
  );
}

/** Words that only natural language has: a message made of none of them (and with a flag or path) is a command. */
const PROSE_WORDS =
  /\b(?:the|a|an|is|are|was|it|that|this|we|you|i|to|of|in|and|but|not|please|should|must|always|never)\b|\p{Script=Han}/iu;

/** True when `text` is a shell command: like the agent's last one, or words with a flag or a path and no prose. */
function isCommand(text: string, last: string | null): boolean {
  if (last !== null && relatedCommands(last, text)) return true;
  return /^\S+(?:\s+\S+)+$/.test(text) && /(?:^|\s)--?\w|\//.test(text) && !PROSE_WORDS.test(text);
}

/** The rule a correcting message teaches, with its first content sentence; null when it names nothing. */
function redirectText(
  words: string,
  last: string | null,
  zh: boolean,
  aboutAnswers: boolean,
): { rule: string; first: string; parts: number } | null {
  const read = splitSentences(words).map((sentence) => readSentence(sentence.text));
  const kept = read.filter(
    (sentence) => !onlyRejects(sentence.text) && (sentence.redirected || !isChatty(sentence.text)),
  );
  const content = kept.filter(
    ({ text, redirected }) => (redirected && names(text)) || namesCode(text) || isInstruction(text, zh),
  );
  const first = content[0];
  // Something concrete has to be named: code, or a thing a polite request asks for ("No, use the
  // other one." and "别这样改" name nothing), unless the reply is about how to answer.
  const concrete = content.some(({ text, redirected }) => namesAThing(text) || (redirected && names(text)));
  if (first === undefined || !(concrete || aboutAnswers)) return null;
  // A reply that is only the right command: run that command.
  if (kept.length === 1 && isCommand(first.text, last)) {
    const right = `\`${first.text}\``;
    const wrong = last === null || last === first.text ? "" : `\`${last}\``;
    const rule = zh
      ? `应运行 ${right}${wrong ? `，而不是 ${wrong}` : ""}`
      : `Run ${right}${wrong ? `, not ${wrong}` : ""}`;
    return { rule, first: rule, parts: 1 };
  }
  const parts = kept.map(({ text }) =>
    stripConnectives(text)
      .replace(/[\s.。!！?？]+$/u, "")
      .replace(/^[\s,，;；:：]+/u, ""),
  );
  const joined = parts.join(zh ? "。" : ". ");
  const rule =
    joined.length <= MAX_RULE_CHARS
      ? joined
      : content
          .map(({ text }) => stripConnectives(text).replace(/[\s.。!！?？]+$/u, ""))
          .join(zh ? "。" : ". ");
  return { rule, first: stripConnectives(first.text), parts: content.length };
}

/** Words that name nothing on their own: "the other one", "it", "that way", "use your brain", "use common sense". */
const VAGUE_WORDS =
  /^(?:the|a|an|this|that|these|those|it|them|one|ones|other|another|thing|things|way|like|so|instead|please|just|again|here|there|now|anymore|any|more|to|in|on|of|with|your|my|his|her|their|its|own|common|proper|right|correct|better|best|good|我|你|这样|那样|这个|那个|改|弄|做)$/i;

/** True when `text` names code or a thing to use ("use rustls"), not "use your brain". */
function namesAThing(text: string): boolean {
  return namesCode(text) || [...preferenceTerms(text).use].some((term) => !VAGUE_WORDS.test(term));
}

/** True when a request names something past its verb: "use date-fns instead", not "use the other one". */
function names(text: string): boolean {
  if (/\p{Script=Han}/u.test(text)) return namesCode(text);
  const [, ...rest] = text
    .replace(/^(?:don't|do not)\s+/i, "")
    .split(/[\s,.!?;:]+/)
    .filter(Boolean);
  return rest.some((word) => !VAGUE_WORDS.test(word));
}

/** True when the reply carries a reject or correction cue and does not thank or accept. */
function corrects(cues: readonly TaskSignal[]): boolean {
  if (cues.some((cue) => cue.type === "success" && cue.confidence >= CONFIDENT_SIGNAL_FLOOR)) return false;
  return cues.some(
    (cue) => (cue.type === "reject" || cue.type === "correction") && cue.confidence >= REDIRECT_CUE_FLOOR,
  );
}

/** `global` for how to answer said without naming the project or team; else `project`. */
function answerScope(words: string): "project" | "global" {
  return /\b(?:we|our|us)\b|this (?:repo|project|codebase)|\bhere\b|我们|咱们|项目|仓库|团队|这边/i.test(
    words,
  )
    ? "project"
    : "global";
}

/**
 * Rule 2b — a user message right after an agent action or answer (never the task's first) that
 * carries a reject or correction cue of at least {@link REDIRECT_CUE_FLOOR} (the graded signals,
 * read again on the task's rows) and does not thank or accept. Its rule is the message's content:
 * the sentences that name something concrete (code terms, paths, commands, accounts, ports) or say
 * what to do, with the opener ("no,", "nope.") and sentences that only reject ("that's the wrong
 * file.", "way too long lol.") left out, a polite or rhetorical request read as one ("would you mind
 * using X" → "Use X", "why are you pushing…??" → "Don't push…"; lexicon redirect-requests.ts), and
 * the reason kept when the rule stays short. A message that is only a command → "Run `cmd`, not
 * `last`". A complaint about the last answer with what to do instead ("way too long. just give me
 * the command") is about every answer: trigger "Writing answers", scope global unless the project is
 * named. Messages an earlier rule learnt from are left alone. `prefer` (or `avoid` for a bare
 * prohibition), confidence 0.6.
 */
export function redirectRule(context: ExperienceContext, heuristics: TransferableHeuristic[]): void {
  let graded: TaskSignal[] | null = null;
  let goal = true;
  // A reject that named nothing ("no, not printf."), finished by the user's next words when the agent only answers.
  let pending: string | null = null;
  context.rows.forEach((row, index) => {
    const words = userWords(row);
    if (words === null) return;
    if (goal) {
      goal = false;
      return;
    }
    if (context.learnt.some((learnt) => learnt.seq === row.seq)) return;
    const agent = agentTurnBefore(context.rows, index);
    if (agent === null) return;
    graded ??= detectTaskSignals(context.rows, { minConfidence: REDIRECT_CUE_FLOOR });
    const cues = [...graded, ...context.signals].filter(
      (cue) => cue.seq === row.seq && cue.source === "user",
    );
    // A wish about the form of the answer just given ("just give me the command", "put this in a
    // table") redirects it as surely as a complaint does.
    const styled = agent.answered && wishesAnswerForm(words);
    // The agent only answered (asked back, or offered another way): the next words finish the reject.
    // A new request instead ("先不管这个了，帮我看看 README.md") leaves the reject unfinished.
    const rejected =
      pending !== null && agent.answered && agent.action === undefined && !NEW_GOAL_OPENERS.test(words)
        ? `${pending} ${words}`
        : null;
    pending = null;
    if (!styled && rejected === null && !corrects(cues)) return;
    const zh = languageOf(words) === "zh";
    const last = agent.action === undefined ? null : toolCommand(agent.action);
    const named = activityTrigger(words, zh);
    const topic =
      styled && (named === null || !appliesToEveryAnswer(named)) ? workLabel("answers", zh) : named;
    const aboutAnswers = agent.answered && topic !== null && appliesToEveryAnswer(topic);
    const found = redirectText(rejected ?? words, last, zh, aboutAnswers);
    if (found === null) {
      pending = rejected ?? words;
      return;
    }
    // A redirect said for this task only ("for this PR skip tflint", 这次先用蓝色) teaches nothing later;
    // a wish about the form of answers holds for answers like it ("put comparisons like this in a table").
    if (!styled && !aboutAnswers && isOneOff(found.rule)) return;
    heuristics.push({
      // "别 chmod。…你 sudo -u etl 去跑就行": a prohibition with what to do instead is a preference.
      kind: found.parts > 1 ? "prefer" : instructionKind(found.first, found.rule),
      trigger:
        (aboutAnswers ? topic : null) ??
        (last === null ? null : activityTrigger(last, zh, "command")) ??
        activityTrigger(found.rule, zh) ??
        context.activity,
      rule: clip(found.rule, MAX_RULE_CHARS),
      why: zh ? "用户纠正了做法" : "The user corrected how it was done",
      evidence: clip(words.trim(), MAX_HEURISTIC_EVIDENCE_CHARS),
      scopeHint: aboutAnswers ? answerScope(words) : "project",
      confidence: 0.6,
    });
    context.learnt.push({ seq: row.seq, quote: words.trim() });
  });
}
