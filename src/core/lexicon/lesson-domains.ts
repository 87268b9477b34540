/**
 * Lesson domains: the words that say what a lesson is about (security, git, testing, code style,
 * debugging, workflow), in English and Chinese, tried in this order; the first that matches a
 * lesson's trigger or rule names its domain, else it is a project lesson. Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/** A domain and the words that name it. */
export interface DomainEntry extends LexiconEntry {
  readonly domain: "security" | "git" | "testing" | "code-style" | "debugging" | "workflow";
}

/** The domains, in the order they are tried. */
export const LESSON_DOMAINS = defineLexicon<DomainEntry>("lesson-domains", [
  {
    domain: "security",
    pattern:
      /\b(?:secrets?|(?:access|auth|api|bearer) tokens?|passwords?|credentials?|api[ -]?keys?|sudo|permissions?|chmod|auth(?:entication|orization)?|encrypt\w*|vulnerab\w*|cve|xss|csrf|injection)\b|\bas root\b|\broot (?:user|access|privileges?)\b|\.env\b|密钥|密码|令牌|凭证|权限|加密|漏洞|注入|root\s*(?:用户|权限|账号)/,
    example: "Never commit the .env file with the API key",
  },
  {
    domain: "git",
    pattern:
      /\bgit\b|\b(?:commit\w*|branch(?:es)?|rebase|merge|push|pull requests?|cherry-pick|stash|squash|amend)\b|提交|分支|合并|推送|变基/,
    example: "Rebase onto main before you push",
  },
  {
    domain: "testing",
    pattern:
      /\b(?:tests?|testing|vitest|jest|mocha|pytest|specs?|coverage|assert\w*|mocks?|fixtures?|e2e)\b|测试|单测|用例|断言/,
    example: "Run the tests with vitest --run",
  },
  {
    domain: "code-style",
    pattern:
      /\b(?:format\w*|indent\w*|lint\w*|eslint|prettier|biome|naming|style|tabs?|spaces|semicolons?|quotes|camel ?case|snake_case|named exports?|default exports?)\b|缩进|格式|命名|风格|代码规范|分号|引号/,
    example: "Format the code with biome",
  },
  {
    domain: "debugging",
    pattern:
      /\b(?:debug\w*|errors?|exceptions?|stack ?traces?|traceback|crash\w*|logs?|logging|breakpoints?|bugs?)\b|调试|报错|异常|日志|崩溃|错误/,
    example: "Read the stack trace before changing code",
  },
  {
    domain: "workflow",
    pattern:
      /\b(?:install\w*|dependencies|deps|npm|pnpm|yarn|bun|pip|build\w*|deploy\w*|ci|pipeline|scripts?|docker|release|package manager|workflow|commands?)\b|安装|依赖|构建|部署|流程|脚本|发布|包管理/,
    example: "Use pnpm to install dependencies",
  },
]);
