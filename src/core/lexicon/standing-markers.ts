/**
 * Standing markers: the words that make what is said last beyond this conversation rather than be
 * a one-off — "always …", "never …", "from now on …", "every time", "as a rule", "usually", "we
 * use …", "our convention is …", "for every method", 以后, 每次, 一律, 我们规范是. Strong markers hold
 * on their own, even in the message that states the task ("always run the linter before you say
 * it's done"); a project or scope marker ("here", "in this repo", 这个项目) makes an instruction
 * lasting only once the agent has acted. Stated rules and conventions read every marker; the
 * memory gate reads the strong ones, for a write and against a one-off or a passing mood ("I'm
 * always tired in the mornings" is a trait, not a mood). Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/** How much a marker says: `strong` on its own, `scope` only after the agent acted. */
export type MarkerStrength = "strong" | "scope";

/** One standing marker. */
export interface StandingMarker extends LexiconEntry {
  strength: MarkerStrength;
}

/** Things a project's conventions hold for: "all methods", "every function". */
const THINGS =
  "(?:methods?|functions?|funcs?|class(?:es)?|files?|modules?|components?|endpoints?|commits?|requests?|scripts?|tests?|specs?|variables?|branches|resources?|handlers?|jobs?|services?|entry ?points?|structs?|types?|interfaces?|enums?|routes?|pages?|screens?|views?|models?|tables?|migrations?|queries|query|hooks?|fields?|members?|properties|constants?|packages?|crates?|libraries|library|pull requests?|prs?|stories|headings?|titles?|log (?:lines?|calls?|messages?)|errors?|exceptions?|controllers?|repositories|repos?|dtos?|schemas?)";

const strong = (pattern: RegExp, example: string): StandingMarker => ({
  pattern,
  example,
  strength: "strong",
});
const scope = (pattern: RegExp, example: string): StandingMarker => ({ pattern, example, strength: "scope" });

/** Things of a kind of work that head rules without the word "rules": "process things". */
const KIND_THINGS = String.raw`(?:process|style|code|coding|naming|house|team|ground|git|review) (?:things|points|notes)\b`;
/** Things said to matter, heading rules: "things that matter to me", "two things for this repo:". */
const THINGS_THAT_MATTER = String.raw`things (?:that )?(?:matter to (?:me|us)|you should know|to know|i care about|we care about|we (?:do|follow|stick to) (?:here|in this (?:repo|project|codebase|team))|(?:for|about|in) (?:this|the|our) (?:repo(?:sitory)?|project|codebase|app|team)(?=\s*[:：]))\b`;

/** Every standing marker, English then Chinese. */
export const STANDING_MARKERS = defineLexicon("standing-markers", [
  strong(/\balways\b/, "always start variable names with 'z_'"),
  strong(/\bnever\b(?!\s*mind)/, "never push straight to main"),
  strong(
    /\bevery ?time\b|\bwhenever\b|\beach time\b/,
    "every time you touch the schema, regenerate the client",
  ),
  strong(
    /\bfrom now on\b|\bgoing forward\b|\bfrom here on(?: out)?\b|\bfrom today\b|\bin (?:the )?future\b|\bhenceforth\b|\b(?:next|the next) time\b(?! (?:we|i) (?:meet|talk|see|chat))/,
    "from now on, use pnpm",
  ),
  // What holds across the whole code base: "no force unwraps anywhere in this app".
  strong(
    /\b(?:any|every)where in (?:this|the|our) (?:app|repo|repository|codebase|code base|code|project|monorepo)\b/,
    "no force unwraps anywhere in this app",
  ),
  strong(
    /\ball the time\b|\bat all times\b|\b(?:any ?more|no more|no longer)\b|\b(?:every|each|all) (?:of )?(?:your )?(?:answers?|replies|reply|messages?|responses?)\b|\b(?:everything|anything|all) you (?:write|say|send|draft)\b|\bwhen(?:ever)? we (?:chat|talk|speak|work together)\b/,
    "Stop apologizing all the time.",
  ),
  // …and the project's own rules named as such ("reminder of our rules: …", "我们组的习惯：…").
  strong(
    /\bas a rule\b|\bby convention\b|\b(?:house|ground|team) rules?\b|\b(?:our|the team'?s|this repo'?s|the repo'?s|the project'?s) (?:rules|conventions|norms|standards|guidelines)\b|(?:我们|咱们|团队|组里)[^，。：:\s]{0,3}?的?(?:习惯|惯例|规矩|规范|约定)(?=\s*[：:]|是)|\brules of the (?:house|repo|project|codebase|team)\b|\bin general\b|\bgenerally\b|\bby default\b|\bin principle\b/,
    "a few ground rules for the codebase",
  ),
  // The agent's work named as the team's way: "PHPUnit classes extending TestCase is exactly how we do it".
  strong(
    /\b(?:is|are|that'?s|this is) (?:exactly |just |precisely )?(?:how|the way) we (?:do (?:it|them|things|this)|write (?:it|them)|like (?:it|them))\b(?! (?:today|this time|for now)\b)/,
    "PHPUnit classes in tests/Feature extending TestCase is exactly how we do it",
  ),
  // A heading of rules: a few of them, counted ("a couple of norms before you dive in:", "some conventions first").
  strong(
    /\b(?:a (?:few|couple(?: of)?)|some|several|two|three|four|five) (?:more )?(?:[\w-]+ )?(?:norms|conventions|guidelines|standards)\b/,
    "a couple of norms before you dive in:",
  ),
  // …or counted things of a kind of work, or things said to matter: "a few process things for okra
  // before we start", "a few things that matter to me:".
  strong(
    new RegExp(
      String.raw`\b(?:a (?:few|couple(?: of)?)|some|several|two|three|four|five) (?:(?:more )?${KIND_THINGS}|${THINGS_THAT_MATTER})`,
    ),
    "a few process things for okra before we start",
  ),
  // Things said to matter, however they are counted, as a heading: "The big things I care about: …".
  strong(
    new RegExp(String.raw`\b${THINGS_THAT_MATTER}\s*[:：]`),
    "The big things I care about: no force unwraps anywhere in the app",
  ),
  // A heading of the project's rules before a colon: "conventions for tidewatch since you'll be in it a lot:",
  // "our conventions:", "guidelines for this repo:".
  strong(
    /\b(?:(?:our|the|team|project|repo|house|code|coding) )?(?:conventions|guidelines|norms|standards|rules)(?: (?:for|in|of|on) [^.:;!?\n]{1,60}?)?\s*:(?!\/)/,
    "conventions for tidewatch since you'll be in it a lot: anyhow in the binary crate",
  ),
  // A heading of rules in Chinese: "先讲几条规范。", "代码规范如下", "规范先说一下：".
  strong(
    /(?:几|一些|两|三)(?:条|个|点)(?:规范|规矩|约定|规定)|规范如下|(?:规范|规矩|约定)(?:先|再)?(?:说|讲|过|对|交代)(?:一下|下)/,
    "先讲几条规范。日志用 zap",
  ),
  strong(/\b(?:usually|normally|typically|habitually)\b/, "I usually start work at 7."),
  strong(
    /\bfor good\b|\bpermanently\b|\bin (?:every|all|any) (?:future )?(?:chats?|conversations?|sessions?|answers?|replies)\b/,
    "Do this in all future conversations.",
  ),
  strong(
    /\b(?:our|the|team|project|house) conventions? (?:is|are|says?)\b|\bconvention here is\b/,
    "our convention is that branch names start with feat/",
  ),
  strong(
    /\bpractice (?:i want|we follow)\b|\bi(?:'d| would) like you to (?:always|never|make it a habit)\b|\bmake it a habit\b/,
    "one practice I want you to adopt: add the decorator to all methods",
  ),
  strong(
    /\bwe (?:(?:now|still|also|all|generally|normally|usually|only) )?(?:always|never|use|don'?t|do not|prefer|stick (?:to|with)|follow|name|prefix|write|keep)\b/,
    "we use docstrings in all methods",
  ),
  strong(
    new RegExp(
      String.raw`\b(?:to|on|for|in|into|inside|within|at (?:the )?(?:top|start|beginning|end|bottom) of) (?:all|every|each|any) (?:of (?:the|our) )?(?:(?:public|private|exported|new|async|top-level|[\w-]+) )?${THINGS}\b`,
    ),
    "add the '@retry' decorator to all methods",
  ),
  strong(
    new RegExp(
      // The things may be narrowed by a clause of their own: "every public function that returns Result must …".
      String.raw`\b(?:all|every|each) (?:of (?:the|our) )?(?:[\w-]+ )?${THINGS} (?:(?:that|which|with|in|under|from) [^,.;]{1,40}? )?(?:should|must|needs? to|ha(?:s|ve) to|are to|gets?|need|carr(?:y|ies)|subclass(?:es)?|(?:starts?|begins?|ends?) with)\b`,
    ),
    "all functions should have docstrings",
  ),
  // What new work is to be: "new code uses the tracing macros", "new pages go under docs/", 新代码里别再加.
  strong(
    new RegExp(
      String.raw`\b(?:all |any |every )?new (?:code|${THINGS}) (?:uses?|goes?|go|gets?|should|must|needs?|is|are|lives?|live|follows?)\b|\b(?:anything|everything) new (?:goes|uses|gets|should|must|is)\b`,
    ),
    "new code uses the tracing macros",
  ),
  strong(
    /新(?:代码|接口|页面|模块|文件|组件|功能|服务)(?:里|中)?(?:都|一律|统一|要|用|别|不要)/,
    "新代码里别再加 Hilt 注解",
  ),
  strong(
    /,\s*(?:not )?ever\b|\bno exceptions?\b|\bwithout (?:an )?exception\b|没有例外|无一例外/,
    "every method gets a docstring, no exceptions",
  ),
  strong(
    /\b(?:make sure|ensure|see to it)(?: that)? (?:all|every|each|any)\b/,
    "make sure every method has a docstring",
  ),
  strong(
    /\b(?:the|our|one|a|my) (?:house |team |golden |main |only |standing )?(?:rule|norm|standard|policy)(?: here| in this (?:repo|project|team|codebase))? is\b/,
    "the rule here is that variable names start with 'z_'",
  ),
  strong(
    /\b(?:house|team|code|coding|our) (?:style|policy|policies|standards?|guidelines?|style guide)\b|\bas a (?:general )?rule\b|\bmake (?:that|this|it) a rule\b|\bnew rule\b|\b(?:we'?re|we are) an? [\w-]+ (?:shop|house)\b/,
    "house style: 2-space indentation in YAML files",
  ),
  strong(/以后|今后|往后|从现在(?:开始|起)|从今天(?:开始|起)|从此/, "以后变量名一律以 m_ 开头"),
  strong(/一律|永远|每次|统一(?:用|使用|以|写|按)|记住|下次(?:记得|要|别)/, "我们一律用 yarn"),
  strong(/一直|总是|始终|默认|平时|通常|向来|(?:别|不要)再/, "以后都用中文回答，别再用英文"),
  strong(/(?:我们|团队|项目)?的?(?:规范|约定|规定|惯例)(?:是|为|：|:)/, "我们规范是提交信息以 jira 编号开头"),
  strong(
    /(?:每个|所有|全部)(?:的)?(?:函数|方法|类|文件|模块|组件|接口|提交)(?:都|一律)/,
    "每个函数都要有类型注解",
  ),
  scope(
    /\bhere\b|\bin (?:this|our) (?:repo|project|codebase|team|company)\b|\bacross the codebase\b/,
    "in this repo we squash",
  ),
  scope(
    /\bfor (?:anything|everything|all)\b|\bwithout asking\b|\bon purpose\b/,
    "for everything python, use the venv",
  ),
  scope(
    /\bevery (?:commit|pr|pull request|push|deploy|release|migration|change|fix|answer|reply|response|request|call|endpoint|query|build|step|single)\w*/,
    "every commit needs the jira key",
  ),
  scope(/\bour (?:rule|policy|team|repo|project|codebase)\b/, "our policy is no force pushes"),
  scope(/^(?:when(?:ever)?|each time|any ?time) you\b/, "when you fix something, just show me the diff"),
  scope(
    /^(?:when(?:ever)?|each time|any ?time) i ask\b/,
    "when I ask how something works, lead with a code example",
  ),
  scope(/项目里|这个项目|本项目|团队|我们(?:项目|这边|一般|都|一直|习惯|用|不用|不)/, "这个项目要用 node 16"),
  scope(/统一|都(?:用|要|得|先)/, "接口都要带 request id"),
  scope(/之前先|前先|(?:之后|以后)[^，。,]{0,40}?先/, "提交之前先跑一下 lint"),
]);

/** The strong markers alone: what lasts whoever reads it ("always", "from now on", 以后, 一律). */
export const STRONG_STANDING_MARKERS = defineLexicon(
  "strong-standing-markers",
  STANDING_MARKERS.entries.filter((marker) => marker.strength === "strong"),
);

/** True when `text` carries any standing marker ("always", "here", "我们规范是"). */
export function hasStandingMarker(text: string): boolean {
  return STANDING_MARKERS.test(text);
}

/** True when `text` carries a strong standing marker ("always", "from now on", 以后, 一律). */
export function hasStrongStandingMarker(text: string): boolean {
  return STRONG_STANDING_MARKERS.test(text);
}

/** Conditions: an instruction that applies only if something holds ("if it fails, …", 如果). */
export const CONDITIONS = defineLexicon("conditions", [
  // Not a need said of any time ("if you need a vec, reach for heapless"): that is a rule's condition.
  {
    pattern: /^(?:if|unless|in case)\b(?! you (?:ever )?(?:need|want)\b)/,
    example: "if the build fails, clear the cache",
  },
  { pattern: /^(?:如果|要是|假如|万一)/, example: "如果构建失败就清缓存" },
]);

/**
 * Words that head a list of rules: "a few house rules.", "our conventions:", 先讲几条规范。 A sentence
 * that says only this, with a standing marker, makes each sentence after it that names a value a rule.
 */
export const RULE_HEADINGS = defineLexicon("rule-headings", [
  {
    pattern: /\b(?:rules?|conventions?|guidelines?|standards?|norms?)\b/,
    example: "a few house rules first.",
  },
  { pattern: /规范|规矩|约定|规定|习惯|惯例/, example: "先讲几条规范。" },
  {
    pattern: new RegExp(String.raw`\b(?:${KIND_THINGS}|${THINGS_THAT_MATTER})`),
    example: "a few process things for okra before we start.",
  },
]);
