/**
 * Tests for sentences that say nothing a lesson could keep ("每次都这样。", "stop guessing.") and
 * for small talk around a rule. The sentences themselves come from the tokenizer
 * (core/lexicon/tokenizer.ts). Pure.
 */
import { hanCount } from "../lexicon/language.js";
import { pointsBackOnly } from "../lexicon/pronoun-objects.js";
import { withoutReassurances } from "../lexicon/reassurances.js";

/** Words that only say how often or how annoying something is. */
const FILLER =
  /\b(?:stop guessing|come on|seriously|please|ugh+|argh+|hmm+|damn|again|every ?time|each time|always|keeps? happening|happens|same (?:thing|error|problem)|this|that|it|is|the|one)\b|每次|总是|老是|又|都|这样|这么|如此|同样|一样|还是|是|了|的|啊|呀|吧|呢|哎|唉|[\s\p{P}]/giu;

/**
 * True for a sentence with nothing a lesson could keep once frequency words and frustration are
 * removed ("每次都这样。", "Stop guessing.", "Again!", "Same error every time"), or whose whole object
 * is a pronoun ("Prefer that everywhere.", 以后都这样), or that only reassures the agent or owns a
 * slip ("No need, that's on me, I should have mentioned it up front": lexicon reassurances.ts).
 * A rule made of it teaches nothing.
 */
export function isContentless(sentence: string): boolean {
  const rest = withoutReassurances(sentence).replace(FILLER, " ");
  const latin = rest.match(/[A-Za-z0-9][\w'.-]*/g)?.length ?? 0;
  const han = hanCount(rest);
  return (latin < 2 && han < 3 && latin + han < 3) || pointsBackOnly(sentence);
}

/** An order about the work at hand, not a rule: "undo that", "drop it and redo", "撤回吧". */
const ONE_OFF_ORDER =
  /^\s*(?:(?:undo|revert|drop|delete|remove|redo|fix|reset|roll ?back)\s+(?:it|that|this|them)\b(?:\s+(?:and|then)\s+(?:redo|retry|try again|do it again|start over)(?: it| that)?)?|(?:redo|retry|try again|start over)\b)[\s.!]*$|^\s*(?:撤回|回滚|重来|重新来|删掉重来)[吧。！!]*\s*$/i;

/**
 * True for small talk around a rule: a question, thanks, an acknowledgement, an order about the
 * work at hand ("undo that"), or nothing at all.
 */
export function isChatty(sentence: string): boolean {
  return (
    /[?？]\s*$/.test(sentence) ||
    ONE_OFF_ORDER.test(sentence) ||
    /^\s*(?:(?:thanks|thank you|ok(?:ay)?|great|perfect|cool|nice|good|sure)(?![A-Za-z])|(?:好的|谢谢|多谢|可以|行|好)(?=[\s，,。！!~]|$))/i.test(
      sentence,
    ) ||
    isContentless(sentence)
  );
}
