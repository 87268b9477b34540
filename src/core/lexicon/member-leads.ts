/**
 * Member leads: the words right before a tool a slot lists that say it is the one used — "always
 * pnpm", "our style: double quotes", "we squash-merge", "new screens get zustand stores", "mocks
 * with Moq", "logging is structlog", 统一用 dayjs. Each entry is read on the words of the clause
 * before the tool, up to it (the slot rule's `usedMember`). Pure.
 */
import { ALL_IN } from "./decisions.js";
import { defineLexicon } from "./define-lexicon.js";

/** Every lead of a member that is used, English then Chinese. */
export const MEMBER_LEADS = defineLexicon("member-leads", [
  { pattern: /\b(?:always|only|just)\s*[`'"]?$/, example: "we always " },
  {
    // A topic and its tool, or what "we" do: "our style: double quotes", "we squash-merge".
    pattern: /[:：]\s*$|\bwe\s+(?:always\s+|only\s+)?$/,
    example: "our style: ",
  },
  {
    // What a kind of thing gets is what it uses: "new screens get zustand stores".
    pattern: /\b(?:gets?)\s+(?:a\s+|an\s+|its own\s+)?$/,
    example: "new screens get ",
  },
  {
    // What a kind of work is done with: "mocks with Moq", "we log with structlog", "deps with plain pip".
    pattern:
      /\b(?:mock(?:s|ing|ed)?|log(?:s|ging|ged)?|tests?|test(?:ing|ed)|format(?:s|ting|ted)?|lint(?:s|ing|ed)?|deps|dependencies|packages|install(?:s|ing|ed)?|buil(?:ds?|ding|t)|bundl(?:e|es|ing|ed)|assert(?:s|ions)?|matchers?|injection|validat(?:e|es|ion|ed)|di|styl(?:e|es|ing|ed)|manag(?:ed|es)|written|wrapped|typed|deriv(?:e|es|ed|ing)|defin(?:e|es|ed|ing)|deploy(?:s|ed|ing)?|ship(?:s|ped|ping)?)\s+(?:with|using|via)\s+(?:the\s+|plain\s+)?$/,
    example: "Tests are xUnit, mocks with ",
  },
  // What things are wrapped with: "wrap flaky calls with backoff.on_exception".
  {
    pattern: /\bwrap(?:s|ped|ping)?\s+(?:[\w-]+\s+){0,3}?(?:with|in|using|via)\s+(?:the\s+|our\s+)?$/,
    example: "wrap flaky calls with ",
  },
  // The way a kind of work goes: "async stuff between services goes over RabbitMQ".
  {
    pattern:
      /\b(?:go(?:es)?|run(?:s)?|pass(?:es)?|flows?|travels?|is routed|are routed)\s+(?:through|via|over|on)\s+(?:the\s+)?$/,
    example: "Async stuff between services goes over ",
  },
  // Where a kind of output is sent: "experiments get logged to wandb", "errors are reported to Sentry".
  {
    pattern:
      /\b(?:log(?:s|ged)?|report(?:s|ed)?|track(?:s|ed)?|sen(?:d|ds|t)|push(?:es|ed)?|upload(?:s|ed)?)\s+(?:to|in|into)\s+(?:the\s+|our\s+)?$/,
    example: "experiments get logged to ",
  },
  // Where a thing lives or runs: "staging lives on render now".
  {
    pattern: /\b(?:lives?|runs?|(?:is|are|['’]s) hosted|sits?|is|are)\s+on\s+$/,
    example: "staging lives on ",
  },
  // A thing of a package, after a lead that says use: "go with the standard library's log/slog".
  {
    pattern:
      /\b(?:use|using|go(?:ing)? with|switch(?:ed|ing)? to|mov(?:e|ed|ing) to|is|are)\s+(?:the\s+)?[\w-]+\s+(?:library|lib|package|crate|module|sdk)['’]s\s+$/,
    example: "go with the standard library's ",
  },
  // Everything put on one thing: "we're going all in on ".
  {
    pattern: new RegExp(String.raw`\b${ALL_IN}\s+$`),
    example: "we're going all in on ",
  },
  // What it is now: "instead of structopt it's clap with derive now".
  { pattern: /\bit['’]?s\s+$/, example: "instead of structopt its " },
  // What a kind of thing uses, right before the tool: "new code uses ky" (not "uses the docker postgres").
  { pattern: /\b(?:uses|use)\s+$/, example: "new code uses " },
  {
    // A tool paired with the one a thing is: "tests are xUnit with FluentAssertions", "vitest + testing-library",
    // "tests: xUnit + FluentAssertions";
    // "and" only after "uses" ("logging is noisy and tracing is expensive" pairs no tool).
    pattern:
      /(?:\b(?:is|are|uses?)\s+|[:：]\s*)[\w.@/-]+\s+(?:with|plus|\+)\s+$|\buses?\s+[\w.@/-]+\s+and\s+$/,
    example: "Tests are xUnit with ",
  },
  {
    // What a thing "is": "schema changes are knex migrations", "logging is structlog".
    pattern:
      /^(?!\s*(?:it|this|that|there|which|what)\s)[^,;]*?\b(?:is|are)\s+(?:all\s+|now\s+|still\s+|just\s+)?$/,
    example: "logging is ",
  },
  {
    pattern: /(?:用|使用|改成|换成|改用|切到|迁到|统一加|都加|上了|发到|记到)[^，。；,;]{0,8}$/,
    example: "日期处理统一用",
  },
  {
    // A return to a tool, or keeping on with it: "决定退回 helm", "继续写 helm chart".
    pattern: /(?:退回到?|回退到|改回|换回|切回|回到|继续写|继续用)[^，。；,;]{0,4}$/,
    example: "决定退回 ",
  },
  {
    // What the people who set the rules want, relayed: "they want CSS modules", "the lead prefers Bloc".
    pattern: /\b(?:wants?|prefers?|would rather(?: have| use)?)\s+(?:to use\s+)?$/,
    example: "the design team vetoed it — they want ",
  },
  {
    // The same in English: "we're going back to Sidekiq", "stick with helm".
    pattern:
      /\b(?:go(?:ing)?|went|switch(?:ed|ing)?|mov(?:e|ed|ing)|revert(?:ed|ing)?) back to\s+$|\bstick(?:ing)? with\s+$/,
    example: "we're going back to ",
  },
]);

/**
 * What a tool is said to be for, right after it: "FluentAssertions for assertions, NSubstitute for
 * mocks", "pytest for tests", "Shouldly 做断言". A purpose of a word or two that ends its clause says the tool is the
 * one used for it (not "for now", "for a while", "for example"). Read on the words after the tool.
 */
export const MEMBER_PURPOSES = defineLexicon(
  "member-purposes",
  [
    {
      pattern:
        /^(?:\s*\([^()]{1,40}\))?\s+for\s+(?:all\s+(?:new\s+)?|our\s+|the\s+|every\s+|new\s+)?(?!(?:now|a|an|this|that|some|example|instance|good|ever|free|sure|real|fun|years?|months?|weeks?|days?|today|speed|reasons?|the moment)\b)[\p{L}-]+(?:\s+[\p{L}-]+)?\s*(?:[,.;:)]|and\b|$)/u,
      example: " for assertions, NSubstitute for mocks",
    },
    {
      // In Chinese, the work it does: "Shouldly 做断言", "NSubstitute 来做 mock" (not "pytest 跑不起来").
      pattern:
        /^\s*(?:来|用来|负责)?(?:做|写|跑|管)(?![不没])\s*[\p{Script=Han}A-Za-z]{1,6}\s*(?:[，。；,;]|$)/u,
      example: " 做断言，NSubstitute 做 mock",
    },
  ],
  "iu",
);

/**
 * Words after a tool that say it was added beside what is used, not chosen as the one: "now that
 * kotest is in for the property-based tests", "vitest is in as well". Read on the words after the tool.
 */
export const MEMBER_ADDED = defineLexicon("member-added", [
  {
    pattern:
      /^\s+(?:is|are|was|got)\s+(?:now\s+|also\s+)?in(?:\s+(?:for|as well|too|now)\b|\s*(?:[,.;:]|$))/i,
    example: " is in for the property-based tests",
  },
  { pattern: /^\s*(?:也|已经)?(?:加进来了|引进来了|引入了|进来了)/, example: " 也加进来了" },
]);

/**
 * Words between a drop and a lead that says use that drop nothing of their own ("不要再直接用 tenacity",
 * "don't ever use"): adverbs. The lead then says what not to use.
 */
export const DROP_ADVERBS =
  /再|直接|继续|还|也|都|又|自己|随便|手动|\b(?:again|directly|ever|even|just|still|manually)\b|\s+/giu;
