/**
 * The offline task-experience rules (see `buildOfflineExperience`): error → retry → success
 * runs (rules 1 and 1b), user corrections (rule 2), constraints and preferences (rule 3), and
 * the approach that worked. Pure.
 */

import { MAX_HEURISTIC_EVIDENCE_CHARS, MAX_RULE_CHARS, MAX_TRIGGER_CHARS } from "./experience-limits.js";
import {
  extractCorrection,
  extractPreference,
  formatTerm,
  isFixBeforeRetry,
  isNegativeRule,
  phraseCorrection,
  phrasePreference,
  preferenceScope,
  relatedCommands,
  stripConnectives,
  topicTrigger,
} from "./experience-text.js";
import type { FailedAttempt, TransferableHeuristic } from "./offline-experience.js";
import {
  clip,
  describeToolCall,
  errorLine,
  firstLine,
  isActionCall,
  isFailedCall,
  isFileEdit,
  type TaskMessage,
  type TaskSignal,
  textLanguage,
  toolCommand,
  toolTarget,
} from "./task-message.js";

/** What the offline rules read: the task's rows and signals, its language and fallback trigger. */
export interface ExperienceContext {
  /** The task's rows, in `seq` order. */
  rows: TaskMessage[];
  signals: TaskSignal[];
  zh: boolean;
  trigger: string;
}

function attemptLabel(call: TaskMessage): string {
  const command = toolCommand(call);
  if (command !== null) return clip(command.split(" ").slice(0, 3).join(" "), 40);
  const target = toolTarget(call).split(/[\\/]/).pop() ?? "";
  return clip(`${call.toolName ?? "tool"} ${target}`.trim(), 40);
}

/** Rows strictly between two seqs. */
function between(rows: readonly TaskMessage[], from: number, to: number): TaskMessage[] {
  return rows.filter((row) => row.seq > from && row.seq < to);
}

/** Whitespace collapsed, at most `maxChars` characters: an error line inside a rule or trigger. */
function inline(text: string, maxChars: number): string {
  return clip(text.replace(/\s+/g, " "), maxChars);
}

/**
 * Rule 1b — fix, then retry. A failed command that later succeeds unchanged, after a successful
 * command of the same program ran in between (the fix) and no file was edited: the failure is
 * a failed attempt replaced by "fix && command", and a `prefer` heuristic says to run the fix
 * first. Example: `git push origin main` is rejected ("! [rejected] main -> main
 * (non-fast-forward)"), `git pull --rebase origin main` succeeds, `git push origin main`
 * succeeds → {trigger "`git push origin main` fails: ! [rejected] …", rule "If `git push origin
 * main` fails with "! [rejected] …", run `git pull --rebase origin main` first, then re-run it"}.
 * Look-only commands (`git status`, `npm ls`) are never the fix; with only other programs or
 * file edits in between the lesson would be about this task's code, so none is made.
 * Confidence 0.6. Returns false when the rule does not apply.
 */
function fixThenRetry(
  context: ExperienceContext,
  call: TaskMessage,
  failedCommand: string,
  later: readonly TaskMessage[],
  attempts: FailedAttempt[],
  heuristics: TransferableHeuristic[],
): boolean {
  const { rows, signals, zh } = context;
  const rerun = later.find((row) => toolCommand(row) === failedCommand);
  if (rerun === undefined) return false;
  const gap = between(rows, call.seq, rerun.seq);
  if (gap.some(isFileEdit)) return false;
  const fix = gap
    .filter((row) => isActionCall(row) && !isFailedCall(row, signals))
    .map((row) => toolCommand(row))
    .filter((command): command is string => command !== null && isFixBeforeRetry(command, failedCommand))
    .pop();
  if (fix === undefined) return false;
  const reason = errorLine(call, signals);
  const [command, step] = [formatTerm(clip(failedCommand, 60)), formatTerm(clip(fix, 60))];
  const short = inline(reason, 70);
  attempts.push({
    attemptLabel: attemptLabel(call),
    approachSummary: describeToolCall(call),
    failureReason: clip(reason, 200),
    replacedBy: clip(`${fix} && ${failedCommand}`, 120),
  });
  heuristics.push({
    kind: "prefer",
    trigger: clip(zh ? `${command} 失败：${short}` : `${command} fails: ${short}`, MAX_TRIGGER_CHARS),
    rule: clip(
      zh
        ? `${command} 报错「${short}」时，先运行 ${step}，再重跑它`
        : `If ${command} fails with "${short}", run ${step} first, then re-run it`,
      MAX_RULE_CHARS,
    ),
    why: clip(
      zh
        ? `${command} 失败（${short}），运行 ${step} 后原命令成功了`
        : `${command} failed (${short}); after ${step} the same command succeeded`,
      200,
    ),
    evidence: clip(reason, MAX_HEURISTIC_EVIDENCE_CHARS),
    confidence: 0.6,
  });
  return true;
}

/**
 * Rule 1 — error → retry → success. A failed action call followed later by a successful call of
 * the same tool with a different input is a failed attempt replaced by that call. Example: Bash
 * `npm install` fails with "npm ERR! code ERESOLVE", later Bash `pnpm install` succeeds →
 * attempt {label "npm install", approach "Bash: npm install", failureReason "npm ERR! code
 * ERESOLVE", replacedBy "pnpm install"} and, when the two commands are related (same subcommand
 * or argument) with no file edit and no user message in between, a `prefer` heuristic
 * {trigger "Installing dependencies", rule "Use `pnpm install` instead of `npm install`"}.
 * A failed call retried unchanged that then succeeds with nothing but text or reads in between
 * is flaky: a `verify` heuristic "re-run `X` once before changing anything" (confidence 0.4).
 * A failed command that later passes unchanged after a fixing command goes to rule 1b
 * ({@link fixThenRetry}); one that passes unchanged otherwise was not replaced (`replacedBy`
 * null). Failures of data tools (Read, Grep…) are exploration, not attempts.
 * Repeats of one failing input count once.
 */
export function retryRule(
  context: ExperienceContext,
  attempts: FailedAttempt[],
  heuristics: TransferableHeuristic[],
): void {
  const { rows, signals, zh } = context;
  const seen = new Set<string>();
  for (const call of rows) {
    if (!isActionCall(call) || !isFailedCall(call, signals)) continue;
    const key = `${call.toolName}\u0000${call.toolInput}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const reason = errorLine(call, signals);
    const later = rows.filter(
      (row) => row.seq > call.seq && row.toolName === call.toolName && !isFailedCall(row, signals),
    );
    const failedCommand = toolCommand(call);
    if (failedCommand !== null && fixThenRetry(context, call, failedCommand, later, attempts, heuristics))
      continue;
    // A command that later passes unchanged was kept, not replaced: something else was fixed.
    const keptAsIs = failedCommand !== null && later.some((row) => toolCommand(row) === failedCommand);
    const replacement = keptAsIs ? undefined : later.find((row) => row.toolInput !== call.toolInput);
    const newCommand = replacement ? toolCommand(replacement) : null;
    attempts.push({
      attemptLabel: attemptLabel(call),
      approachSummary: describeToolCall(call),
      failureReason: clip(reason, 200),
      replacedBy: replacement ? clip(newCommand ?? describeToolCall(replacement), 120) : null,
    });
    const gap = replacement ? between(rows, call.seq, replacement.seq) : [];
    const quiet = gap.every((row) => row.role !== "user" && !isFileEdit(row));
    if (
      failedCommand !== null &&
      newCommand !== null &&
      quiet &&
      relatedCommands(failedCommand, newCommand)
    ) {
      const [from, to] = [formatTerm(clip(failedCommand, 60)), formatTerm(clip(newCommand, 60))];
      heuristics.push({
        kind: "prefer",
        trigger: topicTrigger(failedCommand, zh, "command") ?? context.trigger,
        rule: zh ? `用 ${to} 代替 ${from}` : `Use ${to} instead of ${from}`,
        why: clip(zh ? `${from} 失败：${reason}` : `${from} failed: ${reason}`, 200),
        evidence: clip(reason, MAX_HEURISTIC_EVIDENCE_CHARS),
        confidence: 0.6,
      });
      continue;
    }
    const rerun = later[0];
    if (failedCommand === null || rerun === undefined || rerun.toolInput !== call.toolInput) continue;
    if (between(rows, call.seq, rerun.seq).some((row) => row.role === "user" || isActionCall(row))) continue;
    const command = formatTerm(clip(failedCommand, 60));
    heuristics.push({
      kind: "verify",
      trigger: topicTrigger(failedCommand, zh, "command") ?? context.trigger,
      rule: zh
        ? `${command} 可能偶发失败：改动任何东西前先原样重跑一次`
        : `${command} can fail transiently: re-run it once before changing anything`,
      why: clip(
        zh ? `它失败（${reason}）后原样重跑就成功了` : `it failed (${reason}) and then passed unchanged`,
        200,
      ),
      evidence: clip(reason, MAX_HEURISTIC_EVIDENCE_CHARS),
      confidence: 0.4,
    });
  }
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
 * moment"). The trigger is the situation the terms name ("npm install" → "Installing
 * dependencies"), else the task title. Confidence: the signal's, at most 0.8; 0.6 when one side
 * is unknown. A wrong term already recorded as a failed attempt by rule 1 is not added again.
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
    const before = context.rows.filter((row) => row.seq < signal.seq);
    const correction = extractCorrection(signal.evidence, before);
    // A constraint counts as a correction only when it names both sides ("don't use X, use Y").
    if (correction === null || (constraint && (correction.wrong === null || correction.right === null)))
      continue;
    used.add(signal);
    const zh = textLanguage(signal.evidence) === "zh";
    const { wrong, right } = correction;
    const rule = clip(phraseCorrection(correction, zh), MAX_RULE_CHARS);
    // One message can carry a correction and a constraint with the same words: learn it once.
    const key = `${signal.seq}\u0000${rule}`;
    if (seen.has(key)) continue;
    seen.add(key);
    heuristics.push({
      kind: right ? "prefer" : "avoid",
      trigger: topicTrigger([wrong, right].filter(Boolean).join(" "), zh) ?? context.trigger,
      rule,
      why: zh ? "用户纠正了这一点" : "The user corrected this",
      evidence: signal.evidence,
      confidence: wrong && right ? Math.min(0.8, signal.confidence) : 0.6,
    });
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
 * person singular without naming the project, else `project`.
 */
export function constraintRule(
  context: ExperienceContext,
  used: ReadonlySet<TaskSignal>,
  criteria: string[],
  heuristics: TransferableHeuristic[],
): void {
  for (const signal of context.signals) {
    if (signal.source !== "user" || (signal.type !== "constraint" && signal.type !== "preference")) continue;
    if (used.has(signal)) continue;
    const sentence = stripConnectives(signal.evidence);
    const zh = textLanguage(sentence) === "zh";
    const substantial = zh
      ? (sentence.match(/\p{Script=Han}/gu)?.length ?? 0) >= 4
      : sentence.split(/\s+/).length >= 3;
    if (signal.type === "constraint") criteria.push(signal.evidence);
    if (signal.confidence < 0.7 || !substantial) continue;
    if (signal.type === "constraint") {
      heuristics.push({
        kind: isNegativeRule(sentence) ? "avoid" : "verify",
        trigger: context.trigger,
        rule: clip(sentence, MAX_RULE_CHARS),
        why: zh ? "用户明确提出的约束" : "A constraint the user stated",
        evidence: signal.evidence,
        scopeHint: "project",
        confidence: 0.6,
      });
      continue;
    }
    const preference = extractPreference(sentence);
    const rule = preference ? phrasePreference(preference, zh) : sentence;
    heuristics.push({
      kind: !preference && isNegativeRule(sentence) ? "avoid" : "prefer",
      trigger: topicTrigger(sentence, zh) ?? context.trigger,
      rule: clip(rule, MAX_RULE_CHARS),
      why: zh ? "用户表达的偏好" : "A preference the user stated",
      evidence: signal.evidence,
      scopeHint: preferenceScope(sentence),
      confidence: 0.7,
    });
  }
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
