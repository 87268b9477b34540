/**
 * Which section of its file a fact goes in: each file's placement lexicon names a section and the
 * wordings that put a fact there ("we decided …" → MEMORY.md ## Decisions, "prefers …" → USER.md
 * ## Preferences); anything else goes in the file's default section. Section titles are matched
 * case-insensitively, in English or by a Chinese alias, so a hand-written "## 偏好" is used as is.
 */
import type { LexiconEntry } from "../lexicon/define-lexicon.js";
import { findEntry } from "./lexicon-match.js";
import { MEMORY_FILE_LAYOUTS, type MemoryFileName } from "./memory-file-layouts.js";

/** A wording that puts a fact in a section. */
export interface PlacementEntry extends LexiconEntry {
  readonly section: string;
}

/** Each file's placement lexicon, first match wins; a file's default section needs none. */
export const SECTION_PLACEMENT: Readonly<Record<MemoryFileName, readonly PlacementEntry[]>> = {
  "MEMORY.md": [
    {
      section: "Decisions",
      pattern:
        /\b(?:decided|decision|we (?:chose|picked|went with|agreed)|agreed (?:to|on)|settled on|going forward we)\b/,
      example: "We decided to ship the beta on Fridays.",
    },
    { section: "Decisions", pattern: /决定|决策|商定|定下来|选定/, example: "团队决定每周五发布测试版" },
    {
      section: "Lessons",
      pattern: /\b(?:lessons?|learn(?:ed|t)|turns? out|in hindsight|next time|mistakes?|the hard way)\b/,
      example: "Lesson: the staging database is reset every Monday.",
    },
    { section: "Lessons", pattern: /教训|经验|下次|吸取|踩过的坑/, example: "教训：周一会重置预发数据库" },
  ],
  "USER.md": [
    {
      section: "Preferences",
      pattern:
        /\b(?:prefers?|preferences?|likes?|loves?|dislikes?|hates?|wants?|would rather|favou?rite|enjoys?|can't stand|cannot stand)\b/,
      example: "Prefers morning check-ins.",
    },
    { section: "Preferences", pattern: /喜欢|偏好|更愿意|讨厌|希望|习惯/, example: "喜欢早上沟通进度" },
  ],
  "SOUL.md": [],
  "IDENTITY.md": [
    {
      section: "Name",
      pattern: /\b(?:name|called|named|goes by)\b/,
      example: "Your name is Aria.",
    },
    { section: "Name", pattern: /名字|叫做|名叫|称呼/, example: "你的名字是小安" },
    {
      section: "Vibe",
      pattern: /\b(?:vibe|tone|personality|style|avatar|emoji|voice|persona)\b/,
      example: "Vibe: calm, dry humour, no exclamation marks.",
    },
    { section: "Vibe", pattern: /风格|语气|性格|头像|气质/, example: "说话风格：冷静、简洁" },
  ],
  "TOOLS.md": [
    {
      section: "Aliases",
      pattern: /\b(?:alias(?:es|ed)?|shortcut|short for|stands for)\b/,
      example: "Alias gs = git status.",
    },
    { section: "Aliases", pattern: /别名|简称|缩写/, example: "gs 是 git status 的别名" },
  ],
};

/** Other titles a section may be written under (lower case). */
export const SECTION_ALIASES: Readonly<Record<string, readonly string[]>> = {
  Facts: ["事实"],
  Decisions: ["决定", "决策"],
  Lessons: ["教训", "经验"],
  Preferences: ["偏好", "喜好"],
  Background: ["背景"],
  Principles: ["原则"],
  Name: ["名字", "名称"],
  Role: ["角色"],
  Vibe: ["风格", "气质"],
  Tools: ["工具"],
  Aliases: ["别名"],
};

/** Where a fact goes: its section, the titles that section may have, and the wording that chose it. */
export interface Placement {
  section: string;
  /** The canonical title first, then its aliases. */
  titles: string[];
  /** The placement lexicon's example for the entry that matched (null: the default section). */
  cue: string | null;
}

/** The section of `file` a fact goes in. */
export function placeFact(file: MemoryFileName, fact: string): Placement {
  const found = findEntry(SECTION_PLACEMENT[file], fact);
  const section = found?.entry.section ?? MEMORY_FILE_LAYOUTS[file].defaultSection;
  return {
    section,
    titles: [section, ...(SECTION_ALIASES[section] ?? [])],
    cue: found?.entry.example ?? null,
  };
}
