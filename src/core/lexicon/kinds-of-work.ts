/**
 * Kinds of work: what a prompt, a lesson or a convention is about, as coarse activities
 * (installing dependencies, running tests, committing, deploying, writing code…), recognised from
 * English and Chinese wording. The offline embedder sees words, not meaning: "add lodash-es to the
 * api package" and "use pnpm, not yarn" share no word but the same kind of work. Each entry names
 * its kind and has an example; a kind may have several entries. Pure.
 */
import { memoizeText } from "../memo.js";
import { compiledEntries, defineLexicon, type LexiconEntry } from "./define-lexicon.js";

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

const work = (kind: string, pattern: RegExp, example: string): WorkWording => ({ kind, pattern, example });
const named = (
  kind: string,
  en: string,
  zh: string,
  pattern: RegExp,
  example: string,
  sentenceOnly = false,
): WorkWording => ({ kind, pattern, example, label: { en, zh }, ...(sentenceOnly ? { sentenceOnly } : {}) });

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
 * Every wording of every kind of work. Named wordings come first, in order: the first that matches
 * names a lesson's situation, so specific activities come before broad ones.
 */
export const KINDS_OF_WORK = defineLexicon("kinds-of-work", [
  named(
    "dependencies",
    "Choosing the Node.js version",
    "切换 Node 版本",
    /\bnvm\b|\bnode(?:\.js)? versions?\b|\b(?:use|upgrade to|switch to|move to|requires?) node(?:\.js)? v?\d+|node\s*版本|(?:用|升级到|升到|切到|切换到)\s*node\s*\d+/,
    "this project needs node 16, run nvm use",
  ),
  named(
    "deploy",
    "Publishing releases",
    "发布版本",
    /\b(?:npm|pnpm|yarn|cargo|twine) publish\b|\bpublish(?:es|ed|ing)?\b|发布(?:版本|包|到)|发版/,
    "npm publish only from CI",
  ),
  named(
    "deploy",
    "Deploying",
    "部署",
    /\bdeploy\w*|\bkubectl\b|\bhelm\b|部署|上线/,
    "deploy with ./deploy.sh staging",
  ),
  named(
    "database",
    "Running database migrations",
    "执行数据库迁移",
    /\b(?:make)?migrat(?:e|ions?)\b|数据库迁移/,
    "run the migrations as billing_migrator",
  ),
  named(
    "config",
    "Handling secrets and environment variables",
    "处理密钥和环境变量",
    /\b(?:secrets?|credentials?|api[ _-]?keys?|env(?:ironment)? var(?:iable)?s?)\b|\.env(?:\.local)?(?![\w.])|环境变量|密钥/,
    "secrets go in .env.local",
  ),
  named(
    "git",
    "Pushing and merging branches",
    "推送和合并分支",
    /\bgit (?:push|pull|merge|rebase|checkout|switch|branch|reset|stash)\b|\b(?:force-push\w*|push(?:es|ing)?|rebas(?:e|es|ed|ing)|merge commits?|branch(?:es)?)\b|推送|分支|变基/,
    "never force-push to main",
  ),
  named(
    "commit",
    "Committing changes",
    "提交代码",
    /\bgit commit\b|\bcommit(?:s|ting)?\b|\bcommit messages?\b|提交/,
    "no emojis in commit messages",
  ),
  named(
    "dependencies",
    "Installing dependencies",
    "安装依赖",
    /\b(?:npm|pnpm|yarn|bun|pip3?|uv|poetry|cargo|gem|bundle|composer|brew|apt(?:-get)?|go)\s+(?:install|i|add|ci|sync|get)\b|\binstall(?:ing)?\s+(?:the\s+)?(?:dependencies|deps|packages)\b|\brequirements\.(?:in|txt)\b|\bpip-compile\b|--legacy-peer-deps|\bpull(?:ing)? in (?:any |a |new )*(?:packages?|dependenc(?:y|ies)|deps|librar(?:y|ies))\b|安装依赖|装依赖|装(?:任何|新的?|个|一下)?[^，。,]{0,6}(?:依赖|包|库)|引入(?:新的)?(?:依赖|包|库)/,
    "npm install --legacy-peer-deps",
  ),
  named(
    "tests",
    "Writing and running tests",
    "编写和运行测试",
    /\b(?:tests?|vitest|jest|mocha|pytest|specs?|coverage)\b|测试(?!环境|服|库|机)|单测|用例/,
    "run the tests with vitest",
  ),
  named(
    "build",
    "Building the project",
    "构建项目",
    /\b(?:build|tsc|compile|webpack|rollup|esbuild)\b|构建|编译|打包/,
    "build with tsc -b",
  ),
  named(
    "lint",
    "Formatting and linting code",
    "格式化与代码检查",
    /\b(?:lint|eslint|biome|prettier|ruff|flake8|format(?:ting)?|indent\w*|semicolons?)\b|\b(?:tabs?|spaces|(?:2|4|two|four)[- ]spaces?)\b(?=[^.!?\n]{0,40}\b(?:not|instead|over|vs|for indent\w*)\b)|缩进|格式化|分号/,
    "run eslint before committing",
  ),
  named(
    "git",
    "Using git",
    "使用 git",
    /^git\s|\bgit\b|\b(?:commit|rebase|squash)\b|提交|分支|合并/,
    "git status first",
  ),
  named(
    "containers",
    "Running containers",
    "运行容器",
    /\b(?:docker|podman|kubectl|compose)\b|容器/,
    "docker compose up -d db",
  ),
  named("containers", "Running containers", "运行容器", /\bcontainers?\b/, "the containers keep restarting"),
  named(
    "run",
    "Starting the app",
    "启动项目",
    /\bdev server\b|\b(?:npm|pnpm|yarn|bun) (?:run )?(?:dev|start|serve)\b|\bmake (?:dev|run|serve)\b|\bstart(?:ing)? the (?:app|server|api|frontend|backend)\b|启动|跑起来|开发服务/,
    "start the dev server on 5174",
  ),
  named(
    "cloud",
    "Running AWS CLI commands",
    "运行 AWS 命令",
    /\baws\b|\bs3:\/\//,
    "aws s3 ls --profile acme-staging",
  ),
  named(
    "database",
    "Working with the database",
    "操作数据库",
    /\b(?:psql|mysql|sqlite3?|mongosh?|redis-cli|postgres(?:ql)?|database|db)\b|数据库|生产库|测试库|主库|从库/,
    "psql -p 5433",
  ),
  named(
    "http",
    "Calling HTTP APIs",
    "调用 HTTP 接口",
    /\b(?:curl|wget|httpie|axios|endpoints?|webhooks?|(?:rest|http|graphql) apis?|api (?:calls?|requests?|endpoints?))\b|\b(?:GET|POST|PUT|PATCH|DELETE) (?:to|on|requests?)\b|调用[^，,。]{0,8}接口|接口调用|请求接口|请求头/,
    "curl the orders endpoint",
  ),
  named(
    "config",
    "Editing configuration files",
    "修改配置文件",
    /\b[\w-]+\.(?:ya?ml|toml|ini|properties|conf)\b|\bconfig(?:uration)?s?\b|配置/,
    "edit config.yaml, not settings.json",
  ),
  named(
    "code",
    "Formatting dates and times",
    "处理日期和时间",
    /\b(?:dayjs|moment|date-fns|luxon)\b|\bformat\w*\b[^.]{0,20}\b(?:dates?|times?|timestamps?)\b|日期|时间格式|(?:格式化|显示)[^，。]{0,10}时间/,
    "use dayjs, not moment",
  ),
  named("code", "Writing code comments", "写代码注释", /\bcomments?\b|注释/, "write comments in Chinese"),
  named(
    "code",
    "Writing code in the project's style",
    "按项目风格写代码",
    /\b(?:named|default) exports?\b|\bnaming\b|\bcode style\b|命名|代码风格/,
    "use named exports",
  ),
  named(
    "scripts",
    "Writing shell scripts",
    "编写 shell 脚本",
    /\b(?:bash|shell|sh|zsh) scripts?\b|\bshellcheck\b|\bset -euo pipefail\b|\bshebang\b/,
    "bash scripts start with set -euo pipefail",
  ),
  named(
    "answers",
    "Writing answers",
    "回答问题",
    /\b(?:summary|summaries|recap|essay|wall of text|too much text|verbose|show me the diff|keep (?:it|answers|replies) (?:short|brief)|be (?:brief|concise)|(?:\d+\s*-\s*)?\d+ sentences|no headings|bullet points|way too long|(?:answer|reply|respond|write) (?:in|with) (?:english|chinese|german|french|japanese|spanish|plain text|markdown))\b|总结|回答的?(?:最后|结尾)|啰嗦|废话|简短|简洁|用(?:中文|英文|日文)(?:回答|回复|回)|(?:回答|回复)(?:用|请用)(?:中文|英文)/,
    "keep answers short, no summary",
  ),
  named(
    "dependencies",
    "Choosing a package manager",
    "选择包管理器",
    /\b(?:npm|pnpm|yarn|bun|npx)\b|包管理/,
    "I prefer pnpm",
    true,
  ),
  work(
    "dependencies",
    /\b(?:deps?|dependenc\w*|packages?|librar(?:y|ies)|npm|pnpm|yarn|bun|pip3?|poetry|uv|lockfile|node_modules|requirements\.txt|go get|go mod|cargo add|(?:pull|bring) in)\b/,
    "add lodash-es to the api package",
  ),
  work(
    "dependencies",
    /\b(?:install|uninstall|add|remove|upgrade|bump)\b[^.!?\n]{0,40}\b(?:to|from|in)\b[^.!?\n]{0,20}\bpackage\b|\b(?:bump|upgrade|downgrade|pin)\s+[\w.@/-]+\s+to\s+v?\d/,
    "bump react to 19",
  ),
  work(
    "dependencies",
    /\b(?:new|fresh|empty)\b[^.!?\n]{0,30}\b(?:project|app|repo|monorepo|workspace)\b|\b(?:scaffold\w*|bootstrap\w*|set up a\b[^.!?\n]{0,30}\bproject)/,
    "set up a new vite project",
  ),
  work(
    "dependencies",
    /依赖|安装|装一下|装个|装上|引入|第三方库|包管理|(?:升|降)(?:级|到)[^，。,.!?！？\n]{0,8}版本|(?:新建|初始化|搭建?)[^，。,.!?！？\n]{0,12}项目/,
    "把 lodash 升到最新版本",
  ),
  work(
    "tests",
    /\b(?:tests?|testing|specs?|pytest|vitest|jest|mocha|e2e|unit|integration|coverage|nothing (?:broke|is broken))\b|测试(?!环境)|单测|用例/,
    "run the unit tests",
  ),
  work(
    "commit",
    /\b(?:commit|commits|committing|commit message|changelog)\b|提交|提交信息/,
    "commit the fix",
  ),
  work(
    "git",
    /\b(?:push|pull|rebase|merge|branch|origin|remote|upstream|force-push|checkout|cherry-pick|git)\b|behind main|推送|分支|合并|变基/,
    "create a branch for the fix",
  ),
  work(
    "run",
    /\b(?:start(?! (?:on|with|by)\b)|restart|launch|serve|bring up|spin up|boot)\b|\bdev server\b|\b(?:run|up)\b[^.!?\n]{0,30}\b(?:server|app|frontend|backend|api|stack|service|portal|admin)\b/,
    "start the dev server",
  ),
  work(
    "run",
    /启动|跑起来|重启|开发服务|起(?:一下|个|来)[^，。,.!?！？\n]{0,6}(?:服务|项目|后端|前端)|本地跑/,
    "起一下服务",
  ),
  work(
    "deploy",
    /\b(?:deploy\w*|release\w*|publish\w*|staging|production|prod|rollout|roll out|ship)\b|发布|上线|预发|部署|生产|(?:测试|线上|正式)环境/,
    "roll out billing 2.4",
  ),
  work(
    "database",
    /\b(?:database|db|(?:make)?migrations?|migrate|sql|queries|query|tables?|rows?|postgres\w*|mysql|psql|sqlite|index(?:es)?|schema)\b|数据库|迁移|生产库|表结构|连接池|查询/,
    "count the rows in the users table",
  ),
  work(
    "config",
    /\b(?:config\w*|settings?|env|environment|\.env\w*|timeouts?|ya?ml|toml|flags?|variables?|log(?:ging)? levels?)\b|配置|环境变量|超时|日志级别|(?:debug|info|warn) 级别/,
    "raise the upload timeout",
  ),
  work(
    "containers",
    /\b(?:docker\w*|containers?|compose|images?|kubectl|k8s|pods?|redis|stack)\b|容器|镜像/,
    "rebuild the docker image",
  ),
  work(
    "http",
    /\b(?:endpoints?|api|requests?|curl|wget|fetch|https?|hit|webhooks?|rest|graphql|status code)\b|接口|请求/,
    "call the partner api",
  ),
  work(
    "code",
    /\b(?:component|function|class|refactor\w*|comments?|exports?|imports?|types?|interface|naming|rename)\b|注释|组件|函数|类|重构|变量|命名|改名|改代码|拆成|拆分/,
    "refactor the chart legend into its own component",
  ),
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
    "build",
    /\b(?:build\w*|compile\w*|typecheck\w*|tsc|tsconfig\w*|bundle\w*|webpack|declaration maps?)\b|打(?:一个|个)?包|构建|编译|类型检查/,
    "build the project",
  ),
  work(
    "lint",
    /\b(?:lint\w*|eslint|prettier|biome|ruff|format\w*|indent\w*|style guide)\b|格式化|代码风格|缩进|排版/,
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
  work(
    "files",
    /\b(?:in-place|sed -i|gsed|everywhere in the (?:repo|codebase|project)|across the (?:repo|codebase)|every file|all (?:the )?files)\b|批量替换|全局替换/,
    "rename the env var everywhere in the repo",
  ),
  work(
    "build",
    /\b(?:xcodebuild|gradlew?\s+(?:assemble|build)\w*|archive the app|testflight|app store|release build)\b|\.(?:ipa|apk|aab|xcworkspace|xcodeproj)\b/,
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
    /\b(?:sbatch|srun|slurm|squeue|scancel|batch jobs?|training (?:jobs?|runs?)|jobs? (?:go|goes|run|runs) on|gpus?|cuda\w*|lr sweep|checkpoints?|epochs?|fine-?tun\w*|lora|wandb|loss curves?)\b|训练|显卡|\d+\s*号卡|微调/,
    "write an sbatch script for the lr sweep, 4 nodes, 8 gpus each",
  ),
  work(
    "styling",
    /\b(?:css|scss|sass|tailwind|styles?|styling|stylesheets?|classnames?|padding|margins?|spacing|colou?rs?|fonts?|dark mode|light mode|themes?|layout|cramped|responsive)\b|样式|配色|间距|暗色|深色模式|布局/,
    "add a dark mode toggle",
  ),
  work("cloud", /\b(?:aws|s3|buckets?|gcloud|azure|iam|profile)\b|云/, "list the s3 buckets"),
  work(
    "permissions",
    /\b(?:sudo|root|permissions?|chmod|chown|privileges?|accounts?|credentials?|read-only)\b|权限|账号|只读/,
    "run it without sudo",
  ),
  work(
    "ci",
    /\b(?:ci|cd|pipelines?|github actions|gitlab(?:-ci)?|jenkins\w*|circleci|ci jobs?)\b|\.gitlab-ci\.ya?ml|流水线|持续集成/,
    "fix the ci pipeline",
  ),
  work("github", /\b(?:github|issues?|pull requests?|prs?|gh)\b/, "open a pull request"),
  work(
    "payments",
    /\b(?:stripe|charges?|refunds?|payments?|invoices?|idempotenc\w*)\b|支付|退款|优惠券/,
    "refund the charge",
  ),
  work(
    "memory",
    /\b(?:out of memory|heap|oom|max-old-space-size)\b|内存溢出|内存/,
    "the build runs out of memory",
  ),
  work(
    "answers",
    /\b(?:summary|summaries|recap|essay|wall of text|too much text|verbose|show me the diff|keep (?:it|answers|replies) (?:short|brief)|be (?:brief|concise)|(?:\d+\s*-\s*)?\d+ sentences|no headings|bullet points|way too long|(?:answer|reply|respond|write) (?:in|with) (?:english|chinese|german|french|japanese|spanish|plain text|markdown))\b/,
    "keep answers short, no summary at the end",
  ),
  work(
    "answers",
    /总结|回答的?(?:最后|结尾)|啰嗦|废话|简短|简洁|用(?:中文|英文|日文)(?:回答|回复|回)|(?:回答|回复)(?:用|请用)(?:中文|英文)/,
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
]);

const COMPILED = compiledEntries(KINDS_OF_WORK);

/**
 * A word named as an identifier is not an activity: "rename the `commit` variable", "settle.ts 里
 * commit 这个变量名太含糊了" are about code, not committing.
 */
const IDENTIFIER =
  /`?\b[\w.$]+`?\s+(?=(?:variable|var|function|field|param(?:eter)?|property|column|method|constant|enum|prop)s?\b)|[\w.$]+\s*(?=(?:这个|那个)?(?:变量|函数|字段|参数|属性|方法|常量))/gi;

/** The kinds of work a text is about. Remembered (recall asks it of the same lesson texts again and again). */
export const kindsOfWork: (text: string) => ReadonlySet<string> = memoizeText((text) => {
  const found = new Set<string>();
  const plain = text.replace(IDENTIFIER, " identifier ");
  for (const { entry, pattern } of COMPILED)
    if (!found.has(entry.kind) && pattern.test(plain)) found.add(entry.kind);
  return found;
});

/** The kinds of work a text is about, as a list in lexicon order. */
export function kindsOfWorkIn(text: string): string[] {
  return [...kindsOfWork(text)];
}

/** URLs and host names are not activities: `https://api.acme.test/v1` is not about tests. */
const URL_OR_HOST = /\bhttps?:\/\/\S+|\b[\w-]+(?:\.[\w-]+)+(?::\d+)?\/\S*/gi;
const NAMED = COMPILED.filter(({ entry }) => entry.label !== undefined);

/**
 * The situation a sentence or a shell command is about, as a lesson's trigger names it
 * ("Installing dependencies", "提交代码"), or null when no named wording matches. "Choosing a
 * package manager" is read in sentences only: `npm run e2e` chooses none.
 */
export function activityTrigger(
  text: string,
  zh: boolean,
  of: "sentence" | "command" = "sentence",
): string | null {
  const plain = text.replace(URL_OR_HOST, " ");
  const found = NAMED.find(
    ({ entry, pattern }) => !(entry.sentenceOnly && of === "command") && pattern.test(plain),
  );
  const label = found?.entry.label;
  return label === undefined ? null : zh ? label.zh : label.en;
}
