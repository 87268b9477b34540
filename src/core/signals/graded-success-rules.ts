/**
 * Graded success rules: thanks and acceptance, praise, and enthusiasm in a reply to the assistant
 * each yield a weak success with a calibrated confidence (graded-confidence.ts). None reaches the
 * 0.5 floor learning reads; they weigh in the turn's satisfaction and in live signals.
 */
import { ENTHUSIASM_CUES } from "../lexicon/enthusiasm-cues.js";
import { PRAISE_CUES } from "../lexicon/praise-cues.js";
import { SATISFACTION_CUES } from "../lexicon/satisfaction-cues.js";
import { GRADED_CONFIDENCE } from "./graded-confidence.js";
import { answered, lexiconRule, soundsUnhappy } from "./graded-rule-kit.js";
import type { OfflineSignalRule } from "./rule-context.js";
import { negatedBefore } from "./rule-context.js";
import { sentenceSpan } from "./signal-text.js";

const acceptance = lexiconRule({
  id: "acceptance",
  type: "success",
  description:
    "Answering the assistant (its last turn, the user's own messages since), the user thanks, accepts or praises ('Sounds good', 'That works for me', 'I loved that one', '好的，谢谢'): a weak success.",
  example: { en: "That sounds good, can I get the address?", zh: "好的，谢谢" },
  lexicon: SATISFACTION_CUES,
  confidence: GRADED_CONFIDENCE.acceptance,
  when: "afterAnswer",
  skipWhenAccepting: false,
});

const praise: OfflineSignalRule = {
  id: "praise",
  type: "success",
  source: "user",
  roles: ["user"],
  description:
    "Answering the assistant, the user praises what was offered anywhere in the message ('a great one', 'really good', 'interesting', 'good pick', '很好看'): a weak success. Not when negated ('not really good').",
  example: { en: "That's a great one, my kids loved it.", zh: "这个推荐很好，我去看看" },
  detect(context) {
    if (!answered(context)) return undefined;
    const masked = context.view.masked(context.index);
    PRAISE_GLOBAL.lastIndex = 0;
    for (let found = PRAISE_GLOBAL.exec(masked); found !== null; found = PRAISE_GLOBAL.exec(masked)) {
      const match = { start: found.index, end: found.index + found[0].length };
      if (negatedBefore(masked, match)) continue;
      const sentence = sentenceSpan(masked, match.start);
      return {
        confidence: GRADED_CONFIDENCE.praise,
        evidence: context.message.content.slice(sentence.start, sentence.end).trim(),
        ...match,
      };
    }
    return undefined;
  },
};

const PRAISE_GLOBAL = new RegExp(PRAISE_CUES.pattern.source, "g");

/** A "!" that closes a question ("what?!") is surprise, not enthusiasm. */
const QUESTION_MARK = /[?？]/;

const enthusiasm = lexiconRule({
  id: "enthusiasm",
  type: "success",
  description:
    "Answering the assistant, the user writes with enthusiasm — an exclamation mark, 'wow', laughter, a smiley ('Yes, I have seen it!', 'lol', '哈哈') — and nothing in the message sounds unhappy (no negation, no 'No,' opener, dislike, complaint or rejection) and the exclamation is not a question: a weak success.",
  example: { en: "Yes, I have seen it!", zh: "哈哈，太棒了" },
  lexicon: ENTHUSIASM_CUES,
  confidence: GRADED_CONFIDENCE.enthusiasm,
  when: "afterAnswer",
  skipWhenAccepting: false,
  skip: (context) => {
    if (soundsUnhappy(context)) return true;
    const masked = context.view.masked(context.index);
    const at = masked.search(ENTHUSIASM_CUES.pattern);
    const sentence = sentenceSpan(masked, at);
    return QUESTION_MARK.test(masked.slice(sentence.start, sentence.end));
  },
});

/** The graded success rules. Their order does not matter: findings are settled per message. */
export const GRADED_SUCCESS_RULES: readonly OfflineSignalRule[] = [acceptance, praise, enthusiasm];
