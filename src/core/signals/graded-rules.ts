/**
 * Graded rules: weak and middle cues of dissatisfaction that each yield a signal with a calibrated
 * confidence instead of all or nothing, plus the correction an opener and a replacement make
 * together. The cues are lexicons (src/core/lexicon/); the confidences are data
 * (`GRADED_CONFIDENCE`), calibrated on the development half of a satisfaction-rated corpus
 * (docs/learning.md). Most sit under the 0.5 floor that learning uses, so they feed live signals
 * and reports, not lessons.
 */
import { ALARM_CUES } from "../lexicon/alarm-cues.js";
import { ALTERNATIVE_REQUESTS } from "../lexicon/alternative-requests.js";
import { COMPLAINT_CUES } from "../lexicon/complaint-cues.js";
import { CORRECTION_OPENERS } from "../lexicon/correction-openers.js";
import { DISLIKE_CUES } from "../lexicon/dislike-cues.js";
import { NEGATIONS, PUSHBACK_CUES } from "../lexicon/negations.js";
import { OTHER_OPTION_REQUESTS } from "../lexicon/other-option-requests.js";
import { REDIRECT_REQUESTS } from "../lexicon/redirect-requests.js";
import { REJECT_CUES } from "../lexicon/reject-cues.js";
import { REPLACEMENT_REQUESTS } from "../lexicon/replacement-requests.js";
import { RETRY_REQUESTS } from "../lexicon/retry-requests.js";
import { SHORTFALL_REPORTS } from "../lexicon/shortfall-reports.js";
import { splitSentences } from "../lexicon/tokenizer.js";
import { GRADED_CONFIDENCE } from "./graded-confidence.js";
import { accepts, cueMatch, lexiconRule } from "./graded-rule-kit.js";
import type { OfflineSignalRule, RuleContext } from "./rule-context.js";
import { clauseText } from "./rule-context.js";
import { evidenceAt } from "./signal-text.js";

/** A hypothetical retry ("if it fails, try again") is advice, not a request. */
const HYPOTHETICAL = /\b(?:if|unless|when|once|in case|whenever)\b|如果|要是|万一/;

const openerCorrection: OfflineSignalRule = {
  id: "opener-correction",
  type: "correction",
  source: "user",
  roles: ["user"],
  description:
    "After an assistant turn, the user opens with 'No,', 'Wrong,', 'Negative.', 'Actually,' or 'Not quite' and says what they want instead ('I want…', 'it should be…', 'make it…', '…this time'). Not when the message thanks or accepts.",
  example: { en: "Wrong, I want to leave on the 10th of March 2019.", zh: "不是，我要的是周六的票" },
  detect(context) {
    if (!context.view.afterAgentTurn(context.index) || accepts(context)) return undefined;
    const masked = context.view.masked(context.index);
    if (!CORRECTION_OPENERS.pattern.test(masked)) return undefined;
    const start = masked.search(REPLACEMENT_REQUESTS.pattern);
    if (start === -1) return undefined;
    const confidence = GRADED_CONFIDENCE.openerWithReplacement;
    return { confidence, evidence: evidenceAt(context.message.content, masked, 0), start: 0, end: start };
  },
};

/** True when a sentence, or one of its clauses, opens with a redirecting request (lexicon redirect-requests). */
export function redirects(sentence: string): boolean {
  return sentence.split(/[,;:，；：]\s*/).some((clause) => REDIRECT_REQUESTS.pattern.test(clause.trim()));
}

const redirectRequest: OfflineSignalRule = {
  id: "redirect-request",
  type: "correction",
  source: "user",
  roles: ["user"],
  description:
    "After an assistant turn, a sentence or clause of the user opens with a polite or rhetorical request to do it otherwise: 'would you mind using…', 'could you maybe not…', 'can we … instead?', 'why are you pushing…??', 'do it as…', '能不能别…', '为什么要…？', '别 chmod'. Thanks in the same message do not undo it ('could you use X instead? thanks').",
  example: {
    en: "would you mind using date-fns instead? we're trying to get moment out of the bundle",
    zh: "能不能别用 print？我们统一用 loguru",
  },
  detect(context) {
    if (!context.view.afterAgentTurn(context.index)) return undefined;
    const { content } = context.message;
    const sentence = splitSentences(content).find((candidate) => redirects(candidate.text));
    if (sentence === undefined) return undefined;
    const evidence = evidenceAt(content, content, sentence.start);
    const confidence = GRADED_CONFIDENCE.redirectRequest;
    return { confidence, evidence, start: sentence.start, end: sentence.end };
  },
};

const pushbackAfterFailure: OfflineSignalRule = {
  id: "pushback-after-failure",
  type: "reject",
  source: "user",
  roles: ["user"],
  description:
    "The agent's last turn is a failed tool call and the user's reply carries a negation: what the attempt assumed was wrong ('they're never in home, the jobs write to /mnt/scratch', 'clickhouse 不是默认端口，走的 9440').",
  example: {
    en: "(tool, failed) ls: cannot access '~/runs': No such file (user) they're never in home, quota's too small",
    zh: "（工具，失败）Connection refused (9000) （用户）咱们这边 clickhouse 不是默认端口，走的 9440",
  },
  detect(context) {
    const { view, index } = context;
    const last = view.messages[view.lastAgentTurnBefore(index)];
    if (last?.role !== "tool" || last.isError !== true) return undefined;
    return cueMatch(context, NEGATIONS, GRADED_CONFIDENCE.pushbackAfterFailure);
  },
};

const bareOpener = lexiconRule({
  id: "bare-opener",
  type: "reject",
  description:
    "After an assistant turn, the user opens with 'No,', 'Wrong,', 'Negative.', 'Actually,' or 'Not quite' and names no replacement: a weak reject. Not when the message thanks or accepts ('No, thank you').",
  example: { en: "Negative. Is there any possibility for afternoon 2?", zh: "不对吧" },
  lexicon: CORRECTION_OPENERS,
  confidence: GRADED_CONFIDENCE.bareOpener,
  when: "afterAgent",
  skipWhenAccepting: true,
});

const notThat = lexiconRule({
  id: "not-that",
  type: "reject",
  description:
    "After an assistant turn, a short rejection that names nothing instead: 'that's not it', 'that isn't right', 'wrong date.'",
  example: { en: "That's not the one I wanted.", zh: "这不是我说的那家" },
  lexicon: REJECT_CUES,
  confidence: GRADED_CONFIDENCE.notThat,
  when: "afterAgent",
  skipWhenAccepting: false,
});

const retryRequest: OfflineSignalRule = {
  id: "retry-request",
  type: "reject",
  source: "user",
  roles: ["user"],
  description:
    "After an assistant turn, the user asks to search, check or do it again, or doubts the answer: 'Could you please find again?', 'Try searching again', 'Can you double check?', 'Are you sure?'. Hypothetical clauses ('if it fails, try again') do not count.",
  example: {
    en: "Could you please find again? I wish to have it in Fremont.",
    zh: "你再查一下，我要的是周六",
  },
  detect(context) {
    if (!context.view.afterAgentTurn(context.index)) return undefined;
    const found = cueMatch(context, RETRY_REQUESTS, GRADED_CONFIDENCE.retryRequest);
    if (found === undefined) return undefined;
    const clause = clauseText(context.view.masked(context.index), found.start);
    return HYPOTHETICAL.test(clause) ? undefined : found;
  },
};

const complaint = lexiconRule({
  id: "complaint",
  type: "reject",
  description:
    "After an assistant turn, the user complains about the help itself: 'you've made quite a mess of things', 'this is useless', 'you're not listening', 'forget it', '浪费我的时间'.",
  example: { en: "No, you've made quite a mess of things as it is.", zh: "你这样太差了，浪费我的时间" },
  lexicon: COMPLAINT_CUES,
  confidence: GRADED_CONFIDENCE.complaint,
  when: "afterAgent",
  skipWhenAccepting: false,
});

const alarm = lexiconRule({
  id: "alarm",
  type: "reject",
  description:
    "After an assistant turn, the user halts it or cries out at what it did: 'Stop!', 'Wait, that deletes prod', 'Hold on', 'Ugh', 'Oh no', '等一下', '天哪'.",
  example: { en: "Wait, that deletes the prod data!", zh: "等一下，别删生产库！" },
  lexicon: ALARM_CUES,
  confidence: GRADED_CONFIDENCE.alarm,
  when: "afterAgent",
  skipWhenAccepting: false,
});

const dislike = lexiconRule({
  id: "dislike",
  type: "reject",
  description:
    "After an assistant turn, the user turns down what was suggested because of what it is: 'I don't like dirty comedies', 'not into horror', 'too sad for me', '我不喜欢这种'. Not when the message also accepts or praises.",
  example: { en: "I am not into horror movies.", zh: "我不喜欢这种，太贵了" },
  lexicon: DISLIKE_CUES,
  confidence: GRADED_CONFIDENCE.dislike,
  when: "afterAgent",
  skipWhenAccepting: true,
});

/** True when the assistant message right before `index` reports a shortfall and the user does not accept it. */
function afterShortfall(context: RuleContext): boolean {
  const { view, index } = context;
  if (view.messages[index - 1]?.role !== "assistant" || accepts(context)) return false;
  return SHORTFALL_REPORTS.pattern.test(view.masked(index - 1));
}

const pursuitAfterShortfall: OfflineSignalRule = {
  id: "pursuit-after-shortfall",
  type: "reject",
  source: "user",
  roles: ["user"],
  description:
    "The assistant just reported it could not find or do what was asked ('sorry, there are no…', 'I couldn't book it') and the user, without accepting, asks for an alternative ('how about…', 'is there another…', '…instead') or asks to try again: the attempt missed.",
  example: {
    en: "(assistant) I'm sorry, there are no trains at that time. (user) How about one that leaves after 20:00?",
    zh: "（助手）抱歉，没有找到符合条件的酒店 （用户）那换一家呢？",
  },
  detect(context) {
    if (!afterShortfall(context)) return undefined;
    const confidence = GRADED_CONFIDENCE.pursuitAfterShortfall;
    return (
      cueMatch(context, ALTERNATIVE_REQUESTS, confidence) ??
      cueMatch(context, OTHER_OPTION_REQUESTS, confidence) ??
      cueMatch(context, RETRY_REQUESTS, confidence)
    );
  },
};

const unresolvedShortfall: OfflineSignalRule = {
  id: "unresolved-shortfall",
  type: "reject",
  source: "user",
  roles: ["user"],
  description:
    "The assistant just reported it could not find or do what was asked, and the user's reply neither thanks nor accepts it: a very weak reject, since what was wanted was not had.",
  example: {
    en: "(assistant) Unfortunately that hotel is fully booked. (user) Does the hotel have a lift?",
    zh: "（助手）抱歉，没有找到符合条件的酒店 （用户）那个酒店有电梯吗？",
  },
  detect(context) {
    if (!afterShortfall(context)) return undefined;
    const masked = context.view.masked(context.index);
    return {
      confidence: GRADED_CONFIDENCE.unresolvedShortfall,
      evidence: evidenceAt(context.message.content, masked, 0),
      start: 0,
      end: 0,
    };
  },
};

const otherOption = lexiconRule({
  id: "other-option",
  type: "reject",
  description:
    "Right after an assistant answer, the user asks for other choices without naming one ('Any other suggestions?', 'Can you find another one?', 'something different'): what was offered did not do. Not when the message thanks or accepts.",
  example: { en: "Can you find another one please?", zh: "还有别的推荐吗？" },
  lexicon: OTHER_OPTION_REQUESTS,
  confidence: GRADED_CONFIDENCE.otherOption,
  when: "afterAnswer",
  skipWhenAccepting: true,
});

const negatedReply = lexiconRule({
  id: "negated-reply",
  type: "reject",
  description:
    "Right after an assistant answer, a reply with a negation in it ('Not at this time', 'I don't care as long as…', 'that won't work') that neither thanks nor accepts: the weakest cue, pushback without saying what is wrong.",
  example: { en: "I don't care as long as it leaves after 21:15.", zh: "不用了，我自己来" },
  lexicon: PUSHBACK_CUES,
  confidence: GRADED_CONFIDENCE.negatedReply,
  when: "afterAnswer",
  skipWhenAccepting: true,
});

/** The graded dissatisfaction rules. Their order does not matter: findings are settled per message. */
export const GRADED_SIGNAL_RULES: readonly OfflineSignalRule[] = [
  openerCorrection,
  redirectRequest,
  pushbackAfterFailure,
  bareOpener,
  notThat,
  retryRequest,
  complaint,
  alarm,
  dislike,
  pursuitAfterShortfall,
  unresolvedShortfall,
  otherOption,
  negatedReply,
];
