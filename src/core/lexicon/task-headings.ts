/**
 * Task headings: the words that head the work asked for now, not a rule (see `TASK_HEADINGS`). Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/**
 * A task headed as one: the work asked for now, no rule ("task: the expiry reminder emails go out in
 * UTC instead of the household's time zone", "bug: …", "任务：…").
 */
export const TASK_HEADINGS = defineLexicon(
  "task-headings",
  [
    {
      pattern:
        /^(?:(?:first|next|the|one|today'?s|your|new|quick|small|actual|real) )?(?:task|todo|ticket|job|bug|issue|request)\s*[:：]/,
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
