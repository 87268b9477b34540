/**
 * Contradiction: two facts about the same subject and slot with different values. "The user's
 * time zone is UTC+8" and "Time zone: UTC-5" (in USER.md) fill the slot user/timezone with two
 * values; "Prefers tabs over spaces" and "Prefers spaces over tabs" order one pair both ways;
 * "Likes coffee" and "Does not like coffee" are one statement and its negation. Slots are data:
 * SLOT_PATTERNS read a subject, slot and value from a fact; SLOT_NAMES map the ways a slot is
 * written (English and Chinese) to one name.
 */
import type { LexiconEntry } from "../lexicon/define-lexicon.js";
import { type FactProfile, isNegationOf, normalizeFact, profileFact } from "./fact-similarity.js";
import type { MemoryFileName } from "./memory-file-layouts.js";

/** A wording that states a slot's value: named groups `owner` (optional), `slot`, `value`. */
export interface SlotEntry extends LexiconEntry {
  readonly id: string;
}

const SLOT_WORDS = `time ?zone|name|nickname|pronouns|(?:preferred |default |native |first )?language|editor|ide|shell|operating system|os|role|job title|title|job|employer|company|city|location|home ?town|birthday|default branch|package manager|test runner|vibe|avatar|persona`;
const ZH_SLOT_WORDS =
  "时区|名字|昵称|语言|母语|编辑器|角色|职位|工作|公司|城市|生日|默认分支|包管理器|风格|头像";

/** How facts state a slot's value, English then Chinese. Patterns run on the lower-cased fact. */
export const SLOT_PATTERNS: readonly SlotEntry[] = [
  {
    id: "possessive",
    pattern: new RegExp(
      String.raw`^(?:(?<owner>the user|user|my|our|your|the agent|the assistant|the team|[\p{L}\p{N}_-]+)'?s? )?(?<slot>${SLOT_WORDS}) (?:is|are|=) (?<value>.+)$`,
      "u",
    ),
    example: "The user's time zone is UTC+8.",
  },
  {
    id: "key-value",
    pattern: new RegExp(String.raw`^(?<slot>${SLOT_WORDS}|${ZH_SLOT_WORDS})\s*[:：]\s*(?<value>.+)$`, "u"),
    example: "Time zone: UTC+8",
  },
  {
    id: "lives-works",
    pattern:
      /^(?:(?<owner>the user|user|we|the team|he|she|they|[\p{L}\p{N}_-]+) )?(?<slot>lives in|is based in|are based in|works (?:at|for)|work (?:at|for)) (?<value>.+)$/u,
    example: "The user lives in Berlin.",
  },
  {
    id: "called",
    pattern:
      /^(?:(?<owner>the user|user|you|the agent|the assistant|he|she|[\p{L}\p{N}_-]+) )?(?<slot>is called|are called|goes by|go by|is named|are named) (?<value>.+)$/u,
    example: "You are called Aria.",
  },
  {
    id: "uses-for",
    pattern:
      /^(?:(?<owner>the user|user|we|the team|they|[\p{L}\p{N}_-]+) )?(?:uses?|using) (?<value>.+?) (?:for|to) (?<slot>.+)$/u,
    example: "We use pnpm for package management.",
  },
  {
    id: "zh-possessive",
    pattern: new RegExp(
      `^(?:(?<owner>用户|我们|我|你|助手|团队)的?)?(?<slot>${ZH_SLOT_WORDS})(?:是|为|叫|设为|设置为)\\s*(?<value>.+)$`,
      "u",
    ),
    example: "用户的时区是 UTC+8",
  },
  {
    id: "zh-lives",
    pattern: /^(?<owner>用户|我们|我|他|她|团队)?(?<slot>住在)(?<value>.+)$/u,
    example: "用户住在上海",
  },
  {
    id: "zh-works",
    pattern: /^(?<owner>用户|我们|我|他|她|团队)(?<slot>在)(?<value>.+?)(?:工作|上班)$/u,
    example: "用户在字节跳动工作",
  },
];

/** The one name of a slot, for each way it is written (lower case). */
export const SLOT_NAMES: Readonly<Record<string, string>> = {
  "time zone": "timezone",
  timezone: "timezone",
  时区: "timezone",
  name: "name",
  名字: "name",
  "is called": "name",
  "are called": "name",
  "goes by": "name",
  "go by": "name",
  "is named": "name",
  "are named": "name",
  nickname: "nickname",
  昵称: "nickname",
  language: "language",
  "preferred language": "language",
  "native language": "native language",
  "first language": "native language",
  母语: "native language",
  语言: "language",
  editor: "editor",
  ide: "editor",
  编辑器: "editor",
  role: "role",
  "job title": "role",
  title: "role",
  job: "role",
  角色: "role",
  职位: "role",
  employer: "employer",
  company: "employer",
  "works at": "employer",
  "works for": "employer",
  "work at": "employer",
  "work for": "employer",
  公司: "employer",
  工作: "role",
  city: "city",
  location: "city",
  "lives in": "city",
  "is based in": "city",
  "are based in": "city",
  城市: "city",
  住在: "city",
  在: "employer",
  "default branch": "default branch",
  默认分支: "default branch",
  "package manager": "package manager",
  包管理器: "package manager",
  vibe: "vibe",
  风格: "vibe",
  avatar: "avatar",
  头像: "avatar",
  生日: "birthday",
};

/** Who a fact is about when it names no one: the user in USER.md, the agent in its own files. */
const FILE_OWNER: Readonly<Record<MemoryFileName, string>> = {
  "USER.md": "user",
  "IDENTITY.md": "agent",
  "SOUL.md": "agent",
  "MEMORY.md": "",
  "TOOLS.md": "",
};

/** The ways of naming an owner, as one name. */
const OWNER_NAMES: Readonly<Record<string, string>> = {
  "the user": "user",
  user: "user",
  my: "user",
  he: "user",
  she: "user",
  用户: "user",
  我: "user",
  your: "agent",
  you: "agent",
  "the agent": "agent",
  "the assistant": "agent",
  你: "agent",
  助手: "agent",
  our: "team",
  we: "team",
  "the team": "team",
  they: "team",
  我们: "team",
  团队: "team",
};

/** A fact's slot and value: `key` names owner and slot, `value` is normalized. */
export interface FactSlot {
  key: string;
  value: string;
}

/** A value as compared: case, emphasis, spacing and closing punctuation aside ("UTC+8." = "utc+8"). */
function slotValue(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[*_`]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.,;!。，；！]+$/u, "");
}

/** The slot a fact fills, or null when no slot pattern reads it. */
export function factSlot(fact: string, file: MemoryFileName): FactSlot | null {
  const text = fact
    .normalize("NFKC")
    .trim()
    .replace(/[.。!！]+$/u, "")
    .toLowerCase();
  for (const entry of SLOT_PATTERNS) {
    const groups = entry.pattern.exec(text)?.groups;
    if (!groups?.slot || !groups.value) continue;
    const rawOwner = (groups.owner ?? "").trim();
    const owner = OWNER_NAMES[rawOwner] ?? (rawOwner || FILE_OWNER[file]);
    const slotText = groups.slot.trim();
    const slot = SLOT_NAMES[slotText] ?? normalizeFact(slotText);
    const value = slotValue(groups.value);
    if (value !== "") return { key: `${owner}/${slot}`, value };
  }
  return null;
}

/** The unordered pair and the preferred side of "prefers A over B" / "比起 B 更喜欢 A". */
function preferencePair(normalized: string): { pair: string; preferred: string } | null {
  const english = /\bprefers? (.+?) (?:over|to|rather than) (.+)$/.exec(normalized);
  const chinese = /比起(.+?)更(?:喜欢|偏好|愿意用)(.+)$/.exec(normalized);
  const [preferred, other] = english ? [english[1], english[2]] : chinese ? [chinese[2], chinese[1]] : [];
  if (!preferred || !other) return null;
  return { pair: [preferred.trim(), other.trim()].sort().join(" | "), preferred: preferred.trim() };
}

/** What comparing a fact with others needs, worked out once: its profile, slot and preference pair. */
export interface FactShape extends FactProfile {
  text: string;
  slot: FactSlot | null;
  pair: { pair: string; preferred: string } | null;
}

/** Shapes already worked out, per file: a file's entries are compared again on every write. */
const shapes = new Map<MemoryFileName, Map<string, Readonly<FactShape>>>();
const REMEMBERED_SHAPES = 4096;

/** The shape of a fact as it reads in `file` (shared: do not mutate). */
export function shapeFact(text: string, file: MemoryFileName): Readonly<FactShape> {
  let known = shapes.get(file);
  if (!known) {
    known = new Map();
    shapes.set(file, known);
  }
  const remembered = known.get(text);
  if (remembered) return remembered;
  const profile = profileFact(text);
  const shape = { ...profile, text, slot: factSlot(text, file), pair: preferencePair(profile.normalized) };
  // Bounded without bookkeeping on every hit: a file holds a few hundred entries at most.
  if (known.size >= REMEMBERED_SHAPES) known.clear();
  known.set(text, shape);
  return shape;
}

/** Why two facts contradict, or null. */
export function shapesContradict(mine: FactShape, theirs: FactShape): string | null {
  if (
    mine.slot &&
    theirs.slot &&
    mine.slot.key === theirs.slot.key &&
    mine.slot.value !== theirs.slot.value
  ) {
    return `both give ${mine.slot.key.replace(/^\//, "")}, with different values`;
  }
  const a = mine.pair;
  const b = theirs.pair;
  if (a && b && a.pair === b.pair && a.preferred !== b.preferred)
    return "they prefer opposite sides of one pair";
  if (isNegationOf(mine, theirs)) return "one is the negation of the other";
  return null;
}

/** Why two facts contradict, or null. */
export function contradiction(fact: string, existing: string, file: MemoryFileName): string | null {
  return shapesContradict(shapeFact(fact, file), shapeFact(existing, file));
}
