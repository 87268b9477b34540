/**
 * Wordings that recognise a kind of work without naming a situation (kinds-of-work.ts holds the
 * named ones, which also name a lesson's trigger): what a prompt, a lesson or a convention is
 * about, in English and Chinese. Each entry has an example. Pure.
 */
import { ANSWER_WORDS } from "./answer-wordings.js";
import { defineLexicon } from "./define-lexicon.js";
import { CODE_WORDINGS, type WorkWording, work } from "./work-wordings-code.js";

export { type WorkWording, work };

/**
 * 提交 as committing changes: not handing in a form, a report or a request ("提交年假申请", "提交报销单").
 */
export const ZH_COMMIT =
  "提交(?![^，。？！?!\\s]{0,4}?(?:申请|表单?|报告|材料|作业|审批|工单|简历|论文|资料|报销|订单))";

/**
 * How the agent is to work with the user: ask first ("ask me before adding any dependency",
 * "装任何新依赖之前先问我一声"). Such a rule guards every task in its scope, as a CLAUDE.md line does.
 */
const ASK_FIRST = work(
  "process",
  /\bask(?:ing)? (?:me )?(?:first|before)\b|\bwithout asking\b|\bcheck with me (?:first|before)\b|先问(?:我|一下)|问我一声|先跟我(?:确认|说)|(?:之前|前)先(?:问|确认)/,
  "ask me before adding a dependency",
);
const ASKS_FIRST = new RegExp(ASK_FIRST.pattern.source, "i");

/** True for a rule that asks the agent to ask the user first ("ask me before…", 先问我). */
export function asksFirst(text: string): boolean {
  return ASKS_FIRST.test(text);
}

/**
 * "publish" as a release, not a message published to a queue or topic ("when publishing to the
 * dead-letter queue fails", "publish an event on order created"): what follows names no destination
 * of messages; nor a name in code (Swift's `@Published`).
 */
export const PUBLISHES = String.raw`(?<![@.])\bpublish(?:es|ed|ing)?\b(?![^.,;:]{0,40}\b(?:queues?|topics?|exchanges?|streams?|channels?|subjects?|brokers?|bus|kafka|nats|rabbitmq|sqs|sns|pub\/?sub|events?|messages?|payloads?)\b)`;

/**
 * "deploy" and its forms as a deploy, not an app's minimum OS version ("we bumped the deployment
 * target to iOS 17" is a build setting).
 */
export const DEPLOYS = String.raw`\bdeploy\w*\b(?! target)`;

/**
 * After "build", what is made, asked for now ("could you build that", "build me a page"): the work
 * itself, not the project's build. Read by the build entries here and in kinds-of-work.ts.
 */
export const BUILDS_A_THING = String.raw`\s+(?:me|us|that|this|a|an|out|something|some)\b`;

/**
 * The wordings that recognise a kind of work without naming a situation, in lexicon order: the
 * second half of the kinds-of-work lexicon (kinds-of-work.ts).
 */
export const WORK_WORDINGS = defineLexicon("work-wordings", [
  work(
    "dependencies",
    /\b(?:deps?|dependenc\w*|packages?|librar(?:y|ies)|npm|pnpm|yarn|bun|pip3?|poetry|uv|lockfile|node_modules|requirements\.txt|go get|go mod|cargo add|(?:pull|bring)(?: (?:it|them|that|this|those))? in(?:to)?)\b/,
    "add lodash-es to the api package",
  ),
  work(
    "dependencies",
    /\b(?:install|uninstall|add|remove|upgrade|bump)\b[^.!?\n]{0,40}\b(?:to|from|in)\b[^.!?\n]{0,20}\bpackage\b|\b(?:bump|upgrade|downgrade|pin)\s+[\w.@/-]+\s+to\s+v?\d/,
    "bump react to 19",
  ),
  work(
    "dependencies",
    /\b(?:new|fresh|empty)\s+(?:[\w.-]+\s+){0,2}(?:project|app|repo|monorepo|workspace)\b|\b(?:scaffold\w*|bootstrap\w*|set up a\b[^.!?\n]{0,30}\bproject)/,
    "set up a new vite project",
  ),
  work(
    "dependencies",
    /依赖|安装|装一下|装个|装上|引入|[加引]进来|第三方库|包管理|(?:升|降)(?:级|到)[^，。,.!?！？\n]{0,8}版本|(?:新建|初始化|搭建?)[^，。,.!?！？\n]{0,12}项目/,
    "把 lodash 升到最新版本",
  ),
  work(
    "tests",
    /\b(?:tests?|testing|specs?|pytest|vitest|jest|mocha|e2e|unit[- ]?(?:tests?|checks?|specs?|testing)|integration|coverage|assertions?|nothing (?:broke|is broken)|(?:didn'?t|did not|doesn'?t|does not|haven'?t|have not|hasn'?t|has not) (?:break|broken)\b|anything (?:broke|is broken))\b|测试(?!环境|机|服务器|集群)|单测|用例/,
    "run the unit tests",
  ),
  work(
    "tests",
    /\b(?:prove|show|check|verify|demonstrate) (?:it|that|this)\b[^.!?\n]{0,30}\b(?:cases|examples)\b|\b(?:edge|corner|test) cases\b/,
    "make sure it handles overlapping reservations and prove it with a few cases",
  ),
  // Whether it still works, asked of the suite: "verify it still works", "check the suite is still green".
  work(
    "tests",
    /\b(?:verify|check|make sure|confirm|ensure)\b[^.!?\n]{0,30}?\bstill (?:works?|passes|pass|green|runs?)\b|\b(?:the )?suite (?:is |stays )?(?:still )?(?:green|red|passing|failing)\b/,
    "I tweaked the header parsing, verify it still works",
  ),
  work(
    "commit",
    new RegExp(String.raw`\b(?:commit|commits|committed|committing|commit message|changelog)\b|${ZH_COMMIT}`),
    "commit the fix",
  ),
  work(
    "git",
    /\b(?:push(?!\s+notifications?\b)|pull(?!\s+in\b)|rebase|merge|branch|origin|(?<=(?:the|a|git|new|add|added) )remote(?!\s+(?:switch|config\w*|flags?|feature))|remote(?=\s+(?:branch|repo\w*|url|tracking))|upstream|force-push|checkout(?=\s+(?:-b\b|main\b|master\b|develop\b|(?:the |a |that |this |your )?branch))|cherry-pick|git)\b|behind main|推送|推(?:到|上)(?:远端|远程|线上仓库|gitlab|github|origin)|分支|合并|变基/,
    "create a branch for the fix",
  ),
  work(
    "run",
    /\b(?:(?<!\b(?:we|you|i|they|let'?s|the|a) )start(?! (?:on|with|by|of)\b)|restart|launch|serve|bring up|spin up|boot)\b|\bdev server\b|\b(?:run|up)\b[^.!?\n]{0,30}\b(?:server|app|frontend|backend|api|stack|service|portal|admin)\b/,
    "start the dev server",
  ),
  work(
    "run",
    /启动|跑起来|重启|开发服务|起(?:一下|个|来)[^，。,.!?！？\n]{0,6}(?:服务|项目|后端|前端)|本地跑/,
    "起一下服务",
  ),
  work(
    "deploy",
    new RegExp(
      `${DEPLOYS}|\\b(?:release\\w*|staging|production|prod|rollout|roll out|(?<!\\b(?:the|a|an|each|every|enemy|player|cargo|space|war|star|air)\\s)ship(?!['’]s|\\s+(?:is|moves|flies|docks|docked|lands|sprite|model|hull))|cut (?:a |the )?v?\\d+\\.\\d+(?:\\.\\d+)?)\\b|${PUBLISHES}|发布|上线|预发|部署|生产|(?:测试|线上|正式)(?:环境|机|服务器|集群)`,
    ),
    "roll out billing 2.4",
  ),
  // A tool that deploys what is pushed: "我们现在全走 argocd 了，git push 之后 argocd 自动同步".
  work(
    "deploy",
    /\b(?:argo ?cd|flux ?cd|gitops|spinnaker|octopus deploy)\b/,
    "我们现在全走 argocd 了，git push 之后 argocd 自动同步",
  ),
  // An environment the code runs in is where it is deployed, as 测试环境 is.
  work(
    "deploy",
    /\b(?:test|testing|qa|uat|dev|preview|sandbox) (?:env|environment)s?\b/,
    "the test env is qa-gw now",
  ),
  work(
    "deploy",
    /(?:功能|版本|改动|需求|代码)[^，。,.!?！？\n]{0,6}发(?:出去|上去)|发(?:一|个)版|发\s*v?\d+\.\d+/,
    "把刚合并的周报功能发出去",
  ),
  work(
    "database",
    /\b(?:database|db|dbt|(?:make)?migrations?|migrate|sql|queries|(?<!(?:tanstack|react|vue|svelte|solid) )query|(?<!markdown )tables?|rows?|columns?|postgres\w*|mysql|psql|sqlite|index(?:es)?|schema|backfill\w*)\b|\b(?:everything|models?|tables?) (?:down|up)stream\b|\b(?:down|up)stream (?:models?|tables?)\b|\bsomewhere to (?:store|keep|persist|save)\b|\bread[- ]?replicas?\b|数据库|迁移|生产库|表结构|(?:中间|临时|宽|事实|维度?|明细|汇总|结果)表|连接池|查询|查数|(?:一|单独一?|新建?一?)张表|建表|(?<!私有|公有|公开|成员|静态|实例)字段|(?:只读)?副本库?|主库|从库/,
    "count the rows in the users table",
  ),
  work(
    "config",
    /\b(?:config\w*|settings?|env|environment|\.env\w*|timeouts?|ya?ml|toml|flags?|(?<!(?:global|local|instance|class|member)\s)variables?(?!\s+names?)|log(?:ging)? levels?)\b|配置|环境变量|超时|日志级别|(?:debug|info|warn) 级别/,
    "raise the upload timeout",
  ),
  work(
    "containers",
    // An image of a container, not a picture the app shows ("Images load with Coil", "product images").
    /\b(?:docker\w*|containers?|compose(?=[ -](?:up|down|file|stack|services?|exec|run|logs|ps|build)\b|\.ya?ml)|(?<!(?:profile|avatar|user|product|cover|hero|background|thumbnail) )images?(?! (?:load|loads|loading|loader|views?|picker|cache|gallery|carousel|uploads?)\b)|kubectl|k8s|pods?|redis|stack)\b|容器|镜像/,
    "rebuild the docker image",
  ),
  work(
    "http",
    // A library's own API is no HTTP API ("clap's derive API", "the composition API").
    /\b(?:endpoints?|(?<!(?:derive|builder|fluent|composition|options|hooks|streams?|reflection|['’]s) )api|requests?|curl|wget|fetch|https?|hit|webhooks?|rest|graphql|status code|networking|network (?:calls?|layer|requests?)|data[- ]fetching|paginat\w*)\b|接口|请求|分页/,
    "call the partner api",
  ),
  work(
    "http",
    /\b(?:pull|pulls|pulling|fetch|fetches|fetching|download|downloads|downloading|poll|polls|polling|scrape|scrapes|scraping)\b[^.!?\n]{0,40}\bfrom (?:the |an? |their |our )?[\w.-]+(?: [\w.-]+)? (?:feed|api|endpoint|service|server|site|website|url)\b/,
    "write a class that pulls the daily exchange rates from the ECB feed",
  ),
  ...CODE_WORDINGS,
  work(
    "code",
    /\b(?:methods?|helpers?|utils?|utilities|modules?|parsers?|handlers?|validators?|algorithm|linked ?list|data structure|implement\w*)\b|方法|模块|实现/,
    "Implement a LinkedList class with insert and delete",
  ),
  work(
    "code",
    /\b(?:write|create|implement|build|add|make)\s+(?:me\s+)?(?:a|an|the|one|some)\s+(?:[\w-]+\s+){0,2}(?:job|loader|importer|exporter|worker|consumer|producer|handler|parser|client|cli|tool|program|endpoint|route|hook|test|migration|query|decorator|wrapper|toggle|page|form|button|screen|view|widget|api)s?\b|(?:写|实现|做|加)一?(?:个|段|套)?[^，。？?]{0,15}(?:函数|方法|类|接口|组件|模块|脚本|页面|功能|程序|工具)/,
    "write a job that loads the daily csv export into the warehouse table",
  ),
  work(
    "code",
    /@[A-Z]\w+\b|\b(?:constants?|view ?models?|controllers?|(?:dependency |constructor |field )?injection|annotations?|decorators?|error codes?|(?:class|instance) fields?|(?:any|every)where in (?:this|the|our) (?:app|codebase|code base|code))\b|常量|错误码|注解|装饰器|依赖注入/,
    "Injection is constructor-only, no @Autowired on fields, ever",
  ),
  work(
    "build",
    new RegExp(
      String.raw`\b(?:(?:re)?build\w*(?!${BUILDS_A_THING})|(?:re)?compile\w*|typecheck\w*|tsc|tsconfig\w*|bundle\w*|webpack|declaration maps?)\b|[打出](?:一个|个)?包|编(?:一个|个|一下)?\s*(?:[A-Za-z]+\s*)?(?:版本|包)|构建|编译|类型检查`,
    ),
    "build the project",
  ),
  work(
    "lint",
    /\b(?:lint\w*|eslint|prettier|biome|ruff|format\w*(?! strings?\b| specifiers?\b)|indent\w*|style guide)\b|格式化|整理\S{0,3}格式|代码风格|缩进|排版/,
    "run the linter",
  ),
  work(
    "files",
    /\b(?:replace|occurrences?|sed|grep|search and replace|find and replace)\b|替换/,
    "replace every occurrence of foo",
  ),
  work(
    "scripts",
    /\b(?:scripts?|bash|shell|zsh|cron(?:tab| jobs?)?|shellcheck|wrapper)\b|脚本|定时任务/,
    "write a bash script that backs up the db",
  ),
  // Jobs that run on a clock: cron, systemd timers, a schedule (not a schedule shown on a page).
  work(
    "schedule",
    /\b(?:schedul(?:e|es|ed|ing|er)(?!\s+(?:table|page|view|screen|tab|list|card))|cron(?:tab|jobs?| jobs?)?|systemd timers?|\.timer|every (?:weekday|weeknight|night|morning|evening|hour|sunday|monday|tuesday|wednesday|thursday|friday|saturday)s?|nightly|hourly)\b|定时|调度|每天凌晨|每晚|每周[一二三四五六日天]/,
    "schedule the invoice reminder job every weekday at 9am",
  ),
  work(
    "files",
    /\b(?:in-place|sed -i|gsed|everywhere in the (?:repo|codebase|project)|across the (?:repo|codebase)|every file|all (?:the )?files)\b|批量替换|全局替换/,
    "rename the env var everywhere in the repo",
  ),
  work(
    "build",
    /\b(?:xcodebuild|gradlew?\s+(?:assemble|build)\w*|archive the app|testflight|app store|release build|(?:debug|release|signed) (?:apk|aab|ipa)s?)\b|\.(?:ipa|apk|aab|xcworkspace|xcodeproj)\b/,
    "archive the app from the command line so i can upload to testflight",
  ),
  work(
    "config",
    /\b(?:pool size|connection pool|max connections|retry count|retries|concurrency limit)\b|重试次数|连接池|超时时间|并发数/,
    "把本地的数据库连接池大小改成 20",
  ),
  work(
    "dependencies",
    /\b(?:package registry|npm registry|goproxy|index-url|pypi|mirror for (?:npm|pip|go|maven))\b|镜像源|源地址/,
    "pip is slow here, use the tsinghua index-url",
  ),
  work("database", /\b(?:ttls?|keyspace|redis keys?)\b|缓存键/, "check the TTLs of the rate-limit keys"),
  work(
    "lint",
    /\b(?:console\.log|eslint-disable\S*|lint rules?|eslint rules?)\b/,
    "allow console.log in scripts/",
  ),
  work(
    "jobs",
    /\b(?:sbatch|srun|slurm|squeue|scancel|batch jobs?|training (?:jobs?|runs?)|jobs? (?:go|goes|run|runs) on|gpus?|cuda\w*|lr sweep|checkpoints?|epochs?|fine-?tun\w*|lora|wandb|loss curves?|baselines?|hyperparameters?|n_estimators|lightgbm|xgboost|xgb|catboost|random forest)\b|训练|显卡|\d+\s*号卡|微调|基线|调参/,
    "write an sbatch script for the lr sweep, 4 nodes, 8 gpus each",
  ),
  work(
    "styling",
    /\b(?:css|scss|sass|tailwind|(?<!\b(?:naming|coding|code|prefix|suffix|casing|commit|docstring|import|quote|brace|comment|writing|programming)[- ])styles?|styling|stylesheets?|classnames?|padding|margins?|spacing|colou?rs?|fonts?|dark mode|light mode|themes?|layout|cramped|responsive)\b|样式|配色|间距|暗色|深色模式|布局/,
    "add a dark mode toggle",
  ),
  // How the interface moves is styling too: "make the pause menu slide in from the left".
  work(
    "styling",
    /\b(?:animat(?:e|es|ed|ing|ions?)|tweens?|tweening|easing|keyframes|slides? (?:in|out)|fades? (?:in|out)|fade-(?:in|out))\b|动画|动效|渐入|渐出/,
    "make the pause menu slide in from the left",
  ),
  work(
    "cloud",
    // A user's profile page is no cloud profile.
    /\b(?:aws|s3|buckets?|gcloud|azure|iam|(?<!(?:user'?s?|the|my|your|their|public|private)\s)profile(?!\s+(?:page|picture|photo|screen|view|settings)))\b|云/,
    "list the s3 buckets",
  ),
  work(
    "cloud",
    /\b(?:[a-z]{2}-(?:central|west|east|north|south|northeast|southeast|northwest|southwest)-\d|(?<!\b(?:by|per|each|every) )regions?|sqs|sns|ec2|rds|dynamodb|cloudfront|vpcs?|dead-letter queues?|athena|glue (?:tables?|catalog|jobs?|crawlers?)|redshift|cloudwatch|kinesis|emr|ecs|eks|fargate|gcs|bigquery|pub\/?sub|cloud run)\b|地域|可用区/,
    "create an SQS queue for the thumbnail workers",
  ),
  // Tags and labels put on a cloud resource: "every resource gets two tags, owner and cost_center".
  work(
    "cloud",
    /\b(?:cloud )?resources?\b(?:\s+\S+){0,4}\s+(?:tags?|tagged|labels?|labell?ed)\b|\b(?:tag|label)\s+(?:every|each|all|the)\s+(?:cloud\s+)?resources?\b|资源标签|资源都要打/,
    "every resource gets two tags, owner and cost_center",
  ),
  work(
    "permissions",
    /\b(?:sudo|root|permissions?|chmod|chown|privileges?|accounts?|credentials?|read-only(?! replicas?\b))\b|权限|账号|只读(?!副本|库|实例)/,
    "run it without sudo",
  ),
  work(
    "ci",
    /\b(?:ci|cd|pipelines?|github actions|gitlab(?:-ci)?|jenkins\w*|circleci|ci jobs?)\b|\.gitlab-ci\.ya?ml|流水线|持续集成/,
    "fix the ci pipeline",
  ),
  work(
    "ci",
    /\b(?:steps?|jobs?|checks?)\b[^.!?\n]{0,30}\bruns? on every (?:pr|pull request|merge request|mr|push|commit)\b|\bon every (?:pr|pull request|merge request|mr|push)\b/,
    "add a lint step that runs on every pull request",
  ),
  work("github", /\b(?:github|issues?|pull requests?|prs?|gh)\b/, "open a pull request"),
  // The tracker the project's tickets live in: its ids and keys are no code ("we moved from jira to
  // linear, so the ticket ids look like STO-55 now").
  work(
    "tickets",
    /\b(?:jira|youtrack|issue tracker|linear (?:tickets?|issues?|board|integration|projects?|cycles?)|tickets? (?:ids?|keys?|numbers?|prefix(?:es)?))\b|工单|需求单/,
    "we moved from jira to linear, so the ticket ids look like STO-55 now",
  ),
  work(
    "tickets",
    /\b(?:start|work|get going|pick up|continue)(?:s|ed|ing)? (?:on |with )?[a-z]{2,10}-\d{1,5}\b/,
    "start on STO-91, the promo banner overlaps the header on tablets",
  ),
  work(
    "tickets",
    /(?:需求|工单|任务|bug)\s*[a-z]{2,10}-\d{1,5}\b/,
    "新需求 PAY-1230，对账报表要支持导出 csv，开工吧",
  ),
  work(
    "payments",
    /\b(?:stripe|billing|charges?|refunds?|payments?|invoices?|idempotenc\w*)\b|支付|退款|优惠券|金额|交易(?:额|笔数|流水|记录)/,
    "refund the charge",
  ),
  work(
    "memory",
    /\b(?:out of memory|heap|oom|max-old-space-size)\b|内存溢出|内存/,
    "the build runs out of memory",
  ),
  work("answers", ANSWER_WORDS, "keep answers short, no summary at the end"),
  // How an answer is laid out: markdown tables and formatting are the answer's, not a database's.
  work(
    "answers",
    /\bmarkdown (?:tables?|formatting|headers|headings)\b|\btables? in (?:your |the )?(?:answers?|replies|responses?)\b/,
    "please stop putting everything in markdown tables",
  ),
  // When the agent answers, said as the occasion: "when you explain stuff to me", "when I ask how
  // something works", "every answer", "lead with a tiny code example".
  work(
    "answers",
    /\bwhen(?:ever)? you (?:explain|answer|reply|respond)\b|\bwhen(?:ever)? i ask (?:you )?(?:how|why|what|about|for|a question)\b|\b(?:every|each|all|your) (?:answers?|replies|responses?|explanations?)\b|\blead with (?:a|an|the)\b[^.;]{0,30}\bexample\b|\bkeep it to (?:a few|a couple of|one|two|three|\d+) (?:bullets?|lines?|sentences?|paragraphs?)\b/,
    "when you explain stuff to me keep it to a few bullets",
  ),
  work(
    "answers",
    /总结|回答的?(?:最后|结尾)|啰嗦|废话|简短(?!描述)|简洁|说重点|先(?:给|说)结论|结论先行|铺垫|绕弯子|列(?:一堆)?标题|用(?:中文|英文|日文)(?:回答|回复|回)|(?:回答|回复)(?:用|请用)(?:中文|英文)|(?:回答|回复)(?:别|不要)(?:这么|太)(?:长|啰嗦)/,
    "用中文回答",
  ),
  ASK_FIRST,
  work(
    "process",
    /\bshow me the diff\b|\b(?:plan|a plan) (?:first|before)\b|计划发我/,
    "when you fix something just show me the diff",
  ),
  work(
    "code",
    /\bbefore (?:you )?(?:say|tell|report|call|mark|consider|declare)\w*\b[^.]{0,30}\b(?:done|finished|complete|ready)\b|\bafter (?:every|each|any) (?:change|edit)\b|改完(?:之后|以后|后)|完成之前/,
    "always run npm run lint before you tell me something is done",
  ),
  work(
    "config",
    /\b(?:set|change|raise|lower|increase|decrease|bump|reduce|drop|cap|double|halve)\s+(?:the\s+|our\s+|its\s+|their\s+)(?:[\w.-]+\s+){0,4}?(?:to|at)\s+~?\d+(?:\.\d+)?(?![\d.]|\s*(?:px|em|rem|vh|vw|pt)\b)|(?:把|将)[^，。,.!?！？\n]{1,20}?(?:改成|改为|改到|调到|调成|调为|调整为|调整到|设为|设成|设置为|设置成|提高到|降到|降低到|减到|减少到|加到|增加到|缩短到|延长到)\s*\d/,
    "raise the idle timeout to 90 seconds",
  ),
  work(
    "config",
    /\b(?:learning rates?|warm-?up|batch sizes?|weight decay|hyper-?param\w*)\b|学习率|超参|批大小|默认值?(?:是|为|设为|设成|改成)?\s*\d/,
    "学习率前面加个 warmup，默认 500 步",
  ),
  work(
    "config",
    /\b(?:rate limits?|thresholds?|upload size|max(?:imum)? (?:[\w-]+ ){0,2}(?:size|count|connections|length)|expir(?:y|ation) (?:time|period))\b|阈值|上限|最大连接数|过期时间|有效期|限流/,
    "bump the max upload size to 50MB",
  ),
  work(
    "scripts",
    /\b(?:python3?|node|bash|sh|ruby|perl|php|deno|tsx|ts-node)\s+(?:-[\w-]+\s+)*[\w./-]+\.(?:py|js|mjs|cjs|ts|sh|rb|pl|php)\b/,
    "python3 jobs/cleanup.py",
  ),
  work("run", /\bdocker[- ]compose\s+(?:up|start|restart)\b|拉起/, "把监控那几个服务重新拉起来"),
  work(
    "database",
    /\bhow many (?:[\w-]+ ){0,2}(?:users|accounts|customers|orders|invoices|payments|records|rows|entries|sign-?ups|transactions|subscribers|members|products|tickets|trips|bookings)\b|\b(?:signed up|sign-?ups)\b|\b(?:records?|entries) (?:where|with|that|which|older|newer|created)\b|\bin ['"]?\w+['"]? (?:status|state)\b|多少(?:条|行|笔)|多少(?:个|位|名)?(?:用户|订单|客户|会员)|(?:条|的)记录|记录数|新注册/,
    "list the trips that are stuck in pending status",
  ),
  work(
    "styling",
    /\b(?:sidebar|navbar|nav bar|modal|dropdown|tooltip|toolbar|buttons?|checkbox(?:es)?|spinner|carousel|accordion|collapsible|breadcrumbs?|pagination)\b|侧边栏|导航栏|弹窗|按钮|下拉框/,
    "make the sidebar collapsible",
  ),
  work(
    "config",
    /\b(?:test|live|secret|access|private|publishable|signing) keys?\b|\b(?:api|access) tokens?\b|(?:测试|正式)?(?:密钥|秘钥)/,
    "wire up the stripe test key for local dev",
  ),
  work(
    "database",
    /\b(?:cache|session) keys\b|\bkeys in (?:the )?(?:cache|redis)\b/,
    "check how long the session keys in the cache live",
  ),
]);
