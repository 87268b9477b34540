/**
 * Exporting the skill book's active skills as Claude Code skills (`<dir>/<name>/SKILL.md`): which
 * files tacit may overwrite or remove (its marker), name clashes, and symbolic links refused.
 */
import { lstat, mkdir, readdir, rmdir, unlink } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { InvalidInputError } from "../core/errors.js";
import { isValidSkillName, type Skill } from "../core/skills/skill.js";
import { parseSkillMarkdown, readSkillMarker, renderSkillMarkdown } from "../core/skills/skill-markdown.js";
import type { SkillStore } from "../store/skill-store.js";
import { linkedPath, readOwnFile, refuseLinkedFolders, writeFileAtomically } from "./skill-files.js";

/** What `export` did. Paths are absolute. */
export interface ExportResult {
  dir: string;
  /** SKILL.md files written (new or changed). */
  written: string[];
  /** SKILL.md files already up to date. */
  unchanged: string[];
  /** SKILL.md files tacit had written for skills no longer active, now removed. */
  removed: string[];
  /** Skills not exported, with why (a file tacit did not write is in the way, a name clash). */
  skipped: Array<{ name: string; path: string; reason: string }>;
}

/**
 * Writes `<dir>/<name>/SKILL.md` for every active skill (of a project and the global ones when
 * `projectId` is given; a project skill wins a name clash). Overwrites only files tacit wrote
 * (they start with its marker), never deletes a folder it did not empty, and removes the files
 * it wrote for skills since archived or drafted. Files are replaced atomically. Symbolic links
 * are never followed (see skill-files.ts): a linked folder on the way to `dir`, below `root`
 * (default: `dir`'s parent), refuses the export; a linked skill folder or SKILL.md is skipped.
 */
export async function exportSkills(
  deps: { skills: SkillStore; maxRows: number; ids: () => string },
  input: { dir: string; projectId?: string; root?: string },
): Promise<ExportResult> {
  const { skills, ids } = deps;
  const dir = resolve(input.dir);
  await refuseLinkedFolders(resolve(input.root ?? dirname(dir)), dir);
  const result: ExportResult = { dir, written: [], unchanged: [], removed: [], skipped: [] };
  const active = await skills.listSkills({
    status: ["active"],
    limit: deps.maxRows,
    ...(input.projectId ? { projectId: input.projectId } : {}),
  });
  // A project's own skill wins a name clash with a global one; otherwise by name, for stable output.
  const ordered = [...active].sort(
    (first, second) =>
      Number(first.scope === "global") - Number(second.scope === "global") ||
      first.name.localeCompare(second.name),
  );
  // Nothing to write and no folder to tidy: create none (an empty `.claude/skills` is clutter).
  if (ordered.length === 0 && !(await folderExists(dir))) return result;
  await mkdir(dir, { recursive: true });
  const exported = new Map<string, Skill>();
  for (const skill of ordered) {
    const folder = join(dir, skill.name);
    const path = join(folder, "SKILL.md");
    const owner = exported.get(skill.name);
    if (owner || !isValidSkillName(skill.name)) {
      const reason = owner ? `name also used by skill ${owner.id}` : "invalid name";
      result.skipped.push({ name: skill.name, path, reason });
      continue;
    }
    const linked = await linkedPath(folder, path);
    if (linked) {
      result.skipped.push({ name: skill.name, path, reason: linked });
      continue;
    }
    const markdown = renderSkillMarkdown(skill);
    const present = await readOwnFile(path);
    if (present !== null) {
      const marker = tacitMarker(present);
      const other = marker && marker.skillId !== skill.id ? await skills.getSkill(marker.skillId) : null;
      if (!marker || other?.status === "active") {
        const reason = marker
          ? `holds active skill ${marker.skillId}`
          : "SKILL.md exists and was not written by tacit";
        result.skipped.push({ name: skill.name, path, reason });
        continue;
      }
    }
    exported.set(skill.name, skill);
    if (present === markdown) {
      result.unchanged.push(path);
      continue;
    }
    await writeFileAtomically(folder, "SKILL.md", markdown, ids());
    result.written.push(path);
  }
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || exported.has(entry.name)) continue;
    const path = join(dir, entry.name, "SKILL.md");
    const present = await readOwnFile(path);
    const marker = present === null ? null : tacitMarker(present);
    if (!marker) continue;
    const skill = await skills.getSkill(marker.skillId);
    if (!skill || skill.status === "active") continue;
    await unlink(path);
    result.removed.push(path);
    if ((await readdir(join(dir, entry.name))).length === 0) await rmdir(join(dir, entry.name));
  }
  return result;
}

/** Whether `path` is there (a folder or anything else: export then fails on it as before). */
async function folderExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** The tacit marker of a SKILL.md, or null when tacit did not write it. */
function tacitMarker(text: string): { skillId: string; version: number } | null {
  try {
    return readSkillMarker(parseSkillMarkdown(text).body);
  } catch (error) {
    // A file that does not parse as SKILL.md was not written by tacit: leave it alone.
    if (error instanceof InvalidInputError) return null;
    throw error;
  }
}
