/**
 * "Use Y, not X": the words that introduce what a rule tells the agent to use ("use", "switch to",
 * "we're on", 改用, 一律用) and what it tells it to avoid ("not", "instead of", "no more", 别用, 不再).
 * Read as terms (the first word after the lead, past an article): "use the conda env" → conda.
 * Contradiction between lessons and the value of a tool slot both read rules this way. A
 * description of the stack says what a thing is done with in words of its own ("logging is pino",
 * "jobs run on BullMQ", 持久层用 MyBatis-Plus): those leads are `DESCRIPTION_LEADS` (description-leads.ts). Pure.
 */
import { memoizeText } from "../memo.js";
import { defineLexicon } from "./define-lexicon.js";
import { RULE_WORD } from "./narrowings.js";
import { listedBefore, NOISE, namedBefore, referentOf, WORD } from "./term-referents.js";
import { after, DID_NOT_TAKE_HOLD, REPLACED, type TermLead, USE_LEADS } from "./use-leads.js";
import { TAKE_BACK } from "./withdrawals.js";

/** A term written in Latin letters (a name in Chinese text: "Vuex", "pip-tools", "DO"). */
const LATIN_WORD = "[A-Za-z0-9_@./:+<>-]*[A-Za-z0-9_@/:+>-]";
const TERM = String.raw`\x60([^\x60]{1,60})\x60|"([^"]{1,60})"|'([^']{1,60})'|(${WORD})`;

/** A Chinese modifier before a name in Latin letters, skipped: "统一用他们封装的 @corp/logger". */
export const ZH_MODIFIER = String.raw`\p{Script=Han}{1,8}的\s*(?=[A-Za-z0-9_@\x60])`;

/**
 * What "no" says of in a clause of its own without banning a thing: a courtesy, an answer or an
 * emphasis ("no worries", "no problem", "no exceptions").
 */
const NO_BAN =
  "worries|problems?|idea|rush|thanks|way|doubt|luck|need|one|more|longer|new|big|clue|kidding|biggie|pressure|offen[cs]e|comment|notes|changes?|issues?|errors?|exceptions?|excuses?|matter|shortcuts?|dice|shame|surprises?";

/** Leads of a term the rule says to avoid. */
export const AVOID_LEADS = defineLexicon(
  "avoid-leads",
  [
    after(
      /\b(?:(?<!\b(?:for|by|about|of|from|on|at) )not|never(?: (?:use|run|add|import|install|call|put|commit|pull in))?|(?:don'?t|do not) (?:use|run|add|import|install|bother (?:with|running|using))|avoid|(?:instead of|rather than)(?: [a-z]+ing(?: (?:from|to|on|for|through|with|into|in))?(?= (?!(?:the|our|a|an|any|all|this|that|it|them|every|each)\b)[\w`@$./-]))?|no longer(?! (?:required|needed|necessary|mandatory|enforced)\b)|stop(?:ped|ping|s)? (?:using|adding|calling|invoking|importing)|no more|ditch(?:ed|ing)?|dropp(?:ed|ing)|(?:get|got|getting) rid of|cancell?(?:ed|ing)|replac(?:e|ed|ing)(?= (?:(?:the|our|all|all the) )?(?:[\w.@/-]+ ){1,2}?with\b)|swap(?:s|ped|ping)?(?: out)?(?= (?:\S+ (?:\+ |and )?){1,3}?(?:for|with)\b)|rip(?:ping)?(?= \S+ out\b))/,
      // After "instead of" a verb's -ing form leads its object: "rather than calling URLSession yourself".
      "use pnpm, not yarn",
    ),
    // A thing taken out, named after the verb: "we're ripping out DOTween", "phasing out Moment".
    after(
      /\b(?:rip(?:s|ped|ping)?|tear(?:s|ing)?|tore|phas(?:e|es|ed|ing)) out(?! of\b)/,
      "we're ripping out DOTween",
    ),
    // What not to do any more, with any verb and the thing after it: "don't log to wandb anymore",
    // "don't push to main anymore". A verb of the speaker's own ("don't need", "don't think") drops nothing.
    after(
      /\b(?:don'?t|do not) (?!(?:need|have|want|think|know|see|worry|bother|forget|mind|care|like)\b)[a-z]+(?: (?:to|into|in|with|via|through|on|from))?(?=(?:[^,.;]|\.(?=\w))*\b(?:any ?more|no longer)\b)/,
      "don't log to wandb anymore",
    ),
    // What a thing named first replaced: "GoodJob replaced Sidekiq", "Catch2 取代了 gtest".
    after(
      new RegExp(String.raw`(?<=[\w.@/-]\s?)${REPLACED.source}`),
      "GoodJob replaced Sidekiq (we got rid of redis entirely)",
    ),
    // "over" prefers one thing to another only after that thing, at a clause's start or after a
    // word of choice: "goes over RabbitMQ" or "over the break" avoids nothing.
    after(
      /(?<=(?:^|[,;:.!]\s*|\b(?:prefer(?:s|red|ring)?|favou?r(?:s|ed)?|choose|chose|pick(?:ed)?|use|using|go(?:ing)? with|want)\s+)[\w.@/'-]+(?:\s[\w.@/'-]+)?\s)over/,
      "tabs over spaces",
    ),
    after(
      /\b(?:switch(?:es|ed|ing)?|mov(?:es|e|ed|ing)|migrat(?:es|e|ed|ing)) (?:away )?from/,
      "we moved away from conda",
    ),
    after(
      /\b(?:switch\w*|mov\w*|migrat\w*|chang\w*)\b[^.;,]{0,25}?\bfrom(?= [\w.@/-]+(?: (?:\+|&|and) [\w.@/-]+)?(?:\(\))? (?:to|onto)\b)/,
      "we're switching the binary from anyhow to color-eyre",
    ),
    // A thing named, not a topic ("I changed my mind about the prefix" announces; see announcements.ts).
    after(
      /\b(?:changed|change) (?:my|our) minds? (?:on|about)(?! (?:the|our|that|this|a)\b)/,
      "I changed my mind on eyre",
    ),
    after(/\b(?:mov|migrat)(?:e|es|ed|ing)(?: [\w-]+){0,3}? off/, "ops migrated the celery broker off redis"),
    // What a team is asked or decides to get off: "security asked us to get off Moq".
    {
      ...after(/\b(?:get|gets|getting|got) off(?! of\b)/, "security asked us to get off Moq"),
      named: true as const,
    },
    // Old things of a kind ported over as they come up: "we'll port the NUnit ones gradually" drops
    // NUnit; "convert the MarkPaid tests as an example" is a task.
    {
      ...after(
        /\b(?:port|migrat|convert|rewrit)(?:e|es|ed|ing|s)?(?: over)?(?=\s+(?:(?:the|our|all|any|old|existing|remaining|legacy)\s+){0,3}[\w.@/-]+\s+(?:ones\b|(?:tests|specs|files|modules|screens|classes|components|views|jobs|usages)\b[^.;!?]{0,30}?\b(?:gradually|over time|as we go|as we touch|when we touch|eventually|one by one|bit by bit|later)\b))/,
        "we'll port the NUnit ones gradually",
      ),
      named: true as const,
    },
    after(/\bused to (?:use|run|be on)/, "we used to use yarn, pnpm now"),
    // A team done with a thing: "honestly we're done with faraday, the middleware stack got too heavy".
    after(
      /\b(?:we(?:'re| are)|i'?m|i am) (?:so |totally |completely |finally )?done with/,
      "we're done with faraday",
    ),
    // A team that left a thing: "we're out of eu-west-1, new stuff goes in eu-central-1", "we're off fly.io".
    after(
      /\bwe(?:'re| are|'ve| have)? (?:(?:now|finally|officially|completely) )?(?:out of|off|gotten out of|got out of|moved out of|left)(?= \S)/,
      "we're out of eu-west-1, new stuff goes in eu-central-1",
    ),
    // A practice stopped, named by the code it used: "you can stop wrapping pages in withSentry".
    {
      ...after(
        /\bstop(?:ped|ping|s)? (?!(?:using|adding|calling|invoking|importing)\b)[a-z]+ing(?: [\w-]+){0,3}? (?:in|with|through|via|into|using)\b/,
        "you can stop wrapping pages in withSentry",
      ),
      named: true as const,
    },
    // What a project stopped doing, said as the thing before its gerund: "we stopped squash merging"
    // (not what stops happening: "stop tests failing on warnings", "stop emails going out").
    after(
      /\bstop(?:ped|ping|s)?(?=\s+(?!(?:it|them|this|that|everyone|people)\b)[\w-]+\s+(?!(?:fail|go|break|run|hang|crash|leak|flak|happen|com|get|show|be|sit|block|spamm|pil|time|slipp|drift|lagg|stall|pop)ing\b)[a-z]+ing\b)/,
      "we stopped squash merging because bisect got useless",
    ),
    // "drop" as a decision, after who or what decides: "we voted to drop zap", "let's drop moment"
    // (not an operation: "drop the temp tables", "we drop privileges after binding the port").
    after(
      /\b(?:let'?s|to|we(?:'ll| will| should)|please|gonna)\s+drop(?= (?!(?:a|an|me|us|you|him|her|them|it|by|in|off|out)\b)(?!(?:\S+ ){0,2}(?:tables?|columns?|index(?:es)?|indices|databases?|dbs?|schemas?|views?|constraints?|triggers?|privileges|connections?|packets|rows?)\b)\S)/,
      "we voted on friday to drop zap",
    ),
    // "forget"/"ditch" are read below; "scratch" drops only a rule's subject ("scratch the surface" drops nothing).
    after(
      /\bscra(?:tch|p)(?= (?:the |our )?\S+ (?:thing|rule|one|idea|convention|prefix|stuff)\b)/,
      "scratch the z_ thing",
    ),
    after(/\bphas(?:e|es|ed|ing)(?= [\w.@/-]+ out\b)/, "we're phasing redux out"),
    after(/\bdeprecat(?:e|es|ed|ing)\b/, "we're deprecating pendulum in favour of arrow"),
    after(/\bwe(?:'re| are) retiring\b/, "we are retiring @Timed"),
    // A rule withdrawn by its name: "drop the queue_test rule", "forget the \"# Errors\" section rule".
    after(
      new RegExp(
        String.raw`(?:^|[,;:.!]\s*)${TAKE_BACK}(?: about)?(?= (?:the|our|that) (?:\S+ ){1,4}?${RULE_WORD}\b)`,
      ),
      "Drop the queue_test rule. Too painful for internals.",
    ),
    // A rule named as a heading, then taken back: "about the @Preview rule for screens, forget it".
    after(
      new RegExp(
        String.raw`\b(?:about|re|regarding|as for)\s+(?:the|our)(?=\s+\S+(?:\s+\S+){0,2}?\s+(?:thing|one|bit|${RULE_WORD})(?:\s+(?:for|on|in|about)\s+(?:\S+\s+){0,2}?\S+?)?\s*[:,—–]\s*${TAKE_BACK}\s+(?:it|that|this)\b)`,
      ),
      "about the @Preview rule for screens, forget it",
    ),
    // What the user no longer asks for: "you don't need to write JSDoc blocks anymore".
    after(
      /\b(?:don'?t|do not|no longer) need to (?:write|add|use|include|put|keep)(?=(?:[^,.;]|\.(?=\w))*\b(?:any ?more|no longer)\b)/,
      "you don't need to write JSDoc blocks anymore",
    ),
    // What the team took out: "we removed Gson last year" (not "removed the debug print": a step).
    after(
      /\bwe(?:'ve| have)? (?:removed|ripped out|got rid of)(?! (?:the|a|an|that|this|it|some)\b)/,
      "JSON is kotlinx.serialization, we removed Gson last year",
    ),
    after(
      /(?<!\b(?:n'?t|not|never|to) )\b(?:forget|ditch)(?! (?:to|it|that|this|what|everything|my|about it)\b)(?: about)?/,
      "node got bumped, forget 18",
    ),
    after(
      /\b(?:forget|ignore|scratch|disregard) (?:what i (?:said|told you|wrote)|everything i said)(?: \w+)? (?:about|on|regarding)/,
      "forget what I said about WebClient",
    ),
    // A clause that is only "no" and a name, said as a ban ("no ky, no axios anywhere", "no lodash.",
    // "WeaponStatsData, no SO_ prefix", "…, no m_ and no underscore"),
    // not an answer or a courtesy ("no worries", "no problem").
    after(
      new RegExp(
        String.raw`(?<=(?:^|[,;:.!—–]\s*|[,;:.!—–]\s*no\s+[\w.@/-]+\s+(?:and|or|nor)\s+))no(?=\s+[\w.@/-]+(?:\s+(?:anywhere|at all|anymore|please|either|whatsoever|here|prefix(?:es)?|suffix(?:es)?))?\s*(?:[,;.!]|$|(?:and|or|nor)\s+no\b))(?!\s+(?:${NO_BAN})\b)`,
      ),
      "no ky, no axios anywhere",
    ),
    // "there's no X anymore", "there is no longer a X": the thing is gone.
    after(
      /(?<=\bthere(?:'s|’s| is| are) )(?:no(?=\s+[\w.@/-]+(?:\s+[\w-]+){0,2}\s+any ?more\b)|no longer(?: an?| any)?(?=\s+[\w.@/-]))/,
      "there's no staging anymore, it got retired",
    ),
    // "neither X nor Y anymore": both dropped.
    after(
      /\bneither(?=\s+[\w.@/-]+\s+nor\s+[\w.@/-]+\s+(?:any ?more|no longer)\b)|(?<=\bneither\s+[\w.@/-]+\s+)nor(?=\s+[\w.@/-]+\s+(?:any ?more|no longer)\b)/,
      "use @retry from tenacity; neither resilio nor stubborn anymore",
    ),
    // "no X …, anymore" in a clause of its own: "no feat/ in front anymore", "no mocks in unit tests anymore".
    after(
      /(?<=(?:^|[,;:.!—–-]\s*))no(?=\s+[\w.@/-]+(?:\s+[\w-]+){0,3}\s+(?:any ?more|no longer)\s*(?:[,;.!—–]|$))/,
      "branch names are just the Jira key plus a slug now — no feat/ in front anymore",
    ),
    after(
      /(?:(?:不要|别|不用|不必|不需要|不再|以后不)再?(?:手动|手工)?(?:用|写|加|带|使用|新增|新建|添加|引入)|不用|而不是|代替|替换掉|不能用|从(?=\s*[^，。,\s]+\s*(?:换|迁|改|切|升|转|挪|搬)))/,
      "别再用 yarn",
    ),
    after(/不(?:再)?强制(?:要求)?(?:写|加|用)?/, "以后不强制写 docstring"),
    // A thing not to do by hand any more, named by its command: "别再手动 kubectl apply".
    after(/(?:不要|别|不再)再?(?:手动|手工)(?=\s*[A-Za-z])/, "别再手动 kubectl apply，会跟 argocd 打架"),
    // A thing left alone from now on: "you can leave CHANGELOG.md alone from now on".
    after(/\bleav(?:e|ing)(?= (?:the |our )?\S+ alone\b)/, "you can leave CHANGELOG.md alone from now on"),
    // A place not to put things any more: "以后别再往 staging 部署了".
    after(/(?:不要|别|不再)再?(?:往|向)/, "以后别再往 staging 部署了"),
    // A thing not to make or bring in any more, by one's own hand: "不要自己再定义 ApiResponse 了",
    // "不要自己 new pino 了".
    after(
      /(?:不要|别|不再)(?:自己|另外|单独|再)+(?:定义|引入|引|封装|新建|建|装|写一个|加一个|\s*new(?=\s))/,
      "不要自己再定义 ApiResponse 了",
    ),
    {
      pattern:
        /(?:(?:restrictions?|rules?|requirements?|constraints?|limits?|pins?) (?:are|is|has been|have been|was|were) (?:gone|lifted|obsolete|dropped|removed|withdrawn|scrapped|cancell?ed)|(?:is|are) (?:(?:finally|now|officially|basically) )?(?:dead|deprecated|gone|obsolete|frozen|banned)|(?:is being|are being|is getting|are getting|gets?|got|is|was|were|has been|have been|will be) (?:retired|removed|deleted|dropped|deprecated|decommissioned|sunset(?:ted)?|banned|phased out|ripped out|torn out|pulled out|torn down|shut down|turned off|replaced (?:by|with)|superseded by|(?:folded|absorbed) into|reverted|reversed|rolled back|walked back))/,
      example: "the 3.9 restrictions are gone",
      side: "before" as const,
    },
    {
      // A dependency taken out of what the project declares: "FluentResults comes out of the csproj
      // next sprint", "thiserror is already out of Cargo.toml".
      pattern:
        /(?:comes?|is coming|are coming|gets?|got|is getting|will be|is|are)(?: (?:already|now|finally))? (?:out|taken out|pulled out|removed|dropped) (?:of|from) (?:the |our )?(?:csproj|package list|packages?|gemfile|go\.mod|cargo\.toml|package\.json|requirements(?:\.txt)?|pyproject(?:\.toml)?|pom(?:\.xml)?|build\.gradle|dependencies|deps|lockfile)\b/,
      example: "FluentResults comes out of the csproj next sprint, don't add new usages",
      side: "before" as const,
    },
    {
      pattern: /(?:is|are) no longer (?:required|needed|necessary|mandatory|enforced)\b/,
      example: "the changelog entry is no longer required for docs-only PRs",
      side: "before" as const,
    },
    {
      // A name that was renamed is the old name: "BillingError was renamed to PaymentError".
      pattern: /(?:was|were|is|has been|got|gets) renamed (?:to|as)\b/,
      example: "BillingError was renamed to PaymentError in src/errors.js",
      side: "before" as const,
    },
    {
      // A name switched to another name: "tl::expected 换成 std::expected" (not "格式化改成 ruff format").
      // …with a modal between ("返回结构里的 msg 要改成 message").
      pattern:
        /(?<!决定|打算|准备|计划|已经|商量)(?:(?:要|得|需要|就|都|也)\s*)?(?:换成|改成|替换成|替换为|换为|改为)(?=\s*[A-Za-z@`])/,
      example: "tl::expected 换成 std::expected",
      side: "before" as const,
      joined: true as const,
    },
    {
      // A thing said to be going away, with what replaces it or at its clause's end: "dbg_printf is going
      // away — use rtt_log()", "@traced is going away, handlers use @observe instead".
      pattern:
        /(?:is|are) going away\b(?=[^.!?]{0,20}\b(?:use|switch|replace|in favou?r|moving to)\b|\s*(?:[,;.!]|$))/,
      example: "so dbg_printf is going away — use rtt_log() for debug output",
      side: "before" as const,
    },
    {
      // A thing kept only where it already is, for old code: "MyBatis-Plus 只留在老代码里，新代码别再引了".
      pattern: /只(?:留|保留|用|存在)在(?:老|旧|存量|历史)/,
      example: "MyBatis-Plus 只留在老代码里，新代码别再引了",
      side: "before" as const,
      joined: true as const,
    },
    {
      // A thing judged too heavy, before the change away from it: "hydra 用下来太重了，组里决定换成 tyro".
      pattern:
        /(?:用下来|用起来|实在|有点|太)+(?:重|慢|大|麻烦|复杂|难用|臃肿|笨重|难维护)了?(?=[^。！？]*?(?:换成|改成|改用|换用|迁到|切到))/,
      example: "hydra 用下来太重了，组里决定换成 tyro",
      side: "before" as const,
      joined: true as const,
    },
    {
      // A thing kept only until it is replaced: "Hilt stays only until the old screens are ported".
      pattern:
        /(?:stays?|remains?|is kept|are kept|can stay|lives? on)(?: (?:only|just))? (?:until|till|in (?:the )?(?:old|legacy|existing)\b)/,
      example: "Hilt stays only until the old screens are ported",
      side: "before" as const,
      // A name, not the kind of thing it stays in: "the existing Dagger modules stay until ported".
      named: true as const,
    },
    {
      // A thing that was only ever meant for a while is dropped when the lasting one comes: "CSS
      // modules were a stopgap", "the shim was only a band-aid".
      pattern:
        /(?:was|were|is|are) (?:(?:just|only|always|really) )?(?:a |an )?(?:stopgap|temporary (?:fix|solution|measure|workaround|hack)|interim (?:fix|solution)|band-?aid)s?\b/,
      example: "we're going all in on Tailwind. CSS modules were a stopgap",
      side: "before" as const,
    },
    {
      // A thing that did not take hold is dropped too: "Shouldly didn't stick".
      pattern: DID_NOT_TAKE_HOLD,
      example: "retro outcome: Shouldly didn't stick, we use plain xUnit Assert",
      side: "before" as const,
    },
    {
      pattern:
        /(?:is|are) (?:out|history|dead to us|(?:now )?legacy|on (?:its|their) way out|over(?=\s*(?:[,;.!]|$)))\b(?! of\b)|(?:gets?|is being|are being) (?:drained|phased out)\b|, (?:not any ?more|no more|no longer)\b/,
      example: "prettier is out, biome formats everything",
      side: "before" as const,
    },
    // A change written as an arrow, the old thing first: "gigalixir -> our own k8s cluster".
    { pattern: /(?:->|→)(?=\s)/, example: "gigalixir -> our own k8s cluster", side: "before" as const },
    {
      // "eyre's out": the contracted "is" joined to the thing.
      pattern:
        /['’]s (?:(?:finally|now|officially|basically) )?(?:out|gone|dead|history|deprecated|retired)\b/,
      example: "so eyre's out, the binary uses miette now",
      side: "before" as const,
      joined: true as const,
    },
    {
      // A thing its makers stopped working on is on its way out: "moment is in maintenance mode".
      pattern:
        /(?:is|are) (?:now )?(?:in maintenance mode|unmaintained|end[- ]of[- ]life|abandoned|archived upstream)\b/,
      example: "moment is in maintenance mode and the bundle is huge",
      side: "before" as const,
    },
    {
      // Said of a thing after another was dropped: "and one more: dayjs goes too". Not "goes away":
      // a symptom goes away ("the warning goes away after a restart").
      pattern: /(?:goes|go|is going|are going) (?:too|as well)\b/,
      example: "dayjs goes too, dates are date-fns from now on",
      side: "before" as const,
    },
    {
      // The thing first, then that it is no longer used: "pip-tools 以后不要再用了", "WebClient 那条作废了".
      pattern:
        /(?:(?:那条|这条|那套|这套|那个|这个|那边|这边)?[^，。,；;\sA-Za-z0-9@]{0,6}?)?\s*(?:下个?月|下周|明年|以后|今后|后面|往后)?(?:就|都|也)?(?:我们|已经|已)?(?:(?:不要|别|不)再(?:用|加|写|建|引)|不用了|别用了|不要用了|不要了|不需要了|不再使用|不要再使用|弃用|废弃|废了|作废|淘汰|停用|下线|去掉|拆掉|删掉|删了|干掉|移除|撤回|撤销|取消|下掉|排掉|排除掉|删除|删(?=\s*(?:[，。,；;！!]|$))|(?:慢慢|逐步|陆续)(?:迁移?|迁走|迁掉|换掉|替换掉)(?=\s*(?:[，。,；;！!]|$)))了?(?!\s*[A-Za-z0-9_@])/,
      example: "pip-tools 以后不要再用了",
      side: "before" as const,
      joined: true as const,
    },
  ],
  "iu",
);

/** The start of a clause: the text's, or after a stop or a comma. */
const CLAUSE_START = String.raw`(?:^|[,;:.!]\s*)`;

function compile(leads: readonly TermLead[]): RegExp[] {
  return leads.map((lead) =>
    lead.side === "after"
      ? // A lead ends at a word's end ("run" is no lead inside "runners"), or on a Chinese character (用pnpm).
        new RegExp(
          `(?:${lead.pattern.source})(?:(?<=[\\p{Script=Han}\\W])|(?![\\p{L}\\p{N}_]))\\s*(?:(?:the|a|an|our|this)\\s+(?:own\\s+)?)?(?:(?:direct|plain|raw|bare|vanilla|old|legacy|manual|hand-?written|custom|new|any|more|extra|additional)\\s+)?(?:${ZH_MODIFIER})?(?:${TERM})`,
          "giu",
        )
      : new RegExp(
          `${lead.opensClause ? CLAUSE_START : ""}(${lead.joined ? LATIN_WORD : WORD})${lead.joined ? "\\s*" : " "}(?:${lead.pattern.source})`,
          "giu",
        ),
  );
}

const USE_READERS = compile(USE_LEADS.entries);
export const AVOID_READERS = compile(AVOID_LEADS.entries);

/** The term a lead read, as written; null when the lead reads only names and this is none (see `TermLead.named`). */
export function termOf(match: RegExpMatchArray, lead: TermLead): string | null {
  const written = (match.slice(1).find((group) => group !== undefined) ?? "").trim();
  // A name is written as code or a proper noun: "Hilt", "@Timed", "eu-west-1".
  return lead.named === true && !/^\S*[A-Z_@./]|^[a-z][\w-]*-\d/.test(written) ? null : written;
}

function collect(text: string, leads: readonly TermLead[], readers: readonly RegExp[]): Set<string> {
  const found = new Set<string>();
  readers.forEach((reader, index) => {
    reader.lastIndex = 0;
    for (const match of text.matchAll(reader)) {
      const written = termOf(match, leads[index] as TermLead);
      if (written === null) continue;
      const raw = written.toLowerCase();
      // A generic type is its name ("Result<T>" → result).
      const head = (raw.split(/\s+/).find((word) => /[\p{L}\p{N}]/u.test(word)) ?? "")
        .replace(/:+$/, "")
        .replace(/<.*$/, "");
      // "the OneOf thing is over": a thing named by the word before a word for any thing.
      const at = (match.index ?? 0) + match[0].toLowerCase().indexOf(raw);
      const referent = referentOf(head, text, match.index ?? 0) ?? namedBefore(head, text, at);
      if (referent !== null) found.add(referent);
      else if (head.length >= 2 && !NOISE.has(head)) found.add(head);
      for (const item of listedBefore(text, match, leads[index] as TermLead)) found.add(item);
    }
  });
  return found;
}

/** The tools or values a rule tells the agent to use, and the ones it tells it to avoid. */
export interface PreferenceTerms {
  use: ReadonlySet<string>;
  avoid: ReadonlySet<string>;
}

/**
 * What a rule says to use and to avoid, by the first word of each term (`pnpm install` → `pnpm`).
 * Remembered: the slot, convention and contradiction rules all ask it of the same texts.
 */
export const preferenceTerms: (rule: string) => PreferenceTerms = memoizeText((rule) => {
  const avoid = collect(rule, AVOID_LEADS.entries, AVOID_READERS);
  const use = collect(rule, USE_LEADS.entries, USE_READERS);
  for (const item of avoid) use.delete(item);
  return { use, avoid };
});
