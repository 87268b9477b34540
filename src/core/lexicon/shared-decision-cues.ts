/**
 * Decisions the user and the agent (or the user's team) have taken: "we decided to use Postgres",
 * "decision: the launch moves to March 3", "let's standardise on pnpm", "我们决定用 Postgres".
 * The memory gate reads them as durable facts for MEMORY.md.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A decision taken. */
export const SHARED_DECISION_CUES = cueLexicon("shared-decision-cues", [
  {
    pattern:
      /\b(?:we|i)(?:'ve| have|'re| are|'ll| will)? (?:decided|agreed|settled on|chose|picked|went with|going with|go with|sticking with|stick with)\b/,
    example: "We decided to use Postgres for the billing service.",
  },
  {
    pattern: /\b(?:the |our |final )?decision(?: is| was|:)|\bdecided:/,
    example: "Decision: the launch moves to March 3.",
  },
  {
    pattern: /\bthe (?:plan|new policy|policy|rule|convention|agreement) (?:here )?is\b/,
    example: "The plan is to ship v2 in the third quarter.",
  },
  {
    pattern:
      /\b(?:let'?s|we'?ll|we will|we should|we're going to) (?:standardi[sz]e on|stick with|keep using|stop using|switch to|move to|migrate to|adopt)\b/,
    example: "Let's standardise on pnpm across all repos.",
  },
  {
    pattern: /\b(?:agreed|approved|signed off|confirmed)(?: on| that)?:/,
    example: "Agreed: weekly sync on Tuesdays.",
  },
  {
    pattern: /(?:我们|大家)?(?:决定|定了|说好了|商量好了|敲定|确定)(?:了)?(?:用|要|把|在|是|：|:)/,
    example: "我们决定用 Postgres",
  },
  { pattern: /方案是|计划是|结论是|规定是|约定是/, example: "结论是下周三上线" },
]);
