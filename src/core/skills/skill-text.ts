/**
 * Text pieces of a skill: steps split out of working approaches and merged across tasks,
 * pitfalls phrased from failed attempts and lessons, names, titles and descriptions. English
 * and Chinese. Pure.
 */

import type { FailedAttempt } from "../learning/offline-experience.js";
import type { Lesson } from "../lessons/lesson.js";
import { fnv1a64 } from "../lessons/lesson-text.js";
import { languageOf } from "../lexicon/language.js";
import { MIN_SUPPORT_TASKS, skillDescription, skillLine, skillSlug } from "./skill.js";
import { nearlySame, stemWord, topicTokens } from "./topic.js";

const LIST_MARKER =
  /^(?:[-*•]\s+|\d+[.)、]\s*|(?:then|and then|finally|next)\b[,:]?\s+|(?:然后|接着|最后|再)[，,:：]?\s*)/iu;

/**
 * The steps of one working approach: one per line, `;` or `；` (the offline experience joins
 * actions with "; "), list markers and "then"/"然后" openers dropped, empty pieces skipped.
 */
export function splitApproach(approach: string): string[] {
  return approach
    .split(/\r?\n|;\s+|；/u)
    .map((piece) => skillLine(piece.trim().replace(LIST_MARKER, "")))
    .filter((piece) => piece !== "");
}

/** A step as merged across tasks: its wording, the tasks it came from, its mean relative position. */
interface MergedStep {
  text: string;
  tasks: Set<string>;
  positions: number[];
  first: number;
}

/**
 * Merges the steps of several tasks' approaches: near-identical steps (see `nearlySame`) become
 * one, worded as first seen. Keeps at most `max`, preferring steps more tasks share, and orders
 * them by their mean relative position in the approaches they came from (ties: more tasks, then
 * first seen).
 */
export function mergeSteps(
  approaches: ReadonlyArray<{ taskId: string; steps: readonly string[] }>,
  max: number,
): string[] {
  const merged: MergedStep[] = [];
  let seen = 0;
  for (const { taskId, steps } of approaches) {
    steps.forEach((step, index) => {
      const position = steps.length > 1 ? index / (steps.length - 1) : 0;
      const same = merged.find((item) => nearlySame(item.text, step));
      if (same) {
        same.tasks.add(taskId);
        same.positions.push(position);
      } else {
        merged.push({ text: step, tasks: new Set([taskId]), positions: [position], first: seen });
      }
      seen++;
    });
  }
  const mean = (step: MergedStep) =>
    step.positions.reduce((sum, value) => sum + value, 0) / step.positions.length;
  return merged
    .sort((first, second) => second.tasks.size - first.tasks.size || first.first - second.first)
    .slice(0, max)
    .sort(
      (first, second) =>
        mean(first) - mean(second) || second.tasks.size - first.tasks.size || first.first - second.first,
    )
    .map((step) => step.text);
}

/** Items with near-duplicates (see `nearlySame`) removed, first wording kept, order preserved. */
export function uniqueItems(items: readonly string[], max = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  for (const item of items) {
    const line = skillLine(item);
    if (line === "" || out.some((kept) => nearlySame(kept, line))) continue;
    out.push(line);
    if (out.length >= max) break;
  }
  return out;
}

/**
 * A failed attempt as a pitfall, e.g. "Avoid Bash: npm install — it failed (npm ERR! code
 * ERESOLVE); pnpm install worked instead", or in Chinese "避免 Bash: npm install —— 失败（…）；改用
 * pnpm install".
 */
export function attemptPitfall(attempt: FailedAttempt, zh: boolean): string {
  const what = skillLine(attempt.approachSummary || attempt.attemptLabel, 120);
  const reason = skillLine(attempt.failureReason, 120);
  const replaced = attempt.replacedBy ? skillLine(attempt.replacedBy, 80) : "";
  if (zh)
    return `避免 ${what}${reason ? ` —— 失败（${reason}）` : ""}${replaced ? `；改用 ${replaced}` : ""}`;
  return `Avoid ${what}${reason ? ` — it failed (${reason})` : ""}${replaced ? `; ${replaced} worked instead` : ""}`;
}

/** The approach a failed attempt tried, for spotting a step that is now known to fail. */
export function attemptApproach(attempt: FailedAttempt): string {
  return attempt.approachSummary || attempt.attemptLabel;
}

/** An avoid or anti-pattern lesson as a pitfall: its rule, and its reason when it has one. */
export function lessonPitfall(lesson: Pick<Lesson, "rule" | "why" | "kind">): string {
  const why = lesson.kind === "anti_pattern" ? "" : skillLine(lesson.why, 120);
  const zh = languageOf(lesson.rule) === "zh";
  return why ? `${lesson.rule}${zh ? `（${why}）` : ` (${why})`}` : lesson.rule;
}

/**
 * The text an anti-pattern warns against, without its "Avoid:" / "避免：" prefix and failure
 * counts, for spotting a step that is now known to fail.
 */
export function antiPatternApproach(rule: string): string {
  return rule
    .replace(/^(?:avoid|避免)\s*[:：]\s*/iu, "")
    .replace(/[.。]?\s*(?:failed \d+\/\d+ times.*|失败\s*\d+\/\d+\s*次.*)$/iu, "")
    .trim();
}

/** The member of a group whose text is most similar to the others' (ties: the earliest). */
export function medoidIndex(
  texts: readonly string[],
  similarity: (first: number, second: number) => number,
): number {
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  texts.forEach((_, index) => {
    let score = 0;
    texts.forEach((__, other) => {
      if (other !== index) score += similarity(index, other);
    });
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}

const ASCII_WORD = /[A-Za-z0-9][A-Za-z0-9]*/g;

/**
 * A skill name from a group's representative text: its ASCII content words (stop words dropped),
 * keeping only words the other members share when at least two are shared, at most five; text
 * with fewer than two such words that contains CJK gets a short hash so names stay distinct
 * (`pnpm-3fa2c1`). Always valid (see `skillSlug`).
 */
export function skillNameFrom(representative: string, others: readonly string[]): string {
  const shared = new Map<string, number>();
  for (const text of others)
    for (const token of topicTokens(text)) shared.set(token, (shared.get(token) ?? 0) + 1);
  const words = (representative.match(ASCII_WORD) ?? [])
    .map((word) => word.toLowerCase())
    .filter((word) => word.length > 1 && topicTokens(word).size > 0);
  const common = words.filter((word) => shared.has(stemWord(word)));
  const chosen = [...new Set(common.length >= 2 ? common : words)].slice(0, 5);
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(representative);
  if (chosen.length >= 2 || (!cjk && chosen.length === 1)) return skillSlug(chosen.join(" "));
  return skillSlug(`${chosen.length ? chosen.join(" ") : "skill"} ${fnv1a64(representative).slice(0, 6)}`);
}

/** A title: the representative text on one line, at most 80 characters, first letter upper case. */
export function skillTitle(text: string): string {
  const line = skillLine(text, 80).replace(/[\s.。!！?？:：;；,，]+$/u, "");
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/**
 * A description: what (the title, and a summary when given), when (up to three when-to-use
 * entries that do not merely repeat the title), why, and how much support it has, in the
 * title's language, e.g. "Install dependencies with pnpm. Use when: installing dependencies for
 * the api. Learnt by tacit from 3 successful tasks."
 */
export function describeSkill(input: {
  title: string;
  whenToUse: readonly string[];
  taskCount: number;
  summary?: string;
  why?: string;
}): string {
  const zh = languageOf(input.title) === "zh";
  const sentence = (text: string | undefined, max: number) =>
    text ? skillLine(text, max).replace(/[\s.。!！;；]+$/u, "") : "";
  const when = input.whenToUse
    .filter((item) => !nearlySame(item, input.title))
    .slice(0, 3)
    .map((item) => sentence(item, 160))
    .join(zh ? "；" : "; ");
  const count = Math.max(input.taskCount, MIN_SUPPORT_TASKS);
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const summary = capital(sentence(input.summary, 200));
  const why = capital(sentence(input.why, 200));
  const text = zh
    ? [
        `${sentence(input.title, 120)}。`,
        summary ? `${summary}。` : "",
        when ? `适用于：${when}。` : "适用于同类任务。",
        why ? `${why}。` : "",
        `tacit 从 ${count} 个成功任务中学到。`,
      ].join("")
    : [
        `${sentence(input.title, 120)}.`,
        summary ? `${summary}.` : "",
        when ? `Use when: ${when}.` : "Use for tasks like this one.",
        why ? `${why}.` : "",
        `Learnt by tacit from ${count} successful tasks.`,
      ]
        .filter((part) => part !== "")
        .join(" ");
  return skillDescription(text);
}
