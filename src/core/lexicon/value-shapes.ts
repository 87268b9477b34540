/**
 * Value shapes: how a project writes the names its conventions hold — a decorator (`@traced`), a
 * constant (`WH_ANALYTICS`), a snake-case name (`cost_center`), a lower-camel name (`assembleDevDebug`),
 * a name prefix (`t_`), a path or branch prefix (`feature/`, `Assets/Data`, `/mnt/ckpt`), a type
 * (`ApiResult<T>`, `EventBus`), a tool's version (`clang-format 18`), a word said as what a thing is
 * called ("统一叫 uat") or any word written as code (`` `kind` ``). Two values of one shape
 * said in one change are an old value and its replacement ("WH_ANALYTICS was always queued; dev
 * runs now use WH_DBT_SMALL"), whatever the words that say what they are for (see
 * core/lessons/values-named-back.ts and docs/learning.md). Read on text as written, case-sensitive.
 * Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/** Directories projects keep at their top: a path under one is a place whatever its case. */
const TOP_DIRECTORIES = [
  "src",
  "lib",
  "libs",
  "app",
  "apps",
  "packages",
  "[Aa]ssets",
  "docs?",
  "conf",
  "configs?",
  "static",
  "public",
  "tests?",
  "spec",
  "scripts",
  "cmd",
  "internal",
  "pkg",
  "include",
  "resources",
  "res",
  "migrations",
  "infra",
  "deploy",
  "charts",
  "data",
].join("|");
/** A part of a path: "Config", "use-cart.ts", never a lone dot ("Assets/Config/." ends at the slash). */
const SEGMENT = String.raw`[\w-](?:[\w.-]*[\w-])?`;
/** The directories of a machine an absolute path starts in: /mnt/ckpt, /var/log/app. */
const SYSTEM_DIRECTORIES = "mnt|var|etc|opt|home|srv|data|tmp|usr|Volumes";

/** One shape a value is written in. */
export interface ValueShape extends LexiconEntry {
  readonly shape:
    | "code"
    | "call"
    | "decorator"
    | "constant"
    | "identifier"
    | "camel"
    | "prefixed"
    | "prefix"
    | "path"
    | "type"
    | "version"
    | "template"
    | "name";
}

/** Every value shape, the code quote first: a quoted word is code whatever else it looks like. */
export const VALUE_SHAPES = defineLexicon<ValueShape>(
  "value-shapes",
  [
    { shape: "code", pattern: /`[^`\s]{1,40}`/, example: "`kind` is being renamed to `variant`" },
    {
      // A function called by its package or object: oops.Wrapf(…), apperr.Wrap(…), cmp.Diff(…).
      shape: "call",
      pattern: /(?<![\w$.@/])[A-Za-z_]\w*\.[A-Za-z_]\w*(?=\()/,
      example: 'oops.Wrapf(err, "load refund %s", id) from now on',
    },
    { shape: "decorator", pattern: /(?<![\w@.])@[A-Za-z_][\w.]*/, example: "it's @instrumented now" },
    {
      shape: "constant",
      pattern: /(?<![\w$])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w$])/,
      example: "dbt dev runs now use WH_DBT_SMALL",
    },
    {
      shape: "identifier",
      pattern: /(?<![\w$.@/<-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w$])/,
      example: "the tag key is chargeback_id now",
    },
    {
      // A function, a task or a hook in lower camel case: assembleDevDebug, useCartTotal (not iOS, macOS).
      shape: "camel",
      pattern: /(?<![\w$.@/-])[a-z]{2,}(?:[A-Z][a-z0-9]+)+(?![\w$])/,
      example: "local builds are assembleStagingDebug now",
    },
    {
      // A name with a short prefix before its capitals: k_MaxHealth, m_Health, s_Instance.
      shape: "prefixed",
      pattern: /(?<![\w$.@/-])[a-z]{1,4}_[A-Z][A-Za-z0-9]+(?![\w$])/,
      example: "constants are k_PascalCase now (k_DashCooldown, k_MaxHealth), not ALL_CAPS anymore",
    },
    {
      // A type by its capitals or its type arguments: ApiResult, EventBus, Resp<T>.
      shape: "type",
      pattern:
        /(?<![\w$.])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+(?:<[\w, ]+>)?|(?<![\w$.])[A-Z][A-Za-z0-9]*<[\w, ]+>/,
      example: "最终版叫 Resp<T>",
    },
    {
      shape: "prefix",
      pattern: /(?<![\w$./-])[a-z][a-z0-9]{0,11}_(?![\w$])/,
      example: "new tables start with oms_",
    },
    {
      // A tool and its version, not a count of something: "clang-format 18", "Node 20", "python 3.12".
      shape: "version",
      pattern:
        /(?<![\w.@/-])[A-Za-z][\w+-]*[A-Za-z]\s+v?\d+(?:\.\d+)*(?![\w.%])(?!\s*(?:minutes?|mins?|seconds?|secs?|hours?|days?|weeks?|lines?|chars?|characters?|columns?|times|items?|rows?|retries|spaces?|tabs?|px|ms|kb|mb|gb)\b)/,
      example: "the CI image moved to clang-format 18",
    },
    {
      // A path or a branch prefix, not a URL nor words joined by a slash ("try/catch"): one that ends
      // in a slash, a file, or has two slashes: src/api/request.ts, feature/, story/<ticket>.
      shape: "path",
      pattern: /(?<![\w.:/-])[a-z][\w.-]*\/(?:(?:[\w.-]+\/)+[\w.-]*|[\w-]+\.\w+|(?![\w.-]))/,
      example: "统一用 story/需求号-简述",
    },
    {
      // A path under a directory projects keep at their top, or an absolute one: Assets/Data,
      // src/hooks, /mnt/ckpt — one slash is enough when the first part says it is a place.
      shape: "path",
      pattern: new RegExp(
        String.raw`(?<![\w.:/-])(?:(?:${TOP_DIRECTORIES})\/|\/(?:${SYSTEM_DIRECTORIES})\/)${SEGMENT}(?:\/${SEGMENT})*`,
      ),
      example: "scriptable objects move to Assets/Config",
    },
    {
      // A name made from a template with placeholders: "<username>/<ticket>-<slug>", "<jira号>-简短描述".
      shape: "template",
      pattern: /(?<![\w<>])[\w./-]*<[^<>\s,，。]{1,20}>(?:[\w./-]|<[^<>\s,，。]{1,20}>|[\u4e00-\u9fff])*/,
      example: "直接 <jira号>-简短描述，比如 CPN-57-stack-discount",
    },
    {
      // A plain word said as what a thing is called: "预发统一叫 uat", "the queue is called ingest".
      shape: "name",
      pattern:
        /(?<=(?:\b(?:called|named|renamed to)|叫做?|称为|命名为)\s*)(?!(?:with|after|by|for|in|on|as|a|an|the|it|that|this|like|using|per|so|and|or)\b)[A-Za-z][\w.-]*\w/,
      example: "现在预发统一叫 uat",
    },
  ],
  "",
);
