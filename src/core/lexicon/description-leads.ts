/**
 * Description leads: the words that pair a subject of the stack with its value in a description
 * ("logging is pino", "jobs run on BullMQ", 持久层用 MyBatis-Plus), read by the described slots
 * (slots-described.ts) and the value a description sets (slot-value-reading.ts). Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/**
 * A lead that pairs a subject with its value in a description of the stack ("logging is pino",
 * "jobs run on BullMQ", 持久层用 MyBatis-Plus). A `weak` lead ("is", 是, 在) says nothing of use on
 * its own, so only a tool's name is a value after it ("the tests are flaky" names none); a `suffix`
 * follows the value ("auth is Clerk-based"); a lead of where a thing goes (`to`) pairs only a slot
 * that is a destination ("errors go to Sentry", not "QA builds go to juniper").
 */
export interface DescriptionLead extends LexiconEntry {
  weak?: true;
  suffix?: true;
  /** A lead of where a thing goes ("errors go to Sentry"): only for a slot that is a destination. */
  to?: true;
}

/** Every lead of a description of the stack, English then Chinese; longer wordings first. */
export const DESCRIPTION_LEADS = defineLexicon<DescriptionLead>(
  "description-leads",
  [
    {
      pattern:
        /\b(?:is|are) (?:done|handled|managed|written|built|generated|implemented|configured|set up|wired up|hosted|deployed|served|sent|shipped|reported|stored|kept|read|loaded|pulled|powered|backed|based) (?:with|in|on|via|through|using|by|to|from)\b/,
      example: "i18n is done with react-intl",
    },
    {
      pattern:
        /\b(?:go(?:es)?|run(?:s)?|pass(?:es)?|flows?|travels?|is routed|are routed) (?:through|via|with|using|on|over)\b/,
      example: "postgres goes through Kysely",
    },
    {
      pattern: /\b(?:go(?:es)?|gets? sent|report(?:s)?|ships?|lands?) to\b/,
      example: "errors go to Sentry",
      to: true,
    },
    {
      pattern: /\b(?:comes?|is read|are read|is loaded|are loaded) from\b/,
      example: "config comes from Doppler",
    },
    { pattern: /\b(?:lives?|sits?|stays?) (?:in|on)\b/, example: "client state lives in zustand stores" },
    {
      pattern: /\b(?:uses?|is using|are using|relies on|rely on|is built on|are built on)\b/,
      example: "outbound HTTP calls use undici",
    },
    { pattern: /\b(?:via|through|using)\b/, example: "i18n via vue-i18n" },
    { pattern: /\b(?:is|are) (?:on|in)\b/, example: "hosting is on Fly", weak: true },
    // A subject and its tool as a list item says it: "CLI parsing with clap derive".
    { pattern: /\bwith\b/, example: "CLI parsing with clap derive", weak: true },
    { pattern: /\b(?:is|are)(?: (?:now|all|still|mostly|just))?\b/, example: "logging is pino", weak: true },
    // What a kind of thing is to be: "new tests should be Pest".
    {
      pattern: /\b(?:should|must|will|need to|have to|has to) (?:all |now |always )?be\b/,
      example: "new tests should be Pest",
      weak: true,
    },
    { pattern: /(?<=\S)-(?:based|powered|backed)\b/, example: "auth is Clerk-based", suffix: true },
    {
      pattern:
        /(?:统一|都|一律|主要|也)?(?:使用|采用|用的是|用|走的是|走|基于|通过|依赖|放在|放到|交给|跑在|接入|由)/,
      example: "持久层用 MyBatis-Plus",
    },
    // 统一 or 一律 right before a name: "我们这边格式化一律 black".
    { pattern: /(?:统一|一律)(?=\s*[A-Za-z])/, example: "格式化一律 black" },
    { pattern: /(?:都|也)?(?:是|在|为)/, example: "日志是 log4j2", weak: true },
    // A Chinese subject, then a tool's name after a space, as a list item says it: "单测 gtest，放 tests/ 下".
    { pattern: /(?<=[\u4e00-\u9fff])(?=\s+[A-Za-z])/, example: "单测 gtest，放 tests/ 下", weak: true },
  ],
  "iu",
);
