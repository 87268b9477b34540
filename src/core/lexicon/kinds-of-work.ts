/**
 * Kinds of work: what a prompt, a lesson or a convention is about, as coarse activities
 * (installing dependencies, running tests, committing, deploying, writing code…), recognised from
 * English and Chinese wording. The offline embedder sees words, not meaning: "add lodash-es to the
 * api package" and "use pnpm, not yarn" share no word but the same kind of work. Each entry names
 * its kind and has an example; a kind may have several entries. Pure.
 */
import { memoizeText } from "../memo.js";
import { ANSWER_WORDS } from "./answer-wordings.js";
import { compiledEntries, defineLexicon } from "./define-lexicon.js";
import {
  asksFirst,
  BUILDS_A_THING,
  DEPLOYS,
  PUBLISHES,
  WORK_WORDINGS,
  type WorkWording,
  work,
  ZH_COMMIT,
} from "./work-wordings.js";

export { asksFirst, type WorkWording };

/** A wording of a kind of work that names a situation, as a lesson's trigger says it. */
const named = (
  kind: string,
  en: string,
  zh: string,
  pattern: RegExp,
  example: string,
  sentenceOnly = false,
): WorkWording => ({ kind, pattern, example, label: { en, zh }, ...(sentenceOnly ? { sentenceOnly } : {}) });

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
    new RegExp(String.raw`\b(?:npm|pnpm|yarn|cargo|twine) publish\b|${PUBLISHES}|发布(?:版本|包|到)|发版`),
    "npm publish only from CI",
  ),
  // kubectl that only looks (get, logs, describe, exec) is work on running containers, not a deploy.
  named(
    "containers",
    "Running containers",
    "运行容器",
    /\bkubectl\s+(?:(?:-n|--namespace|--context)[\s=]\S+\s+)*(?:get|describe|logs|exec|top|port-forward)\b/,
    "kubectl -n payments get pods -l app=ledger-worker",
  ),
  named(
    "deploy",
    "Deploying",
    "部署",
    new RegExp(String.raw`${DEPLOYS}|\bkubectl\b|\bhelm\b|部署|上线`),
    "deploy with ./deploy.sh staging",
  ),
  named(
    "database",
    "Running database migrations",
    "执行数据库迁移",
    /\b(?:make)?migrat(?:e|ions?)(?:_[a-z]+)*\b|数据库迁移/,
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
    /\bgit (?:push|pull|merge|rebase|checkout|switch|branch|reset|stash)\b|\b(?:force-push\w*|push(?:es|ing)?(?!\s+notifications?\b)|rebas(?:e|es|ed|ing)|merge commits?|branch(?:es)?)\b|推送|分支|变基/,
    "never force-push to main",
  ),
  named(
    "commit",
    "Committing changes",
    "提交代码",
    new RegExp(String.raw`\bgit commit\b|\bcommit(?:s|ted|ting)?\b|\bcommit messages?\b|${ZH_COMMIT}`),
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
    // With the hooks only tests have ("nock.cleanAll() in afterEach").
    /\b(?:tests?|vitest|jest|mocha|pytest|specs?|coverage|(?:before|after)(?:Each|All))\b|测试(?!环境|服|库|机)|单测|用例/,
    "run the tests with vitest",
  ),

  // Embedded work: flashing a board and reading its serial console. Flash as memory is no work
  // ("every format string costs flash", "2MB of flash").
  named(
    "device",
    "Flashing and monitoring the device",
    "烧录和调试设备",
    /\b(?:flash(?:ing|ed|es)\b|(?<!\b(?:of|costs?|in|into|from|much|more|less|the|our|spare|free|internal|external)\s)flash\b(?! (?:messages?|sales?|cards?|drives?|player|usage|size|space|memory|budget|footprint|storage))|esptool|west flash|serial (?:port|monitor|console|output)|console output|(?:onto|to|on) the (?:board|device|devkit)\b|the (?:board|devkit)\b)|\/dev\/tty\w+|烧录|烧写|串口|开发板/,
    "flash the board over /dev/ttyUSB0",
  ),
  named(
    "build",
    "Building the project",
    "构建项目",
    new RegExp(
      String.raw`\b(?:build(?!${BUILDS_A_THING})|tsc|compile|webpack|rollup|esbuild|dbt)\b|构建|编译|打包`,
    ),
    "build with tsc -b",
  ),
  named(
    "lint",
    "Formatting and linting code",
    "格式化与代码检查",
    /\b(?:lint|eslint|biome|prettier|ruff|flake8|format(?:ting)?(?! strings?\b| specifiers?\b)|indent\w*|semicolons?|(?:trailing|leading|dangling) commas?|comma style)\b|\b(?:tabs?|spaces|(?:2|4|two|four)[- ]spaces?)\b(?=[^.!?\n]{0,40}\b(?:not|instead|over|vs|for indent\w*)\b)|缩进|格式化|整理\S{0,3}格式|分号/,
    "run eslint before committing",
  ),
  named(
    "git",
    "Using git",
    "使用 git",
    new RegExp(String.raw`^git\s|\bgit\b|\b(?:commit|rebase|squash)\b|${ZH_COMMIT}|分支|合并`),
    "git status first",
  ),
  named(
    "containers",
    "Running containers",
    "运行容器",
    /\b(?:docker|podman|kubectl|compose(?=[ -](?:up|down|file|stack|services?|exec|run|logs|ps|build)\b|\.ya?ml))\b|容器/,
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
    /\b(?:psql|mysql|sqlite3?|mongosh?|redis-cli|postgres(?:ql)?|database|db|dbt|select (?:lists?|statements?|clauses?))\b|数据库|生产库|测试库|主库|从库/,
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
    /\b(?:dayjs|moment|date-fns|luxon)\b|\bformat\w*\b[^.]{0,20}\b(?:dates?|times?|timestamps?)\b|\b(?:show|display|render|print)s?\b[^.]{0,30}\b(?:dates?|times?|timestamps?)\s+as\b|日期|时间格式|(?:格式化|显示)[^，。]{0,10}时间/,
    "use dayjs, not moment",
  ),
  // How code logs is how code is written: "we log through defmt", "Logging is zerolog".
  named(
    "code",
    "Writing log statements",
    "写日志",
    /\blog(?:s|ged|ging)? (?:through|with|via|using|goes|go)\b|\blogging\b(?! (?:in|into|on|levels?)\b)|\bloggers?\b|\blog (?:lines?|messages?|statements?|calls?)\b|\b(?:print|log|emit)s? (?:a |an )?(?:warning|error)\b|\b(?:debug\.log\w*|log(?:_|\.)?(?:warn(?:ing)?|err(?:or)?|inf(?:o)?|wrn|dbg|debug))\b|(?:打|记|写)(?:个|一下|一条|条|点)?日志|日志(?:用|走|统一|打印|输出|格式)/,
    "we log through defmt here, nothing else",
  ),
  named(
    "code",
    "Writing code comments",
    "写代码注释",
    /\bcomments?\b|\b(?:jsdoc|javadoc|kdoc|tsdoc|rustdoc|doxygen|docstrings?|doc ?blocks?|doc comments?)\b|注释/,
    "write comments in Chinese",
  ),
  named(
    "code",
    "Finishing a change",
    "完成改动",
    /\bbefore (?:you |we )?(?:tell(?:ing)? (?:me|us)|say(?:ing)?|report(?:ing)?|claim(?:ing)?|call(?:ing)?|mark(?:ing)?)\b[^.;!?]{0,30}?\b(?:done|finished|complete|ready)\b|(?:说|告诉我|汇报)(?:已经)?(?:完成|搞定|做完|好了)(?:之前|前)/,
    "run clippy before you tell me something's done",
  ),
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
    new RegExp(
      `${ANSWER_WORDS.source}|总结|回答的?(?:最后|结尾)|啰嗦|废话|简短(?!描述)|简洁|用(?:中文|英文|日文)(?:回答|回复|回)|(?:回答|回复)(?:都|一律|统一|时|的时候)?(?:用|请用)(?:中文|英文)`,
    ),
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
  named(
    "messaging",
    "Working with message queues",
    "处理消息队列",
    /\b(?:kafka\w*|redpanda|rpk|rabbitmq|amqp|nats|sqs|pub\/?sub|brokers?|consumer groups?|dead[- ]letter(?: queues?)?|dlq)\b|(?<!(?:of|change|off)[- ](?:the )?)\btopics?\b|\b(?:publish|produce|send)\w* (?:an? |the |some )?(?:\w+ )?(?:events?|messages?|payloads?) (?:to|on|into)\b|消息队列|消费组|死信/,
    "send a test event to the orders.created topic",
  ),
  named(
    "servers",
    "Working on remote servers",
    "操作远程服务器",
    // A host named with a number ("on app-02", "app-02 上") is a machine of the fleet; work started
    // on a ticket's key is not ("start on STO-91": see `tickets`).
    /\b(?:ssh(?![- ]?(?:keys?|keygen|agent)\b)|scp|rsync)\b|\bjump ?(?:host|box)\b|\bbastion\b|\b(?:batch|build|app|prod|web|worker) (?:boxes|box|hosts?|servers?|machines?)\b|(?<!\b(?:start|started|starting|work|working|get going|going) )\bon [a-z]+-\d{1,3}\b|[a-z]+-\d{1,3}\s*上|跳板机|堡垒机|服务器上|机器上/,
    "ssh -p 2222 ops@jump.prod.shopx.cn",
  ),
  // How much of the cluster a service gets is deploy work: replicas, requests and limits, scaling.
  work(
    "deploy",
    /(?<!read[- ])\breplicas?\b|\breplicaCount\b|\bOOMKill\w*|\b(?:cpu|memory|mem) (?:requests?|limits?)\b|\bscale (?:\w+ ){0,3}?(?:to \d+|up|down|out)\b|扩容|缩容|副本数/,
    "scale the worker to 4 replicas in prod",
  ),
  // A table, column or index named by its identifier ("给 orders 表的 user_id 加个索引").
  work("database", /[a-z_][\w.]*\s*(?:表|列)(?![情达示格单])|索引/, "customers 表需要一个 tax_id 列"),
  // A change put up for review is a pull request.
  work(
    "github",
    /\b(?:up|out|ready|open(?:ed)?) for (?:code )?review\b|\bget (?:it|this|them) reviewed\b|\breview requests?\b/,
    "ok the date picker change is done, get it up for review",
  ),
  ...WORK_WORDINGS.entries,
]);

const COMPILED = compiledEntries(KINDS_OF_WORK);

/**
 * A word named as an identifier is not an activity: "rename the `commit` variable", "settle.ts 里
 * commit 这个变量名太含糊了" are about code, not committing.
 */
const IDENTIFIER =
  /`?\b[\w.$]+`?\s+(?=(?:variable|var|function|field|param(?:eter)?|property|column|method|constant|enum|prop)s?\b)|[\w.$]+\s*(?=(?:这个|那个)?(?:变量|函数|字段|参数|属性|方法|常量))/gi;

/** A field of a record, named in snake case: "released_at" names no release, "deployed_by" no deploy. */
const FIELD = /\b[a-z]+(?:_[a-z]+)*_(?:at|on|by|id|ids|count|date|time|ts|flag|until|since)\b/g;

/** Work a text leaves out is not what it is about: "no unwrap() outside of tests" is about code, 测试代码除外. */
const LEFT_OUT =
  /\b(?:outside(?: of)?|except(?: in| for)?|apart from|other than|but not in|not in)\s+(?:the\s+|our\s+|unit\s+)?(?:tests?|specs?|scripts?|ci|migrations?|examples?)\b|(?:测试|单测|脚本)(?:代码)?(?:除外|以外)/gi;

/** The kinds of work a text is about. Remembered (recall asks it of the same lesson texts again and again). */
export const kindsOfWork: (text: string) => ReadonlySet<string> = memoizeText((text) => {
  const found = new Set<string>();
  const plain = text.replace(IDENTIFIER, " identifier ").replace(FIELD, " field ").replace(LEFT_OUT, " ");
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
