/**
 * Situations ("Installing dependencies", "Committing changes", "提交代码") that a lesson's trigger
 * names, read from a sentence, a shell command or a task title by keyword, in English and
 * Chinese. A trigger names the activity a lesson applies to, not the task it was learnt in:
 * "When committing changes: …", not "When fix the null check in the invoice serializer and
 * commit it: …". Pure.
 */

interface Topic {
  pattern: RegExp;
  en: string;
  zh: string;
  /** Only for sentences, never for commands (`npm run e2e` is not about choosing a package manager). */
  sentenceOnly?: boolean;
  /** Only for {@link activityTrigger}; {@link topicTrigger} keeps its original, narrower table. */
  extended?: boolean;
}

/** Ordered: the first topic that matches wins, so specific activities come before broad ones. */
const TOPICS: readonly Topic[] = [
  {
    pattern:
      /\bnvm\b|\bnode(?:\.js)? versions?\b|\b(?:use|upgrade to|switch to|move to|requires?) node(?:\.js)? v?\d+|node\s*版本|(?:用|升级到|升到|切到|切换到)\s*node\s*\d+/i,
    en: "Choosing the Node.js version",
    zh: "切换 Node 版本",
    extended: true,
  },
  {
    pattern: /\b(?:npm|pnpm|yarn|cargo|twine) publish\b|\bpublish(?:es|ed|ing)?\b|发布(?:版本|包|到)|发版/i,
    en: "Publishing releases",
    zh: "发布版本",
    extended: true,
  },
  {
    pattern: /\bdeploy\w*|\bkubectl\b|\bhelm\b|部署|上线/i,
    en: "Deploying",
    zh: "部署",
    extended: true,
  },
  {
    pattern: /\b(?:make)?migrat(?:e|ions?)\b|数据库迁移/i,
    en: "Running database migrations",
    zh: "执行数据库迁移",
    extended: true,
  },
  {
    pattern:
      /\b(?:secrets?|credentials?|api[ _-]?keys?|env(?:ironment)? var(?:iable)?s?)\b|\.env(?:\.local)?(?![\w.])|环境变量|密钥/i,
    en: "Handling secrets and environment variables",
    zh: "处理密钥和环境变量",
    extended: true,
  },
  {
    pattern:
      /\bgit (?:push|pull|merge|rebase|checkout|switch|branch|reset|stash)\b|\b(?:force-push\w*|push(?:es|ing)?|rebas(?:e|es|ed|ing)|merge commits?|branch(?:es)?)\b|推送|分支|变基/i,
    en: "Pushing and merging branches",
    zh: "推送和合并分支",
    extended: true,
  },
  {
    pattern: /\bgit commit\b|\bcommit(?:s|ting)?\b|\bcommit messages?\b|提交/i,
    en: "Committing changes",
    zh: "提交代码",
    extended: true,
  },
  {
    pattern:
      /\b(?:npm|pnpm|yarn|bun|pip3?|uv|poetry|cargo|gem|bundle|composer|brew|apt(?:-get)?|go)\s+(?:install|i|add|ci|sync|get)\b|\binstall(?:ing)?\s+(?:the\s+)?(?:dependencies|deps|packages)\b|\brequirements\.(?:in|txt)\b|\bpip-compile\b|--legacy-peer-deps|\bpull(?:ing)? in (?:any |a |new )*(?:packages?|dependenc(?:y|ies)|deps|librar(?:y|ies))\b|安装依赖|装依赖|装(?:任何|新的?|个|一下)?[^，。,]{0,6}(?:依赖|包|库)|引入(?:新的)?(?:依赖|包|库)/i,
    en: "Installing dependencies",
    zh: "安装依赖",
  },
  {
    pattern: /\b(?:tests?|vitest|jest|mocha|pytest|specs?|coverage)\b|测试(?!环境|服|库|机)|单测|用例/i,
    en: "Writing and running tests",
    zh: "编写和运行测试",
  },
  {
    pattern: /\b(?:build|tsc|compile|webpack|rollup|esbuild)\b|构建|编译|打包/i,
    en: "Building the project",
    zh: "构建项目",
  },
  {
    pattern:
      /\b(?:lint|eslint|biome|prettier|ruff|black|flake8|format(?:ting)?|indent\w*|tabs?|spaces|semicolons?)\b|缩进|格式化|代码格式|空格|分号/i,
    en: "Formatting and linting code",
    zh: "格式化与代码检查",
  },
  { pattern: /^git\s|\bgit\b|\b(?:commit|rebase|squash)\b|提交|分支|合并/i, en: "Using git", zh: "使用 git" },
  {
    pattern: /\b(?:docker|podman|kubectl|compose)\b|容器/i,
    en: "Running containers",
    zh: "运行容器",
  },
  {
    pattern: /\bcontainers?\b/i,
    en: "Running containers",
    zh: "运行容器",
    extended: true,
  },
  {
    pattern:
      /\bdev server\b|\b(?:npm|pnpm|yarn|bun) (?:run )?(?:dev|start|serve)\b|\bmake (?:dev|run|serve)\b|\bstart(?:ing)? the (?:app|server|api|frontend|backend)\b|启动|跑起来|开发服务/i,
    en: "Starting the app",
    zh: "启动项目",
    extended: true,
  },
  {
    pattern: /\baws\b|\bs3:\/\//i,
    en: "Running AWS CLI commands",
    zh: "运行 AWS 命令",
    extended: true,
  },
  {
    pattern:
      /\b(?:psql|mysql|sqlite3?|mongosh?|redis-cli|postgres(?:ql)?|database|db)\b|数据库|生产库|测试库|主库|从库/i,
    en: "Working with the database",
    zh: "操作数据库",
    extended: true,
  },
  {
    pattern:
      /\b(?:curl|wget|httpie|axios|endpoints?|webhooks?|(?:rest|http|graphql) apis?|api (?:calls?|requests?|endpoints?))\b|\b(?:GET|POST|PUT|PATCH|DELETE) (?:to|on|requests?)\b|调用[^，,。]{0,8}接口|接口调用|请求接口|请求头/i,
    en: "Calling HTTP APIs",
    zh: "调用 HTTP 接口",
    extended: true,
  },
  {
    pattern: /\b[\w-]+\.(?:ya?ml|toml|ini|properties|conf)\b|\bconfig(?:uration)?s?\b|配置/i,
    en: "Editing configuration files",
    zh: "修改配置文件",
    extended: true,
  },
  {
    pattern: /\b(?:dayjs|moment|date-fns|luxon)\b|日期|时间格式/i,
    en: "Formatting dates and times",
    zh: "处理日期和时间",
    extended: true,
  },
  {
    pattern: /\bcomments?\b|注释/i,
    en: "Writing code comments",
    zh: "写代码注释",
    extended: true,
  },
  {
    pattern: /\b(?:named|default) exports?\b|\bnaming\b|\bcode style\b|命名|代码风格/i,
    en: "Writing code in the project's style",
    zh: "按项目风格写代码",
    extended: true,
  },
  {
    pattern: /\b(?:bash|shell|sh|zsh) scripts?\b|\bshellcheck\b|\bset -euo pipefail\b|\bshebang\b/i,
    en: "Writing shell scripts",
    zh: "编写 shell 脚本",
  },
  {
    pattern:
      /\b(?:summary|summaries|recap|essay|wall of text|too much text|verbose|show me the diff|keep (?:it|answers|replies) (?:short|brief)|be (?:brief|concise)|(?:\d+\s*-\s*)?\d+ sentences|no headings|bullet points|way too long|(?:answer|reply|respond|write) (?:in|with) (?:english|chinese|german|french|japanese|spanish|plain text|markdown))\b|总结|回答的?(?:最后|结尾)|啰嗦|废话|简短|简洁|用(?:中文|英文|日文)(?:回答|回复|回)|(?:回答|回复)(?:用|请用)(?:中文|英文)/i,
    en: "Writing answers",
    zh: "回答问题",
    extended: true,
  },
  {
    pattern: /\b(?:npm|pnpm|yarn|bun|npx)\b|包管理/i,
    en: "Choosing a package manager",
    zh: "选择包管理器",
    sentenceOnly: true,
  },
];

/** URLs and host names are not topics: `https://api.acme.test/v1` is not about tests. */
const URL_OR_HOST = /\bhttps?:\/\/\S+|\b[\w-]+(?:\.[\w-]+)+(?::\d+)?\/\S*/gi;

function findTopic(text: string, of: "sentence" | "command", extended: boolean): Topic | undefined {
  const plain = text.replace(URL_OR_HOST, " ");
  return TOPICS.find(
    (topic) =>
      (extended || topic.extended !== true) &&
      !(topic.sentenceOnly === true && of === "command") &&
      topic.pattern.test(plain),
  );
}

/**
 * A situational trigger for a sentence or a shell command ("Installing dependencies"), or null
 * when none fits. "Choosing a package manager" is for sentences only: `npm run e2e` is not about
 * choosing one. The narrow table: package managers, tests, builds, linting, git and containers.
 */
export function topicTrigger(
  text: string,
  zh: boolean,
  of: "sentence" | "command" = "sentence",
): string | null {
  const found = findTopic(text, of, false);
  return found ? (zh ? found.zh : found.en) : null;
}

/**
 * Like {@link topicTrigger} with the wider table as well: node versions, releases, branches,
 * commits, deploys, migrations, cloud CLIs, databases, HTTP APIs, secrets, configuration files,
 * dates, comments and starting the app. "no emojis in commit messages" → "Committing changes";
 * "不要用 admin 账号连生产库" → "查询数据库".
 */
export function activityTrigger(
  text: string,
  zh: boolean,
  of: "sentence" | "command" = "sentence",
): string | null {
  const found = findTopic(text, of, true);
  return found ? (zh ? found.zh : found.en) : null;
}

/** Imperative verbs a task title may open with, for {@link titleActivity}. */
const TITLE_VERBS = new Set(
  (
    "add apply build bump call change check clean configure convert create debug delete deploy " +
    "disable drop enable export fetch find fix format generate get hit implement import improve " +
    "install investigate list load look make merge migrate move open parse print publish pull push " +
    "read refactor release remove rename replace restart review run search send set show speed split " +
    "start stop tighten tweak update upgrade wire write"
  ).split(" "),
);
/** Short verbs that double their last consonant before -ing ("run" → "running"). */
const DOUBLING = new Set([
  "run",
  "set",
  "get",
  "put",
  "stop",
  "drop",
  "hit",
  "ship",
  "plan",
  "split",
  "wrap",
]);
const OBJECT_STOP =
  /^(?:in|on|for|to|from|with|without|and|or|but|so|that|because|before|after|when|while|which|then|into|across|under|as|by|of|if|please|using|via|like|at|about|since|until)$/i;

function gerund(verb: string): string {
  const lower = verb.toLowerCase();
  if (DOUBLING.has(lower)) return `${lower}${lower.slice(-1)}ing`;
  if (/[^e]e$/.test(lower)) return `${lower.slice(0, -1)}ing`;
  return `${lower}ing`;
}

/**
 * A task title as an activity: its topic ({@link activityTrigger}) when one is recognised, else an
 * English imperative shortened to a gerund and its object ("fix the null check in the invoice
 * serializer" → "Fixing the null check"), else the title unchanged. Chinese triggers never end
 * in 时 (the lesson statement adds it).
 */
export function titleActivity(title: string, zh: boolean): string {
  const topic = activityTrigger(title, zh);
  if (topic !== null) return topic;
  const words = title.trim().split(/\s+/);
  const verb = words[0] ?? "";
  if (!zh && TITLE_VERBS.has(verb.toLowerCase()) && words.length > 1) {
    const object: string[] = [];
    for (const word of words.slice(1)) {
      const bare = word.replace(/[,.;:!?]+$/, "");
      if (OBJECT_STOP.test(bare) || object.length === 5) break;
      object.push(bare);
      if (bare !== word) break;
    }
    if (object.length > 0) {
      const phrase = `${gerund(verb)} ${object.join(" ")}`;
      return phrase.charAt(0).toUpperCase() + phrase.slice(1);
    }
  }
  return title.trim().replace(/(?:的时候|之时|时)$/, "");
}
