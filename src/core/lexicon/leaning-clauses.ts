/**
 * Leaning clauses: a clause of a sentence that leans on the one before it and is no rule by itself
 * — the other option of a choice ("use pnpm, not npm", "部署走 Jenkins，不要手动 kubectl apply"),
 * what follows from it ("we squash-merge PRs, so don't worry about tidy branches"), a clause about
 * "it" or "they", one that says when or unless ("…, unless the file is generated"), or a request
 * for now ("…, and please run the tests"). A sentence
 * is cut into rules at its commas and "and"s only when no clause leans (see convention-clauses.ts);
 * reasons ("it's too big", 太大了) lean too (see reason-clauses.ts). Pure.
 */
import { compiledEntries, defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/** Every opening of a leaning clause, English then Chinese. */
/** Things listed with no verb: "owner and cost_center", "hitsLeft, rechargeTimer or _x". */
const ITEM_LIST =
  /^[\w.@$\x60'"-]+(?:\s*[,，、]\s*[\w.@$\x60'"-]+)*\s*,?\s*(?:and|or|&|\+|和|与|跟|或)\s*[\w.@$\x60'"-]+\s*[.!。]?$/u;

export const LEANING_CLAUSES = defineLexicon("leaning-clauses", [
  {
    pattern: /^(?:and\s+|but\s+)?(?:not|never|no|nor|don'?t|dont|do not|instead|rather|else|or|never ever)\b/,
    example: "not npm",
  },
  {
    pattern:
      /^(?:and\s+)?(?:so|then|thus|hence|which|who|whose|where|meaning|i\.e(?=\.)|e\.g(?=\.)|like|such as|including|except|unless|until|if|when|whenever|even|especially|ideally|preferably|plus|with|without|via|per|from|to|in|on|at|for (?:example|instance))\b/,
    example: "which means the old names still work",
  },
  {
    pattern:
      /^(?:and\s+|but\s+)?(?:it|its|they|them|their|this|that|these|those|both|either|neither|each one|same)\b/,
    example: "they live in constants.py per package",
  },
  {
    // A verb whose object is left out: it is the thing the clause before names ("tests are pytest,
    // always run with --strict-markers").
    pattern:
      /^(?:always\s+|never\s+)?(?:run|called|invoked|built|started|used|imported|installed|deployed)\s+(?:with|via|through|from|using|by)\b/,
    example: "always run with --strict-markers",
  },
  {
    // A verb whose object points back at the clause before ("…needs the jira key, take it from the branch name").
    pattern: /^(?:always\s+|just\s+)?[a-z]+\s+(?:it|them|this|that|those|these|one)\b(?!\s*(?:is|are)\b)/,
    example: "take it from the branch name",
  },
  {
    // A thing with its verb left out: the verb is the clause before's ("we've moved off yarn, pnpm now").
    pattern: /^[\w.@/-]+\s+(?:now|instead|from now on|going forward|then)\s*[.!]?$/,
    example: "pnpm now",
  },
  {
    // More examples of the clause before: "so n_total, n_scores and so on".
    pattern:
      /(?:and so on|and so forth|etc\.?|and the like|(?:^|\s)(?:that|this) (?:sort|kind) of thing|things like that|you get the idea|等等|之类的?)\s*[.!。]?$/,
    example: "n_scores and so on",
  },
  {
    // A name alone after a rule is the rule's example or its value said again ("tests go in the
    // external package, queue_test, …", "plain camelCase for private fields, hitsLeft, …"): code-like, no verb.
    pattern: /^(?=[^\s,]*(?:[_.@/<>\d]|[a-z][A-Z]))[^\s,，]+\s*[.!。]?$/,
    example: "queue_test",
  },
  // The things the clause before counts, listed with no verb ("owner and cost_center").
  { pattern: ITEM_LIST, example: "owner and cost_center" },
  {
    // A request for now inside a rule sentence is no rule of its own ("we use pnpm, and please run the tests").
    pattern: /^(?:and\s+)?(?:please|pls|can you|could you|would you|let'?s|also)\b/,
    example: "please run the tests",
  },
  {
    pattern:
      /^(?:别|不要|不用|不是|而不是|不然|否则|所以|然后|比如|例如|包括|除了|除非|如果|它|它们|这样|那样|也就是|即|或者|或|再)/,
    example: "不要手动 kubectl apply",
  },
  {
    // The kind of the thing just named: "新页面用 Riverpod，带 codegen 的 @riverpod 注解那种".
    pattern: /^[^，。；]{1,40}(?:那种|这种)\s*[。！.!]?$/,
    example: "带 codegen 的 @riverpod 注解那种",
  },
  {
    // Where the thing just named comes from, its subject left out: "所有函数都要加 @trace 装饰器，从 obskit 模块里导入".
    pattern: /^(?:并且|而且|都|统一)?(?:从|通过|经由)\s*\S/,
    example: "从 obskit 模块里导入",
  },
  {
    // What the thing just named looks like, its owner left out: "提交信息用中文写，格式是 类型: 描述".
    pattern:
      /^(?:and\s+)?(?:the\s+)?(?:format|layout|template|structure)\s+(?:is|should be|must be)\b|^(?:并且|而且)?(?:格式|模板|结构)(?:是|为|用|：|:)/,
    example: "格式是 类型: 描述",
  },
  {
    // How the thing just named is named, its subject left out: "常量全大写，并且以 C_ 开头".
    pattern: /^(?:并且|而且|并|还要|都|一律)?\s*以\s*\S+\s*(?:开头|打头|结尾|为前缀|为后缀)/,
    example: "并且以 C_ 开头",
  },
]);

/** A name alone between commas, as code writes it: an example of the rule's value ("…, hitsLeft, rechargeTimer, …"). */
const NAMED_EXAMPLE = /,\s*(?=[^\s,]*(?:[_.@/<>\d]|[a-z][A-Z]))[^\s,，]+(?=\s*,)/g;

/**
 * `text` without the names it lists as examples between commas: "plain camelCase for private
 * fields, hitsLeft, rechargeTimer, no m_" reads as "plain camelCase for private fields, no m_".
 */
export function withoutNamedExamples(text: string): string {
  return text.replace(NAMED_EXAMPLE, "");
}

/** True when a clause only lists things, with no verb ("owner and cost_center"): the clause before counts them. */
export function listsItemsOnly(clause: string): boolean {
  return ITEM_LIST.test(clause.trim());
}

/** True when a clause leans on the one before it (see {@link LEANING_CLAUSES}). */
export function leansOnPrevious(clause: string): boolean {
  return LEANING_CLAUSES.test(clause.trim());
}

/**
 * A fragment: a sentence or list item with no subject of its own, which says more of the rule
 * before it ("Schema changes go through Liquibase. Included from db.changelog-master.yaml. One
 * changeset per file."). `alone`: a fragment that is a rule of its own when it reads as one ("One
 * PR per ticket" in a list of house rules).
 */
export interface Fragment extends LexiconEntry {
  alone?: true;
}

/** Examples named one after another: code-like names ("n_total, n_student", UserDto、OrderDto). */
const EXAMPLES = String.raw`(?=[^\s,]*[_.@/<>\d])[^\s,，、]+(?:\s*(?:,|、|，|and|or)\s*[^\s,，、]+)*`;
/** "and so on", "etc.", 等. */
const ET_CETERA = String.raw`\s*(?:,?\s*(?:and so on|and so forth|etc\.?|and the like)|等(?:等)?)`;

/** Every opening of a fragment. */
export const FRAGMENTS = defineLexicon<Fragment>("fragments", [
  {
    // A participle with where or how, its subject left out.
    pattern:
      /^(?:named|called|included|imported|kept|stored|set|configured|injected|provided|placed|located|generated|written|prefixed|suffixed|registered|declared|defined|loaded|pulled|wired|mounted|versioned|numbered|grouped|sorted|tagged|scoped|organi[sz]ed|listed|referenced|applied|executed|invoked|triggered|scheduled)\s+(?:from|in|into|as|by|under|with|via|through|at|on|after|like|using|inside|per)\b/,
    example: "Included from db.changelog-master.yaml",
  },
  {
    // How a thing is named, its subject left out: a name, not a word ("Named exports only" is a rule).
    pattern: /^(?:named|called|prefixed|suffixed|tagged|numbered)\s+(?=\S*[<>_./\d`])/,
    example: "Named V<n>__description.sql",
  },
  {
    // Examples of the rule before: "so n_total, n_student and so on.", "e.g. UserDto", 比如 K_MAX_RETRY.
    pattern: new RegExp(
      String.raw`^(?:(?:so|like|e\.?g\.?|i\.?e\.?|for example|for instance|such as|比如|例如)[\s,:：，]+${EXAMPLES}(?:${ET_CETERA})?|${EXAMPLES}${ET_CETERA})\s*[.。]?$`,
    ),
    example: "so n_total, n_student and so on.",
  },
  {
    // What the thing just named is now, pointed back to by "it": "…the pom and mvnw are gone. it's ./gradlew :email:test now".
    pattern: /^(?:so\s+|and\s+)?(?:it|that)(?:'s|’s| is)\s+(?:now\s+|just\s+)?(?=[`'"]?[./~:@$]|\S*[_/]\S)/,
    example: "it's ./gradlew :email:test now, forget maven",
  },
  {
    pattern: /^(?:one|a single|exactly one|single)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:per|for each|for every)\s+\w+/,
    example: "one changeset per file",
    alone: true,
  },
]);

const FRAGMENT_ENTRIES = compiledEntries(FRAGMENTS);

/** The fragment entry `text` opens with (see {@link FRAGMENTS}), or null. */
export function fragmentOf(text: string): Fragment | null {
  const said = text.trim();
  return FRAGMENT_ENTRIES.find(({ pattern }) => pattern.test(said))?.entry ?? null;
}

/**
 * Clauses that lean on the one after them: an occasion said first, whose rule follows ("before
 * you push, always run the linter", 每次发版之前，先跑一遍冒烟测试), or a decision announced before
 * what was decided (…以后组里定了，日志换成 slog). Never a rule of their own.
 */
export const OCCASION_CLAUSES = defineLexicon("occasion-clauses", [
  {
    pattern: /^(?:and\s+|also\s+)?(?:before|after|when(?:ever)?|every ?time|each time|once)\s+[^,]{1,60}$/,
    example: "before you push",
  },
  { pattern: /^(?:每次|在)[^，,]{1,30}(?:之前|前|之后|后|时|的时候)$/, example: "每次发版之前" },
  // A reason said first, the rule after it: "now that kotest is in for the property-based tests, …".
  {
    pattern: /^(?:so\s+|and\s+)?(?:now that|since|given that|seeing (?:as|that)|既然|由于)\s*[^,，]{1,80}$/,
    example: "now that kotest is in for the property-based tests",
  },
  // A decision announced, what was decided following: "…以后组里定了，日志换成 slog".
  {
    pattern: /(?:定了|决定了|商量好了|说好了)$|\b(?:we|the team|the platform team) (?:decided|agreed)$/,
    example: "升到 Go 1.22 以后组里定了",
  },
]);

/** True when a clause is an occasion whose rule follows it (see {@link OCCASION_CLAUSES}). */
export function leansOnNext(clause: string): boolean {
  return OCCASION_CLAUSES.test(clause.trim());
}
