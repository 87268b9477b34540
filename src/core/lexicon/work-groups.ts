/**
 * How kinds of work (kinds-of-work.ts) are named in a lesson's trigger and grouped: the kinds
 * that change code, those that go together (git, commits, GitHub), and those every task is part
 * of (how to answer, how to work with the user). Pure.
 */

/** Kinds of work whose prompts change code ("write a class", "restyle the header", "rename in every file"). */
export const CODE_WORK: ReadonlySet<string> = new Set(["code", "styling", "scripts", "files"]);

/**
 * Kinds of work a project makes in its code: a request for an endpoint, a background job, a
 * scheduled task or a payment flow is code work too ("send parents a weekly progress email every
 * Monday morning").
 */
export const MADE_IN_CODE: ReadonlySet<string> = new Set(["http", "jobs", "schedule", "payments"]);

/** The kinds of work that write code: code work, and writing tests. */
export const WRITES_CODE: ReadonlySet<string> = new Set([...CODE_WORK, "tests"]);

/** The kinds of git work: a commit, a branch, a pull request, the ticket they are for. */
export const GIT_WORK: ReadonlySet<string> = new Set(["git", "commit", "github", "tickets"]);

/**
 * Kinds of work that go together: a convention of one holds for a prompt of another ("strip
 * notebook outputs before committing" for "get it into git", "CI is GitHub Actions" for "cache the
 * modules in the build").
 */
export const WORK_FAMILIES: readonly ReadonlySet<string>[] = [
  GIT_WORK,
  // CI builds the project: "cache the go modules in the build" is CI work too.
  new Set(["ci", "build"]),
];

/** Kinds of work every task is part of: how to answer, and how to work with the user. */
export const EVERY_TASK_WORK: ReadonlySet<string> = new Set(["answers", "process"]);

/** True when the only kind of work named is how answers are written. */
export function answersOnlyWork(kinds: Iterable<string>): boolean {
  const named = [...kinds];
  return named.length === 1 && named[0] === "answers";
}

/** True when two texts' kinds of work meet: they share one, or either names none. */
export function workMeets(first: Iterable<string>, second: Iterable<string>): boolean {
  const mine = new Set(first);
  const theirs = [...second];
  return mine.size === 0 || theirs.length === 0 || theirs.some((kind) => mine.has(kind));
}

/** Kinds of work that change no code: installing, deploying, git, running, asking (changing one is not code work). */
export const OTHER_WORK: ReadonlySet<string> = new Set([
  "dependencies",
  "deploy",
  "git",
  "commit",
  "run",
  "cloud",
  "permissions",
  "github",
  "tickets",
  "ci",
  "containers",
  "device",
  "servers",
  "answers",
]);

/**
 * Kinds of work that are how the project's code is written, whatever it does: its format and its
 * lint rules, how it uses memory. A convention of one holds for every request to write code, not
 * only one that names it ("No malloc anywhere, static allocation only" for "add a ring buffer").
 */
export const WRITTEN_IN_CODE: ReadonlySet<string> = new Set(["lint", "memory"]);

/** How a lesson's trigger names each kind of work, in English and Chinese. */
export const WORK_LABELS: Readonly<Record<string, { en: string; zh: string }>> = {
  code: { en: "Writing code", zh: "写代码" },
  dependencies: { en: "Installing dependencies", zh: "安装依赖" },
  tests: { en: "Writing and running tests", zh: "编写和运行测试" },
  commit: { en: "Committing changes", zh: "提交代码" },
  git: { en: "Pushing and merging branches", zh: "推送和合并分支" },
  run: { en: "Starting the app", zh: "启动项目" },
  deploy: { en: "Deploying", zh: "部署" },
  database: { en: "Working with the database", zh: "操作数据库" },
  config: { en: "Editing configuration files", zh: "修改配置文件" },
  containers: { en: "Running containers", zh: "运行容器" },
  device: { en: "Flashing and monitoring the device", zh: "烧录和调试设备" },
  http: { en: "Calling HTTP APIs", zh: "调用 HTTP 接口" },
  build: { en: "Building the project", zh: "构建项目" },
  lint: { en: "Formatting and linting code", zh: "格式化与代码检查" },
  files: { en: "Editing files", zh: "修改文件" },
  scripts: { en: "Writing shell scripts", zh: "编写 shell 脚本" },
  styling: { en: "Styling the interface", zh: "调整样式" },
  cloud: { en: "Running cloud CLI commands", zh: "运行云命令" },
  permissions: { en: "Running commands with permissions", zh: "处理权限" },
  ci: { en: "Working on CI pipelines", zh: "修改 CI 流水线" },
  github: { en: "Working with GitHub", zh: "操作 GitHub" },
  tickets: { en: "Working with tickets", zh: "处理工单" },
  payments: { en: "Handling payments", zh: "处理支付" },
  memory: { en: "Fixing memory problems", zh: "处理内存问题" },
  jobs: { en: "Running training and batch jobs", zh: "运行训练和批处理任务" },
  schedule: { en: "Scheduling jobs", zh: "配置定时任务" },
  messaging: { en: "Working with message queues", zh: "处理消息队列" },
  servers: { en: "Working on remote servers", zh: "操作远程服务器" },
  answers: { en: "Writing answers", zh: "回答问题" },
  process: { en: "Working with the user", zh: "与用户协作" },
};

/** The trigger for a kind of work ("Writing code", "部署"); "Working in this project" when unknown. */
export function workLabel(kind: string | undefined, zh: boolean): string {
  const label = kind === undefined ? undefined : WORK_LABELS[kind];
  if (label === undefined) return zh ? "在本项目中工作" : "Working in this project";
  return zh ? label.zh : label.en;
}
