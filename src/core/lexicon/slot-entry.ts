/**
 * The shape of a slot lexicon entry (see slots.ts) and the helpers that build one: what a rule
 * names ("variable names", 变量名), how a slot's value is read (a captured group, the member the
 * rule says to use, or whether it prescribes or forbids the thing). Pure.
 */
import { escapeRegExp } from "../regexp.js";
import type { LexiconEntry } from "./define-lexicon.js";

/** How a slot's value is read from a rule. */
export type SlotValue =
  /**
   * The capture group `value` (1-based), or the words right after the match when it is 0; with
   * `names`, read through them (lower case, as written → as stored: "英文" → en), so a value is
   * stored the same however it is written.
   */
  | {
      from: "group";
      value: number;
      names?: Readonly<Record<string, string>>;
      /** The value is a list of parts ("ods_、dwd_、dws_"), stored as {@link listValue} writes it. */
      list?: true;
    }
  /**
   * The shape of the template or example in capture group `value` (see text-shapes.ts): "`[模块]
   * 描述`" and "`[module] description`" are one value, `[<scope>] <summary>`.
   */
  | { from: "shape"; value: number }
  /**
   * The one member the rule says to use (`use pnpm`, `yarn add`, `一律用 pnpm`); a member followed
   * by `neutralAfter` names no choice (`npm run lint` works whatever installs the packages); a
   * member of several slots (biome formats and lints) counts only where the rule says what for
   * (`only`: "we format with biome").
   */
  | {
      from: "member";
      members: Readonly<Record<string, string>>;
      neutralAfter?: RegExp;
      only?: RegExp;
    }
  /**
   * `use` or `avoid`: whether the rule prescribes or forbids the thing. `toolSlot` is the slot of the
   * tools that do it: a tool of it named in the same words says which, and the practice gives way
   * ("assertions switch to Shouldly" sets the assertion library).
   */
  | { from: "polarity"; toolSlot?: string }
  /**
   * The value a description of the stack pairs with the slot's subject ("logging is pino"):
   * capture group 1 after a lead that says use ("goes through"), group 2 after a weak one ("is"),
   * where only a tool's name is a value. `names` are the slot's tools, as written → as stored.
   */
  | { from: "described"; names: Readonly<Record<string, string>> };

/** One way a rule names a slot. */
export interface SlotEntry extends LexiconEntry {
  /** The slot; `{what}` is replaced by what capture group `what` names (see `WHAT_NAMES`). */
  slot: string;
  /** Capture group (1-based) of what is named, for `{what}` slots. */
  what?: number;
  /**
   * What a `{what}` slot may be said of, when not things with names (`WHAT_NAMES`): each name as
   * {@link nameKey} writes it → the word it stands for in the slot ("提交信息" → commit-messages).
   */
  whats?: Readonly<Record<string, string>>;
  /** The kinds of work it governs (activity names, see kinds-of-work). */
  work: readonly string[];
  value: SlotValue;
  /**
   * A project may hold several values of it at once (a decorator on every function, and another):
   * a newer value replaces an older one only when the newer rule tells of a change.
   */
  several?: true;
}

/** Things with names, in English and Chinese, and the word each stands for in a slot. */
export const WHAT_NAMES: Readonly<Record<string, string>> = {
  variable: "variable",
  var: "variable",
  function: "function",
  handler: "function",
  method: "method",
  attribute: "attribute",
  property: "attribute",
  field: "attribute",
  argument: "argument",
  arg: "argument",
  parameter: "argument",
  param: "argument",
  class: "class",
  "data class": "class",
  model: "class",
  dto: "class",
  constant: "constant",
  file: "file",
  branch: "branch",
  module: "module",
  component: "component",
  组件: "component",
  // A UI's top-level views, however a team calls them: one naming slot.
  view: "view",
  screen: "view",
  page: "view",
  页面: "view",
  变量: "variable",
  函数: "function",
  方法: "method",
  属性: "attribute",
  字段: "attribute",
  参数: "argument",
  类: "class",
  // What an endpoint takes and returns, as classes: 入参类, 出参.
  入参类: "class",
  出参类: "class",
  入参: "class",
  出参: "class",
  常量: "constant",
  文件: "file",
  // Image assets are files by their names: 图片一律 img_ 开头.
  图片: "file",
  图片资源: "file",
  分支: "branch",
  模块: "module",
  // Things a project names by a prefix or suffix besides code: tables, error codes, records…
  table: "table",
  "staging table": "table",
  "landing table": "table",
  "error code": "error-code",
  record: "record",
  entity: "entity",
  "env var": "env-var",
  "environment variable": "env-var",
  "flag key": "flag-key",
  "feature flag": "flag-key",
  key: "key",
  route: "route",
  endpoint: "route",
  topic: "topic",
  queue: "queue",
  bucket: "bucket",
  column: "column",
  表: "table",
  表名: "table",
  错误码: "error-code",
  实体类: "entity",
  环境变量: "env-var",
  接口: "route",
  路由: "route",
  队列: "queue",
  字段名: "attribute",
};

/**
 * Words that say a rule chooses a tool, for a slot whose tools' names are everyday words too
 * ("got", "tracing", "ent"): only a rule with one of them reads the slot ("new code uses ky").
 */
export const CHOOSES =
  /\b(?:use|uses|using|switch|switched|move|moved|replace|replaced|swap\w*|instead|over|not|no more|dropp?(?:ed|ing)|is out|now|in favou?r of|deprecat\w*)\b|改用|换成|统一用|不要用|别用/i;

/** A name as a `whats` table keys it: lower case, without spaces ("Commit message" → commitmessage). */
export const nameKey = (name: string): string => name.toLowerCase().replace(/\s+/g, "");

/** What a `{what}` slot is said of, as the slot writes it: "Variables" → variable, "提交信息" → commit-messages. */
export function whatOf(entry: Pick<SlotEntry, "whats">, named: string): string {
  if (entry.whats !== undefined) return entry.whats[nameKey(named)] ?? nameKey(named);
  const lower = named.toLowerCase();
  return (
    WHAT_NAMES[lower] ?? WHAT_NAMES[lower.replace(/s$/, "")] ?? WHAT_NAMES[lower.replace(/es$/, "")] ?? lower
  );
}

/** How a list value is written between its parts when stored: "ods_, dwd_ and dws_" → "ods_、dwd_、dws_". */
export const LIST_SEPARATOR = "、";

/** A list of parts as one value: each part lower case, unquoted, in the order said. */
export function listValue(written: string): string {
  return written
    .split(/\s*(?:[、,，/;；]|\band\b|\bor\b|和|及|与)\s*/u)
    .map((part) =>
      part
        .trim()
        .replace(/^['"‘“\x60]|['"’”\x60]$/g, "")
        .toLowerCase(),
    )
    .filter((part) => part !== "")
    .join(LIST_SEPARATOR);
}

/** What a `{what}` slot governs when the rule names no thing: every thing (see `slotFamily`). */
export const ANY_WHAT = "any";

/**
 * What a `{what}` slot governs when the rule names nothing: a decorator or annotation said of no
 * thing is one on methods ("the annotation is now @LedgerTrace" updates "@Audited on methods").
 */
export const DEFAULT_WHAT: Readonly<Record<string, string>> = { "decorator.{what}": ANY_WHAT };

/** What a name belongs to decides the work it governs when it is not code: branch names are git. */
export const NAMED_WORK: Readonly<Record<string, readonly string[]>> = {
  branch: ["git"],
  file: ["code", "files"],
};

/** The names of `WHAT_NAMES` in one script, longest first (so "staging table" wins over "table"). */
function namesIn(script: RegExp): string {
  return Object.keys(WHAT_NAMES)
    .filter((name) => script.test(name))
    .sort((first, second) => second.length - first.length)
    .join("|");
}

/** A thing with a name, in English (plural too): capture group of `WHAT_NAMES`' keys. */
export const WHAT = `(${namesIn(/^[a-z ]+$/)})(?:e?s)?`;
const ZH_NAMES = namesIn(/^[\u4e00-\u9fff]+$/);
/**
 * A thing with a name, in Chinese: capture group of `WHAT_NAMES`' keys; never one whose own thing
 * follows it ("接口的入参…": the thing named is 入参, not 接口).
 */
export const ZH_WHAT = `(?:函数|方法)?(${ZH_NAMES})(?!的(?:${ZH_NAMES}))`;
/**
 * A bare name part a convention sets: a token that ends with a separator (`fc_`, `spark-`), or a
 * path segment before a placeholder, a ticket key, a description or nothing (`feature/`,
 * `story/HB-<ticket>` → `story/`, `feature/描述`; not the package path `net/http`).
 */
export const NAME_PART = String.raw`['"‘“\x60]?([A-Za-z$][\w$]{0,20}(?:[_-]['"’”\x60]?(?![\w])|(?:-\d+)?\/(?=[<{\[0-9\u4e00-\u9fff'"’”\x60]|[A-Za-z]+-|\s|$)))`;
/** A prefix a convention sets, bare: a token that ends with `_` or `-` (`stg_`, `PEBBLE_`, `spark-`). */
export const PREFIX_PART = String.raw`['"‘“\x60]?([A-Za-z$][\w$]{0,20}[_-])['"’”\x60]?(?![\w])`;
export const QUOTED = String.raw`['"‘“\x60]([^'"’”\x60\s]{1,40})['"’”\x60]`;
export const ZH_VALUE = String.raw`['"‘“\x60]?([\w@$./-]{1,30})['"’”\x60]?`;

export const naming = (
  slot: string,
  pattern: RegExp,
  example: string,
  value: number,
  what = 1,
): SlotEntry => ({
  slot: `naming.{what}.${slot}`,
  what,
  work: ["code"],
  pattern,
  example,
  value: { from: "group", value },
});
export const practice = (
  slot: string,
  work: readonly string[],
  pattern: RegExp,
  example: string,
  toolSlot?: string,
): SlotEntry => ({
  slot,
  work,
  pattern,
  example,
  value: toolSlot === undefined ? { from: "polarity" } : { from: "polarity", toolSlot },
});
export const members = (
  slot: string,
  work: readonly string[],
  names: Readonly<Record<string, string>>,
  example: string,
  options: { neutralAfter?: RegExp; only?: RegExp } = {},
): SlotEntry => ({
  slot,
  work,
  // A member written as a word of its own, with its major version run into it ("Dagger2", "Vue3"),
  // or before "-based" ("src/lib/time.ts is luxon-based now");
  // the longest name first ("uuid v7" before "uuid", "dagger hilt" before "dagger").
  pattern: new RegExp(
    `(?<![\\w.-])(?:${Object.keys(names)
      .sort((first, second) => second.length - first.length)
      .map(escapeRegExp)
      .join("|")})(?:(?![\\w-])|(?=\\d+(?![\\w-]))|(?=-(?:based|powered|backed)\\b))`,
  ),
  example,
  value: { from: "member", members: names, ...options },
});

/** How a slot's tools whose names are everyday words are read (see {@link membersWithEveryday}). */
export interface EverydayNames {
  /** The names, as a slot lists them ("click", "render", "snowflake"). */
  names: readonly string[];
  /** A sentence that reads one of them as the tool. */
  example: string;
  /** A word the rule must say for one of them to be the tool (a CLI, ids, results). */
  only?: RegExp;
  /** What after one of them makes it the everyday word ("render the page", "conform to"). */
  neutralAfter?: RegExp;
}

/**
 * A tool slot (see `members`) whose list has names that are everyday words too: those are read as
 * the tool only under their own guard (`everyday`: "tests always click via userEvent" names no CLI
 * parser), the others as `members` reads them.
 */
export const membersWithEveryday = (
  slot: string,
  work: readonly string[],
  names: Readonly<Record<string, string>>,
  example: string,
  options: { neutralAfter?: RegExp; only?: RegExp },
  everyday: EverydayNames,
): SlotEntry[] => {
  const isEveryday = ([name]: [string, string]) => everyday.names.includes(name);
  const only = everyday.only ?? options.only;
  return [
    members(
      slot,
      work,
      Object.fromEntries(Object.entries(names).filter((name) => !isEveryday(name))),
      example,
      options,
    ),
    members(slot, work, Object.fromEntries(Object.entries(names).filter(isEveryday)), everyday.example, {
      ...(only === undefined ? {} : { only }),
      ...(everyday.neutralAfter === undefined ? {} : { neutralAfter: everyday.neutralAfter }),
    }),
  ];
};

export const valued = (
  slot: string,
  work: readonly string[],
  pattern: RegExp,
  example: string,
  value: number,
  what?: number,
): SlotEntry => ({
  slot,
  work,
  pattern,
  example,
  value: { from: "group", value },
  ...(what ? { what } : {}),
});

/** `entry` as a slot a project may hold several values of (see {@link SlotEntry.several}). */
export const several = (entry: SlotEntry): SlotEntry => ({ ...entry, several: true });
