/**
 * The skill (docs/skills.md): a reusable way of doing one kind of task, made from
 * proven lessons and from successful task experiences that at least two tasks share. It is
 * exported as a Claude Code skill (`<dir>/<name>/SKILL.md`). Pure: no IO, no clock, no randomness.
 */
import { InvalidInputError } from "../errors.js";
import type { LessonScope } from "../lessons/lesson.js";
import { fnv1a64 } from "../lessons/lesson-text.js";

/** Lifecycle: draft → active → archived. Only `active` skills are exported. */
export type SkillStatus = "draft" | "active" | "archived";
/** Every skill status, in lifecycle order. */
export const SKILL_STATUSES: readonly SkillStatus[] = ["draft", "active", "archived"];

/** A skill. `name` is its slug: the folder name and the front-matter `name` of its SKILL.md. */
export interface Skill {
  id: string;
  /** Slug (see {@link isValidSkillName}); unique within its scope; never changes once created. */
  name: string;
  /** Human heading of the SKILL.md body. */
  title: string;
  /** What the skill does and when to use it; at most {@link MAX_SKILL_DESCRIPTION_CHARS}. */
  description: string;
  whenToUse: string[];
  steps: string[];
  pitfalls: string[];
  /** Lessons the skill's content came from (seeds, steps and pitfalls). */
  sourceLessonIds: string[];
  /** Distinct tasks that support the skill (at least {@link MIN_SUPPORT_TASKS} when it was made). */
  sourceTaskIds: string[];
  /** 1 at creation; +1 on every content change (refine, extend, fix). */
  version: number;
  status: SkillStatus;
  /** Why the skill has its current status (draft or archive reason), or null. */
  statusReason: string | null;
  /** `project` skills apply inside one project (`projectId`); `global` skills everywhere. */
  scope: LessonScope;
  projectId: string | null;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
}

/** The part of a skill that its SKILL.md shows; a change to it is a new version. */
export type SkillContent = Pick<Skill, "title" | "description" | "whenToUse" | "steps" | "pitfalls">;

/** No skill from a single lucky run: the fewest distinct supporting tasks a skill needs. */
export const MIN_SUPPORT_TASKS = 2;
/** Longest skill name (Claude Code / Agent Skills limit). */
export const MAX_SKILL_NAME_CHARS = 64;
/** Longest description (Claude Code / Agent Skills limit). */
export const MAX_SKILL_DESCRIPTION_CHARS = 1024;
/** Longest title, when-to-use entry, step or pitfall, in characters. */
export const MAX_SKILL_ITEM_CHARS = 240;
/** Items kept per list of a skill. */
export const MAX_SKILL_ITEMS = { whenToUse: 6, steps: 10, pitfalls: 8 } as const;

/** Words a skill name must not contain (reserved by Anthropic's skill upload validation). */
export const RESERVED_NAME_WORDS: readonly string[] = ["anthropic", "claude"];

const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The slug rule for `name`: 1–64 characters of lowercase ASCII letters, digits and single
 * hyphens, not starting or ending with a hyphen (Agent Skills specification, which Claude Code
 * follows), and no reserved word as one of its parts.
 */
export function isValidSkillName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= MAX_SKILL_NAME_CHARS &&
    NAME_PATTERN.test(name) &&
    !name.split("-").some((part) => RESERVED_NAME_WORDS.includes(part))
  );
}

/** Why a name breaks the slug rule, or null when it follows it. */
export function skillNameProblem(name: string): string | null {
  if (name.length === 0) return "must not be empty";
  if (name.length > MAX_SKILL_NAME_CHARS)
    return `must be at most ${MAX_SKILL_NAME_CHARS} characters (got ${name.length})`;
  if (!NAME_PATTERN.test(name))
    return "must be lowercase letters, digits and single hyphens, not starting or ending with a hyphen";
  const reserved = name.split("-").find((part) => RESERVED_NAME_WORDS.includes(part));
  if (reserved !== undefined) return `must not contain the reserved word "${reserved}"`;
  return null;
}

/**
 * Turns any text into a valid skill name: NFKD with accents dropped, lower case, every run of
 * other characters a single hyphen, reserved words dropped, cut at a hyphen to 64 characters.
 * Text with no ASCII letters or digits (Chinese, say) becomes `skill-<8 hex of its hash>`; so
 * does text that is only reserved words.
 */
export function skillSlug(text: string): string {
  const ascii = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  const parts = ascii.split("-").filter((part) => part !== "" && !RESERVED_NAME_WORDS.includes(part));
  let slug = "";
  for (const part of parts) {
    const next = slug === "" ? part : `${slug}-${part}`;
    if (next.length > MAX_SKILL_NAME_CHARS) {
      if (slug === "") slug = part.slice(0, MAX_SKILL_NAME_CHARS);
      break;
    }
    slug = next;
  }
  return slug === "" ? `skill-${fnv1a64(text).slice(0, 8)}` : slug;
}

/**
 * A name not in `taken`: `base` itself, else `base-2`, `base-3`… (cut so the whole stays within
 * 64 characters).
 */
export function uniqueSkillName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let counter = 2; ; counter++) {
    const suffix = `-${counter}`;
    const stem = base.slice(0, MAX_SKILL_NAME_CHARS - suffix.length).replace(/-+$/, "");
    const candidate = `${stem}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const CONTROL = /\p{Cc}/gu;

/**
 * One clean line of text: lone surrogates replaced by U+FFFD, every whitespace run (newlines
 * included) one space, other control characters dropped, trimmed, cut to `max` characters with
 * an ellipsis (never inside a surrogate pair).
 */
export function skillLine(text: string, max = MAX_SKILL_ITEM_CHARS): string {
  // Whitespace first becomes spaces, then other control characters go, then runs of spaces are
  // one: so "a\t\u0000\tb" is "a b" and cleaning a cleaned line changes nothing.
  const line = text
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(/\s/gu, " ")
    .replace(CONTROL, "")
    .replace(/ {2,}/g, " ")
    .trim();
  const chars = Array.from(line);
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : line;
}

/**
 * A description Claude Code accepts: one line ({@link skillLine}), angle brackets removed (the
 * skill upload refuses XML tags in it), at most 1024 characters. Empty input gives "".
 */
export function skillDescription(text: string): string {
  return skillLine(text.replace(/[<>]/g, " "), MAX_SKILL_DESCRIPTION_CHARS);
}

/** Input of {@link createSkill}. Text is cleaned; lists are deduplicated and capped. */
export interface NewSkill {
  id: string;
  /** Any text; made a valid name with {@link skillSlug} unless it already is one. */
  name: string;
  title: string;
  description: string;
  whenToUse: readonly string[];
  steps: readonly string[];
  pitfalls: readonly string[];
  sourceLessonIds: readonly string[];
  sourceTaskIds: readonly string[];
  scope: LessonScope;
  projectId: string | null;
  /** Default `active`. */
  status?: SkillStatus;
  now: number;
}

/**
 * Builds a skill at version 1. Throws `InvalidInputError` for input that should have been
 * checked before (no step, empty description, project scope without a project id).
 */
export function createSkill(input: NewSkill): Skill {
  const content = cleanContent(input);
  if (content.steps.length === 0)
    throw new InvalidInputError({ message: "a skill needs a step", field: "steps" });
  if (content.description === "")
    throw new InvalidInputError({ message: "description is empty", field: "description" });
  if (input.scope === "project" && input.projectId === null)
    throw new InvalidInputError({ message: "a project skill needs a projectId", field: "projectId" });
  return {
    id: input.id,
    name: isValidSkillName(input.name) ? input.name : skillSlug(input.name),
    ...content,
    sourceLessonIds: [...new Set(input.sourceLessonIds)],
    sourceTaskIds: [...new Set(input.sourceTaskIds)],
    version: 1,
    status: input.status ?? "active",
    statusReason: null,
    scope: input.scope,
    projectId: input.projectId,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** Cleans skill content: one-line items, empty and repeated items dropped, lists capped. */
export function cleanContent(content: {
  title: string;
  description: string;
  whenToUse: readonly string[];
  steps: readonly string[];
  pitfalls: readonly string[];
}): SkillContent {
  const list = (items: readonly string[], max: number) =>
    [...new Set(items.map((item) => skillLine(item)).filter((item) => item !== ""))].slice(0, max);
  return {
    title: skillLine(content.title, 120),
    description: skillDescription(content.description),
    whenToUse: list(content.whenToUse, MAX_SKILL_ITEMS.whenToUse),
    steps: list(content.steps, MAX_SKILL_ITEMS.steps),
    pitfalls: list(content.pitfalls, MAX_SKILL_ITEMS.pitfalls),
  };
}

/** Where a skill applies, as one key: `global`, or `project:<projectId>` (as for lessons). */
export function skillScopeKey(skill: Pick<Skill, "scope" | "projectId">): string {
  return skill.scope === "global" ? "global" : `project:${skill.projectId}`;
}

/** Noun-action names of skill history events. */
export type SkillEventType =
  | "skill-created"
  | "skill-refined"
  | "skill-extended"
  | "skill-fixed"
  | "skill-drafted"
  | "skill-activated"
  | "skill-archived";
/** Every skill event type. */
export const SKILL_EVENT_TYPES: readonly SkillEventType[] = [
  "skill-created",
  "skill-refined",
  "skill-extended",
  "skill-fixed",
  "skill-drafted",
  "skill-activated",
  "skill-archived",
];

/** One change to one skill: the whole skill before (null for a creation) and after, and why. */
export interface SkillEvent {
  id: string;
  skillId: string;
  type: SkillEventType;
  before: Skill | null;
  after: Skill;
  reason: string;
  /** Epoch ms. */
  at: number;
}
