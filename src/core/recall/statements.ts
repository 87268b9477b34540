import type { Lesson } from "../lessons/lesson.js";
import type { EvidenceAttribution } from "./context.js";

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

/** How each attribution is written before a quote. */
const SAID_BY: Record<EvidenceAttribution, string> = {
  user: "the user said",
  assistant: "the assistant said",
  tool_output: "tool output",
};

/**
 * Memory evidence as a statement that names who said it: `<date>, the user said: "<quote>"`,
 * `<date>, the assistant said: …`, or `<date>, tool output (Bash, failed): …`. Tool output is
 * never attributed to the user, even when the agent recorded it in a user turn.
 */
export function evidenceStatement(input: {
  attribution: EvidenceAttribution;
  text: string;
  at: number;
  toolName?: string | null;
  failed?: boolean;
}): string {
  const tool = [input.toolName, input.failed === false ? null : "failed"].filter(Boolean).join(", ");
  const who =
    input.attribution === "tool_output" && tool !== ""
      ? `${SAID_BY.tool_output} (${tool})`
      : SAID_BY[input.attribution];
  const date = new Date(input.at).toISOString().slice(0, 10);
  return clip(`${date}, ${who}: "${input.text.replace(/\s+/g, " ").trim()}"`);
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
