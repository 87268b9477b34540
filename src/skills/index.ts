/**
 * The skill service: skills made from proven lessons and task experience, kept in the skill book
 * and exported as SKILL.md files. Other folders import it through this file.
 */
export { createSkillBook, type GenerateResult, type SkillBook, type SkillBookConfig } from "./skill-book.js";
export type { ExportResult } from "./skill-export.js";
