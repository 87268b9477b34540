/**
 * Situations ("Installing dependencies", "Committing changes", "提交代码") that a lesson's trigger
 * names, read from a sentence, a shell command or a task title by keyword, in English and
 * Chinese. A trigger names the activity a lesson applies to, not the task it was learnt in:
 * "When committing changes: …", not "When fix the null check in the invoice serializer and
 * commit it: …". Pure.
 */

import { TASK_VERBS } from "../lexicon/imperative-verbs.js";
import { activityTrigger, kindsOfWorkIn } from "../lexicon/kinds-of-work.js";
import { isSmallTalk } from "../lexicon/small-talk-cues.js";
import { workLabel } from "../lexicon/work-groups.js";

export { activityTrigger };

/** Short verbs that double their last consonant before -ing ("run" → "running"). */
const DOUBLING = new Set([
  "run",
  "set",
  "get",
  "put",
  "stop",
  "drop",
  "hit",
  "ship",
  "plan",
  "split",
  "wrap",
]);
const OBJECT_STOP =
  /^(?:in|on|for|to|from|with|without|and|or|but|so|that|because|before|after|when|while|which|then|into|across|under|as|by|of|if|please|using|via|like|at|about|since|until)$/i;

function gerund(verb: string): string {
  const lower = verb.toLowerCase();
  if (DOUBLING.has(lower)) return `${lower}${lower.slice(-1)}ing`;
  if (/[^e]e$/.test(lower)) return `${lower.slice(0, -1)}ing`;
  return `${lower}ing`;
}

/**
 * A task title as an activity: its topic ({@link activityTrigger}) when one is recognised, else an
 * English imperative shortened to a gerund and its object ("fix the null check in the invoice
 * serializer" → "Fixing the null check"), else the title unchanged. Chinese triggers never end
 * in 时 (the lesson statement adds it).
 */
export function titleActivity(title: string, zh: boolean): string {
  const topic = activityTrigger(title, zh);
  if (topic !== null) return topic;
  const words = title.trim().split(/\s+/);
  const verb = words[0] ?? "";
  if (!zh && TASK_VERBS.has(verb.toLowerCase()) && words.length > 1) {
    const object: string[] = [];
    for (const word of words.slice(1)) {
      const bare = word.replace(/[,.;:!?]+$/, "");
      if (OBJECT_STOP.test(bare) || object.length === 5) break;
      object.push(bare);
      if (bare !== word) break;
    }
    if (object.length > 0) {
      const phrase = `${gerund(verb)} ${object.join(" ")}`;
      return phrase.charAt(0).toUpperCase() + phrase.slice(1);
    }
  }
  // A question, a greeting or a report is no situation: name its kind of work, else the project.
  if (/[?？]\s*$/.test(title) || isSmallTalk(title)) return workLabel(kindsOfWorkIn(title)[0], zh);
  return title.trim().replace(/(?:的时候|之时|时)$/, "");
}
