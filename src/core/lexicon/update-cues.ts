/**
 * Update cues: the words that say a convention changed — "now", "from now on … instead", "let's
 * switch to", "change of plan:", "scratch that", "we've moved from A to B", "no longer A", 改成,
 * 换成, 不再用. A rule that names a slot and carries one is lasting even with no standing marker
 * of its own, and states the project's new value for that slot, so it supersedes the older one.
 * Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** A return to an earlier value: "we're going back to Sidekiq", "reverted to tabs", 退回, 改回. */
export const RETURN =
  /\b(?:go(?:ing)?|went|gone|switch(?:ed|ing)?|mov(?:e|ed|ing)|revert(?:ed|ing)?|roll(?:ed|ing)?) back (?:to|on)\b|\b(?:reverted|back) to\b|(?:退回|回退|改回|换回|切回)/i;

/** Words that say when a change took effect: "since last week", "as of this morning". */
export const TOOK_EFFECT = "since|as of|starting|effective|beginning";

/** Every update cue, English then Chinese. */
export const UPDATE_CUES = defineLexicon("update-cues", [
  { pattern: /\bnow\b/, example: "Variable names now start with 'n_'" },
  {
    pattern:
      // "inside Update" names a method (Unity's frame callback), not a change.
      /\b(?:changed?|switch(?:ed|ing)?|(?<!\b(?:inside|during|per|each|every|in|on) )updated?|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|renam(?:e|ed|es|ing)|replaced?|bump(?:ed|ing)?|upgrad(?:e|ed|ing))\b/,
    example: "we've moved from yarn to pnpm",
  },
  { pattern: /\binstead\b|\brather than\b/, example: "use vitest instead" },
  // A return to an earlier value is a change too: "we're going back to Sidekiq", 退回, 改回.
  { pattern: RETURN, example: "we're going back to Sidekiq for jobs, redis is staying after all" },
  // The last word on something replaces what came before: "The final call is 'm_'".
  {
    pattern: /\b(?:final|last) (?:word|call|answer|decision|version|verdict)\b/,
    example: "The final call is 'm_'",
  },
  // What new work is to be, unlike the old: "please use raw_ for anything new", "new code uses tracing".
  {
    pattern:
      /\bfor (?:anything|everything|all) new\b|\bfor (?:all |any |every )?new (?:code|work|ones|[a-z]+s)\b/,
    example: "please use raw_ for anything new",
  },
  // The time a change took effect: what holds since then holds now ("tests run on vitest since last week").
  {
    pattern: new RegExp(
      String.raw`\b(?:${TOOK_EFFECT}) (?:(?:last|this) (?:week|month|sprint|release|morning|afternoon|\w+day)|yesterday|today|this morning|(?:mon|tues|wednes|thurs|fri)day|the (?:upgrade|migration|\w+ release|retro))\b`,
    ),
    example: "tests run on vitest since last week",
  },
  // A change written as an arrow between names (not code's "fn f() -> u32").
  { pattern: /[\w.]\s+(?:->|→)\s+[\w@`'"]/, example: "gigalixir -> our own k8s cluster" },
  { pattern: /\bmake (?:that|it) [`'"]?[\w$@.-]+/, example: "Actually make that n_, so n_total" },
  { pattern: /\bno longer\b|\bany ?more\b|\bnot \S+ any ?more\b/, example: "no longer 'z_', now 'wr_'" },
  {
    pattern:
      /\bchange of plans?\b|\bscratch that\b|\bforget (?:what i said|that)\b|\bnew (?:rule|convention|plan)\b|\bcorrection\b|\bwe(?:'ve| have) (?:gone|settled) (?:with|on)\b|\blet'?s (?:go with|use|switch|move|adopt)\b/,
    example: "change of plan: use pnpm",
  },
  // 现在, "now": what holds from here on, not what is happening at the moment (现在还在跑, 现在有个 bug).
  {
    pattern: /现在(?!还|是不是|有没有|有个|有一?些|什么|怎么|为什么|报错|出了|挂了|卡)/,
    example: "dev2 下线了，现在部署到 uat",
  },
  {
    pattern: /改成|改为|改了|改用|改名|重命名|更名|换成|换到|切到|切换|迁到|迁移到|不再|从今天/,
    example: "测试框架换成 vitest 了",
  },
]);

/** True when `text` says a convention changed ("now", "let's switch to", 改成). */
export function saysUpdate(text: string): boolean {
  return UPDATE_CUES.test(text);
}
