/**
 * What a gate rule sees: one sentence of the user's message (its text, lower-cased and masked),
 * with what the whole turn says around it — whether the user asked to remember, the agent's last
 * message before the turn, the language. Rules read cues through `cue`, which finds a lexicon in
 * the sentence, and build candidate facts through `fact`. Pure.
 */

import type { Lexicon } from "../lexicon/define-lexicon.js";
import { FACT_LEAD_INS } from "../lexicon/lead-in-words.js";
import { ONE_OFF_CUES } from "../lexicon/one-off-cues.js";
import { REMEMBER_REQUESTS } from "../lexicon/remember-requests.js";
import { SMALL_TALK_CUES } from "../lexicon/small-talk-cues.js";
import { STRONG_STANDING_MARKERS } from "../lexicon/standing-markers.js";
import { TEMPORARY_STATE_CUES } from "../lexicon/temporary-state-cues.js";
import type { Sentence } from "../lexicon/tokenizer.js";
import { maskText } from "../signals/signal-text.js";
import { candidateFact } from "./candidate-fact.js";
import type { GateTurn, WriteDecision } from "./gate-decision.js";

/** One sentence of the turn, as the rules read it. */
export interface GateContext {
  readonly turn: GateTurn;
  /** The user's own words in the turn (harness text removed). */
  readonly words: string;
  readonly language: "en" | "zh";
  /** The sentence under inspection. */
  readonly sentence: Sentence;
  /** Its position among the message's sentences, from 0, and how many there are. */
  readonly sentenceIndex: number;
  readonly sentenceCount: number;
  /** The sentence lower-cased, with code, quotes and URLs masked (same length as the sentence). */
  readonly masked: string;
  /** The sentence says it lasts ("always", "from now on", "以后"). */
  readonly standing: boolean;
  /** Some sentence of the message asks the agent to remember ("remember that", "记住"). */
  readonly remember: boolean;
  /** The agent's last message before the turn, "" when there is none. */
  readonly previousAgentMessage: string;
  /**
   * Where `lexicon` matches in the sentence: an offset into it, or -1. A lexicon anchored at the
   * start also matches after opening words ("From now on, always …").
   */
  cue(lexicon: Lexicon): number;
  /** The candidate fact the sentence states for `decision`, from the clause of offset `at`. */
  fact(decision: WriteDecision, at: number): string | null;
  /** The sentence, quoted for a reason (at most 80 characters). */
  quote(): string;
}

/** Cues whose presence in an earlier clause makes the fact start at the clause of the cue. */
const NOISE_BEFORE_FACT: readonly Lexicon[] = [TEMPORARY_STATE_CUES, SMALL_TALK_CUES, ONE_OFF_CUES];
const CLAUSE_BREAK = /[,;:，；：—]/g;

/** Builds the context of one sentence. `shared` is what every sentence of the turn has in common. */
export function sentenceContext(
  shared: Pick<GateContext, "turn" | "words" | "language" | "remember" | "previousAgentMessage"> & {
    sentenceCount: number;
  },
  sentence: Sentence,
  sentenceIndex: number,
): GateContext {
  const masked = maskText(sentence.text);
  const lead = FACT_LEAD_INS.pattern.exec(masked);
  const bodyStart = lead !== null && lead.index === 0 ? lead[0].length : 0;
  const body = masked.slice(bodyStart);
  const cue = (lexicon: Lexicon): number => {
    const found = masked.search(lexicon.pattern);
    if (found !== -1 || bodyStart === 0) return found;
    const inBody = body.search(lexicon.pattern);
    return inBody === -1 ? -1 : bodyStart + inBody;
  };
  return {
    ...shared,
    sentence,
    sentenceIndex,
    masked,
    standing: STRONG_STANDING_MARKERS.pattern.test(masked),
    cue,
    fact(decision, at) {
      const start = factStart(masked, at);
      return candidateFact(sentence.text.slice(start), decision, shared.language);
    },
    quote() {
      const text = sentence.text.replace(/\s+/g, " ");
      return text.length > 80 ? `${text.slice(0, 79)}…` : text;
    },
  };
}

/**
 * Where the fact of a cue at `at` starts: the sentence's start, or the start of the cue's clause
 * when an earlier clause is a mood, small talk or a one-off ("I'm so tired today, but I always
 * prefer tea" → "I always prefer tea").
 */
function factStart(masked: string, at: number): number {
  let clauseStart = 0;
  CLAUSE_BREAK.lastIndex = 0;
  for (
    let found = CLAUSE_BREAK.exec(masked);
    found !== null && found.index < at;
    found = CLAUSE_BREAK.exec(masked)
  )
    clauseStart = found.index + 1;
  if (clauseStart === 0) return 0;
  const before = masked.slice(0, clauseStart);
  return NOISE_BEFORE_FACT.some((lexicon) => lexicon.pattern.test(before)) ? clauseStart : 0;
}

/** True when some sentence of `masked` asks to remember. */
export function asksToRemember(masked: string): boolean {
  return REMEMBER_REQUESTS.pattern.test(masked);
}
