/**
 * Implicit cues: what the user does rather than says. Restating a request after an answer (the
 * answer missed it), asking the same question again (it did not land), and drifting to another
 * subject right after an answer (a preference for something else). Each reads the conversation's
 * structure and the lexicons; confidences are data (graded-confidence.ts).
 */
import { QUESTION_FORMS } from "../lexicon/question-forms.js";
import { TASK_REQUEST_CUES } from "../lexicon/task-request-cues.js";
import { GRADED_CONFIDENCE } from "./graded-confidence.js";
import { answered, reactsToAnswer } from "./graded-rule-kit.js";
import type { ConversationView, OfflineSignalRule, RuleContext, RuleMatch } from "./rule-context.js";
import { ASSISTANT_QUESTION } from "./rule-context.js";
import { FOLLOW_UP_OPENER } from "./rule-phrases.js";
import { MAX_EVIDENCE_LENGTH } from "./signal-text.js";
import { RESTATEMENT_SIMILARITY } from "./user-rules.js";

/**
 * Word overlap (Jaccard over similarity tokens) from which an implicit cue counts, picked on the
 * development half of the satisfaction corpus: from 0.3 a restated request was rated unsatisfied
 * about twice as often as the average turn (0.15 against 0.06); from 0.35 a repeated question too.
 * At `RESTATEMENT_SIMILARITY` (0.5) and above the confident rule `implicit-reject-restated-goal`
 * takes over.
 */
export const IMPLICIT_SIMILARITY = { restatedRequest: 0.3, repeatedQuestion: 0.35 } as const;

function isQuestion(view: ConversationView, index: number): boolean {
  return QUESTION_FORMS.pattern.test(view.masked(index));
}

function wholeMessage(context: RuleContext, confidence: number): RuleMatch {
  const evidence = context.message.content.trim().slice(0, MAX_EVIDENCE_LENGTH);
  return { confidence, evidence, start: 0, end: 0 };
}

/** Overlap of the message with an earlier question of the user, when the message is a question too. */
function repeatedQuestionOverlap({ view, index }: RuleContext): number {
  if (!isQuestion(view, index)) return 0;
  return view.earlierUserOverlap(index, (earlier) => isQuestion(view, earlier));
}

const repeatedQuestion: OfflineSignalRule = {
  id: "repeated-question",
  type: "confusion",
  source: "user",
  roles: ["user"],
  description: `After an assistant turn, the user asks a question whose words overlap an earlier question of theirs (Jaccard ≥ ${IMPLICIT_SIMILARITY.repeatedQuestion}): asking the same thing again means the answer did not land. Follow-ups ("also…", "另外…") do not count.`,
  example: {
    en: "(earlier) Does the hotel have free parking? … (later) Is parking at the hotel free?",
    zh: "（之前）这个酒店有免费停车吗？……（之后）酒店停车免费吗？",
  },
  detect(context) {
    if (FOLLOW_UP_OPENER.test(context.view.masked(context.index))) return undefined;
    const overlap = repeatedQuestionOverlap(context);
    if (overlap < IMPLICIT_SIMILARITY.repeatedQuestion) return undefined;
    return wholeMessage(context, GRADED_CONFIDENCE.repeatedQuestion);
  },
};

const restatedRequest: OfflineSignalRule = {
  id: "restated-request",
  type: "reject",
  source: "user",
  roles: ["user"],
  description: `After an assistant turn, the user's message overlaps an earlier request of theirs (Jaccard ${IMPLICIT_SIMILARITY.restatedRequest}–${RESTATEMENT_SIMILARITY}): saying again what they asked for means the answer missed it. A weak reject; a closer restatement is the confident \`implicit-reject-restated-goal\`. A repeated question is \`repeated-question\` instead; follow-ups ("also…") do not count.`,
  example: {
    en: "(earlier) I need a cheap hotel in the north with free wifi. … (later) I'm really looking for a cheap place in the north.",
    zh: "（之前）帮我找一家北边的便宜酒店 ……（之后）我要的是北边便宜的酒店",
  },
  detect(context) {
    const { view, index } = context;
    if (FOLLOW_UP_OPENER.test(view.masked(index))) return undefined;
    const overlap = view.earlierUserOverlap(index);
    if (overlap < IMPLICIT_SIMILARITY.restatedRequest || overlap >= RESTATEMENT_SIMILARITY) return undefined;
    if (repeatedQuestionOverlap(context) >= IMPLICIT_SIMILARITY.repeatedQuestion) return undefined;
    return wholeMessage(context, GRADED_CONFIDENCE.restatedRequest);
  },
};

/** Fewest content words a message needs before it can be read as a switch of topic. */
const TOPIC_SWITCH_WORDS = 4;

/** True when message `index` shares a content word with any message before it. */
function sharesWordWithConversation(view: ConversationView, index: number): boolean {
  const tokens = view.tokens(index);
  for (let position = 0; position < index; position += 1)
    for (const token of view.tokens(position)) if (tokens.has(token)) return true;
  return false;
}

const topicSwitch: OfflineSignalRule = {
  id: "topic-switch",
  type: "preference",
  source: "user",
  roles: ["user"],
  description: `After an assistant answer that asked nothing, the user writes about something else: ${TOPIC_SWITCH_WORDS} or more content words, none said before in the conversation, no new request in so many words ('I need…', 'can you…', '帮我…'), and no reaction to the answer (thanks, a negation or complaint, a request to try again or for another). The user would rather talk about something else than the answer: a preference at the lowest graded confidence, not counted in the turn's satisfaction.`,
  example: {
    en: "(user) Any comedies like Step Brothers? (assistant) Talladega Nights has the same cast. (user) My brother visits from Ohio this weekend.",
    zh: "（用户）推荐一部喜剧 （助手）可以看《夏洛特烦恼》。 （用户）今天北京下大雨，航班全部取消",
  },
  detect(context) {
    const { view, index } = context;
    if (!answered(context)) return undefined;
    const answer = view.messages[view.lastAgentTurnBefore(index)]?.content ?? "";
    const masked = view.masked(index);
    if (
      ASSISTANT_QUESTION.test(answer) ||
      view.tokens(index).size < TOPIC_SWITCH_WORDS ||
      TASK_REQUEST_CUES.pattern.test(masked) ||
      reactsToAnswer(context) ||
      sharesWordWithConversation(view, index)
    )
      return undefined;
    return wholeMessage(context, GRADED_CONFIDENCE.topicSwitch);
  },
};

/** The implicit rules. Their order does not matter: findings are settled per message. */
export const IMPLICIT_SIGNAL_RULES: readonly OfflineSignalRule[] = [
  restatedRequest,
  repeatedQuestion,
  topicSwitch,
];
