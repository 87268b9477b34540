/**
 * Slots: what a rule governs — the package manager, the prefix of variable names, the decorator on
 * methods, the deploy target, the config file — and the value it sets there. A project holds one
 * value per slot, so a newer rule for the same slot with another value supersedes the older one
 * (z_ → wr_ → n_, yarn → pnpm, staging → qa-gw). A slot is derived from the rule's words by this
 * lexicon, never written per sentence. Each entry names its slot (`{what}` is filled with what the
 * rule names: `naming.variable.prefix`), the kinds of work it governs, and how its value is read:
 * a captured group, the member the rule says to use, or whether the rule says to use or avoid the
 * thing. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";
import { members, valued } from "./slot-entry.js";
import { CODE_SLOTS } from "./slots-code.js";

export { DEFAULT_WHAT, type SlotEntry, type SlotValue, WHAT_NAMES, WHAT_WORK } from "./slot-entry.js";

/** Every slot, tried in this order; one rule may name several (one per clause). */
export const SLOTS = defineLexicon(
  "slots",
  [
    ...CODE_SLOTS,
    // Tools a project uses one of.
    members(
      "package-manager",
      ["dependencies"],
      { npm: "npm", yarn: "yarn", pnpm: "pnpm", bun: "bun" },
      "we use yarn here, always yarn add",
      { neutralAfter: /^\s+(?:run|test|start|exec|x)\b/ },
    ),
    members(
      "python-env",
      ["dependencies"],
      { poetry: "poetry", uv: "uv", conda: "conda", pipenv: "pipenv", pdm: "pdm" },
      "no more conda, use uv",
    ),
    members(
      "jvm-build",
      ["build"],
      {
        mvn: "maven",
        "./mvnw": "maven",
        mvnw: "maven",
        maven: "maven",
        gradle: "gradle",
        "./gradlew": "gradle",
        gradlew: "gradle",
      },
      "use ./gradlew, not ./mvnw",
    ),
    members(
      "experiment-tracker",
      ["jobs", "code"],
      {
        wandb: "wandb",
        mlflow: "mlflow",
        tensorboard: "tensorboard",
        comet: "comet",
        neptune: "neptune",
        clearml: "clearml",
      },
      "we switched experiment tracking to mlflow",
    ),
    members(
      "state-management",
      ["code"],
      {
        redux: "redux",
        zustand: "zustand",
        jotai: "jotai",
        mobx: "mobx",
        recoil: "recoil",
        pinia: "pinia",
        vuex: "vuex",
        ngrx: "ngrx",
      },
      "new screens use zustand instead of redux",
    ),
    members(
      "styling",
      ["styling", "code"],
      {
        tailwind: "tailwind",
        "css modules": "css-modules",
        "styled-components": "styled-components",
        emotion: "emotion",
        "vanilla-extract": "vanilla-extract",
        unocss: "unocss",
        scss: "sass",
        sass: "sass",
      },
      "we switched to tailwind, no more css modules",
    ),
    members(
      "http-client",
      ["http", "code"],
      {
        axios: "axios",
        ky: "ky",
        got: "got",
        "node-fetch": "node-fetch",
        requests: "requests",
        httpx: "httpx",
        aiohttp: "aiohttp",
        okhttp: "okhttp",
        retrofit: "retrofit",
      },
      "use httpx instead of requests in the async handlers",
      {
        only: /\b(?:use|using|switch|switched|move|moved|replace|replaced|instead|over|not|no more|dropp?(?:ed|ing)|is out|now)\b|改用|换成|统一用|不要用|别用/i,
      },
    ),
    members(
      "infrastructure-as-code",
      ["cloud", "deploy"],
      {
        terraform: "terraform",
        tofu: "opentofu",
        opentofu: "opentofu",
        pulumi: "pulumi",
        cloudformation: "cloudformation",
      },
      "we moved from terraform to tofu",
    ),
    members(
      "migration-tool",
      ["database"],
      {
        flyway: "flyway",
        liquibase: "liquibase",
        alembic: "alembic",
        knex: "knex",
        dbmate: "dbmate",
        sqitch: "sqitch",
        goose: "goose",
      },
      "schema changes go through liquibase now, not flyway",
    ),
    members(
      "firmware-build",
      ["build"],
      {
        platformio: "platformio",
        pio: "platformio",
        west: "west",
        "arduino-cli": "arduino-cli",
        "idf.py": "esp-idf",
      },
      "build with west now, platformio is gone",
    ),
    members(
      "config-center",
      ["config"],
      { apollo: "apollo", nacos: "nacos", consul: "consul" },
      "配置中心换成 nacos 了，不用 apollo",
    ),
    members(
      "error-tracker",
      ["code"],
      { sentry: "sentry", bugsnag: "bugsnag", rollbar: "rollbar" },
      "we switched error reporting to sentry, bugsnag is out",
    ),
    members(
      "container-runtime",
      ["containers"],
      { docker: "docker", podman: "podman" },
      "we use podman here",
    ),
    members(
      "test-runner",
      ["tests"],
      {
        jest: "jest",
        vitest: "vitest",
        mocha: "mocha",
        pytest: "pytest",
        unittest: "unittest",
        nose2: "nose2",
      },
      "vitest replaced jest, use vitest",
    ),
    members(
      "dependency-injection",
      ["code"],
      { koin: "koin", hilt: "hilt", dagger: "dagger", guice: "guice" },
      "let's switch to Hilt, no new Koin modules",
    ),
    members(
      "ci-provider",
      ["ci"],
      {
        "github actions": "github-actions",
        "gitlab ci": "gitlab-ci",
        circleci: "circleci",
        jenkins: "jenkins",
        "travis ci": "travis",
        buildkite: "buildkite",
      },
      "We're switching our CI to GitHub Actions, so please use that",
    ),
    members(
      "merge-strategy",
      ["git"],
      { rebase: "rebase", "merge commits": "merge", squash: "squash" },
      "we don't do merge commits here, rebase onto main instead",
    ),
    members(
      "editor",
      ["code"],
      { vim: "vim", vscode: "vscode", "vs code": "vscode", pycharm: "pycharm", emacs: "emacs" },
      "we use VSCode as the IDE",
    ),
    // Where work goes, and how it is recorded.
    valued(
      "cloud-region",
      ["cloud"],
      /\b((?:us|eu|ap|sa|ca|me|af|il)-(?:east|west|north|south|central|northeast|southeast|northwest|southwest)-\d|cn-(?:north|east|south|northwest|hangzhou|shanghai|beijing|shenzhen)(?:-\d)?)\b/,
      "fyi ops decided new resources land in eu-central-1 going forward",
      1,
    ),
    valued(
      "deploy-target",
      ["deploy"],
      /\bdeploy(?:s|ed|ing|ments?)?\b[^.;,]{0,30}?\b(?:to|on|into)\s+(?:the\s+)?['"`]?([a-z][\w-]*)/,
      "we always deploy to staging first",
      1,
    ),
    valued(
      "deploy-target",
      ["deploy"],
      /\bdeploy\.sh\s+([a-z][\w-]*)|\bdeploy\b[^\n]{0,20}?\bENV=([a-z][\w-]*)/,
      "./scripts/deploy.sh staging",
      1,
    ),
    valued(
      "deploy-target",
      ["deploy"],
      /(?:发布?到?|部署到|部署在|上)\s*([a-z][\w-]*)(?=\s|[，。,.；;]|$)/,
      "以后一律先发 qa-gw",
      1,
    ),
    valued(
      "commit-format.prefix",
      ["commit"],
      /\bcommit\s+(?:messages?|msgs?)\b[^.;]{0,30}?\b(?:start|begin|prefix\w*)\s+with\s+(?:the\s+|a\s+)?/,
      "commit messages must start with the jira key",
      0,
    ),
    valued(
      "commit-format.prefix",
      ["commit"],
      /\bcommit\s+(?:messages?|msgs?)\b[^.;]{0,30}?\b(?:needs?|must (?:have|include|contain)|should (?:have|include|contain))\s+(?:the\s+|a\s+)?/,
      "every commit msg needs the jira key",
      0,
    ),
    valued(
      "commit-format.prefix",
      ["commit"],
      /提交信息[^，。；]{0,10}?(?:以|用|带上?)\s*['"`]?([\w-]+)/,
      "我们规范是提交信息必须以 jira 编号开头",
      1,
    ),
    valued(
      "commit-format.style",
      ["commit"],
      /\b(conventional) commits?\b|(约定式)提交/,
      "Please use conventional commits",
      1,
    ),
    valued(
      "answer-language",
      ["answers"],
      /\b(?:answer|reply|respond|write)\w*\s+(?:to me\s+|back\s+)?in\s+(english|chinese|german|french|japanese|spanish)\b/,
      "always answer in English",
      1,
    ),
    valued("answer-language", ["answers"], /用(中文|英文|日文)(?:回答|回复|回)/, "用中文回答", 1),
    valued(
      "config-file:{what}",
      ["config", "code"],
      /\b(?:(?!our\b|the\b|my\b|your\b|this\b|main\b)(\w+)\s+)?config(?:uration)?(?:\s+file)?\s+(?:is|is now|lives in|lives at|now lives in|goes in|is in|is at|moved to|=)\s+['"`]?([\w./-]+\.(?:ya?ml|json|toml|ini|env|conf|cfg|properties|js|ts|mjs|cjs))\b/,
      "our config file is config.yaml",
      2,
      1,
    ),
    valued(
      "config-file:{what}",
      ["config", "code"],
      /\b(?:keep|put|store|read)s?\s+(?:the\s+|our\s+|all\s+)?(?:(?!the\b|our\b|all\b)(\w+)\s+)?config(?:uration)?(?:\s+files?)?\s+in\s+['"`]?([\w./-]+\.(?:ya?ml|json|toml|ini|env|conf|cfg|properties|js|ts|mjs|cjs))\b/,
      "we keep config in settings.toml",
      2,
      1,
    ),
    valued(
      "config-file:any",
      ["config", "code"],
      /\b(?:settings|options|config(?:uration)?|parameters)(?:\s+files?)?\s+(?:now\s+)?(?:go|goes|live|lives|are|is|belong)\s+(?:now\s+)?in\s+['"`]?([\w./-]+\.(?:ya?ml|json|toml|ini|env|conf|cfg|properties))\b/,
      "settings live in kestrel.toml now",
      1,
    ),
    valued(
      "config-file:any",
      ["config", "code"],
      /(?:统一|都|一律)?(?:写在|放在|放到|写到|改到)\s*['"`]?([\w./-]+\.(?:ya?ml|json|toml|ini|cfg|conf|properties))/,
      "以后超参数统一写在 configs/recipe.yaml",
      1,
    ),
    valued(
      "config-file:{what}",
      ["config", "code"],
      /(?:(\S{1,8}?)的)?配置(?:文件)?(?:也|都)?(?:是|在|用|写在|改成|换成|改为|改用)了?\s*['"`]?([\w./-]+\.\w+)/,
      "配置文件是 config.yaml",
      2,
      1,
    ),
    valued(
      "node-version",
      ["dependencies", "run", "build"],
      /\bnode(?:\.js)?\s*v?(\d{2})\b|\bnvm use\s+v?(\d+)/,
      "this project needs node 20",
      1,
    ),
    valued(
      "port:{what}",
      ["run", "database", "http", "containers"],
      /\b((?!port\b|it\b|this\b|that\b)[a-z][\w.-]*) (?:listens|runs|is running|is served|lives) on (?:port )?(\d{2,5})\b/,
      "This repo's redis listens on port 6380",
      2,
      1,
    ),
    valued(
      "port:{what}",
      ["run", "database", "http", "containers"],
      /([a-z][\w.-]*)\s*(?:在|跑在|运行在|监听在?)\s*(\d{2,5})\s*号?\s*端口/,
      "本地的 postgres 在 5433 端口",
      2,
      1,
    ),
    valued("python-version", ["dependencies", "run"], /\bpython\s*(3\.\d+)\b/, "we're on python 3.12 now", 1),
  ],
  "iu",
);
