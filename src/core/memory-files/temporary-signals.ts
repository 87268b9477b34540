/**
 * Temporary signals: wordings that make a fact true only for now ("today", "right now", "this
 * time", "这次", "暂时") or a passing mood ("I'm tired"). A memory file keeps what stays true, so
 * a candidate holding one is refused. One entry per wording, each with an example.
 */
import type { LexiconEntry } from "../lexicon/define-lexicon.js";
import { findEntry } from "./lexicon-match.js";

/** A temporary wording: what to call it in a reason, its pattern and an example. */
export interface TemporaryEntry extends LexiconEntry {
  readonly marker: string;
}

/** The temporary-signal lexicon, English then Chinese. */
export const TEMPORARY_SIGNALS: readonly TemporaryEntry[] = [
  {
    marker: "today",
    pattern: /\b(?:today|tonight|this (?:morning|afternoon|evening))\b/,
    example: "Skip the integration tests today.",
  },
  {
    marker: "right now",
    pattern: /\b(?:right now|at the moment|for the moment|for now|for the time being|just now)\b/,
    example: "Right now the user wants short answers.",
  },
  {
    marker: "this time",
    pattern:
      /\b(?:this time|just this once|this once|for this (?:task|session|chat|conversation|thread|ticket|pr))\b/,
    example: "Use the staging database this time.",
  },
  {
    marker: "temporarily",
    pattern: /\b(?:temporar(?:y|ily)|until further notice|as a stopgap)\b/,
    example: "Temporarily deploy from the hotfix branch.",
  },
  {
    marker: "tomorrow",
    pattern: /\b(?:tomorrow|yesterday|this week(?:end)?|next week)\b/,
    example: "The demo is tomorrow at 10.",
  },
  {
    marker: "a passing mood",
    pattern:
      /\b(?:i'?m|i am|user is|feeling|feels) (?:so |really |very |a bit |kind of )?(?:tired|angry|annoyed|frustrated|stressed|exhausted|sleepy|hungry|bored|upset|grumpy|in a hurry)\b/,
    example: "I'm tired, keep it short.",
  },
  { marker: "今天", pattern: /今天|今晚|今早|明天|昨天/, example: "今天先不跑集成测试" },
  { marker: "这次", pattern: /这次|这一次|这回|本次|下不为例/, example: "这次用预发数据库" },
  { marker: "暂时", pattern: /暂时|临时|先这样|权宜/, example: "暂时从 hotfix 分支部署" },
  { marker: "现在", pattern: /此刻|眼下|这会儿|目前先/, example: "眼下只要简短的回答" },
  { marker: "这周", pattern: /这周|本周|这个周末|下周/, example: "这周的演示改到周四" },
  {
    marker: "一时的情绪",
    pattern: /我(?:今天|现在)?(?:好|很|有点|太|真)?(?:累|烦|困|饿|生气|难过|着急)(?:了|死了)?/,
    example: "我好累，回答短一点",
  },
];

/** The temporary wording a fact holds, or null. */
export function findTemporarySignal(fact: string): { marker: string; matched: string } | null {
  const found = findEntry(TEMPORARY_SIGNALS, fact);
  return found ? { marker: found.entry.marker, matched: found.match[0] } : null;
}
