/**
 * Task headings: the words that head the work asked for now, not a rule (see `TASK_HEADINGS`). Pure.
 */
import { defineLexicon } from "./define-lexicon.js";
import { hasStrongStandingMarker } from "./standing-markers.js";

/**
 * A task headed as one: the work asked for now, no rule ("task: the expiry reminder emails go out in
 * UTC instead of the household's time zone", "bug: …", "任务：…").
 */
export const TASK_HEADINGS = defineLexicon(
  "task-headings",
  [
    {
      pattern:
        /^(?:(?:ok(?:ay)?|so|and|now|alright)[,\s]+)*(?:(?:(?:first|next|the|one|today'?s|your|new|quick|small|actual|real) )?(?:task|todo|ticket|job|bug|issue|request)|(?:first|next|today'?s|your) thing)\s*[:：]/,
      example: "task: the expiry reminder emails go out in UTC instead of the household's time zone",
    },
    // The first piece of work, after the rules said before it: "first up: stage the stripe refunds source".
    { pattern: /^(?:first|next|then) up\s*[:：,]/, example: "first up: stage the stripe refunds source" },
    { pattern: /^(?:任务|需求|问题|bug)\s*[:：]/u, example: "任务：订单导出加一列退款金额" },
  ],
  "iu",
);

/** True when `text` heads a task (see {@link TASK_HEADINGS}). */
export function headsTask(text: string): boolean {
  return TASK_HEADINGS.test(text.trim());
}

/**
 * A request for now said in the same sentence after a rule, which ends the rule: "界面上的文案不要写死，
 * 放 arb 文件里，先帮我把依赖装一下", "…, now can you fix the header".
 */
export const TASK_TAILS = defineLexicon(
  "task-tails",
  [
    { pattern: /^(?:先|那就?|然后|现在|顺便)?(?:帮我|麻烦你?)/u, example: "先帮我把依赖装一下" },
    {
      pattern: /^(?:(?:and|but|so|now|then|first|ok(?:ay)?),?\s+)*(?:can|could|would) you\b/,
      example: "now can you fix the header",
    },
  ],
  "iu",
);

/** `text` up to a clause that asks for the work of now (see {@link TASK_TAILS}); itself when none does. */
export function withoutTaskTail(text: string): string {
  // A clause ends at a comma or a dash ("…, so please don't add any new Newtonsoft usages — and could
  // you port the exporter?"); a space between Chinese characters parts clauses too: a line break
  // folded into one line. The spaces stay with the clause after them.
  const clauses = text.split(/(?<=[，,;；])|(?<=\s[—–-])(?=\s)|(?<=\p{Script=Han})(?=\s+\p{Script=Han})/u);
  // A request asked for always is the rule itself ("…, would you please always pass --profile sandbox?").
  const at = clauses.findIndex(
    (clause, index) =>
      index > 0 &&
      TASK_TAILS.test(clause.trim().replace(/^[—–-]\s*/, "")) &&
      !hasStrongStandingMarker(clause),
  );
  return at === -1
    ? text
    : clauses
        .slice(0, at)
        .join("")
        .replace(/\s*[，,;；—–-]?\s*$/, "");
}

/** True when `text` opens by asking for the work of now ("先帮我把依赖装一下", "now can you…"). */
export function asksForNow(text: string): boolean {
  return TASK_TAILS.test(text.trim());
}
