/**
 * Rule shapes: how a standing rule reads when it carries no marker such as "always" or 以后 — a
 * topic and its rule ("Commit messages: imperative mood"), a norm said of a kind of thing ("Shell
 * scripts must start with set -euo pipefail", "Test files live next to the source file"), a choice
 * between two things ("Use pathlib, not os.path", "prefer f-strings over .format()"), a change of
 * how things are done, reported ("we've moved off yarn, pnpm now", "the default branch got
 * renamed"), a prohibition of a kind of thing ("no console.log left in committed code"). What
 * keeps such words from being a rule: a story of the past, other people's habits, a guess about
 * the future, a report that something fails (see {@link NOT_A_RULE}). Most conventions people
 * state read like this; a marker is the exception. Pure.
 */
import { compiledEntries, defineLexicon, type LexiconEntry } from "./define-lexicon.js";
import { NARROWINGS } from "./narrowings.js";
import { headsTask } from "./task-headings.js";
import { DID_NOT_TAKE_HOLD, DOES_THE_JOB_NOW } from "./use-leads.js";
import { WITHDRAWALS } from "./withdrawals.js";

/** What kind of shape a rule has. */
export type RuleShape = "topic" | "norm" | "choice" | "change" | "prohibition";

/** One wording of a rule shape. */
export interface RuleShapeEntry extends LexiconEntry {
  shape: RuleShape;
}

const entry = (shape: RuleShape, pattern: RegExp, example: string): RuleShapeEntry => ({
  shape,
  pattern,
  example,
});

/**
 * An area of work named by what is done in it: "networking goes through our APIClient", "logging
 * is structlog", "error handling lives in one middleware". Not "everything", "something".
 */
const AREA_OF_WORK = String.raw`(?!(?:every|no|some|any)?thing\b|morning\b|evening\b)[\w-]{2,}ing`;

/** Plural things a project has many of: the subject of a norm said of a kind. */
const KINDS = String.raw`(?:[\w.#*<>/-]+\s+){0,3}?(?:[\w*<>-]+s|config|configuration|code|data|style|output|css|html|sql|docs?|${AREA_OF_WORK})`;

/** Every rule shape, English then Chinese. */
export const RULE_SHAPES = defineLexicon(
  "rule-shapes",
  [
    // A norm said of whatever a description covers: "anything that comes over the wire gets parsed
    // with a zod schema".
    entry(
      "norm",
      /^(?:anything|everything|whatever) (?:that|which|we|you)\b[^.;]{0,80}?\b(?:gets?|goes|must|should|has to|needs? to|is|are)\b(?! (?:fine|ok(?:ay)?|good|great|wrong|broken|slow|fast)\b)/,
      "anything that comes over the wire gets parsed with a zod schema before we touch it",
    ),
    entry(
      "norm",
      new RegExp(
        String.raw`^(?:all |every |each |new |our |the )?${KINDS}\s+(?:always\s+|just\s+|only\s+|now\s+)?(?:lives?|go(?:es)?|belongs?|sits?|are (?:named|called|versioned|prefixed|suffixed|kept|stored|written|formatted|based|pinned)|is (?:named|called|kept|stored|written|based|pinned)|start|end|get)\b`,
      ),
      "Test files live next to the source file",
    ),
    // What the project's things of a kind are, said as its own: "our events are plain C# events named
    // OnSomething" (not what they are doing now: "our tests are failing", "our builds are slow").
    entry(
      "norm",
      /^our\s+(?:[\w#.-]+\s+){0,2}?[\w#.-]+s\s+(?:are|use|get|go|live)\s+(?!(?:\w+ing|broken|flaky|slow|down|red|green|fine|ok|okay|great|bad|weird|huge|big|old|out|gone|still|now|all|being|not)\b)\S/,
      "our events are plain C# events named OnSomething (OnCargoSold)",
    ),
    // How a kind of thing is handled, by what: "Command-line arguments are parsed with clap's derive API".
    entry(
      "norm",
      new RegExp(
        String.raw`^(?:all |every |each |new |our |the )?${KINDS}\s+(?:always\s+|now\s+)?(?:are|is|get|gets) \w+ed (?:with|through|via|using) (?!(?:a|an|the|care|caution|love|each other)\b)\S`,
      ),
      "Command-line arguments are parsed with clap's derive API",
    ),
    // What a kind of thing is named: "branch names are the ticket key plus a slug".
    entry(
      "norm",
      /^(?:all |our |the )?(?:[\w-]+ ){1,2}names? (?:are|is)\b/,
      "branch names are the ticket key plus a slug",
    ),
    // What a kind of thing is named, by a template with placeholders: "so branches are now
    // <username>/<ticket>-<slug>", "tags are v<major>.<minor>".
    entry(
      "norm",
      /^(?:(?:so|and|now|ok(?:ay)?),?\s+)?(?:all |our |the )?(?:[\w-]+ ){0,2}[\w-]+s (?:are|is) (?:now |always )?(?:named |called )?\S*<[\w-]+>/,
      "so branches are now <username>/<ticket>-<slug>",
    ),
    // What a kind of thing is marked with in code: "inspector fields are [SerializeField] private",
    // "handlers are `async def`", "services are @Singleton".
    entry(
      "norm",
      /^(?:all |every |the |our |new )?(?:[\w-]+ ){0,2}[\w-]+s (?:are|is) (?:always |now )?(?:\[[\w.]+\]|@[\w.]+|`[^`]+`)/,
      "inspector fields are [SerializeField] private, never public fields",
    ),
    // What a thing is made of, said in words: "a branch is just the ticket key plus a slug now".
    entry(
      "norm",
      /^(?:(?:so|and|now|ok(?:ay)?),?\s+)?(?:a |an |every |each |the |our )?(?:[\w-]+ ){0,2}?[\w-]+ (?:is|are) (?:now |just |always |simply )*(?:the |a |an )?(?:[\w-]+ ){0,3}?[\w-]+ (?:plus|followed by) (?:the |a |an )?[\w-]+/,
      "a branch is just the ticket key plus a slug now",
    ),
    // What a thing is made of, written as a sum: "so branch = ticket key + slug".
    entry(
      "norm",
      /^(?:(?:so|and|now|ok(?:ay)?),?\s+)?(?:the\s+)?[a-z][a-z -]{1,30}?\s+=\s+[a-z][a-z ]{1,30}?(?:\s*\+\s*[a-z][a-z ]{1,30}?)+\s*(?:[,.;]|$)/,
      "so branch = ticket key + slug, like DASH-123/tooltip-overflow",
    ),
    // What a kind of thing is named, in Chinese, by a pattern: "入参叫 XxxReq，出参叫 XxxResp".
    entry(
      "norm",
      /(?:叫|命名为|命名成|统一叫)\s*[Xx]xx[A-Z]?\w*|[A-Za-z]\w*[Xx]xx\b/u,
      "入参叫 XxxReq，出参叫 XxxResp",
    ),
    // What new work of a kind uses: the rule for every one made from now on ("new tests use Swift
    // Testing", "new code uses zod", "all new screens are built with SwiftUI").
    entry(
      "norm",
      new RegExp(
        String.raw`^(?:all\s+|any\s+)?new\s+(?!(?:users|customers|people|folks|hires|joiners|members|clients|players|visitors|students|employees|colleagues)\b)${KINDS}\s+(?:should\s+|must\s+)?(?:use|uses|go(?:es)? through|(?:are|is) (?:built|written|done) (?:with|in))\b`,
      ),
      "new tests use Swift Testing (@Test, #expect)",
    ),
    entry(
      "norm",
      /^(?:anything|everything|whatever is|all that is)\s+(?:[\w-]+\s+){0,3}?(?:always\s+)?(?:lives?|go(?:es)?|belongs?|sits?|is kept|is stored)\s+(?:in|into|under|next to|with)\b/,
      "Everything environment-specific goes in config/local.toml",
    ),
    entry(
      "norm",
      /^(?!(?:i|we|you|let'?s|it|this|that)\b)[^.!?]*?\b(?:must|should|shall|need to|needs to|have to|has to|are to)\s+(?:not\s+|never\s+|always\s+)?(?:be|have|start|end|use|go|live|hit|call|include|carry|look|follow|run|pass|match|stay|contain|get|return|log|throw)\b/,
      "Shell scripts must start with `set -euo pipefail`",
    ),
    entry(
      "norm",
      /^(?:and |also |plus )?(?:all|every|each|any)\s+(?:[\w-]+\s+){1,8}?(?:needs?|requires?|gets?|carr(?:y|ies)|has|have)\s+(?!to\b|been\b)\S/,
      "every lambda we deploy needs a timeout and a memory limit",
    ),
    // A step tied to an occasion that comes again and again: what to do before any push, every PR.
    entry(
      "norm",
      /\b(?:before|after|whenever|every time)\s+(?:you\s+|we\s+)?(?:push|commit|merg|open|deploy|releas|ship|tag|submit|send|publish|touch)\w*\s+(?:anything|any\b|every\b|each\b|an?\s+(?:pr|pull request|mr|merge request|release|new)\b)/,
      "please run golangci-lint run ./... yourself before pushing anything",
    ),
    // What to use when a kind of thing is needed: "if you need a vec or a string you reach for heapless".
    entry(
      "choice",
      /^if you (?:ever )?(?:need|want)\b[^,.;]{1,50}?,?\s+(?:you\s+)?(?:use|reach for|go with|take|pick)\b/,
      "if you need a vec or a string you reach for heapless",
    ),
    entry(
      "norm",
      /^(?:and |also |so )?before (?:any|every|each|you|we)\b[^,.;]{0,40}?,?\s+(?:you\s+|we\s+)?(?:please\s+)?(?:always\s+)?(?:run|do|check|rebase|pull|update|lint|format|test|build)\b/,
      "before every push you run the linter",
    ),
    entry(
      "choice",
      /\bprefer(?:red)?\s+\S+(?:\s+\S+){0,3}\s+(?:over|to|rather than|instead of)\b|\b\S+\s+over\s+\S+(?:\s+\S+){0,2}\s*,?\s*(?:please|pls)\b/,
      "prefer f-strings over .format() and % formatting",
    ),
    entry(
      "choice",
      /^(?:use|run|write|go with|stick (?:to|with)|put|call)\b[^,;.]{1,60}(?:,\s*|\s+)(?:not|never|instead of|rather than)\s+\S/,
      "Use pathlib, not os.path",
    ),
    entry(
      "choice",
      /^[^,;:.!?]{3,60}[,;]\s*(?:but\s+)?(?:don'?t|dont|do not|never|not|no)\s+\S+/,
      "rebase onto main, don't merge main into your branch",
    ),
    entry(
      "choice",
      /[，,；;]\s*(?:别|不要|不用|不准|禁止)(?:再)?\S/u,
      "部署统一走 Jenkins 流水线，不要手动 kubectl apply",
    ),
    entry(
      "choice",
      /\b[\w.@/-]+\s+only(?:\s*[,.;!(]|\s*$|\s+from\b|\s+(?:here|in this)\b)|^(?:[\w-]+\s+){0,2}only\s*[:,]/,
      "pytest only from here on",
    ),
    // A thing kept for when nothing else will do: "getByTestId only as a last resort", "raw SQL
    // only as a fallback": the other way is the rule.
    entry(
      "choice",
      /\b[\w.@/()-]+\s+(?:is\s+|are\s+)?only\s+(?:as\s+(?:a|the)\s+(?:last\s+resort|fallback|escape\s+hatch)|when\s+nothing\s+else\s+works)\b/,
      "we query by role (getByRole), getByTestId only as a last resort",
    ),
    // A thing moved from one place to another: "the ticket reference moves out of the subject into a
    // `Refs: ENG-123` trailer", "config moved from .env to config/app.toml".
    entry(
      "change",
      /^(?:the |our |all |every )?(?:[\w.-]+ ){0,3}?(?:moves?|moved|goes|went|is moving) (?:out of|from|off) (?:the |our |a |an )?(?:\S+ ){0,3}?(?:in)?to\b/,
      "the ticket reference moves out of the subject into a `Refs: ENG-123` trailer",
    ),
    entry(
      "change",
      /\bwe(?:'ve| have)?\s+(?:(?:now|finally|just|already|officially|fully)\s+)?(?:moved|switched|migrated|changed|replaced|ditched|dropped|retired|renamed|standardi[sz]ed|upgraded|bumped|adopted|deprecated)\b/,
      "we finally migrated to the new Input System package",
    ),
    entry(
      "change",
      /\b(?:got|was|were|has been|have been|is being|is|are)\s+(?:renamed|replaced|moved|changed|deprecated|retired|bumped|upgraded|removed|dropped|switched|deleted|archived|sunset)\b/,
      "heads up, the default branch got renamed",
    ),
    entry(
      "change",
      /\bwe(?:'re| are)\s+(?:now\s+)?(?:deprecating|retiring|dropping|replacing|sunsetting|phasing out|moving off|migrating off)\b|\bin favou?r of\b/,
      "we're deprecating superagent in favour of undici",
    ),
    entry(
      "change",
      /\binstead of\b[^.;!?]*\bnow\b|\bnow\b[^.;!?]*\binstead of\b|\b(?:is|are) (?:on|in|with|at) [^.;!?]{1,40}\bnow\b|\bphas(?:e|es|ed|ing) [\w.@/-]+ out\b|\b(?:is|are|got|gets) (?:being )?phased out\b|\b(?:is|are) (?:now )?legacy\b/,
      "the staging layer uses base_ instead of stg_ now",
    ),
    entry(
      "change",
      /\b(?:is|are) (?:out|gone|history)\b(?! of\b)|['’]s (?:out|gone|history)\b(?! of\b)|\brip(?:ping)? [\w.@/-]+ out\b|\bwe'?re (?:dropping|ditching|removing|retiring)\b/,
      "requests is out, httpx from now on",
    ),
    entry(
      "change",
      /\b(?:is|are|it'?s)\s+[`'"]?[\w./@:-]+[`'"]?\s+now\b|\b(?:moved|changed|switched) from\b|\bno more\b|\bno longer\b|\b(?:new|old) rule\b|\blet'?s (?:switch|move|drop|go with|use|adopt|standardi[sz]e|stop)\b|\bchange of plans?\b|\b(?:naming|convention|policy) change\b|\bswitching (?:our|the)\b|\bscratch (?:that|what i said)\b|\b(?:ignore|forget) (?:the|what i said|that|my)\b/,
      "The logger is structlog now, not the stdlib logging module",
    ),
    // A thing that did not take hold is dropped: "PrimeTween didn't stick, its sequence API was missing stuff".
    entry(
      "change",
      new RegExp(String.raw`\b${DID_NOT_TAKE_HOLD.source}`),
      "PrimeTween didn't stick, its sequence API was missing stuff we need",
    ),
    // What does a job now, named first: "LitMotion is the tween library now".
    entry(
      "change",
      new RegExp(String.raw`\b${DOES_THE_JOB_NOW.source}`),
      "LitMotion is the tween library now",
    ),
    // A rule narrowed by its name: "the @openapi rule only applies to routes/public/ now".
    ...NARROWINGS.entries.map((narrowing) => entry("change", narrowing.pattern, narrowing.example)),
    // A rule withdrawn by its name: "Drop the queue_test rule", "the JSDoc requirement is withdrawn".
    ...WITHDRAWALS.entries.map((withdrawal) => entry("change", withdrawal.pattern, withdrawal.example)),
    entry(
      "prohibition",
      /^(?:pls\s+|please\s+)?(?:no|don'?t|dont|do not|never|stop|avoid)\s+(?:ever\s+)?(?:\w+ing\b|use\b|add\b|commit\b|write\b|leave\b|put\b|call\b|catch\b|hardcode\b|mix\b|return\b|bundle\b|invent\b|explain\b|[`'"]|\w+\.\w+|\w+\(\)|[A-Za-z-]+\s+(?:in|on|to|from|for)\b)/,
      "no console.log left in committed code",
    ),
    entry("topic", /^(?:for\s+)?[\p{L}#+.\s-]{2,30}[:：]\s*\S/u, "Commit messages: imperative mood"),
    // Chinese: a change reported ("主分支改名叫 main 了", "镜像仓库地址换了"), a norm (…都要…, 禁止, 不许).
    entry(
      "change",
      /(?:改名|换|改|迁|升级?|切)(?:叫|成|到|为)?[^，。,]{0,20}了|已经从|(?:统一|全面|都)(?:换|用)?上了/u,
      "主分支改名叫 main 了",
    ),
    // A thing dropped, then what replaces it: "自增主键不用了，改成雪花 ID".
    entry(
      "change",
      /(?:不用了|不要了|弃用了?|废弃了?|下线了?|作废了?|去掉了?)[，,\s]*(?:统一|全部|都)?(?:改成|改为|改用|换成|换用|切到)/u,
      "自增主键不用了，改成雪花 ID",
    ),
    // A thing to use for every one of a kind, the verb left out: "SwiftUI for all new screens",
    // "async/await for all networking code".
    entry(
      "choice",
      /^(?!(?:the|we|i|you|it|this|that|they|our|thanks|sorry)\b)[\w@./+#-]+(?:\s+[\w@./+#-]+)?\s+for (?:all|every|each|any) (?:new |the |our )?[\w-]+/,
      "SwiftUI for all new screens, no UIKit view controllers",
    ),
    // A tool written as a name, for a purpose, the verb left out: "go-cmp for diffs and plain t.Errorf".
    entry(
      "choice",
      /^[a-z0-9]+[-./_@][\w@./+#-]*\s+for\s+(?:the\s+|all\s+|our\s+|every\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s*(?:[,.;:—–]|\band\b|$)/,
      "go-cmp for diffs and plain t.Errorf",
    ),
    // A thing to use, the verb left out, marked as standing: "Plain URLSession with async/await from
    // now on", "Full ViewModel suffix from now on" (not "we …", "the team …": a subject with its verb).
    entry(
      "choice",
      /^(?:(?:plain|full|only|just|pure|vanilla|native|bare)\s+)?(?!(?:the|we|i|you|it|this|that|they|our|everyone|everybody|nobody)\b)[\w@.+#-]+(?:\s+(?!(?:is|are|was|were|will|gets?|goes|has|have)\b)[\w./@<>+#-]+){0,5}?,?\s+(?:from now on|going forward|from here on(?: out)?)\s*(?:[,.;:!]|$)/,
      "Plain URLSession with async/await from now on, it's one less dependency",
    ),
    entry("norm", /禁止|不许|不准|不得|不能用|必须|一定要|都要|都得|尽量/u, "TypeScript 里禁止用 any"),
    entry("prohibition", /(?:别|不要|不用)(?:再)?(?:用|写|连|往|提交|加|把|在)/u, "测试里别连真实数据库"),
  ],
  "iu",
);

/**
 * Things the team makes, said of all of them: a rule about them is about how work is done, even
 * with no word for the work ("every resource we create needs owner and costcentre tags").
 */
export const THINGS_WE_MAKE = defineLexicon(
  "things-we-make",
  [
    {
      pattern:
        /\b(?:every|each|all|any)\s+(?:[\w-]+\s+){1,5}?(?:we|you)\s+(?:create|make|add|write|build|deploy|provision|ship|spin up|open|publish)\b/,
      example: "every bucket we provision needs an owner tag",
    },
    {
      pattern: /(?:我们|你)(?:新)?(?:建|创建|加|写|发布|上线)的(?:每|所有)/,
      example: "我们新建的所有表都要有 created_at 字段",
    },
  ],
  "iu",
);

/** What keeps a sentence with a rule's shape from being a rule. */
export const NOT_A_RULE = defineLexicon(
  "not-a-rule",
  [
    {
      // A rule said to stay as it is refers to one already learnt: "named exports rule is unchanged", 查询那条不变.
      // Only when nothing follows in another clause ("everything else stays the same, but from now on …").
      pattern:
        /(?:^(?:the |our |and )?(?:[\w-]+ ){0,3}?(?:rules?|conventions?|naming|style|one|part|thing)\s+(?:is|are|stays?|remains?)\s+(?:unchanged|the same|as (?:is|before))\b|^(?:everything else|the rest|all other rules|other rules?)\b[^.;]{0,20}?\b(?:unchanged|the same|stays?)\b|^[^，。,;；]{0,12}?(?:那条|这条|那个|其他|其余|别的)[^，。]{0,8}?(?:不变|照旧|还是一样|没变))[^,，;；]*$/,
      example: "named exports rule is unchanged",
    },
    {
      // An exclamation after a story, not a rule: "we went to a 3 hour jazz gig, never again".
      pattern: /,\s*never again\s*[.!]*$/,
      example: "we went to a 3 hour jazz gig, never again",
    },
    {
      // A meeting reported, not what it decided: "we had a naming discussion with the other team".
      pattern:
        /^(?:\w+:\s*)?we had (?:a|an|the|our) (?:[\w-]+ ){0,2}(?:discussion|meeting|chat|call|talk|sync|debate)\b(?![^.;]*\b(?:decided|agreed|voted|settled|chose)\b)/,
      example: "we had a naming discussion with the other team yesterday",
    },
    {
      // Not what they decided for every one of a kind, ours too: "they standardized on zerolog across all go services".
      pattern:
        /^(?:the other teams?|other teams|their team|they(?![^.;]*\b(?:across|for|in) (?:all|every|each)\b)|my (?:friend|colleague|coworker|boss|manager)s?|some people|most people|many people|(?:google|netflix|facebook|meta|microsoft|amazon|apple) )\b/,
      example: "the other team always uses java",
    },
    {
      // What a page or a book says, quoted: "the codex page says "Filters should always return a value."" (not "our style guide says").
      pattern:
        /^(?:ok\W+)?(?:the |this |that )(?:[\w-]+ ){0,2}(?:docs?|documentation|codex|manual|man page|readme|spec|rfc|article|blog post|book|guide|page|tutorial|wiki|stack ?overflow answer)\s+(?:page\s+)?(?:says?|said|states?|recommends?)\b/,
      example: 'the codex page says "Filters should always return a value."',
    },
    {
      pattern: /^(?:隔壁(?:组|团队|部门)|(?:别的|其他|其它)(?:组|团队|部门|项目)|他们(?:组|团队|那边))/,
      example: "隔壁组一律用 Java，我们不管他们。",
    },
    {
      // Where someone's work stands, as a standup lists it: "Mia: radar tiles flicker on iPad split view, investigating".
      pattern:
        /(?:^|[,;:]\s*)(?:investigating|looking into it|(?:still )?in progress|wip|on hold|blocked(?: on [^,;.]+)?|waiting on [^,;.]+|on it|out (?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b.*|ooo|on leave|on vacation)\s*[.!]*$|(?:排查中|跟进中|处理中|还在查|在看了?|请假)\s*[。！]*$/,
      example: "Mia: radar tiles flicker on iPad split view, investigating",
    },
    {
      pattern:
        /\b(?:might|maybe|perhaps|probably|someday|some day|at some point|eventually|thinking about)\b/,
      example: "We might move to Bun at some point",
    },
    {
      pattern:
        /^(?:the|my|our|this|it)\b[^.!?]{0,40}\b(?:fails?|failing|failed|crash(?:es|ed|ing)?|breaks?|broke|broken|errors? out|times? out|hangs?|is (?:slow|flaky|down))\b/,
      example: "the deploy always fails on step 3",
    },
    {
      pattern:
        /^(?:and |also |so )?(?:it|this|that|these|those) (?:has|have|had|should|must|needs?|will|would|can|could|does|did|was|were|keeps?|only|always|never)\b|^(?:而且|并且|它)/,
      example: "it has to upload to S3 every night, not keep it locally",
    },
    {
      // A judgement of a thing, said as the reason for a change: "wr_ reads weird in code review".
      pattern:
        /^[^,;]{0,40}\b(?:reads|looks|sounds|feels|seems|is|are|was|were|got|gets) (?:really |a bit |kind of |too |way too |so |super |pretty |very |just )?(?:weird|odd|off|ugly|awkward|confusing|strange|clunky|noisy|verbose|huge|big|bloated|heavy|slow|sluggish|painful|annoying|terrible|awful|flaky|unreliable|buggy|overkill|a mess|a pain|a nightmare|in maintenance mode|unmaintained)\b(?![^,;]*\b(?:so|but|therefore|hence|which is why|that's why)\b)[^,;]*$/,
      example: "wr_ reads weird in code review",
    },
    {
      pattern: /^i (?:prefer|like|love|want|'d (?:rather|prefer))\b|^我(?:更)?(?:喜欢|想要|偏好)/,
      example: "I prefer pnpm over npm",
    },
    {
      // A reaction to what was just done: "Love the new colours", "Looks great", "Nice work on the layout".
      pattern:
        /^(?:(?:i|we) )?(?:really |just )?(?:love|loved|adore|enjoyed)\b|^(?:looks|looking|works|worked|reads) (?:great|good|nice|perfect|fine|clean)\b(?![,.!]?\s*(?:but|however|though)\b)|^(?:great|nice|good|perfect|neat|lovely|awesome|excellent) (?:job|work|stuff|call|catch)\b|^(?:这个|这样)?(?:挺好|很好|不错|好看|漂亮|完美)/,
      example: "Love the new colours",
    },
    {
      pattern:
        /\b\w*(?:Error|Exception)\b:|\bTraceback\b|^\s*at \S+ \(|\berror:|报错(?:了|[：:，,]|\s*$)|(?:一直|又|还|总是|老是)报错/,
      example: "ModuleNotFoundError: No module named 'requests'",
    },
    {
      pattern: /(?<![跟和与同])别的团队|他们(?:一直|都|总是)|可能|也许|打算|考虑/u,
      example: "别的团队一直用 Java",
    },
  ],
  "iu",
);

/** The shape a sentence has as a standing rule, or null (also null when it reads as a story, a guess or a report). */
export function ruleShape(text: string): RuleShape | null {
  if (NOT_A_RULE.test(text) || headsTask(text)) return null;
  return SHAPES.find(({ pattern }) => pattern.test(text))?.entry.shape ?? null;
}

const SHAPES = compiledEntries(RULE_SHAPES);
