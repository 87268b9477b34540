/**
 * A message that asks instead of states: a question mark at the end, or an opening question word
 * ("what", "can you", "is it"), "吗", "怎么". A question puts nothing in memory unless it also
 * carries a fact or a request that outweighs it ("can you remember that I'm vegan?").
 */
import { cueLexicon, defineLexicon } from "./define-lexicon.js";

/** A question. */
export const QUESTION_FORMS = cueLexicon("question-forms", [
  { pattern: /[?？]\s*$/, example: "Is this right?" },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:what|why|how|when|where|who|which|whose)(?:'s|'re| (?:is|are|was|were|do|does|did|can|could|would|will|should|about|much|many|long|often|if)\b)/,
    example: "What's the weather in Paris",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:is|are|was|were|do|does|did|can|could|would|will|should|shall|may|might|have|has) (?:you|i|we|it|there|this|that|they|he|she|anyone|anything)\b(?! (?:always|never)\b)/,
    example: "Do you know a good sushi place",
  },
  { pattern: /是不是|能不能|可不可以|要不要|对不对|好不好|行不行/, example: "我是不是应该换工作" },
  {
    pattern:
      /[吗呢么][\s。]*$|^[^\w\u4e00-\u9fff]*(?:什么|谁|几)|为什么|为啥|怎么(?:样|办|用|做|弄|回事)?(?![^，。！？]{0,6}(?:都|也))|哪(?:里|儿|个|些|一)|多少/,
    example: "这个怎么用",
  },
]);

/**
 * A sentence that ends as a question: a question mark, or a Chinese question particle (…能用吗);
 * or asks why, with no answer given ("先帮我看看 order-svc 为啥一直重启": its 一直 is a symptom, no rule).
 * Not Rust's `?` operator said as what to use ("…, or propagate with ?").
 */
const ENDS_AS_QUESTION =
  /(?<!\b(?:with|use|using|the|a|and|or)\s+`?)[?？]\s*$|[吗呢][\s。]*$|^(?!.*因为).*(?:为啥|为什么|怎么回事)/;

/**
 * A request asked politely, as a question: "could you please stop using unwrap() outside of tests in
 * general?", "can you keep answers short?", 能不能以后都用中文回答？. What follows the lead is the
 * request; the reader still checks that it tells the agent what to do (see `politeRequestRest`).
 */
export const POLITE_REQUESTS = cueLexicon("polite-requests", [
  {
    pattern:
      /^(?:(?:and|also|so|ok(?:ay)?|hey|please)[,\s]+)*(?:could|can|would|will) you (?:please |kindly |maybe |perhaps |just |also )*/,
    example: "could you please stop using unwrap() outside of tests in general?",
  },
  { pattern: /^你?(?:能不能|能否|可不可以|可以)(?:请你?)?/, example: "能不能以后都用中文回答？" },
]);

const POLITE_LEAD = new RegExp(POLITE_REQUESTS.pattern.source, "i");

/**
 * What a polite request is for, said before it: "For anything experimental or test-related, would you
 * please always pass --profile sandbox?", "凡是测试相关的，能不能都加 --dry-run？". It stays with the request.
 */
export const REQUEST_SCOPES = defineLexicon("request-scopes", [
  {
    pattern: /^(?:for|when(?:ever)?)\b[^,?;]{1,60},\s*(?=(?:could|can|would|will) you\b)/,
    example: "For anything experimental or test-related, would you please always pass --profile sandbox?",
  },
  {
    pattern: /^(?:凡是|只要|对于)[^，,？?]{1,30}[，,]\s*(?=你?(?:能不能|能否|可不可以|可以))/,
    example: "凡是测试相关的，能不能都加 --dry-run？",
  },
]);

/**
 * What a request asked as a question asks for, its lead and question mark taken off ("could you
 * please stop using unwrap()?" → "stop using unwrap()"); null when `sentence` is no such request.
 */
export function politeRequestRest(sentence: string): string | null {
  const text = sentence.trim();
  const found = requestLead(text);
  if (found === null || !endsAsQuestion(text)) return null;
  const { scope, lead } = found;
  const rest = text
    .slice(scope.length + lead.length)
    .replace(/[?？]+\s*$|[吗呢][\s。？?]*$/, "")
    .trim();
  return rest === "" ? null : `${scope}${rest}`;
}

/**
 * True when `sentence` opens as a request, with its question mark or without, as quick messages
 * are written: "can you write a PlayerHealth script with damage and a death event". A request is
 * the task at hand, never an item of a list of rules (convention-reading.ts).
 */
export function opensAsRequest(sentence: string): boolean {
  return requestLead(sentence.trim()) !== null;
}

/** What a request opens with: what it is for ("For anything experimental, ") and its lead ("would you please "). */
function requestLead(text: string): { scope: string; lead: string } | null {
  const scope = REQUEST_SCOPES.pattern.exec(text)?.[0] ?? "";
  const lead = POLITE_LEAD.exec(text.slice(scope.length))?.[0] ?? "";
  return lead === "" ? null : { scope, lead };
}

/** True when `sentence` ends as a question ("…在 gcc 13 上能用吗"): it states no rule. */
export function endsAsQuestion(sentence: string): boolean {
  return ENDS_AS_QUESTION.test(sentence);
}
