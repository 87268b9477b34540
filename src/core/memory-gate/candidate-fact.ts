/**
 * From the sentence a rule fired on to a candidate fact: clean, standalone and in the third
 * person. "Oh, by the way, I prefer morning check-ins!" → "prefers morning check-ins" (USER);
 * "Always be honest with me" → "Always be honest with the user" (SOUL); "我喜欢早上沟通" →
 * "喜欢早上沟通". Steps: strip opening and closing words (`FACT_LEAD_INS`, `TAIL_WORDS`), apply the
 * target's rewrite (`FACT_REWRITES`), then turn the user's first person into the third. USER facts
 * drop the subject, as USER.md is about the user ("prefers …", "is allergic to …"); other files
 * name the user ("the user"). Pure.
 */
import { FACT_LEAD_INS } from "../lexicon/lead-in-words.js";
import { TAIL_WORDS } from "../lexicon/tail-words.js";
import { lowerSameLength } from "../signals/signal-text.js";
import { applyFactRewrite } from "./fact-rewrites.js";
import type { WriteDecision } from "./gate-decision.js";

/** The longest candidate fact, in characters; longer ones are cut at a word with "…". */
export const MAX_FACT_CHARS = 240;

const ADVERBS =
  "really|usually|always|never|generally|often|sometimes|mostly|also|just|only|still|rarely|typically|normally|actually|definitely|absolutely|strongly|much|even|honestly|genuinely|seriously|totally|hardly|barely|mainly|simply|basically|kind of|sort of";

/** Third-person forms that are not "add -s". */
const IRREGULAR: Readonly<Record<string, string>> = {
  am: "is",
  "'m": "is",
  are: "is",
  have: "has",
  "'ve": "has",
  do: "does",
  go: "goes",
  was: "was",
  were: "was",
  "'d": "would",
  "'ll": "will",
  "don't": "does not",
  dont: "does not",
  "didn't": "did not",
  "can't": "cannot",
  cant: "cannot",
  "won't": "will not",
  "haven't": "has not",
  "wasn't": "was not",
  "isn't": "is not",
  "aren't": "is not",
};
const MODALS = new Set([
  "can",
  "could",
  "will",
  "would",
  "should",
  "must",
  "might",
  "may",
  "shall",
  "cannot",
]);

/** Verbs ending in "ed" that are not past tenses ("I need" → "needs"). */
const PRESENT_ED = new Set([
  "need",
  "feed",
  "bleed",
  "breed",
  "speed",
  "seed",
  "heed",
  "proceed",
  "succeed",
  "exceed",
  "embed",
  "shed",
  "shred",
  "wed",
  "weed",
]);

/**
 * The third-person singular of `verb` ("prefer" → "prefers", "am" → "is"); modals and past tenses
 * ending in "ed" ("moved") unchanged.
 */
export function thirdPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular = IRREGULAR[lower.replace(/’/g, "'")];
  if (irregular !== undefined) return irregular;
  if (MODALS.has(lower) || !/^[a-z]+$/.test(lower)) return verb;
  if (lower.endsWith("ed") && !PRESENT_ED.has(lower)) return verb;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** Words after "I" that are not its verb ("I and my wife", "I, too"). */
const NOT_A_VERB = "(?:and|or|but|too|as|to|in|on|at|for|with|from|the|a|an|so|if|then|that|this|myself)\\b";

/**
 * "I" with the verb after it (and adverbs between): group 1 a contraction ("'m", "'ve", "'d",
 * "'ll"), group 2 adverbs, group 3 the verb. Matches "I'm", "I don't", "I really prefer", "i
 * usually work"; a bare "I" when no verb follows.
 */
const FIRST_PERSON = String.raw`i(?:(['’](?:m|ve|d|ll))|\s+((?:(?:${ADVERBS})\s+)*)(?!${NOT_A_VERB})(do not|don['’]?t|didn['’]t|can['’]?t|cannot|won['’]t|haven['’]t|wasn['’]t|[a-z]+))?\b(?!\.\w)`;
const LEADING_FIRST_PERSON = new RegExp(`^${FIRST_PERSON}`, "i");
const INNER_FIRST_PERSON = new RegExp(`\\b${FIRST_PERSON}`, "gi");

/** "I prefer" → "prefers" (no subject) or "the user prefers". */
function conjugated(subject: string, contraction: string | undefined, adverbs: string, verb: string): string {
  const lead = subject === "" ? "" : `${subject} `;
  if (contraction !== undefined) return `${lead}${thirdPersonVerb(contraction.replace("’", "'"))}`;
  if (verb === "") return subject;
  const form = /^do not$/i.test(verb) ? "does not" : thirdPersonVerb(verb);
  return `${lead}${adverbs}${form}`;
}

/** "I" in a later clause of a USER fact: "they", which takes the plain verb ("when they travel"). */
function they(contraction: string | undefined, adverbs: string, verb: string): string {
  if (contraction !== undefined) {
    const plural: Readonly<Record<string, string>> = { m: "are", ve: "have", d: "would", ll: "will" };
    return `they ${plural[contraction.slice(1).toLowerCase()] ?? ""}`.trim();
  }
  const plain = /^am$/i.test(verb) ? "are" : /^was$/i.test(verb) ? "were" : verb;
  return `they ${adverbs}${plain}`.trim();
}

/**
 * The user's first person in English, turned to the third. A USER fact drops the subject of its
 * first clause ("I prefer tea" → "prefers tea", "My time zone is CET" → "time zone is CET") and
 * says "they" after it; other files say "the user". Only USER facts turn "you" (the agent) into
 * "the assistant": a principle in SOUL.md speaks to the agent.
 */
function englishThirdPerson(text: string, decision: WriteDecision): string {
  const user = decision === "UPDATE_USER";
  let head = "";
  let rest = text;
  if (user) {
    const lead = LEADING_FIRST_PERSON.exec(text);
    if (lead !== null) {
      head = conjugated("", lead[1], lead[2] ?? "", lead[3] ?? "");
      rest = text.slice(lead[0].length);
    } else rest = text.replace(/^my\s+/i, "");
  }
  rest = rest.replace(
    INNER_FIRST_PERSON,
    (_whole, contraction: string | undefined, adverbs = "", verb = "") =>
      user ? they(contraction, adverbs, verb) : conjugated("the user", contraction, adverbs, verb),
  );
  const [me, my, mine, myself] = user
    ? ["them", "their", "theirs", "themselves"]
    : ["the user", "the user's", "the user's", "the user"];
  rest = rest
    .replace(/\bme\b/gi, me)
    .replace(/\bmy\b/gi, my)
    .replace(/\bmine\b/gi, mine)
    .replace(/\bmyself\b/gi, myself);
  if (user) {
    rest = rest
      .replace(/\byou(?:['’]re| are)\b/gi, "the assistant is")
      .replace(/\byours\b/gi, "the assistant's")
      .replace(/\byour\b/gi, "the assistant's")
      .replace(/\byou\b/gi, "the assistant");
  }
  return `${head}${rest}`;
}

/** "我" before a relative or a colleague ("我妹妹" → "用户的妹妹"). */
const KIN_AFTER_ME = /我(?=妈|爸|姐|妹|哥|弟|老婆|老公|女朋友|男朋友|同事|老板|朋友|儿子|女儿|家人)/g;

/** The user's first person in Chinese, turned to the third ("我" → "用户"; a USER fact drops it). */
function chineseThirdPerson(text: string, decision: WriteDecision): string {
  let result = text;
  if (decision === "UPDATE_USER") result = result.replace(/^我的?(?!们)/, "").replace(/你(?!们)/g, "助手");
  return result.replace(KIN_AFTER_ME, "用户的").replace(/我(?!们)/g, "用户");
}

/** `text` without the opening and closing words that are not part of a fact. */
export function stripFiller(text: string): string {
  let result = text.trim();
  for (let changed = true; changed; ) {
    changed = false;
    const lead = FACT_LEAD_INS.pattern.exec(lowerSameLength(result));
    if (lead !== null && lead.index === 0 && lead[0].length > 0 && lead[0].length < result.length) {
      result = result.slice(lead[0].length).trim();
      changed = true;
    }
    const tail = TAIL_WORDS.pattern.exec(lowerSameLength(result));
    if (tail !== null && tail[0].length > 0 && tail.index > 0) {
      result = result.slice(0, tail.index).trim();
      changed = true;
    }
    const bare = result.replace(/[\s.!?。！？~～;；,，:：]+$/, "");
    if (bare !== result) {
      result = bare;
      changed = true;
    }
  }
  return result;
}

/** The fewest English words, or Chinese characters, a candidate fact has ("再说" states nothing). */
export const MIN_FACT_WORDS = 2;
export const MIN_FACT_CHARS = 3;

function tooShort(fact: string, language: "en" | "zh"): boolean {
  if (language === "zh") return fact.replace(/[\s\p{P}]/gu, "").length < MIN_FACT_CHARS;
  return fact.split(/\s+/).filter((word) => /\w/.test(word)).length < MIN_FACT_WORDS;
}

/** `text` cut to {@link MAX_FACT_CHARS} at a word, with "…". */
function clip(text: string): string {
  if (text.length <= MAX_FACT_CHARS) return text;
  const cut = text.slice(0, MAX_FACT_CHARS - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > MAX_FACT_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The candidate fact a sentence states for `decision`, or null when nothing is left once filler is
 * stripped. `language` picks the Chinese or the English pronoun rules.
 */
export function candidateFact(
  sentence: string,
  decision: WriteDecision,
  language: "en" | "zh",
): string | null {
  const stripped = stripFiller(sentence);
  if (stripped === "") return null;
  const rewritten = applyFactRewrite(stripped, decision);
  const personal =
    language === "zh" ? chineseThirdPerson(rewritten, decision) : englishThirdPerson(rewritten, decision);
  const fact = clip(stripFiller(personal.replace(/\s+/g, " ")));
  if (tooShort(fact, language)) return null;
  if (language === "zh" || /^[A-Z]{2}/.test(fact)) return fact;
  // USER and IDENTITY facts have no subject ("prefers tea", "name is Aria"); a SOUL principle is an
  // imperative sentence; MEMORY and TOOLS facts keep the user's casing ("gs is an alias …").
  const first = fact.charAt(0);
  if (decision === "UPDATE_USER" || (decision === "UPDATE_IDENTITY" && rewritten !== stripped))
    return first.toLowerCase() + fact.slice(1);
  if (decision === "UPDATE_SOUL") return first.toUpperCase() + fact.slice(1);
  return fact;
}
