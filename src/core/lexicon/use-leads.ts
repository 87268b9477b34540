/**
 * The leads of a term a rule says to use ("use", "switch to", "we're on", 改用, 一律用), and the words
 * they share with the leads of what it says to avoid (use-and-avoid.ts): what replaced a thing, a
 * thing that did not take hold, what does a job now. Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/** A lead that introduces a term; the term follows it, past an article. */
export interface TermLead extends LexiconEntry {
  /** `after`: the term follows the lead; `before`: the lead follows the term ("yarn is gone"). */
  side: "after" | "before";
  /** A `before` lead that may follow its term with no space (Chinese: "Vuex不要再用了"). */
  joined?: true;
  /** A `before` lead whose term opens its clause ("slog everywhere", not "for logging everywhere"). */
  opensClause?: true;
  /** A lead whose term counts only when written as a name: capitalised or with code's marks ("withSentry", not "integration"). */
  named?: true;
}

export const after = (pattern: RegExp, example: string): TermLead => ({ pattern, example, side: "after" });

/**
 * "replaced" said of what replaced a thing, first ("GoodJob replaced Sidekiq"): the thing before it
 * is used, the one after it dropped. Not passive ("jest got replaced with vitest"), nor "replaced X
 * with Y" (read by its own leads).
 */
export const REPLACED =
  /(?<!\b(?:got|was|were|is|are|be|been|gets|get) )(?:replaced|replaces|has replaced|took over from|取代了|替换了|替代了)(?!\s+\S+\s+(?:with|by)\b)/;

/** A thing that did not take hold, so it is dropped: "Shouldly didn't stick", "m_ lost 😂" (a rule shape too). */
export const DID_NOT_TAKE_HOLD =
  /(?:didn'?t|did not|never) (?:stick|catch on|take off|work out|pan out|survive|make the cut)\b|\blost(?: the (?:vote|argument|debate|poll))?(?=\s*(?:$|[^\w\s]))/;

/** What does a job now, named before it: "LitMotion is the tween library now" (a rule shape too). */
export const DOES_THE_JOB_NOW =
  /(?:is|are) (?:the|our) (?:[\w-]+ ){0,2}(?:library|lib|tool|framework|runner|engine|package|client|provider|platform|backend|formatter|linter) (?:now|from now on|going forward)\b/;

/** Leads of a term the rule says to use. */
export const USE_LEADS = defineLexicon(
  "use-leads",
  [
    after(/\b(?:use|prefer|run|always use|stick (?:to|with)|go with|reach for)/, "use pnpm for everything"),
    after(/\buses(?= \S+ now\b)/, "the binary uses miette now"),
    // What the team is taking up: "we're … and using alcotest for them from now on".
    after(
      /\b(?:we(?:'re|’re| are)(?: now| all)?|and|now|start(?:ing)?) using(?! (?:the|a|an|it|them|this|that)\b)/,
      "we're moving tests into test/ and using alcotest for them from now on",
    ),
    after(
      /\b(?:switch(?:es|ed|ing)?|mov(?:es|e|ed|ing)|migrat(?:es|e|ed|ing))(?:\s+(?:[\w-]+|\+|&)){0,7}?\s+(?:on)?to/,
      "we switched the whole monorepo to pnpm",
    ),
    // A value raised to a bigger one: "we're bumping dbt to WH_DBT_MEDIUM".
    after(
      /\b(?:bump(?:s|ed|ing)?|upgrad(?:es|e|ed|ing))(?:\s+[\w-]+){0,3}?\s+to/,
      "we're bumping dbt to WH_DBT_MEDIUM",
    ),
    after(/\breplace[sd]? (?:it )?with/, "jest got replaced with vitest"),
    after(/\brenamed (?:to|as)/, "BillingError was renamed to PaymentError"),
    // What took a thing in: "tfsec got folded into trivy".
    after(/\b(?:folded|absorbed) into/, "tfsec got folded into trivy"),
    after(/\breplac(?:e|ed|ing) [\w.@/-]+ with/, "we replaced viper with koanf"),
    after(
      /\bswap(?:s|ped|ping)?(?: out)? (?:[\w.@/-]+ (?:\+ |and )?){1,3}?(?:for|with)|\b(?:dropp(?:ed|ing)|ditch(?:ed|ing)) (?!(?:the|a|an|this|that|our|some|all)\b)(?:[\w.@/-]+ (?:\+ |and )?){1,3}?(?:(?:altogether|entirely|completely) )?for/,
      "we swapped axios for ky",
    ),
    after(
      /\b(?:format|formatted|lint|linted|check|checked|tests?|tested|build|built|bundle|bundled|indent|indented|log|logged)\s+(?:it\s+|everything\s+|the code\s+|code\s+)?(?:with|using|through|via)/,
      "we format everything with biome",
    ),
    // What things are written with: "please write new ones with Swift Testing instead of XCTest cases".
    after(
      /\b(?:write|writes|written|writing)\s+(?:(?:new|all|the|our|any)\s+)?(?:(?:ones?|tests?|specs?|them|it|code|everything)\s+)?(?:with|using)/,
      "please write new ones with Swift Testing (@Test, #expect) instead of XCTest cases",
    ),
    // How tests check, fake or look at things: "from here on tests compare with go-cmp".
    after(
      /\b(?:compares?|compared|asserts?|asserted|mocks?|mocked|stubs?|stubbed|fakes?|faked|diffs?|diffed)\s+(?:everything\s+|them\s+|it\s+)?(?:with|using|through|via)/,
      "from here on tests compare with go-cmp",
    ),
    after(
      /\b(?:(?:are|is|get|gets|got) (?:managed|handled|installed|wrapped|generated|deployed|built|run|done|tracked|pinned)|go(?:es)?) (?:with|by|through|via|using)/,
      "deps are managed with poetry",
    ),
    // Any work done through a thing: "request input is validated through spatie/laravel-data objects".
    after(
      /\b(?:are|is|gets?|got) \w+ed (?:through|via|using|with)(?= \S)/,
      "request input is validated through laravel-data now",
    ),
    after(
      /\b(?:are|is|gets?|got) (?:wrapped|packed|boxed) in(?:to)?/,
      "api responses are wrapped in ApiResponse<T>",
    ),
    // A possessive names no value: "logrus is on its way out" drops logrus. "port" leads a number,
    // not the thing to port ("port GPXParserTests as an example").
    after(
      /\b(?:listens on|runs on|serves on|is on|port\b(?=\s*:?\d))(?! (?:its|their|his|her|our|my|your)\b)(?: port)?/,
      "the api listens on 8081",
    ),
    after(/\b(?:we'?re|we are) (?:now )?(?:on|using|running)/, "we're on python 3.12 now"),
    // How the team does a kind of work, said as what it does it with: "we plan with make plan ENV=<env>".
    after(
      /\bwe(?:'ll| will| always| now)?\s+(?:plan|deploy|ship|release|build|test|lint|format|bundle|package|publish|migrate|provision|manage|install|generate|compile|profile|benchmark|serve|host|monitor|schedule|version|document|mock|stub|seed|back up|roll out)\s+(?:everything\s+|it\s+|them\s+|things\s+)?(?:with|via|using|through)/,
      "we plan with make plan ENV=<env>, never raw terraform plan",
    ),
    // What replaced a thing, said first: "GoodJob replaced Sidekiq", "Catch2 取代了 gtest".
    {
      pattern: REPLACED,
      example: "GoodJob replaced Sidekiq (we got rid of redis entirely)",
      side: "before" as const,
    },
    // A change written as an arrow, the new thing last: "Queue backend: GoodJob -> Solid Queue".
    after(/(?<=[\w.]\s)(?:->|→)/, "Queue backend: GoodJob -> Solid Queue"),
    after(
      /(?:(?<![不别再必])使?用(?!下来|起来|着)|应使用|改用|换成|改成|切换到|升级到|迁(?:移)?(?:到)?(?=\s*[A-Za-z@])|统一成|统一为|(?:定|选)的是)/,
      "以后一律用 pnpm",
    ),
    // 换 right before a name is a switch to it: "组里投票决定换 doctest".
    after(/换(?=\s*[A-Za-z])/, "组里投票决定换 doctest"),
    after(/\b(?:it'?s|its|we'?re on)(?= \S+ now\b)/, "instead of fly it's render now"),
    after(
      /\b(?:standardi[sz](?:ed|ing)|settl(?:ed|ing)|land(?:ed|ing)|converg(?:ed|ing)|agreed|decided)(?: (?:every|all|each|our|the)(?: [\w-]+){1,3})? on|\b(?:voted|opted) for|\bin favou?r of|\b(?:went|going) with|\b(?:picked|chose)(?= \S+ (?:as|for|over)\b)|\bwe(?:'ve| have)? adopted/,
      "the platform team standardized on zerolog",
    ),
    {
      // A command named first as what runs a project's checks: "make test runs the suite with the env loaded".
      pattern: /runs (?:the|all the|our) (?:whole )?(?:suite|tests|specs|build|linters?|checks)\b/,
      example: "there's a Makefile now and make test runs the suite with the right env vars loaded",
      side: "before" as const,
    },
    {
      // A move to a thing finished: "We finished the Hilt migration yesterday", "the Hilt migration is done".
      pattern:
        /(?<=\b(?:finished|completed|wrapped up|done with|landed|merged)\s+(?:the|our)\s+[\w.@/-]+\s)migration\b|migration (?:is|'s|was|has been) (?:done|finished|complete|over|merged|landed)\b/,
      example: "We finished the Hilt migration yesterday, so no more hand-written Dagger components",
      side: "before" as const,
      named: true as const,
    },
    {
      // The thing named first as what does a job now: "LitMotion is the tween library now".
      pattern: DOES_THE_JOB_NOW,
      example: "LitMotion is the tween library now",
      side: "before" as const,
    },
    {
      // A name said to be what a kind of thing is now: "constants are k_PascalCase now".
      ...after(
        /\b(?:is|are)(?= (?:an? )?`?[\w@./<>-]+`? now\b)/,
        "constants are k_PascalCase now, not ALL_CAPS anymore",
      ),
      named: true as const,
    },
    {
      // The thing a clause opens with, for every one of a kind: "SwiftUI for all new screens".
      pattern: /for (?:all|every|each|any) (?:new |the |our )?[\w-]+/,
      example: "SwiftUI for all new screens, no UIKit view controllers",
      side: "before" as const,
      opensClause: true as const,
    },
    {
      // A name written with code's marks opening a clause, for a purpose: "go-cmp for diffs".
      pattern:
        /(?<=\w[-./_@][\w@./+#-]* )for (?:the |our |all |every )?[a-z][\w-]*(?: [a-z][\w-]*)?(?=\s*(?:[,.;:—–]|\band\b|$))/,
      example: "go-cmp for diffs and plain t.Errorf",
      side: "before" as const,
      opensClause: true as const,
    },
    {
      // Only a clause's first word: "for logging from now on" does not use "logging".
      pattern: /(?:from now on|from here on|going forward|everywhere|across the board)\b/,
      example: "httpx.AsyncClient from now on",
      side: "before" as const,
      opensClause: true as const,
    },
  ],
  "iu",
);
