/**
 * What a prompt or a lesson is about, as coarse activities (installing dependencies, running
 * tests, committing, deploying…), recognised from English and Chinese wording. The offline embedder
 * sees words, not meaning: "add lodash-es to the api package" and "use pnpm, not yarn" share no word
 * but the same activity. Recall uses a shared activity as evidence of relevance, and a general
 * knowledge question ("what's the difference between TCP and UDP?") as evidence against.
 */

import { memoizeText } from "../memo.js";

const ACTIVITIES: ReadonlyArray<readonly [string, RegExp]> = [
  [
    "dependencies",
    /\b(?:deps?|dependenc\w*|packages?|librar(?:y|ies)|npm|pnpm|yarn|bun|pip3?|poetry|uv|lockfile|node_modules|requirements\.txt|go get|go mod|cargo add|(?:pull|bring) in)\b|\b(?:install|uninstall|add|remove|upgrade|bump)\b[^.!?\n]{0,40}\b(?:to|from|in)\b[^.!?\n]{0,20}\bpackage\b|\b(?:bump|upgrade|downgrade|pin)\s+[\w.@/-]+\s+to\s+v?\d|\b(?:new|fresh|empty)\b[^.!?\n]{0,30}\b(?:project|app|repo|monorepo|workspace)\b|\b(?:scaffold\w*|bootstrap\w*|set up a\b[^.!?\n]{0,30}\bproject)|依赖|安装|装一下|装个|装上|引入|第三方库|包管理|(?:升|降)(?:级|到)[^，。,.!?！？\n]{0,8}版本|(?:新建|初始化|搭建?)[^，。,.!?！？\n]{0,12}项目/i,
  ],
  [
    "tests",
    /\b(?:tests?|testing|specs?|pytest|vitest|jest|mocha|e2e|unit|integration|coverage|nothing (?:broke|is broken))\b|测试(?!环境)|单测|用例/i,
  ],
  ["commit", /\b(?:commit|commits|committing|commit message|changelog)\b|提交|提交信息/i],
  [
    "git",
    /\b(?:push|pull|rebase|merge|branch|origin|remote|upstream|force-push|checkout|cherry-pick|git)\b|behind main|推送|分支|合并|变基/i,
  ],
  [
    "run",
    /\b(?:start(?! (?:on|with|by)\b)|restart|launch|serve|bring up|spin up|boot)\b|\bdev server\b|\b(?:run|up)\b[^.!?\n]{0,30}\b(?:server|app|frontend|backend|api|stack|service|portal|admin)\b|启动|跑起来|重启|开发服务|起(?:一下|个|来)[^，。,.!?！？\n]{0,6}(?:服务|项目|后端|前端)|本地跑/i,
  ],
  [
    "deploy",
    /\b(?:deploy\w*|release\w*|publish\w*|staging|production|prod|rollout|ship)\b|发布|上线|预发|部署|生产|(?:测试|线上|正式)环境/i,
  ],
  [
    "database",
    /\b(?:database|db|(?:make)?migrations?|migrate|sql|queries|query|tables?|postgres\w*|mysql|psql|sqlite|index(?:es)?|schema)\b|数据库|迁移|生产库|表结构|连接池|查询/i,
  ],
  [
    "config",
    /\b(?:config\w*|settings?|env|environment|\.env\w*|timeouts?|ya?ml|toml|flags?|variables?|log(?:ging)? levels?)\b|配置|环境变量|超时|日志级别|(?:debug|info|warn) 级别/i,
  ],
  ["containers", /\b(?:docker\w*|containers?|compose|images?|kubectl|k8s|pods?|redis|stack)\b|容器|镜像/i],
  [
    "http",
    /\b(?:endpoints?|api|requests?|curl|wget|fetch|https?|hit|webhooks?|rest|graphql|status code)\b|接口|请求/i,
  ],
  [
    "code",
    /\b(?:component|function|class|refactor\w*|comments?|exports?|imports?|types?|interface|naming|rename)\b|注释|组件|函数|类|重构|变量|命名|改名|改代码|拆成|拆分/i,
  ],
  [
    "build",
    /\b(?:build\w*|compile\w*|typecheck\w*|tsc|tsconfig\w*|bundle\w*|webpack|declaration maps?)\b|打(?:一个|个)?包|构建|编译|类型检查/i,
  ],
  [
    "lint",
    /\b(?:lint\w*|eslint|prettier|biome|ruff|format\w*|indent\w*|style guide)\b|格式化|代码风格|缩进|排版/i,
  ],
  ["files", /\b(?:replace|occurrences?|sed|grep|search and replace|find and replace)\b|替换/i],
  ["scripts", /\b(?:scripts?|bash|shell|zsh|cron(?:tab| jobs?)?|shellcheck|wrapper)\b|脚本|定时任务/i],
  [
    "styling",
    /\b(?:css|scss|sass|tailwind|styles?|styling|stylesheets?|classnames?|padding|margins?|spacing|colou?rs?|fonts?|dark mode|light mode|themes?|layout|cramped|responsive)\b|样式|配色|间距|暗色|深色模式|布局/i,
  ],
  ["cloud", /\b(?:aws|s3|buckets?|gcloud|azure|iam|profile)\b|云/i],
  [
    "permissions",
    /\b(?:sudo|root|permissions?|chmod|chown|privileges?|accounts?|credentials?|read-only)\b|权限|账号|只读/i,
  ],
  [
    "ci",
    /\b(?:ci|cd|pipelines?|github actions|gitlab(?:-ci)?|jenkins\w*|circleci|ci jobs?)\b|\.gitlab-ci\.ya?ml|流水线|持续集成/i,
  ],
  ["github", /\b(?:github|issues?|pull requests?|prs?|gh)\b/i],
  ["payments", /\b(?:stripe|charges?|refunds?|payments?|invoices?|idempotenc\w*)\b|支付|退款|优惠券/i],
  ["memory", /\b(?:out of memory|heap|oom|max-old-space-size)\b|内存溢出|内存/i],
];

/** General-knowledge questions: explain, compare, define — nothing about this project. */
const GENERAL_QUESTION =
  /^\s*(?:what(?:'s| is| are| does)|explain|why (?:is|are|do|does)|how does|describe|define|tell me about|write (?:me )?(?:a|an)(?: (?:short|quick|brief|nice|warm|polite|formal|friendly|funny|little))* (?:poem|haiku|story|limerick|e-?mail|letter|song|note|thank-you note|thank you note|message|toast|speech|tweet|card|greeting|bio|cover letter|announcement)|summari[sz]e this|translate)\b|^\s*(?:解释|什么是|为什么|介绍一下|帮我写一(?:首|封|篇))|(?:是什么|有什么区别|的原理)[?？]?\s*$|(?:讲一下|讲讲|科普一?下)(?:[，,。.!！?？]|$)|面试(?:要用|用|题)|\bfor (?:an?|my) (?:job )?interview\b/i;

/**
 * A situation every task ends in: the agent answering. A lesson about how to answer ("don't write
 * a summary at the end", "reply in Chinese", "keep it short") applies to every prompt in its scope,
 * whatever the prompt is about — the offline form of a line in CLAUDE.md.
 */
const EVERY_ANSWER =
  /^(?:when\s+)?(?:(?:writing|giving|formatting|ending)\s+(?:an?\s+|the\s+)?(?:answers?|repl(?:y|ies)|responses?)\b|(?:answering|replying|responding)\b)|^(?:回答问题|回答|回复)/i;

/**
 * How the agent is to work with the user: ask first ("ask me before adding any dependency",
 * "装任何新依赖之前先问我一声"). Such a rule guards every task in its scope, as a CLAUDE.md line does.
 */
const ASK_FIRST =
  /\bask(?:ing)? (?:me )?(?:first|before)\b|\bwithout asking\b|\bcheck with me (?:first|before)\b|先问(?:我|一下)|问我一声|先跟我(?:确认|说)|(?:之前|前)先(?:问|确认)/i;

/** True for a rule that asks the agent to ask the user first (see ASK_FIRST). */
export function asksFirst(text: string): boolean {
  return ASK_FIRST.test(text);
}

/**
 * A rule said to hold for the whole project: "no pip in this repo, its poetry", "everything lives in
 * the torch2 conda env", "这个项目要用 node 16". Not a fact about one thing of it ("this repo's redis
 * listens on 6380").
 */
const PROJECT_WIDE =
  /\b(?:everything|every (?:command|script|job)|all (?:the )?(?:commands|scripts|code|jobs)|in this repo|for this repo|in this project)\b|项目里|这个项目|本项目/i;

/** True for a rule of the whole project (see PROJECT_WIDE). */
export function holdsProjectWide(rule: string): boolean {
  return PROJECT_WIDE.test(rule);
}

/** True when a lesson's trigger is a situation every answer is in (see EVERY_ANSWER). */
export function appliesToEveryAnswer(trigger: string): boolean {
  return EVERY_ANSWER.test(trigger.trim());
}

/**
 * A word named as an identifier is not an activity: "rename the `commit` variable", "settle.ts 里
 * commit 这个变量名太含糊了" are about code, not committing.
 */
const IDENTIFIER =
  /`?\b[\w.$]+`?\s+(?=(?:variable|var|function|field|param(?:eter)?|property|column|method|constant|enum|prop)s?\b)|[\w.$]+\s*(?=(?:这个|那个)?(?:变量|函数|字段|参数|属性|方法|常量))/gi;

/** The activities a text is about. Remembered (recall asks it of the same lesson texts again and again). */
export const activities: (text: string) => ReadonlySet<string> = memoizeText((text) => {
  const found = new Set<string>();
  const plain = text.replace(IDENTIFIER, " identifier ");
  for (const [name, pattern] of ACTIVITIES) if (pattern.test(plain)) found.add(name);
  return found;
});

/** True for a general-knowledge question or a writing request that concerns no project. */
export function isGeneralQuestion(text: string): boolean {
  return GENERAL_QUESTION.test(text);
}

/** How many activities two texts share. */
export function sharedActivities(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const name of a) if (b.has(name)) shared++;
  return shared;
}
