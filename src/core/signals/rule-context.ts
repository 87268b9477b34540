/**
 * What an offline signal rule sees: the conversation with per-message caches (masked text,
 * similarity tokens, tool-error matches), plus the phrase matcher and the clause guards the
 * rules share.
 */

import { DATA_TOOL_NAMES, TOOL_ERROR_PHRASES, TOOL_SUCCESS_MARKERS } from "./agent-phrases.js";
import type { Phrase } from "./rule-phrases.js";
import {
  clauseSpan,
  evidenceAt,
  lowerSameLength,
  maskText,
  sentenceSpan,
  similarityTokens,
} from "./signal-text.js";
import type {
  FeedbackSignalSource,
  FeedbackSignalType,
  SignalMessage,
  SignalMessageRole,
} from "./signal-types.js";

/** A phrase match inside one message: [start, end) offsets and the phrase's confidence. */
export interface PhraseMatch {
  start: number;
  end: number;
  confidence: number;
  phrase: Phrase;
}

/** Tool output longer than this is scanned at its head and tail only (errors sit at the end). */
const TOOL_SCAN_HEAD = 2_000;
const TOOL_SCAN_TAIL = 6_000;
/** How many earlier user messages a restated request or repeated question is looked for in. */
export const MAX_EARLIER_USER_MESSAGES = 20;

/** The text of a tool message that the error patterns scan (head and tail of long output). */
export function toolScanText(content: string): string {
  if (content.length <= TOOL_SCAN_HEAD + TOOL_SCAN_TAIL) return content;
  return `${content.slice(0, TOOL_SCAN_HEAD)}\n${content.slice(-TOOL_SCAN_TAIL)}`;
}

/** True when the tool's output is data (a file read, a search) rather than an action's result. */
export function isDataTool(toolName: string | undefined): boolean {
  return toolName !== undefined && DATA_TOOL_NAMES.has(toolName.toLowerCase());
}

/**
 * Find the highest-confidence match of any phrase in `text` that `accept` allows. Ties go to
 * the earliest match. Every occurrence of every phrase is tried, so a guarded first occurrence
 * does not hide a valid later one.
 */
export function findBestPhrase(
  text: string,
  phrases: readonly Phrase[],
  accept: (match: PhraseMatch) => boolean = () => true,
): PhraseMatch | undefined {
  let best: PhraseMatch | undefined;
  for (const phrase of phrases) {
    const pattern = phrase.pattern;
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
      if (found[0].length === 0) pattern.lastIndex += 1;
      const match = {
        start: found.index,
        end: found.index + found[0].length,
        confidence: phrase.confidence,
        phrase,
      };
      if (!accept(match)) continue;
      if (best === undefined || match.confidence > best.confidence) best = match;
      break;
    }
  }
  return best;
}

/** A conversation with lazily computed, cached per-message views. */
export class ConversationView {
  readonly messages: readonly SignalMessage[];
  private readonly maskedTexts: (string | undefined)[];
  private readonly tokenSets: (Set<string> | undefined)[];
  private readonly toolErrors: (PhraseMatch | null | undefined)[];
  private readonly successMarkers: (number | undefined)[];
  private readonly firstAgentTurn: number;

  constructor(messages: readonly SignalMessage[]) {
    this.messages = messages;
    this.maskedTexts = new Array<string | undefined>(messages.length);
    this.tokenSets = new Array<Set<string> | undefined>(messages.length);
    this.toolErrors = new Array<PhraseMatch | null | undefined>(messages.length);
    this.successMarkers = new Array<number | undefined>(messages.length);
    this.firstAgentTurn = messages.findIndex(
      (message) => message.role === "assistant" || message.role === "tool",
    );
  }

  /** Masked, lowercased content of message `index` (see `maskText`). */
  masked(index: number): string {
    let text = this.maskedTexts[index];
    if (text === undefined) {
      text = maskText(this.messages[index]?.content ?? "");
      this.maskedTexts[index] = text;
    }
    return text;
  }

  /** Similarity tokens of message `index` (see `similarityTokens`). */
  tokens(index: number): Set<string> {
    let tokens = this.tokenSets[index];
    if (tokens === undefined) {
      tokens = similarityTokens(this.messages[index]?.content ?? "");
      this.tokenSets[index] = tokens;
    }
    return tokens;
  }

  /** True when an assistant or tool message comes before `index`. */
  afterAgentTurn(index: number): boolean {
    return this.firstAgentTurn !== -1 && this.firstAgentTurn < index;
  }

  /** Index of the last assistant or tool message before `index`, or -1. */
  lastAgentTurnBefore(index: number): number {
    for (let position = index - 1; position >= 0; position -= 1) {
      const role = this.messages[position]?.role;
      if (role === "assistant" || role === "tool") return position;
    }
    return -1;
  }

  /**
   * The highest Jaccard similarity between the tokens of message `index` and those of an earlier
   * user message before the last agent turn, among the nearest {@link MAX_EARLIER_USER_MESSAGES}
   * (`accept` may narrow which earlier messages count), or
   * 0. Messages of fewer than three tokens compare as 0: too short to restate anything.
   */
  earlierUserOverlap(index: number, accept: (earlier: number) => boolean = () => true): number {
    const lastAgent = this.lastAgentTurnBefore(index);
    const tokens = this.tokens(index);
    if (lastAgent === -1 || tokens.size < 3) return 0;
    let best = 0;
    let compared = 0;
    // The nearest earlier user messages only: a restatement answers what was just asked, and a
    // whole-session look-back made learning a long session quadratic (docs/learning.md).
    for (let earlier = lastAgent - 1; earlier >= 0 && compared < MAX_EARLIER_USER_MESSAGES; earlier -= 1) {
      if (this.messages[earlier]?.role !== "user") continue;
      compared += 1;
      if (!accept(earlier)) continue;
      const candidate = this.tokens(earlier);
      if (candidate.size < 3) continue;
      let shared = 0;
      for (const token of tokens) if (candidate.has(token)) shared += 1;
      best = Math.max(best, shared / (tokens.size + candidate.size - shared));
    }
    return best;
  }

  /** Index of the nearest user or tool message before `index`, or -1. */
  nearestNonAssistantBefore(index: number): number {
    for (let position = index - 1; position >= 0; position -= 1) {
      const role = this.messages[position]?.role;
      if (role === "user" || role === "tool") return position;
    }
    return -1;
  }

  /**
   * Offset of the first success marker ("passed", "done", 成功…) in `toolScanText` of message
   * `index`, or -1.
   */
  successMarker(index: number): number {
    let position = this.successMarkers[index];
    if (position === undefined) {
      position = lowerSameLength(toolScanText(this.messages[index]?.content ?? "")).search(
        TOOL_SUCCESS_MARKERS,
      );
      this.successMarkers[index] = position;
    }
    return position;
  }

  /**
   * The error evidence of tool message `index`, if it failed: `isError: true`, or (for tools
   * whose output is not plain data) output matching the error patterns. Offsets are into
   * `toolScanText(content)`.
   */
  toolError(index: number): PhraseMatch | undefined {
    const cached = this.toolErrors[index];
    if (cached !== undefined) return cached ?? undefined;
    const message = this.messages[index];
    let result: PhraseMatch | undefined;
    if (message?.role === "tool") {
      const text = lowerSameLength(toolScanText(message.content));
      const found = isDataTool(message.toolName) ? undefined : findBestPhrase(text, TOOL_ERROR_PHRASES);
      if (message.isError === true) {
        result = found
          ? { ...found, confidence: 0.9 }
          : { start: 0, end: 0, confidence: 0.9, phrase: ERROR_FLAG };
      } else {
        result = found;
      }
    }
    this.toolErrors[index] = result ?? null;
    return result;
  }
}

/** Stand-in phrase for a tool result flagged `isError` whose text matched no pattern. */
const ERROR_FLAG: Phrase = { pattern: /(?:)/g, confidence: 0.9 };

const QUESTION_END = /[?？]|[吗么呢][\s。！!]*$/;
const POLITE_REQUEST =
  /^\s*(?:(?:can|could|would|will) you|please|would you mind|你能|能不能|能否|可以|可不可以|麻烦|请)/;
const CONDITIONAL_BEFORE =
  /\b(?:if|unless|once|when|until|whether|in case|as long as|hopefully|make sure|ensure|to see|see if|check|verify|confirm|so that|should|must|need|needs|until)\b|如果|要是|假如|万一|确保|确认|看看|是否|直到|只要|等到/;
const CONTRAST_AFTER = /\b(?:but|except|however|though|although|still|yet)\b|但是?|不过|可是|然而|还是/;
const NEGATED_BEFORE =
  /(?:\b(?:not|never|no longer|hardly|barely)|n't)\s+(?:\w+\s+)?$|[不没未][^\s，,。]{0,1}$/;

/** The clause around a match, as masked text. */
export function clauseText(masked: string, position: number): string {
  const span = clauseSpan(masked, position);
  return masked.slice(span.start, span.end);
}

/** True when the clause around `position` is a question that is not a polite request. */
export function inInformationQuestion(masked: string, position: number): boolean {
  const clause = clauseText(masked, position);
  if (!QUESTION_END.test(clause.trimEnd())) return false;
  const sentence = sentenceSpan(masked, position);
  return !POLITE_REQUEST.test(masked.slice(sentence.start, sentence.end));
}

/** True when the clause before the match makes it hypothetical ("if it works", "确保通过"). */
export function conditionalBefore(masked: string, match: PhraseMatch): boolean {
  const span = clauseSpan(masked, match.start);
  return CONDITIONAL_BEFORE.test(masked.slice(span.start, match.start));
}

/** True when the rest of the sentence turns the statement around ("works, but ..."). */
export function contrastAfter(masked: string, match: PhraseMatch): boolean {
  const span = sentenceSpan(masked, match.start);
  return CONTRAST_AFTER.test(masked.slice(match.end, span.end));
}

/** True when a negation sits right before the match ("doesn't work now", "不可以了"). */
export function negatedBefore(masked: string, match: Pick<PhraseMatch, "start">): boolean {
  const span = clauseSpan(masked, match.start);
  return NEGATED_BEFORE.test(masked.slice(Math.max(span.start, match.start - 20), match.start));
}

/** What a rule's `detect` receives: the conversation and the message under inspection. */
export interface RuleContext {
  readonly view: ConversationView;
  readonly index: number;
  readonly message: SignalMessage;
}

/** A rule's finding in one message. `start` orders conflicting findings within the message. */
export interface RuleMatch {
  confidence: number;
  evidence: string;
  start: number;
  end: number;
}

/** One documented offline rule. */
export interface OfflineSignalRule {
  /** Stable id, reported as `DetectedSignal.rule`. */
  readonly id: string;
  readonly type: FeedbackSignalType;
  readonly source: FeedbackSignalSource;
  /** Roles of the messages the rule inspects. */
  readonly roles: readonly SignalMessageRole[];
  readonly description: string;
  /** One English and one Chinese message that trigger the rule. */
  readonly example: { readonly en: string; readonly zh: string };
  detect(context: RuleContext): RuleMatch | undefined;
}

/** An assistant message that ends by asking the user something. */
export const ASSISTANT_QUESTION = /[?？]\s*$/;

/**
 * Best phrase match in the message under inspection, as a rule finding. Bare answers (`mayAnswerQuestion`)
 * are skipped right after an assistant question; `accept` adds the rule's own guards.
 */
export function messagePhraseMatch(
  context: RuleContext,
  phrases: Parameters<typeof findBestPhrase>[1],
  accept?: (masked: string, match: PhraseMatch) => boolean,
): RuleMatch | undefined {
  const masked = context.view.masked(context.index);
  const previous = context.view.messages[context.index - 1];
  const afterQuestion = previous?.role === "assistant" && ASSISTANT_QUESTION.test(previous.content);
  const found = findBestPhrase(
    masked,
    phrases,
    (match) =>
      !(afterQuestion && match.phrase.mayAnswerQuestion === true) &&
      (accept === undefined || accept(masked, match)),
  );
  if (found === undefined) return undefined;
  return {
    confidence: found.confidence,
    evidence: evidenceAt(context.message.content, masked, found.start),
    start: found.start,
    end: found.end,
  };
}
