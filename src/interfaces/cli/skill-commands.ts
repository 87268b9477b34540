import { isAbsolute, relative, resolve } from "node:path";
import { findProjectId } from "../../capture/project.js";
import { NotFoundError } from "../../core/errors.js";
import { SKILL_STATUSES, type Skill, type SkillStatus } from "../../core/skills/skill.js";
import { createSkillBook, type SkillBook } from "../../skills/index.js";
import {
  CliError,
  type CliIo,
  firstOf,
  type GlobalOptions,
  oneLine,
  type StoreAccess,
  shortTime,
  withRuntime,
  writeJson,
  writeLine,
  writeListing,
} from "./cli-io.js";

/** Runs `work` with the skill book of the configured store. */
function withSkillBook<T>(
  io: CliIo,
  options: GlobalOptions,
  work: (book: SkillBook) => Promise<T>,
  access: StoreAccess = "write",
): Promise<T> {
  return withRuntime(
    io,
    options,
    (runtime) =>
      work(
        createSkillBook({
          store: runtime.store,
          skills: runtime.store,
          now: runtime.now,
          config: runtime.settings.skills,
        }),
      ),
    access,
  );
}

/** A `--project PATH` as a project id, the way capture makes one: absolute, then its git root. */
function projectOf(io: CliIo, project: string | undefined): { projectId?: string } {
  return project === undefined ? {} : { projectId: findProjectId(resolve(io.cwd, project)) };
}

/** Turns a missing skill into a one-line CLI error that says how to find skills. */
async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFoundError)
      throw new CliError(`${error.message} (list skills with: tacit skills list)`, 1);
    throw error;
  }
}

/** `tacit skills generate [--project PATH] [--json]` */
export async function skillsGenerate(
  options: GlobalOptions & { json?: boolean; project?: string },
  io: CliIo,
): Promise<number> {
  const result = await withSkillBook(io, options, (book) => book.generate(projectOf(io, options.project)));
  if (options.json) {
    writeJson(io, result);
    return 0;
  }
  const { considered } = result;
  writeLine(
    io.stdout,
    `Read ${considered.successfulTasks} successful task(s) of ${considered.tasks} and ${considered.lessons} lesson(s): ${considered.candidates} skill(s) supported by at least 2 tasks.`,
  );
  for (const skill of result.created) writeLine(io.stdout, `created   ${skill.name} (${skill.id})`);
  for (const item of result.upgraded)
    writeLine(
      io.stdout,
      `${item.change.padEnd(9)} ${item.skill.name} → version ${item.skill.version}: ${item.reason}`,
    );
  for (const skill of result.activated) writeLine(io.stdout, `activated ${skill.name}`);
  for (const skill of result.drafted)
    writeLine(io.stdout, `drafted   ${skill.name}: ${skill.statusReason ?? ""}`);
  for (const item of result.skipped) writeLine(io.stdout, `skipped   ${item.name}: ${item.reason}`);
  writeLine(io.stdout, `${result.unchanged} skill(s) unchanged.`);
  for (const warning of result.warnings) writeLine(io.stderr, `tacit: warning: ${warning}`);
  return 0;
}

export interface SkillListOptions extends GlobalOptions {
  json?: boolean;
  limit: number;
  status?: string;
  project?: string;
}

/** `tacit skills list` */
export async function skillsList(options: SkillListOptions, io: CliIo): Promise<number> {
  const status = options.status?.split(",").map((item) => item.trim());
  for (const item of status ?? []) {
    if (!SKILL_STATUSES.includes(item as SkillStatus))
      throw new CliError(`--status must be one of ${SKILL_STATUSES.join(", ")}, got "${item}"`);
  }
  const { items: skills, total } = firstOf(
    await withSkillBook(
      io,
      options,
      (book) =>
        book.list({
          limit: -1,
          ...(status ? { status: status as SkillStatus[] } : {}),
          ...projectOf(io, options.project),
        }),
      "read",
    ),
    options.limit,
  );
  return writeListing(io, options.json, skills, {
    total,
    empty: "No skills yet (they need at least 2 successful tasks on one topic: tacit skills generate).",
    headers: ["ID", "NAME", "STATUS", "VERSION", "SCOPE", "TASKS", "UPDATED", "DESCRIPTION"],
    row: (skill: Skill) => [
      skill.id,
      skill.name,
      skill.status,
      String(skill.version),
      skill.scope,
      String(skill.sourceTaskIds.length),
      shortTime(skill.updatedAt),
      oneLine(skill.description, 60),
    ],
  });
}

/** `tacit skills show NAME|ID` — prints the SKILL.md (with `--json`: the skill and its SKILL.md). */
export async function skillsShow(
  ref: string,
  options: GlobalOptions & { json?: boolean; project?: string },
  io: CliIo,
): Promise<number> {
  const shown = await orNotFound(
    withSkillBook(io, options, (book) => book.show(ref, projectOf(io, options.project)), "read"),
  );
  if (options.json) writeJson(io, shown);
  else io.stdout.write(shown.markdown);
  return 0;
}

/** `tacit skills export --dir DIR` — writes `<dir>/<name>/SKILL.md` for every active skill. */
export async function skillsExport(
  options: GlobalOptions & { json?: boolean; dir: string; project?: string },
  io: CliIo,
): Promise<number> {
  const dir = resolve(io.cwd, options.dir);
  // Below the working folder, every folder on the way may come from a repository: none may be a link.
  const inside = !relative(io.cwd, dir).startsWith("..") && !isAbsolute(relative(io.cwd, dir));
  const result = await withSkillBook(
    io,
    options,
    (book) => book.export({ dir, ...(inside ? { root: io.cwd } : {}), ...projectOf(io, options.project) }),
    "read",
  );
  if (options.json) {
    writeJson(io, result);
    return 0;
  }
  for (const path of result.written) writeLine(io.stdout, `wrote     ${path}`);
  for (const path of result.removed) writeLine(io.stdout, `removed   ${path}`);
  for (const item of result.skipped) writeLine(io.stdout, `skipped   ${item.path}: ${item.reason}`);
  writeLine(
    io.stdout,
    `${result.written.length} written, ${result.unchanged.length} unchanged, ${result.removed.length} removed, ${result.skipped.length} skipped, in ${result.dir}`,
  );
  return 0;
}

/** `tacit skills history NAME|ID` */
export async function skillsHistory(
  ref: string,
  options: GlobalOptions & { json?: boolean; project?: string },
  io: CliIo,
): Promise<number> {
  const events = await orNotFound(
    withSkillBook(io, options, (book) => book.history(ref, projectOf(io, options.project)), "read"),
  );
  if (options.json) {
    writeJson(io, events);
    return 0;
  }
  for (const event of events) {
    writeLine(
      io.stdout,
      `${event.id}  ${shortTime(event.at)}  ${event.type.padEnd(15)}  v${event.after.version}  ${oneLine(event.reason, 90)}`,
    );
  }
  return 0;
}

/** `tacit skills archive NAME|ID [--reason TEXT]` */
export async function skillsArchive(
  ref: string,
  options: GlobalOptions & { json?: boolean; reason?: string },
  io: CliIo,
): Promise<number> {
  const skill = await orNotFound(
    withSkillBook(io, options, (book) => book.archive(ref, options.reason?.trim() || "archived by hand")),
  );
  if (options.json) writeJson(io, skill);
  else writeLine(io.stdout, `Archived ${skill.name} (${skill.id}): it will not be exported or made again.`);
  return 0;
}
