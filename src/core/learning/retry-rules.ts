/**
 * The offline task-experience rules about tool runs: error → retry → success (rule 1), fix then
 * retry (rule 1b) and the user's explanation after the same error repeats (rule 1c). Pure.
 */

import { hasHan } from "../lexicon/language.js";
import { forbids } from "../lexicon/negations.js";
import { sentenceRun, splitSentences, tokens } from "../lexicon/tokenizer.js";
import { type AnsweredRetry, sameProgram, suppliedChange } from "./answered-retries.js";
import {
  distinguishingPair,
  isEnvironmentFix,
  MAX_COMMAND_CHARS,
  missingProgram,
  saysNothing,
  shortError,
  tellingLine,
} from "./command-text.js";
import { attemptLabel, between, type ExperienceContext } from "./experience-context.js";
import { MAX_HEURISTIC_EVIDENCE_CHARS, MAX_RULE_CHARS, MAX_TRIGGER_CHARS } from "./experience-limits.js";
import { formatTerm, isFixBeforeRetry, relatedCommands, stripConnectives } from "./experience-text.js";
import { INSTALLS, isWorkaround, notInstalled } from "./missing-programs.js";
import type { FailedAttempt, TransferableHeuristic } from "./offline-experience.js";
import {
  clip,
  describeToolCall,
  errorLine,
  isActionCall,
  isFailedCall,
  isFileEdit,
  type TaskMessage,
  toolCommand,
  toolTarget,
  userWords,
} from "./task-message.js";
import { activityTrigger } from "./topics.js";
import { isChatty, isContentless } from "./user-sentences.js";

/**
 * Rule 1b — fix, then retry. A failed command that later succeeds unchanged, after a successful
 * command ran in between (the fix) and no file was edited: the failure is a failed attempt
 * replaced by "fix && command", and a `prefer` heuristic says to run the fix first. The fix is a
 * command of the same program (`git push origin main` is rejected, `git pull --rebase origin
 * main` succeeds, the push succeeds → "If `git push origin main` fails with "! [rejected] …",
 * run `git pull --rebase origin main` first, then re-run it"), or one that sets up what the
 * failure says is missing (`npm run test:integration` fails with "connect ECONNREFUSED
 * 127.0.0.1:5432", `docker compose up -d db`, the tests pass; "Cannot find module
 * '@acme/shared'", `pnpm --filter @acme/shared build`). Look-only commands (`git status`, `npm
 * ls`) are never the fix; with only other programs or file edits in between the lesson would be
 * about this task's code, so none is made. The error is shortened so that the fix is never cut.
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
  const output = call.toolOutput ?? "";
  const fix = gap
    .filter((row) => isActionCall(row) && !isFailedCall(row, signals))
    .map((row) => toolCommand(row))
    .filter(
      (command): command is string =>
        command !== null && (isFixBeforeRetry(command, failedCommand) || isEnvironmentFix(command, output)),
    )
    .pop();
  if (fix === undefined) return false;
  const reason = errorLine(call, signals);
  const [command, step] = [formatTerm(clip(failedCommand, 60)), formatTerm(clip(fix, 80))];
  const skeleton = zh
    ? `${command} 报错「」时，先运行 ${step}，再重跑它`
    : `If ${command} fails with "", run ${step} first, then re-run it`;
  const short = shortError(reason, Math.max(30, Math.min(70, MAX_RULE_CHARS - skeleton.length)));
  attempts.push({
    attemptLabel: attemptLabel(call),
    approachSummary: describeToolCall(call),
    failureReason: clip(reason, 200),
    replacedBy: clip(`${fix} && ${failedCommand}`, 120),
  });
  const cause = shortError(reason, 70);
  heuristics.push({
    kind: "prefer",
    trigger: clip(zh ? `${command} 失败：${cause}` : `${command} fails: ${cause}`, MAX_TRIGGER_CHARS),
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
 * or argument) with no file edit and no user message in between, and the failure said why (not
 * just "Error"), a `prefer` heuristic
 * {trigger "Installing dependencies", rule "Use `pnpm install` instead of `npm install`"}. Long
 * commands are shortened around the part where they differ (`curl … https://api.acme.test/v2/…`
 * instead of `curl … https://api.acme.test/v1/…`), never cut there.
 * A failed call retried unchanged that then succeeds with nothing but text or reads in between
 * is flaky: a `verify` heuristic "re-run `X` once before changing anything" (confidence 0.4) —
 * unless a message of the user's in the task names the command: their rule outranks the pattern.
 * A failed command that later passes unchanged after a fixing command goes to rule 1b
 * ({@link fixThenRetry}); one that passes unchanged otherwise was not replaced (`replacedBy`
 * null). Failures of data tools (Read, Grep…) are exploration, not attempts.
 * Repeats of one failing input count once. The trigger is the command's activity, else the task's.
 */
export function retryRule(
  context: ExperienceContext,
  attempts: FailedAttempt[],
  heuristics: TransferableHeuristic[],
  answered: AnsweredRetry[] = [],
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
    // The call that did the job: the first later one related to the failed command (`idf.py -p
    // /dev/ttyACM0 flash` for `idf.py flash`), past the looks around in between (`ls /dev/tty*`).
    const changed = later.filter((row) => row.toolInput !== call.toolInput);
    const related = changed.find((row) => relatedCommands(failedCommand, toolCommand(row)));
    const replacement = keptAsIs ? undefined : (related ?? changed[0]);
    const newCommand = replacement ? toolCommand(replacement) : null;
    attempts.push({
      attemptLabel: attemptLabel(call),
      approachSummary: describeToolCall(call),
      failureReason: clip(reason, 200),
      replacedBy: replacement ? clip(newCommand ?? describeToolCall(replacement), 120) : null,
    });
    const trigger =
      failedCommand === null
        ? context.activity
        : (activityTrigger(failedCommand, zh, "command") ?? context.activity);
    // An attempt to install something is not the job itself (`brew install jq` after jq was missing).
    const missing =
      failedCommand === null || INSTALLS.test(failedCommand)
        ? null
        : missingProgram(call.toolOutput ?? reason);
    const workaround =
      missing === null ? undefined : rows.find((row) => isWorkaround(row, call, missing, signals));
    const workaroundCommand = workaround ? toolCommand(workaround) : null;
    const absent =
      missing === null || workaroundCommand === null ? null : notInstalled(missing, workaroundCommand);
    // `psql` is missing and `docker compose exec db psql …` did the job: the program lives elsewhere.
    if (absent?.wrapped) {
      heuristics.push(absent.heuristic(trigger, reason, zh));
      continue;
    }
    const gap = replacement ? between(rows, call.seq, replacement.seq) : [];
    // The user may have answered in between with what the retry changed ("--profile
    // analytics-ro"; "staging isn't public. it's stg-api.internal… on port 8443"): the change is theirs.
    const answeredAt = suppliedChange(gap, failedCommand, newCommand);
    const supplied = answeredAt !== null;
    const quiet = gap.every((row) => (row.role !== "user" || supplied) && !isFileEdit(row));
    if (
      failedCommand !== null &&
      newCommand !== null &&
      quiet &&
      !saysNothing(call.toolOutput ?? "") &&
      (relatedCommands(failedCommand, newCommand) || (supplied && sameProgram(failedCommand, newCommand))) &&
      !objectedTo(rows, replacement as TaskMessage, failedCommand, newCommand)
    ) {
      const [shownNew, shownOld] = distinguishingPair(newCommand, failedCommand, MAX_COMMAND_CHARS);
      const [from, to] = [formatTerm(shownOld), formatTerm(shownNew)];
      // A retry the user answered waits: what they said may be a lesson of its own (see `AnsweredRetry`).
      const add = (heuristic: TransferableHeuristic) =>
        answeredAt === null ? heuristics.push(heuristic) : answered.push({ seq: answeredAt, heuristic });
      add({
        kind: "prefer",
        trigger,
        rule: clip(zh ? `用 ${to} 代替 ${from}` : `Use ${to} instead of ${from}`, MAX_RULE_CHARS),
        why: clip(zh ? `${from} 失败：${reason}` : `${from} failed: ${reason}`, 200),
        evidence: clip(reason, MAX_HEURISTIC_EVIDENCE_CHARS),
        confidence: 0.6,
      });
      continue;
    }
    // `jq` is missing and `node -e …` did the job: the tool is absent here, not this call wrong.
    if (absent !== null) {
      heuristics.push(absent.heuristic(trigger, reason, zh));
      continue;
    }
    const rerun = later[0];
    if (failedCommand === null || rerun === undefined || rerun.toolInput !== call.toolInput) continue;
    if (between(rows, call.seq, rerun.seq).some((row) => row.role === "user" || isActionCall(row))) continue;
    // The user said something about this command ("always run `npm run lint` before…"): their rule
    // is the lesson, not a retry pattern inferred from it.
    if (rows.some((row) => userWords(row)?.toLowerCase().includes(commandHead(failedCommand)))) continue;
    const command = formatTerm(clip(failedCommand, 60));
    heuristics.push({
      kind: "verify",
      trigger,
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

/** A command's first three words (`npm run lint`), as a user would name it, lower-cased. */
function commandHead(command: string): string {
  return command.toLowerCase().split(/\s+/).slice(0, 3).join(" ");
}

/**
 * True when the user, after the working command and before the agent's next action, forbade what
 * it changed: `git commit --no-verify` worked, then "never skip the hooks with --no-verify" —
 * the working command is not the lesson, the prohibition is (rule 4 learns it).
 */
function objectedTo(
  rows: readonly TaskMessage[],
  replacement: TaskMessage,
  failedCommand: string,
  newCommand: string,
): boolean {
  const before = new Set(failedCommand.split(/\s+/));
  const changed = newCommand.split(/\s+/).filter((word) => word.length > 1 && !before.has(word));
  if (changed.length === 0) return false;
  for (const row of rows) {
    if (row.seq <= replacement.seq) continue;
    if (isActionCall(row)) return false;
    const words = userWords(row);
    if (words !== null && forbids(words) && changed.some((word) => words.includes(word))) return true;
  }
  return false;
}

/** The user's explanation: its sentences with content, verbatim, within the rule limit; null when none. */
function explanation(words: string): { rule: string; quote: string } | null {
  const kept = splitSentences(words).filter((sentence) => !isContentless(sentence.text));
  const first = kept[0];
  if (first === undefined) return null;
  let last = first;
  for (const sentence of kept.slice(1)) {
    if (isChatty(sentence.text) || sentenceRun(words, first, sentence).length > MAX_RULE_CHARS) break;
    last = sentence;
  }
  const quote = sentenceRun(words, first, last);
  return { rule: stripConnectives(quote).replace(/[.。]$/, ""), quote };
}

/**
 * True when the user's message at `seq` answers the repeated failure of `calls`, rather than
 * closing the task or asking for the next thing: it accepts nothing (no confident success signal:
 * "Thanks! Please update CLAUDE.md" closes the work) and it either pushes back (a correction,
 * reject or constraint of theirs) or speaks about the failure (shares a word with the failed call
 * or its error line).
 */
function answers(
  context: ExperienceContext,
  seq: number,
  words: string,
  calls: readonly TaskMessage[],
): boolean {
  const own = context.signals.filter((signal) => signal.seq === seq && signal.source === "user");
  if (own.some((signal) => signal.type === "success" && signal.confidence >= 0.5)) return false;
  if (own.some((signal) => signal.type !== "success" && signal.confidence >= 0.5)) return true;
  const last = calls[calls.length - 1] as TaskMessage;
  const failure = tokens(
    `${toolTarget(last)} ${tellingLine(last.toolOutput ?? "", errorLine(last, context.signals))}`,
    {
      parts: true,
    },
  );
  return [...tokens(words, { parts: true })].some((token) => failure.has(token));
}

/**
 * Rule 1c — the user explains a repeated error. When the same command failed at least twice with
 * the same error and the next user message says something of substance, that message is the
 * lesson: a `prefer` heuristic (`avoid` when it only forbids) with the user's sentences as rule,
 * verbatim, sentences without content ("stop guessing.", "每次都这样。") left out — when the message
 * answers the failure (see {@link answers}); a closing request after the work is no fix. Example:
 * `pnpm lint` fails three times with "error Promises must be awaited …
 * no-floating-promises", then "stop guessing. a floating promise has to be awaited, or wrapped in
 * void with a .catch that logs. don't disable the rule" → {trigger "`pnpm lint` keeps failing:
 * error Promises must be awaited…", rule "A floating promise has to be awaited, or wrapped in
 * void with a .catch that logs. don't disable the rule"}. Confidence 0.7. The message is marked
 * learnt, so the constraint and stated-rule rules leave it alone.
 */
export function repeatedErrorRule(context: ExperienceContext, heuristics: TransferableHeuristic[]): void {
  const { rows, signals } = context;
  const failures = new Map<string, TaskMessage[]>();
  for (const row of rows) {
    const words = userWords(row);
    if (words !== null) {
      const repeated = [...failures.values()].find((calls) => calls.length >= 2);
      const answering = repeated !== undefined && answers(context, row.seq, words, repeated);
      const said = answering ? explanation(words) : null;
      if (repeated !== undefined && said !== null) {
        heuristics.push(explained(context, repeated, said));
        context.learnt.push({ seq: row.seq, quote: said.quote });
      }
      failures.clear();
      continue;
    }
    if (!isActionCall(row)) continue;
    const key = `${row.toolName}\u0000${row.toolInput}`;
    if (!isFailedCall(row, signals)) {
      failures.delete(key);
      continue;
    }
    const calls = failures.get(key) ?? [];
    const line = tellingLine(row.toolOutput ?? "", errorLine(row, signals));
    const previous = calls[calls.length - 1];
    const same =
      previous === undefined || tellingLine(previous.toolOutput ?? "", errorLine(previous, signals)) === line;
    failures.set(key, same ? [...calls, row] : [row]);
  }
}

function explained(
  context: ExperienceContext,
  calls: readonly TaskMessage[],
  said: { rule: string; quote: string },
): TransferableHeuristic {
  const { rule, quote } = said;
  const { zh, signals } = context;
  const last = calls[calls.length - 1] as TaskMessage;
  const command = toolCommand(last);
  const what = command === null ? describeToolCall(last, 60) : formatTerm(clip(command, 60));
  const error = shortError(tellingLine(last.toolOutput ?? "", errorLine(last, signals)), 60);
  const ruleZh = hasHan(rule);
  const positive = splitSentences(rule).some((sentence) => !forbids(sentence.text));
  return {
    kind: positive ? "prefer" : "avoid",
    trigger: clip(
      ruleZh ? `${what} 反复报错「${error}」` : `${what} keeps failing: ${error}`,
      MAX_TRIGGER_CHARS,
    ),
    rule: clip(rule, MAX_RULE_CHARS),
    why: clip(
      zh || ruleZh
        ? `${what} 以同样的错误失败了 ${calls.length} 次，之后用户给出了说明`
        : `${what} failed ${calls.length} times with the same error before the user explained`,
      200,
    ),
    evidence: clip(quote, MAX_HEURISTIC_EVIDENCE_CHARS),
    confidence: 0.7,
  };
}
