/**
 * The offline task-experience rules about what the user said: corrections (rule 2), constraints
 * and preferences (rule 3), and the approach that worked. The rules about tool runs are in
 * retry-rules.ts, standing instructions and project facts in stated-rules.ts. Pure.
 */

import { hanCount, languageOf } from "../lexicon/language.js";
import { forbids } from "../lexicon/negations.js";
import { isOneOff } from "../lexicon/one-off-cues.js";
import { hasStandingMarker } from "../lexicon/standing-markers.js";
import { asksForNow, withoutTaskTail } from "../lexicon/task-headings.js";
import { firstClause, sentenceRun, splitSentences } from "../lexicon/tokenizer.js";
import { INSTRUCTED_TERM, NEGATED_TERM } from "../signals/rule-phrases.js";
import { maskText } from "../signals/signal-text.js";
import { alreadyLearnt, type ExperienceContext } from "./experience-context.js";
import { MAX_RULE_CHARS } from "./experience-limits.js";
import {
  type Correction,
  extractCorrection,
  extractPreference,
  phraseCorrection,
  phrasePreference,
  preferenceScope,
  readsAsTerm,
  stripConnectives,
} from "./experience-text.js";
import type { FailedAttempt, TransferableHeuristic } from "./offline-experience.js";
import { opensWithInstruction } from "./stated-rules.js";
import {
  clip,
  describeToolCall,
  firstLine,
  isActionCall,
  isFailedCall,
  type TaskSignal,
  userWords,
} from "./task-message.js";
import { activityTrigger } from "./topics.js";

export type { ExperienceContext } from "./experience-context.js";

/** True for a correction spread over clauses that no pattern could split into X and Y. */
function isSplitCorrection(evidence: string): boolean {
  const masked = maskText(evidence);
  NEGATED_TERM.lastIndex = 0;
  INSTRUCTED_TERM.lastIndex = 0;
  return NEGATED_TERM.test(masked) && INSTRUCTED_TERM.test(masked);
}

/** The rule of a correction: "Use Y, not X", or the user's words when a term would not read well. */
function correctionText(correction: Correction | null, evidence: string, zh: boolean): string {
  if (correction !== null && readsAsTerm(correction.wrong) && readsAsTerm(correction.right))
    return phraseCorrection(correction, zh);
  return stripConnectives(evidence).replace(/[.。]$/, "");
}

/**
 * Rule 2 — user corrections. "not X, use Y" / "use Y instead of X" / "don't use X, use Y" /
 * "不是X，应该是Y" / "别用X，用Y" → `prefer` "Use Y, not X" (`avoid` "Avoid X" when only X is
 * known; "Use Y" alone only when Y is concrete: code, a file, a command). X and Y come from
 * backticks, quotes or the clause; "this file" / "这个文件" is resolved to the file the agent
 * last touched. Example: the agent reads `config.json`, the user says "不是这个文件，应该是
 * config.yaml" → {kind prefer, rule "应使用 `config.yaml`，而不是 `config.json`"}. The correction
 * is also a failed attempt (X replaced by Y). Read from `explicit-correction` signals, and from
 * constraint signals that name both sides ("Don't use moment, use dayjs." → "Use dayjs, not
 * moment"), also across sentences ("No, not npm, this is a pnpm workspace. Use pnpm install."
 * → "Use `pnpm install`, not `npm`"; "别用 moment，太大了。我更喜欢用 dayjs" → "应使用 `dayjs`，而不是
 * `moment`"). When a term would not read well on its own ("admin 账号连生产库") or no pattern
 * splits a correction that names both halves, the user's sentences are the rule, verbatim
 * ("不要用 admin 账号连生产库！查数据只能用只读账号 report_ro"). The trigger is the activity the
 * terms or the sentence name ("npm install" → "Installing dependencies"), else the task's.
 * Confidence: the signal's, at most 0.8; 0.6 when one side is unknown. A wrong term already
 * recorded as a failed attempt by rule 1 is not added again.
 */
export function correctionRule(
  context: ExperienceContext,
  attempts: FailedAttempt[],
  heuristics: TransferableHeuristic[],
): Set<TaskSignal> {
  const used = new Set<TaskSignal>();
  const seen = new Set<string>();
  for (const signal of context.signals) {
    const constraint = signal.type === "constraint";
    if (signal.source !== "user" || (signal.rule !== "explicit-correction" && !constraint)) continue;
    if (alreadyLearnt(context, signal.seq, signal.evidence)) continue;
    const before = context.rows.filter((row) => row.seq < signal.seq);
    const extracted = extractCorrection(signal.evidence, before);
    const split = extracted === null && !constraint && isSplitCorrection(signal.evidence);
    // A constraint counts as a correction only when it names both sides ("don't use X, use Y").
    const named = extracted !== null && extracted.wrong !== null && extracted.right !== null;
    if ((extracted === null && !split) || (constraint && !named)) continue;
    used.add(signal);
    const zh = languageOf(signal.evidence) === "zh";
    const correction = extracted ?? { wrong: null, right: null };
    const { wrong, right } = correction;
    const rule = clip(correctionText(extracted, signal.evidence, zh), MAX_RULE_CHARS);
    // One message can carry a correction and a constraint with the same words: learn it once.
    const key = `${signal.seq}\u0000${rule}`;
    if (seen.has(key)) continue;
    seen.add(key);
    heuristics.push({
      kind: right || split ? "prefer" : "avoid",
      trigger:
        activityTrigger([wrong, right].filter(Boolean).join(" "), zh) ??
        activityTrigger(signal.evidence, zh) ??
        context.activity,
      rule,
      why: zh ? "用户纠正了这一点" : "The user corrected this",
      evidence: signal.evidence,
      confidence: (wrong && right) || split ? Math.min(0.8, signal.confidence) : 0.6,
    });
    context.learnt.push({ seq: signal.seq, quote: signal.evidence });
    // A failed command already recorded as an attempt (rule 1) is not recorded twice.
    if (wrong !== null && !attempts.some((attempt) => attempt.attemptLabel === wrong)) {
      attempts.push({
        attemptLabel: clip(wrong, 40),
        approachSummary: clip(zh ? `使用 ${wrong}` : `Used ${wrong}`, 120),
        failureReason: clip(zh ? `用户纠正：${signal.evidence}` : `user correction: ${signal.evidence}`, 200),
        replacedBy: right,
      });
    }
  }
  return used;
}

/**
 * Rule 3 — constraints and preferences (signal confidence ≥ 0.7, at least 3 words / 4 Chinese
 * characters). A constraint becomes `avoid` when negative ("And it must not run as root." →
 * rule "It must not run as root."; "而且不能用 root 用户" → "不能用 root 用户") and `verify`
 * otherwise ("make sure the migration is reversible"); project scope. A preference becomes
 * `prefer` ("I prefer pnpm over npm" → "Prefer `pnpm` over `npm`", trigger "Choosing a package
 * manager"; "我更喜欢用 pnpm" → "优先使用 `pnpm`"), scope hint `global` when said in the first
 * person singular without naming the project, else `project`. The trigger is the activity the
 * sentence names ("Committing changes"), else the task's. Words a correction already turned into
 * a heuristic ("我们一直用 biome，别装 prettier") are not learnt again as a preference.
 */
export function constraintRule(
  context: ExperienceContext,
  used: ReadonlySet<TaskSignal>,
  criteria: string[],
  heuristics: TransferableHeuristic[],
): void {
  const request = context.rows.find((row) => row.role === "user" && userWords(row) !== null)?.seq;
  for (const signal of context.signals) {
    if (signal.source !== "user" || (signal.type !== "constraint" && signal.type !== "preference")) continue;
    if (used.has(signal) || alreadyLearnt(context, signal.seq, signal.evidence)) continue;
    // A request for now said after the constraint is no part of it ("…放 arb 文件里，先帮我把依赖装一下").
    const sentence = withoutTaskTail(stripConnectives(signal.evidence));
    const zh = languageOf(sentence) === "zh";
    const substantial = zh ? hanCount(sentence) >= 4 : sentence.split(/\s+/).length >= 3;
    if (signal.type === "constraint") criteria.push(signal.evidence);
    if (signal.confidence < 0.7 || !substantial || isOneOff(sentence)) continue;
    // What the task's own request asks to check ("hit the new endpoint on staging and make sure it
    // comes back 200") is this task's criterion, not a lasting rule, unless said to last.
    if (
      signal.type === "constraint" &&
      signal.seq === request &&
      !forbids(sentence) &&
      !hasStandingMarker(sentence)
    )
      continue;
    if (signal.type === "constraint") {
      // "dont touch requirements.txt by hand, its generated. put it in requirements.in and run
      // pip-compile": the prohibition and what to do instead are one lesson.
      const instead = alternativeAfter(context, signal, zh);
      const rule = instead
        ? `${sentence.replace(/[.。!！]+$/, "")}${zh ? "，" : ". "}${instead.text}`
        : sentence;
      heuristics.push({
        kind: instead ? "prefer" : forbids(sentence) ? "avoid" : "verify",
        trigger: activityTrigger(rule, zh) ?? context.activity,
        rule: clip(rule, MAX_RULE_CHARS),
        why: zh ? "用户明确提出的约束" : "A constraint the user stated",
        evidence: instead?.quote ?? signal.evidence,
        scopeHint: "project",
        confidence: 0.6,
      });
      // The whole sentence the alternative was taken from is learnt, though the rule keeps its first clause.
      context.learnt.push({ seq: signal.seq, quote: instead?.covered ?? signal.evidence });
      continue;
    }
    const preference = extractPreference(sentence);
    const rule = preference ? phrasePreference(preference, zh) : sentence;
    heuristics.push({
      kind: !preference && forbids(sentence) ? "avoid" : "prefer",
      trigger: activityTrigger(sentence, zh) ?? context.activity,
      rule: clip(rule, MAX_RULE_CHARS),
      why: zh ? "用户表达的偏好" : "A preference the user stated",
      evidence: signal.evidence,
      scopeHint: preferenceScope(sentence),
      confidence: 0.7,
    });
    context.learnt.push({ seq: signal.seq, quote: signal.evidence });
  }
}

/** A sentence whose subject is a command in backticks: "`make test` spins it up and tears it down". */
const OPENS_WITH_COMMAND = /^\W{0,3}`[^`\n]{2,80}`\s+[a-z]/;

/**
 * The sentence right after a negative constraint, in the same message, when it says what to do
 * instead: its text (of a long one, its first clause), the verbatim run from the constraint to it,
 * and the run to the end of its sentence (what is learnt). Null otherwise.
 */
function alternativeAfter(
  context: ExperienceContext,
  signal: TaskSignal,
  zh: boolean,
): { text: string; quote: string; covered: string } | null {
  if (!forbids(signal.evidence)) return null;
  const row = context.rows.find((candidate) => candidate.seq === signal.seq);
  const words = row ? userWords(row) : null;
  if (!words) return null;
  const sentences = splitSentences(words);
  const at = sentences.findIndex((sentence) =>
    sentence.text.includes(signal.evidence.trim().replace(/[.。!！]+$/, "")),
  );
  const first = sentences[at];
  const next = sentences[at + 1];
  // A request for the work of now is no alternative ("…不要写死，放 arb 文件里\n先帮我把依赖装一下").
  // "don't run pytest bare, …. `make test` spins it up and tears it down": a command said first is what to run.
  if (
    first === undefined ||
    next === undefined ||
    !(opensWithInstruction(next.text, zh) || OPENS_WITH_COMMAND.test(next.text)) ||
    asksForNow(next.text)
  )
    return null;
  // Of a long sentence, its first clause: "`make test` spins it up and tears it down; pass ARGS for …".
  const said = sentenceRun(words, first, next).length > MAX_RULE_CHARS ? firstClause(next) : next;
  const quote = sentenceRun(words, first, said);
  if (quote.length > MAX_RULE_CHARS) return null;
  return {
    text: stripConnectives(said.text).replace(/[.。!！]+$/, ""),
    quote,
    covered: sentenceRun(words, first, next),
  };
}

/**
 * What worked: up to 3 distinct successful action calls after the last failed one (the last 3
 * when nothing failed), e.g. "Bash: pnpm install; Bash: pnpm dev"; "" when the task ends on a
 * failed action; the last assistant text's first line when no action ran.
 */
export function workingApproach(context: ExperienceContext): string {
  const actions = context.rows.filter(isActionCall);
  const last = actions[actions.length - 1];
  if (last !== undefined && isFailedCall(last, context.signals)) return "";
  const failures = actions.filter((row) => isFailedCall(row, context.signals));
  const after = failures[failures.length - 1]?.seq ?? -1;
  const done: string[] = [];
  for (const row of [...actions].reverse()) {
    if (row.seq <= after || isFailedCall(row, context.signals)) continue;
    const description = describeToolCall(row, 100);
    if (!done.includes(description)) done.unshift(description);
    if (done.length === 3) break;
  }
  if (done.length > 0) return clip(done.join("; "), 300);
  const text = [...context.rows].reverse().find((row) => row.role === "assistant" && row.kind === "text");
  return text ? clip(firstLine(text.content), 200) : "";
}
