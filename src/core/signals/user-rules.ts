/**
 * Offline rules over user messages: explicit and implicit rejects, corrections, constraints,
 * success, confusion and preference. See docs/signal-rules.md for the rule list.
 */
import { QUESTION_FORMS } from "../lexicon/question-forms.js";
import { isSmallTalk } from "../lexicon/small-talk-cues.js";
import type { OfflineSignalRule, RuleContext, RuleMatch } from "./rule-context.js";
import {
  ASSISTANT_QUESTION,
  clauseText,
  conditionalBefore,
  contrastAfter,
  inInformationQuestion,
  messagePhraseMatch,
  negatedBefore,
} from "./rule-context.js";
import {
  ASKS_ASSISTANT_PREFERENCE,
  CONFUSION_PHRASES,
  CONSTRAINT_PHRASES,
  CORRECTION_PHRASES,
  FOLLOW_UP_OPENER,
  INSTRUCTED_TERM,
  LEADING_CODE_TERM,
  NEGATED_TERM,
  PREFERENCE_PHRASES,
  REJECT_PHRASES,
  REPLACED_DETAIL,
  SUCCESS_PHRASES,
  THANKS_ONLY,
} from "./rule-phrases.js";
import { clauseSpan, evidenceAt, lowerSameLength, MAX_EVIDENCE_LENGTH, sentenceSpan } from "./signal-text.js";

/** Jaccard similarity at or above which a user message restates an earlier one. */
export const RESTATEMENT_SIMILARITY = 0.5;

const explicitReject: OfflineSignalRule = {
  id: "explicit-reject",
  type: "reject",
  source: "user",
  roles: ["user"],
  description:
    "After an assistant or tool turn, the user says the result is wrong, still failing, or asks to undo it. Hypothetical clauses ('if it doesn't work') do not count.",
  example: { en: "That's not what I asked for, it still fails.", zh: "还是不行，又报错了" },
  detect(context) {
    if (!context.view.afterAgentTurn(context.index)) return undefined;
    return messagePhraseMatch(context, REJECT_PHRASES, (masked, match) => !conditionalBefore(masked, match));
  },
};

const implicitReject: OfflineSignalRule = {
  id: "implicit-reject-restated-goal",
  type: "reject",
  source: "user",
  roles: ["user"],
  description: `After an assistant turn, the user sends a message whose words (and Chinese bigrams) overlap an earlier user message with Jaccard ≥ ${RESTATEMENT_SIMILARITY}: restating the goal implies the last attempt missed it. Messages opening a follow-up ("also", "另外") are skipped, and a question asked again is \`repeated-question\`'s.`,
  example: {
    en: "(goal) Add a --verbose flag that prints each file … (later) I need a --verbose flag that prints every file it processes",
    zh: "（目标）帮我把日志输出改成 JSON 格式 ……（之后）我要的是日志输出用 JSON 格式",
  },
  detect({ view, index, message }) {
    if (FOLLOW_UP_OPENER.test(view.masked(index))) return undefined;
    // A question asked again is the answer not landing (`repeated-question`), not a goal restated.
    const question = (position: number) => QUESTION_FORMS.pattern.test(view.masked(position));
    const asking = question(index);
    const best = view.earlierUserOverlap(index, (earlier) => !(asking && question(earlier)));
    if (best < RESTATEMENT_SIMILARITY) return undefined;
    const confidence = Math.min(0.8, 0.6 + (best - RESTATEMENT_SIMILARITY) * 0.5);
    return { confidence, evidence: message.content.trim().slice(0, MAX_EVIDENCE_LENGTH), start: 0, end: 0 };
  },
};

const explicitCorrection: OfflineSignalRule = {
  id: "explicit-correction",
  type: "correction",
  source: "user",
  roles: ["user"],
  description:
    "After an assistant turn, the user replaces a wrong detail with the right one: 'not X, it's Y', 'no, use Y', 'use Y instead', 'use Y, don't X', 'I meant', '不是X，应该是Y', '别用X，用Y'; also across sentences, when one sets something aside and another says what to use ('No, not npm. Use pnpm install.', '别用 moment。我更喜欢用 dayjs'). A correction also implies a reject, so a reject on the same message is dropped.",
  example: { en: "Not this file, it's config.yaml.", zh: "不是这个文件，应该是 config.yaml" },
  detect(context) {
    if (!context.view.afterAgentTurn(context.index)) return undefined;
    const original = lowerSameLength(context.message.content);
    const found = messagePhraseMatch(
      context,
      CORRECTION_PHRASES,
      (masked, match) =>
        match.phrase.namesAgentTerm !== true ||
        (agentMentioned(context, LEADING_CODE_TERM.exec(original.slice(match.start, match.end))?.[1]) &&
          !LEAVE_IT.test(masked.slice(match.end, sentenceSpan(masked, match.start).end))),
    );
    return found ?? splitCorrection(context);
  },
};

/**
 * A correction spread over two clauses or sentences: something set aside and, elsewhere in the
 * message, what to use ("No, not npm, this is a pnpm workspace. Use pnpm install." / "别用
 * moment，太大了。我更喜欢用 dayjs"). A reject that names what to do is a correction. The
 * evidence runs from the first sentence to the last, verbatim, when it fits.
 */
function splitCorrection({ view, index, message }: RuleContext): RuleMatch | undefined {
  const masked = view.masked(index);
  const negated = firstMatch(NEGATED_TERM, masked);
  const instructed = firstMatch(INSTRUCTED_TERM, masked);
  if (negated === undefined || instructed === undefined) return undefined;
  const [first, second] = negated < instructed ? [negated, instructed] : [instructed, negated];
  // Both halves in one clause are the phrase rules' business ("不能用 X，要用 Y" is matched there).
  if (clauseSpan(masked, first).end > second) return undefined;
  const start = sentenceSpan(masked, first).start;
  const end = sentenceSpan(masked, second).end;
  const evidence = message.content.slice(start, end).trim();
  return {
    confidence: 0.75,
    evidence: evidence.length <= MAX_EVIDENCE_LENGTH ? evidence : evidenceAt(message.content, masked, second),
    start,
    end,
  };
}

/** Offset of the first match of a global pattern in `text`, or undefined. */
function firstMatch(pattern: RegExp, text: string): number | undefined {
  pattern.lastIndex = 0;
  const found = pattern.exec(text);
  return found === null ? undefined : found.index;
}

/** "…is only for fixtures, that's fine to leave": information, not a correction. */
const LEAVE_IT =
  /\b(?:that'?s|it'?s|is) (?:fine|ok(?:ay)?)\b|\bleave it\b|\bkeep it\b|\bno need\b|没关系|不用(?:管|改|动)|保留/;

/** True when an assistant or tool message before the one under inspection mentions `term`. */
function agentMentioned({ view, index }: RuleContext, term: string | undefined): boolean {
  if (term === undefined) return false;
  for (let position = 0; position < index; position += 1) {
    const message = view.messages[position];
    if (message?.role !== "assistant" && message?.role !== "tool") continue;
    if (message.content.toLowerCase().includes(term)) return true;
  }
  return false;
}

const DETAIL_TRIM = /[`"'.,]+$|^[`"']+/g;

const replacedDetail: OfflineSignalRule = {
  id: "replaced-detail",
  type: "correction",
  source: "user",
  roles: ["user"],
  description:
    "Right after an assistant statement (not a question), the user names a concrete detail — a path, file, script or number — that the assistant did not use: 'it's in .env.production', '应该是 20'. Weaker than an explicit correction.",
  example: { en: "It's in .env.production, the dev one is fine.", zh: "最大连接数应该是 20" },
  detect({ view, index, message }) {
    const previous = view.messages[index - 1];
    if (previous?.role !== "assistant" || ASSISTANT_QUESTION.test(previous.content)) return undefined;
    const said = previous.content.toLowerCase();
    const masked = view.masked(index);
    const lower = lowerSameLength(message.content);
    REPLACED_DETAIL.lastIndex = 0;
    for (let found = REPLACED_DETAIL.exec(masked); found !== null; found = REPLACED_DETAIL.exec(masked)) {
      const group = found[1] ?? found[2] ?? "";
      const groupStart = found.index + found[0].length - group.length;
      // Read the detail from the original: masking turns inline code into underscores.
      const detail = lower.slice(groupStart, groupStart + group.length).replace(DETAIL_TRIM, "");
      if (detail.length < 2 || said.includes(detail)) continue;
      return {
        confidence: 0.65,
        evidence: evidenceAt(message.content, masked, found.index),
        start: found.index,
        end: found.index + found[0].length,
      };
    }
    return undefined;
  },
};

const explicitConstraint: OfflineSignalRule = {
  id: "explicit-constraint",
  type: "constraint",
  source: "user",
  roles: ["user"],
  description:
    "The user states a requirement the solution must respect ('must not', 'don't use', 'without …', 'make sure', '而且不能', '不要', '必须'). Fires on any user turn, the first included. Questions that are not polite requests do not count.",
  example: { en: "And it must not run as root.", zh: "而且不能用 root 用户" },
  detect(context) {
    return messagePhraseMatch(
      context,
      CONSTRAINT_PHRASES,
      // "今天只能用外接键盘，哈哈" (the cat took the Esc key) constrains the user's day, not the work.
      (masked, match) => {
        const { start, end } = sentenceSpan(masked, match.start);
        return (
          !inInformationQuestion(masked, match.start) &&
          !isSmallTalk(context.message.content.slice(start, end))
        );
      },
    );
  },
};

const explicitSuccess: OfflineSignalRule = {
  id: "explicit-success",
  type: "success",
  source: "user",
  roles: ["user"],
  description:
    "After an assistant or tool turn, the user confirms the result ('works now', 'that fixed it', 'perfect', '可以了', '成功了', '这次对了'). Skipped when negated, hypothetical ('once it works'), asked as a question, or followed by 'but'.",
  example: { en: "Works now, thanks!", zh: "可以了，这次对了" },
  detect(context) {
    if (!context.view.afterAgentTurn(context.index)) return undefined;
    return messagePhraseMatch(
      context,
      SUCCESS_PHRASES,
      (masked, match) =>
        !inInformationQuestion(masked, match.start) &&
        !conditionalBefore(masked, match) &&
        !contrastAfter(masked, match) &&
        !negatedBefore(masked, match),
    );
  },
};

const thanksAcknowledgement: OfflineSignalRule = {
  id: "thanks-acknowledgement",
  type: "success",
  source: "user",
  roles: ["user"],
  description:
    "A message that is only 'thanks' (谢谢) right after an assistant turn: weak acceptance. A 'thanks' with nothing before it is politeness, not feedback.",
  example: { en: "Thanks!", zh: "谢谢" },
  detect({ view, index, message }) {
    const previous = view.messages[index - 1];
    if (previous?.role !== "assistant" || !THANKS_ONLY.test(view.masked(index))) return undefined;
    return { confidence: 0.55, evidence: message.content.trim(), start: 0, end: message.content.length };
  },
};

const explicitConfusion: OfflineSignalRule = {
  id: "explicit-confusion",
  type: "confusion",
  source: "user",
  roles: ["user"],
  description:
    "After an assistant or tool turn, the user does not follow what happened: a clause-initial 'why did/is…', 'I don't understand', 'what do you mean', '为什么会这样', '什么意思'. 'Find out why…' / '查一下为什么…' are requests, not confusion.",
  example: { en: "Why did you delete the migration?", zh: "为什么会这样？什么意思？" },
  detect(context) {
    if (!context.view.afterAgentTurn(context.index)) return undefined;
    return messagePhraseMatch(context, CONFUSION_PHRASES);
  },
};

const explicitPreference: OfflineSignalRule = {
  id: "explicit-preference",
  type: "preference",
  source: "user",
  roles: ["user"],
  description:
    "The user states a lasting taste ('I prefer', 'I'd rather', 'always use', 'from now on', '我更喜欢', '我习惯用', '优先用'). Asking the assistant's taste ('do you prefer…?', '你喜欢哪个？') and negated forms ('I don't always use') do not count; polite requests ('can you prefer pnpm?') do.",
  example: { en: "I prefer pnpm over npm.", zh: "我更喜欢用 pnpm" },
  detect(context) {
    return messagePhraseMatch(
      context,
      PREFERENCE_PHRASES,
      (masked, match) =>
        !ASKS_ASSISTANT_PREFERENCE.test(clauseText(masked, match.start)) && !negatedBefore(masked, match),
    );
  },
};

/** The user-message rules, in the order findings are reported within a message. */
export const USER_SIGNAL_RULES: readonly OfflineSignalRule[] = [
  explicitReject,
  implicitReject,
  explicitCorrection,
  replacedDetail,
  explicitConstraint,
  explicitSuccess,
  thanksAcknowledgement,
  explicitConfusion,
  explicitPreference,
];
