/**
 * Wordings of code work that name no situation: a store shared across pages, components and
 * functions, the library code uses for a job, jobs the app runs on its own, values kept out of the
 * code, how values are represented, loggers, the oldest toolchain it builds with. Part of the work
 * wordings (work-wordings.ts), in their place in its order. Each entry has an example. Pure.
 */
import type { LexiconEntry } from "./define-lexicon.js";

/** One wording of a kind of work. */
export interface WorkWording extends LexiconEntry {
  /** The kind of work ("dependencies", "tests", "code"…). */
  kind: string;
  /**
   * The situation a lesson's trigger names when its words match ("Installing dependencies",
   * "提交代码"); the first named wording that matches names it.
   */
  label?: { en: string; zh: string };
  /** Read in sentences only, never in commands (`npm run e2e` chooses no package manager). */
  sentenceOnly?: boolean;
}

/** A wording of a kind of work that names no situation. */
export const work = (kind: string, pattern: RegExp, example: string): WorkWording => ({
  kind,
  pattern,
  example,
});

/** The code wordings, tried in this order. */
export const CODE_WORDINGS: readonly WorkWording[] = [
  work(
    "code",
    /\b(?:in|into)\s+(?:a|the|our)\s+(?:global\s+|shared\s+)?store\b|\b(?:global|shared|app|client)[ -]state\b|\b(?:across|between) (?:the )?(?:pages|screens|views|routes|tabs|checkout steps)\b|全局状态|状态管理|(?:页面|组件|路由)之间共享|跨页面/,
    "keep the cart contents in a store so they survive a reload",
  ),
  work(
    "code",
    /\b(?:components?|functions?|class(?:es)?|refactor\w*|comments?|exports?|imports?|types?|interfaces?|naming|rename|(?:business|domain|app(?:lication)?) logic|concerns|service objects?)\b|注释|组件|函数|类|重构|变量|命名|改名|改代码|拆成|拆分/,
    "refactor the chart legend into its own component",
  ),
  // The library code uses for a job, named by the job: "LitMotion is the tween library now".
  work(
    "code",
    /\b(?:the|our) (?!(?:ui|component|test|testing|assertion|mocking|build)\b)[\w-]+ (?:library|lib|framework|engine)\b/,
    "LitMotion is the tween library now",
  ),
  // Work the app does later or on its own is a job the code defines: "send a reminder email …, in the
  // background", "every night, archive orders older than 90 days".
  work(
    "code",
    /\b(?:in the background|background (?:jobs?|workers?|tasks?|processing)|(?:async|cron|scheduled|recurring|periodic) (?:jobs?|tasks?)|job queues?|(?:^|[.;!?]\s*)(?:every|each) (?:night|morning|hour|day|week)\s*,)|后台任务|异步任务|定时任务/,
    "send customers a reminder email when their order is ready, in the background",
  ),
  // Values written into the code, or kept out of it: "tuning numbers don't get hardcoded anymore".
  work(
    "code",
    /\bhard-?cod(?:e|es|ed|ing)\b|\bmagic (?:numbers?|strings?|values?)\b|写死|硬编码|魔法数/,
    "tuning numbers (speeds, cooldowns, prices) don't get hardcoded anymore",
  ),
  // Being told when something fails is error reporting in code: "make sure we hear about it".
  work(
    "code",
    /\bmake sure we (?:actually )?(?:hear about|know about|get (?:alerted|notified|paged))\b|\bwe (?:never|don'?t) (?:hear|find out) about\b|(?:要|得)能?(?:收到|知道)(?:告警|报警|通知)/,
    "the sync panics sometimes, make sure we hear about it when that happens",
  ),
  // How values are represented in code: "money is Decimal end to end, never a float", "amounts are integer cents".
  work(
    "code",
    /\b(?:as an? (?:string|integer|int|float|double|decimal|boolean|uuid|timestamp|enum)|(?:never|not|no) (?:an? )?(?:floats?|doubles?)|integer cents|in cents|BigDecimal|Decimal)\b|用\s*(?:Decimal|BigDecimal|整数分|分)\s*存/,
    "money is Decimal end to end, never a float",
  ),
  work(
    "code",
    /\b(?:loggers?|state management)\b|(?:打|记|写)(?:个|一下|一条|条|点)?日志|日志(?:框架|库|组件|工具|打印|统一|都?(?:用|走|通过))|分页|状态管理/,
    "Logs go through winston, the logger is in src/log.ts",
  ),
  // How optional values and failures are unwrapped in code: "no force unwraps, use guard let".
  work(
    "code",
    /\b(?:(?:force[- ])?unwrap(?:s|ped|ping)?|optionals?|guard let|if let|null checks?|nil checks?|non-null assertions?)\b|强制解包|可选值/,
    "no force unwraps anywhere, use guard let",
  ),
  // The oldest toolchain the code must build with decides which language features it may use.
  work(
    "code",
    /\b(?:msrv|minimum supported (?:rust )?version|min(?:imum)? ?sdk(?: ?version)?)\b/,
    "we're bumping MSRV to 1.80",
  ),
];
