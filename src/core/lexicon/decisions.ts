/**
 * Decisions told as news: "The team voted to go with tabs.", "we agreed on ruff for linting", "the
 * platform team standardized on zerolog", "the guild settled on pnpm", "大家投票决定以后用 pnpm",
 * "组里商量后统一用 vitest". A group's decision about how work is done is an update that holds from
 * now on: the convention rule reads it as lasting, and as the new value of its slot, so it
 * supersedes the older one. A decision still to be taken ("we'll vote on it tomorrow", 再决定) is
 * none. Lower case, read with the `i` flag. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** Everything put on one thing: "going all in on" (member-leads.ts reads the thing after it). */
export const ALL_IN = String.raw`(?:go|goes|going|went|gone)\s+all[- ]in\s+(?:on|with)`;

/** Every decision form, English then Chinese. */
export const DECISIONS = defineLexicon("decisions", [
  {
    pattern: /\b(?:voted|decided|agreed|chose|opted|resolved)\s+(?:to|on|for|that|in favou?r of)\b/,
    example: "The team voted to go with tabs.",
  },
  {
    pattern:
      /\b(?:standardi[sz]ed|settled|landed|converged|aligned)(?:\s+(?:every|all|each|our|the)(?:\s+[\w-]+){1,3})?\s+on\b|\b(?:went|(?:are|is|we're|we’re)\s+going)\s+with\b|\bpicked\s+\S+\s+(?:as|for|over)\b/,
    example: "Heads up: the platform team standardized on zerolog",
  },
  {
    // Everything put on one thing: "we're going all in on Tailwind", "the team went all-in on Bun".
    pattern: new RegExp(String.raw`\b${ALL_IN}\b`),
    example: "update from the guild meeting: we're going all in on Tailwind",
  },
  {
    pattern:
      /\b(?:the )?(?:decision|vote|consensus|verdict|outcome|result)\s+(?:is|was)\s+(?:to|that|for|in favou?r of)\b|\bthe (?:vote|decision) went (?:to|for)\b/,
    example: "the decision is to keep everything in one monorepo",
  },
  {
    pattern:
      /(?:投票|表决|讨论|商量|开会|会上|评审|复盘)[^，。,；;]{0,8}?(?:决定|定了|定下|定成|定的是|通过|一致同意)|(?:最终|最后)定的是|(?:一致|最终|最后)?(?:决定|约定|商定|定下来?)(?:了)?(?:以后|今后|统一|都|一律|用|改用|使用|采用)|(?:统一|一致)(?:成|为|采用|改用)/u,
    example: "大家投票决定以后用 pnpm",
  },
]);

/** True when a sentence tells of a decision about how work is done ("the team voted to go with tabs"). */
export function tellsDecision(text: string): boolean {
  return DECISIONS.test(text);
}
