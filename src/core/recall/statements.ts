import type { Lesson } from "../lessons/lesson.js";

const MAX_STATEMENT_CHARS = 300;
/** A trigger that already says when ("Before pushing", "Every time you touch …"): no "When" before it. */
const SITUATION_WORD = /^(?:when(?:ever)?|before|after|every ?time|each time|if|once|while|during)\b/i;

/**
 * A lesson as one short factual statement: "When <trigger>: <rule> (<why>)". Chinese lessons read
 * "<trigger>时：<rule>（<why>）". Anti-patterns keep their "Avoid: … Failed n/m times" text.
 */
export function lessonStatement(lesson: Pick<Lesson, "kind" | "trigger" | "rule" | "why">): string {
  const chinese = /[\u3400-\u9fff]/.test(lesson.rule);
  const rule = lesson.rule.trim().replace(/[.。]$/, "");
  const why = lesson.why.trim().replace(/[.。]$/, "");
  const trigger = lesson.trigger.trim().replace(/[.。:：]$/, "");
  let text: string;
  if (lesson.kind === "anti_pattern") text = rule;
  else if (chinese) text = `${trigger}时：${rule}${why ? `（${why}）` : ""}`;
  else if (SITUATION_WORD.test(trigger)) text = `${upperFirst(trigger)}: ${rule}${why ? ` (${why})` : ""}`;
  else text = `When ${lowerFirst(trigger)}: ${rule}${why ? ` (${why})` : ""}`;
  return clip(text);
}

/** Memory evidence as a statement: `<date> <who>: "<quote>"`. */
export function evidenceStatement(input: {
  role: string;
  text: string;
  at: number;
  toolName?: string | null;
}): string {
  const who = input.toolName ? `${input.toolName} failed` : input.role;
  const date = new Date(input.at).toISOString().slice(0, 10);
  return clip(`${date} ${who}: "${input.text.replace(/\s+/g, " ").trim()}"`);
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function clip(text: string): string {
  return text.length > MAX_STATEMENT_CHARS ? `${text.slice(0, MAX_STATEMENT_CHARS - 1)}…` : text;
}
