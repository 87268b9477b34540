/**
 * Withdrawals: a rule taken back by its name, with nothing said in its place — "forget the @timed
 * rule", "Drop the queue_test rule", "the JSDoc requirement is withdrawn", "docstring 那条不用了".
 * The rule it names is superseded, and once it has been, the withdrawal itself has nothing left to
 * say: recalled, it would only put the withdrawn thing back in front of the agent (see
 * docs/lessons.md#withdrawn-rules). Each entry captures the words that name the rule. Pure.
 */
import { compiledEntries, defineLexicon } from "./define-lexicon.js";
import {
  NAMED_RULE,
  NAMED_RULE_ZH,
  type NamedRule,
  namedRuleIn,
  RULE_WORD,
  zhRuleName,
} from "./narrowings.js";

/** The verbs that take a rule back, said before it: "drop the queue_test rule". */
export const TAKE_BACK = "(?:forget|drop|scrap|ditch|withdraw|retire|lift|cancel|kill|undo)";

/** Words that say a rule is not needed: "we don't need", "you no longer need", "you can stop doing". */
const NO_NEED = String.raw`(?:we|you|i)\s+(?:(?:don'?t|do not|no longer)\s+(?:really\s+)?need|can (?:drop|forget|stop(?:\s+doing)?))`;

/** Every wording of a withdrawal, English then Chinese; group 1 is the rule's name. */
export const WITHDRAWALS = defineLexicon("withdrawals", [
  {
    pattern: new RegExp(
      String.raw`\b${TAKE_BACK}(?:\s+about)?\s+(?:the|our|that)\s+((?:\S+\s+){0,3}?\S+)\s+${RULE_WORD}\b`,
    ),
    example: "quick one: forget the @timed rule, the runner traces every transform now",
  },
  {
    pattern: new RegExp(
      // The rule may be named with where it held: "the no-generics rule for pkg/api is gone", "the
      // suffix naming rule for view models is gone".
      String.raw`${NAMED_RULE}(?:(?:for|in|on|about|under)\s+(?:\S+\s+){1,2}?)?(?:is|has been|was)\s+(?:withdrawn|lifted|dropped|scrapped|cancell?ed|retired|gone|dead|obsolete)\b`,
    ),
    example: "the JSDoc requirement is withdrawn",
  },
  // A change called off takes back the rules that made it: "the Docusaurus migration is cancelled".
  {
    pattern:
      /\b(?:the|our|that)\s+((?:\S+\s+){0,2}?\S+)\s+(?:migration|move|switch|rewrite|port)\s+(?:is|has been|was|got)\s+(?:cancell?ed|called off|off|scrapped|abandoned|shelved|dropped)\b/,
    example: "Update: the Docusaurus migration is cancelled, we're staying on MkDocs",
  },
  // A rule named as a heading, then said to be gone: "the unwrap rule — we talked about it at the sync and it's gone".
  {
    pattern: new RegExp(
      String.raw`\b(?:the|our|that)\s+((?:\S+\s+){0,2}?\S+)\s+${RULE_WORD}\s*(?:[:,—–]|-(?=\s))[^.!?;]{0,60}?\b(?:it'?s|it is|it has been|that'?s|that is)\s+(?:gone|dead|over|withdrawn|dropped|scrapped|cancell?ed|retired)\b`,
    ),
    example: "Also, the unwrap rule — we talked about it at the sync and it's gone",
  },
  {
    pattern: new RegExp(String.raw`${NAMED_RULE}(?:no longer applies|doesn'?t apply any ?more)\b`),
    example: "the no-generics rule no longer applies",
  },
  {
    pattern: new RegExp(
      String.raw`\b${NO_NEED}\s+(?:the|our|that)\s+((?:\S+\s+){0,3}?\S+)\s+${RULE_WORD}(?:\s+any ?more)?\b`,
    ),
    example: "we don't need the g_ rule any more, the static analyser flags globals anyway",
  },
  {
    // A topic named as a heading, then pointed back to: the heading names the rule.
    pattern: new RegExp(
      String.raw`(?:^|(?<=[.!?;]\s))(?:\W*(?:and|also|oh|so|ok(?:ay)?),?\s+)?(?:(?:about|re|regarding|as for|on)\s+)?(?:the|our)\s+((?:\S+\s+){0,3}?\S+?)(?:\s+(?:thing|one|business|bit|${RULE_WORD}))?\s*(?:[:,—–]|-(?=\s))\s*${NO_NEED}\s+(?:that|it|this)(?:\s+(?:one|${RULE_WORD}))?(?:\s+any ?more)?\b`,
    ),
    example:
      "about the LG thing: we don't need that rule any more, Swift modules already namespace our types",
  },
  {
    // The same taken back with a verb, the rule's scope said after its name: "about the @Preview
    // rule for screens, forget it"; "about" may be left out before a word for a rule ("the # Examples rule — please drop it").
    pattern: new RegExp(
      String.raw`(?:^|(?<=[.!?;:]\s))(?:\W*(?:and|also|oh|so|ok(?:ay)?|anyway),?\s+)?(?:(?:about|re|regarding|as for|on)\s+|(?=(?:the|our)\s+(?:\S+\s+){0,3}?${RULE_WORD}\b))(?:the|our)\s+((?:\S+\s+){0,2}?\S+?)\s+(?:thing|one|business|bit|${RULE_WORD})(?:\s+(?:for|on|in|about)\s+(?:\S+\s+){0,2}?\S+?)?\s*(?:[:,—–]|-(?=\s))\s*(?:(?:please|just|you can|we can)\s+)?${TAKE_BACK}\s+(?:it|that|this)(?:\s+(?:one|${RULE_WORD}))?\b`,
    ),
    example: "anyway. about the @Preview rule for screens, forget it. the SDK kept breaking on CI",
  },
  {
    pattern: new RegExp(
      `${NAMED_RULE_ZH}(?:就|也)?(?:不用了|不要了|取消(?:了|吧|掉)?|作废了?|废了|去掉(?:了|吧)?|删了|撤了|不算了|不(?:再)?(?:强求|强制|做要求|要求)了?)`,
    ),
    example: "还有 docstring 那条不用了",
  },
  {
    // A thing named with a bare 那个, no longer to be done by hand: "埋点那个不用再手动加了".
    pattern: new RegExp(
      String.raw`${zhRuleName(1)}\s*(?:那个|这个)(?:就|也)?不(?:用|需要|必)再[^，。,]{0,6}?了`,
      "u",
    ),
    example: "通知一下，埋点那个不用再手动加了，现在路由层自动上报",
  },
]);

const ENTRIES = compiledEntries(WITHDRAWALS);

/** The withdrawal in `text`: where it is and the words that name the rule, lower case; null when none. */
export function withdrawalIn(text: string): NamedRule | null {
  return namedRuleIn(ENTRIES, text, /[\s="'`“”]+/);
}
