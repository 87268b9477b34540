/**
 * The user saying, in general terms, what they are, have or do: "I drive a Tesla", "I go by
 * Alex", "I'm hard of hearing", "I don't work Saturdays", "my kids are 4 and 7", "我老家在成都".
 * Weaker than a named preference or fact: a present-tense statement about oneself is usually a
 * lasting fact, but requests ("I need …", "I'd like …"), opinions ("I think …"), plans and past
 * events ("I went …") are left out, and any veto outweighs it.
 */
import { cueLexicon, defineLexicon } from "./define-lexicon.js";

/** Verbs after "I" that ask, plan, judge or tell a past event rather than state a lasting fact. */
const NOT_A_LASTING_VERB = String.raw`(?:don'?t|do not|never|rarely|seldom|have (?:a|an|another|one more|some|no) (?:question|problem|issue|idea|meeting|call|appointment|doubt|suggestion|request|bug|error|feeling|look|minute|moment|few)|need|needs|want|wanted|think|thought|guess|mean|meant|was|were|wonder|wondered|see|saw|agree|just|will|'ll|would|'d|have to|had|got|forgot|asked|said|told|went|did|tried|hope|wish|feel|felt|know|knew|understand|bet|suppose|believe|assume|can|could|should|must|might|may|am|'m|'ve|have been|also|already|still|really|actually|probably|maybe|love it|like it|like that|like this|hate it|hate that|appreciate|apologi[sz]e|promise|found|noticed|realized|remember|recall|get it|see it|meant|haven't|didn't|did not|wasn't|won't|can't|couldn't|shouldn't|wouldn't|ran|made|sent|read|heard|left|came|bought|booked|paid|called)\b`;

/** A general statement the user makes about themselves. */
export const SELF_STATEMENTS = cueLexicon("self-statements", [
  {
    pattern: new RegExp(String.raw`(?:^|[,;:]\s*|\band\s+)i (?!${NOT_A_LASTING_VERB})[a-z]+(?<!ed)\b`),
    example: "I drive a Tesla Model 3.",
  },
  {
    pattern:
      /\bi(?:'m| am) (?!(?:sure|not sure|done|back|here|there|going|gonna|trying|looking|asking|wondering|thinking|just|about|so|really|very|in a (?:rush|hurry|meeting)|on (?:my way|it)|sorry|afraid|glad|happy|fine|ok|okay|good|great|ready|confused|lost|curious|kidding|joking|serious|not|still|also|almost|actually|getting|having|doing|working on|writing|reading|stuck|out|off|free|busy|available|leaving|heading|coming|at|with|home|late|early|sure)\b)[a-z-]+/,
    example: "I'm hard of hearing.",
  },
  {
    pattern:
      /\bi (?:don'?t|do not|never|rarely|seldom) (?!(?:know|think|understand|get|see|care|mind|remember|recall|need|want|like (?:it|that|this)|have time|agree|believe|mean|see)\b)[a-z]+/,
    example: "I don't work on Saturdays.",
  },
  {
    pattern:
      /\bmy (?!(?:question|point|guess|answer|problem|issue|order|flight|request|message|idea|concern|reservation|ticket|bill|package|delivery|bad|code|test|build|draft|file|output|result|mistake|fault|turn|pleasure|apologies)\b)(?:[a-z-]+ ){1,2}(?:is|are)\b/,
    example: "My kids are 4 and 7.",
  },
  {
    pattern:
      /\b(?:is|are) my (?:[a-z-]+ ){0,2}(?:language|time|thing|jam|go-to|preference|style|routine|priority|strength|weakness|hobby|passion|job|profession|home|hometown|diet|habit)\b/,
    example: "Spanish is my first language.",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*我(?!们|想|要|需要|觉得|认为|感觉|刚|刚刚|已经|在找|正在|不知道|不确定|看看|问|说(?!话)|今天|现在|马上|明天|昨天|去|来|先|再|还|也|就|都|只是|是说|的意思|没|希望|猜|以为|记得|忘了)/,
    example: "我老家在成都",
  },
]);

/**
 * A sentence that opens with the speaker ("I refactored the backoff", "my laptop died", 我今天只能…):
 * it tells of the user, so it is no rule of the project, whoever says it back (see
 * conventions/convention-reading.ts).
 */
export const SPEAKS_OF_ONESELF = defineLexicon("speaks-of-oneself", [
  { pattern: /^(?:i|i'm|i've|i'd|i'll|my)\b/, example: "I refactored the retry backoff in internal/queue" },
  { pattern: /^我(?!们)/, example: "我今天只能用外接键盘" },
]);
