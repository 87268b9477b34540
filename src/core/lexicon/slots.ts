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
import { ANY_WHAT, members, membersWithEveryday, NAMED_WORK, valued, WHAT_NAMES } from "./slot-entry.js";
import { CODE_SLOTS } from "./slots-code.js";
import { COMMAND_SLOTS } from "./slots-commands.js";
import { DESCRIBED_SLOTS, described } from "./slots-described.js";
import { LANGUAGE_SLOTS, TEXT_KIND_WORK } from "./slots-language.js";
import { LIBRARY_SLOTS } from "./slots-libraries.js";
import { PROCESS_SLOTS } from "./slots-process.js";
import { TOOL_SLOTS } from "./slots-tools.js";

export {
  ANY_WHAT,
  DEFAULT_WHAT,
  LIST_SEPARATOR,
  listValue,
  type SlotEntry,
  type SlotValue,
  WHAT_NAMES,
  whatOf,
} from "./slot-entry.js";

/**
 * What a thing a slot is said of decides the work it governs when it is not code: branch names are
 * git work, and so is the language of commit messages.
 */
export const WHAT_WORK: Readonly<Record<string, readonly string[]>> = { ...NAMED_WORK, ...TEXT_KIND_WORK };

/**
 * A port number (capture group): not a date, a version, an amount or a count ("on 2025-03-01",
 * "on 100 requests", "to 30 seconds").
 */
const PORT = String.raw`(\d{2,5})\b(?![-/.:]\d|\s*(?:%|percent|ms|s|secs?|seconds?|minutes?|mins?|hours?|h|days?|weeks?|months?|years?|[kmg]b|px|rem|em|requests?|rps|items?|rows?|retries|workers?|threads?|connections?|times|x|users?|lines?|chars?|characters|columns?)\b)`;

/**
 * Words between a kind of text and a template or example of it that say it is its form ("format",
 * "like", "look like", "are", a colon, 格式, 形如), within one sentence.
 */
const SAID_AS_FORM = String.raw`(?:(?![.。;；!?！？](?:\s|$))[^"“\x60「\n]){0,60}?(?:format(?:ted)?|shape|like|look like|follows?|template|pattern|e\.g\.|for example|are|is|[:：]|格式|形如|样式|模板|比如|例如)[^"“\x60「\n]{0,20}?`;
/** A template or example in quotes or backticks: capture group 1. */
const QUOTED_FORM = String.raw`["“\x60「]([^"”\x60」\n]{3,60})["”\x60」]`;

/** Every slot, tried in this order; one rule may name several (one per clause). */
export const SLOTS = defineLexicon(
  "slots",
  [
    ...CODE_SLOTS,
    // Tools a project uses one of, by name or by what they are for.
    ...TOOL_SLOTS,
    ...PROCESS_SLOTS,
    ...COMMAND_SLOTS,
    ...DESCRIBED_SLOTS,
    ...LIBRARY_SLOTS,
    // Where work goes, and how it is recorded.
    valued(
      "cloud-region",
      ["cloud"],
      /\b((?:us|eu|ap|sa|ca|me|af|il)-(?:east|west|north|south|central|northeast|southeast|northwest|southwest)-\d|cn-(?:north|east|south|northwest|hangzhou|shanghai|beijing|shenzhen)(?:-\d)?)\b/,
      "fyi ops decided new resources land in eu-central-1 going forward",
      1,
    ),
    // The branch pull requests go to: a project has one ("PRs always target develop").
    valued(
      "pr-target",
      ["github", "git"],
      /\b(?:PRs?|pull requests?|MRs?|merge requests?)\b[^.;,]{0,30}?\b(?:target(?:s|ing)?|against|into|go(?:es)? to|based on)\s+(?:the\s+)?['"`]?([a-z][\w./-]*)/,
      "PRs always target develop, that's where QA picks things up",
      1,
    ),
    valued(
      "pr-target",
      ["github", "git"],
      /(?:PR|MR|合并请求)[^，。；]{0,10}?(?:提到|合到|合并到|指向|提交到)\s*([a-z][\w./-]*)/,
      "以后 MR 都提到 develop 分支",
      1,
    ),
    // The oldest toolchain the code must build with: "our MSRV is 1.74" → "MSRV went up: 1.80 now".
    valued(
      "msrv",
      ["code", "dependencies"],
      /\b(?:msrv|minimum supported rust version|rust-version)\b[^.;\d]{0,25}?(\d+\.\d+)/i,
      "our MSRV is 1.74, so nothing from std newer than that",
      1,
    ),
    // The tool a release is cut with: "releases are cut with cargo-release" → "we use release-plz now".
    members(
      "release-tool",
      ["deploy"],
      {
        "cargo-release": "cargo-release",
        "release-plz": "release-plz",
        "semantic-release": "semantic-release",
        goreleaser: "goreleaser",
        "release-it": "release-it",
        "sbt-release": "sbt-release",
        "sbt-ci-release": "sbt-ci-release",
      },
      "cargo-release is retired, we use release-plz now",
    ),
    // How many approvals a pull request needs to merge: "PR 必须两个人 approve 才能合" → "一个人 approve 就行".
    valued(
      "pr-approvals",
      ["github", "git"],
      /\b(one|two|three|[1-5]|a single)\s+(?:approvals?|approving reviews?|reviewers? (?:to )?approve|people (?:to )?approve)\b|(一|两|二|三|[1-5])\s*个人?\s*(?:approve|审批|审核|review|同意)/,
      "PR 必须两个人 approve 才能合",
      1,
    ),
    valued(
      "deploy-target",
      ["deploy"],
      /\bdeploy(?:s|ed|ing|ments?)?\b(?! target)[^.;,]{0,30}?\b(?:to|on|into)\s+(?:the\s+)?(?!(?:a|an)\s)['"`]?([a-z][\w-]*)/,
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
    // The environment work is tried out in before release: "the test env is qa-gw.int.notif.dev now".
    ...described(
      "test-environment",
      ["deploy", "tests"],
      /(?:test|testing|qa|uat|staging) (?:env|environment|server|box|cluster)s?|staging|测试环境|预发(?:环境)?/,
      "the test env is qa-gw now",
    ),
    // Where a service of the project is reached, keyed by the first word of its host: "the tracking
    // server is http://mlflow.internal:5000", later "the MLflow server moved to https://mlflow.speechlab.ai".
    {
      slot: "address.{what}",
      what: 2,
      whats: {},
      work: ["config"],
      pattern:
        /\b(?:server|host|endpoint|url|registry|instance|base url)s?\b[^.;\n]{0,24}?\b(?:is|are|moved to|lives at|is at|now at|points at|at)\s+(?:now\s+)?(https?:\/\/((?!(?:www|api|app|localhost)\b)[a-z][a-z0-9-]{2,})(?:\.[\w-]+)*(?::\d+)?(?:\/[^\s,;)]*)?)/,
      example: "the tracking server is http://mlflow.internal:5000",
      value: { from: "group" as const, value: 1 },
    },
    // The command a deploy or a release goes out with: "deploys: `cap production deploy` from main",
    // "deploy is `git push heroku main`", "TestFlight builds go out with `bundle exec fastlane beta`".
    valued(
      "deploy-command",
      ["deploy"],
      /\b(?:deploy(?:s|ments|ing)?|releases?|betas?|testflight builds?|(?:prod(?:uction)?|staging) deploys?)\b[^.;`\n]{0,30}?(?:[:：]|\b(?:is|are)\b|\bgo(?:es)? (?:out )?(?:with|through|via)\b|\b(?:run|done|happen) (?:with|through|via)\b)\s*(?:now\s+|just\s+)?`([^`\n]{2,60})`/,
      "deploys: `cap production deploy` from main, after CI is green",
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
    // The form commit messages take: a convention by name, or a template or example of it, as
    // its shape ("`[模块] 描述`" and "`[module] description`" are one; see text-shapes.ts).
    valued(
      "commit-format",
      ["commit"],
      /\b(conventional) commits?\b|(约定式)提交/,
      "Please use conventional commits",
      1,
    ),
    {
      slot: "commit-format",
      work: ["commit"],
      pattern: new RegExp(
        String.raw`(?<=(?:\bcommit(?:s|\s*(?:messages?|msgs?|subjects?|subject lines?|titles?|headers?|信息|说明|标题|格式|规范))?\b|提交(?:信息|说明|消息|日志|标题|格式|规范))${SAID_AS_FORM})${QUOTED_FORM}`,
      ),
      example: "commit message 格式是 `[模块] 描述`",
      value: { from: "shape" as const, value: 1 },
    },
    // The human language a kind of text, or an answer, is written in.
    ...LANGUAGE_SLOTS,
    // The shape answers take: bullet points, numbered lists or paragraphs of prose. Prose, paragraphs
    // and tables are everyday words of documents and code too: they are the answers' shape only in a
    // rule that speaks of answers ("I'd prefer answers in full paragraphs from now on").
    ...membersWithEveryday(
      "answer-format",
      ["answers"],
      {
        "bullet points": "bullets",
        "bullet point": "bullets",
        bullets: "bullets",
        bulleted: "bullets",
        "numbered lists": "numbered",
        "numbered list": "numbered",
        paragraphs: "paragraphs",
        prose: "paragraphs",
        分点: "bullets",
        列要点: "bullets",
        段落: "paragraphs",
      },
      "answers use bullet points, not paragraphs",
      {},
      {
        names: ["paragraphs", "prose", "段落"],
        example: "I'd prefer answers in full paragraphs from now on",
        only: /\b(?:answers?|repl(?:y|ies)|responses?|respond|summar(?:y|ies|ise|ize)|explanations?)\b|回答|回复|答复|总结/i,
      },
    ),
    valued(
      "config-file:{what}",
      ["config", "code"],
      /\b(?:(?!our\b|the\b|my\b|your\b|this\b|main\b)(\w+)\s+)?config(?:uration)?(?:\s+file)?\s+(?:is|is now|is (?:read|loaded) from|lives in|lives at|now lives in|goes in|is in|is at|moved to|=)\s+['"`]?([\w./-]+\.(?:ya?ml|json|toml|ini|env|conf|cfg|properties|js|ts|mjs|cjs))\b/,
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
      new RegExp(
        String.raw`\b((?!port\b|it\b|this\b|that\b|which\b|there\b|everything\b)[a-z][\w.-]*) (?:listens|runs|is running|is served|lives|sits|(?:is|are)(?: now)?(?: exposed)?) on (?:port )?:?${PORT}`,
      ),
      "This repo's redis listens on port 6380",
      2,
      1,
    ),
    // A service moved to another port: "infra moved pgbouncer to the standard 6432".
    valued(
      "port:{what}",
      ["run", "database", "http", "containers"],
      // A port said as one ("port", "the standard"), or four or five digits: not "moved retries to 10".
      new RegExp(
        String.raw`\bmov(?:e|ed|ing)\s+(?!(?:it|this|that|them)\b)([a-z][\w.-]{1,20})\s+to\s+(?:the\s+)?(?=(?:standard\s+|default\s+|new\s+)?port\b|(?:standard|default)\b|(?:new\s+)?\d{4,5}\b)(?:standard\s+|default\s+|new\s+)?(?:port\s+)?${PORT}`,
      ),
      "infra moved pgbouncer to the standard 6432 last week",
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
    valued(
      "go-version",
      ["dependencies", "build", "code"],
      /\b(?:go|golang)\s*v?(1\.\d+)\b/,
      "We're on go 1.21",
      1,
    ),
  ],
  "iu",
);

/** The `{what}` slot entries, as [head, tail] around the thing ("decorator." and "") and every thing it may be said of. */
const WHAT_SLOTS = SLOTS.entries
  .filter((entry) => entry.slot.includes("{what}"))
  .map((entry) => {
    const [head, tail] = entry.slot.split("{what}") as [string, string];
    return { head, tail, whats: [...new Set([...Object.values(entry.whats ?? WHAT_NAMES), ANY_WHAT])] };
  });

/**
 * Slots that answer one question, each a way of saying it: how a project deploys is a platform
 * ("deploys go through Render now") or a command ("deploying is `make release TAG=<version>`"). A
 * newer value in one replaces the older value in the other.
 */
const ONE_QUESTION: readonly (readonly string[])[] = [["deploy-method", "deploy-command"]];

/**
 * The slots a rule for `slot` governs together with: itself, and for a slot said of a thing
 * (`decorator.method`), the same slot said of no thing (`decorator.any`) — or, for that one, the slot
 * said of every thing. "@trace 那个装饰器我们废弃了，现在统一改成 @audit_log" names no thing, and
 * replaces "所有函数都要加 @trace 装饰器".
 */
export function slotFamily(slot: string): string[] {
  const asked = ONE_QUESTION.find((slots) => slots.includes(slot));
  if (asked !== undefined) return [slot, ...asked.filter((other) => other !== slot)];
  const entry = WHAT_SLOTS.find(
    ({ head, tail }) =>
      slot.startsWith(head) && slot.endsWith(tail) && slot.length > head.length + tail.length,
  );
  if (entry === undefined) return [slot];
  const { head, tail } = entry;
  const what = slot.slice(head.length, slot.length - tail.length);
  const whats = what === ANY_WHAT ? entry.whats : [what, ANY_WHAT];
  return [...new Set([slot, ...whats.map((each) => `${head}${each}${tail}`)])];
}

/**
 * True when a slot says how every thing of a kind is: how it is named (`naming.variable.prefix`), or
 * the language a kind of text is written in (`language:commit-messages`). Such a rule holds for
 * every one of them with no word that it lasts ("提交信息用中文写", "flag keys are ff_ plus snake_case").
 */
export function saidOfEveryOne(slot: string): boolean {
  return slot.startsWith("naming.") || slot.startsWith("language:");
}
