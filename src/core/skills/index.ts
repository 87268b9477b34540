/**
 * Skills: the pure core (model, planning, upgrades, SKILL.md). Explicit named re-exports (no
 * `export *`).
 */
export {
  DEFAULT_SKILL_PLAN_CONFIG,
  type PlanSkillsInput,
  planSkills,
  type SkillCandidate,
  type SkillExperience,
  type SkillPlanConfig,
} from "./plan-skills.js";
export {
  cleanContent,
  createSkill,
  isValidSkillName,
  MAX_SKILL_DESCRIPTION_CHARS,
  MAX_SKILL_ITEM_CHARS,
  MAX_SKILL_ITEMS,
  MAX_SKILL_NAME_CHARS,
  MIN_SUPPORT_TASKS,
  type NewSkill,
  RESERVED_NAME_WORDS,
  SKILL_EVENT_TYPES,
  SKILL_STATUSES,
  type Skill,
  type SkillContent,
  type SkillEvent,
  type SkillEventType,
  type SkillStatus,
  skillDescription,
  skillLine,
  skillNameProblem,
  skillScopeKey,
  skillSlug,
  uniqueSkillName,
} from "./skill.js";
export {
  type ParsedSkillMarkdown,
  parseSkillMarkdown,
  readSkillMarker,
  renderSkillMarkdown,
  type SkillFrontMatter,
  skillFrontMatterSchema,
  skillMarker,
  TACIT_MARKER_PREFIX,
} from "./skill-markdown.js";
export { coversTopic, diceSimilarity, type TextSimilarity, topicSimilarity, topicTokens } from "./topic.js";
export {
  hasSkillSupport,
  matchSkills,
  type SkillChange,
  type SkillUpgrade,
  upgradeSkill,
} from "./upgrade-skill.js";
