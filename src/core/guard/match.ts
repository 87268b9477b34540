/**
 * Whether a tool call's action is what a check looks for: the program (its subcommand, a flag, the
 * branch it works on), or a file under a path or glob. Pure: the caller says which branch the
 * project is on and where the project is.
 */
import type { GuardTarget } from "./checks.js";
import { positionalsAfterSubcommand, type SimpleCommand } from "./shell-command.js";
import type { ToolAction } from "./tool-call.js";
import { canonicalSubcommand, flagSpellings } from "./tool-lexicon.js";

/** What a call runs in: the project's folder and its current branch, when known. */
export interface CallContext {
  /** The project's root (its git root, else the session's folder); paths are taken relative to it. */
  projectRoot: string | null;
  /** The branch checked out in the project, or null (no git, detached, unknown). */
  branch: string | null;
}

/** True when `action` is what `target` names. */
export function matchesTarget(target: GuardTarget, action: ToolAction, context: CallContext): boolean {
  if (target.type === "edit") return action.kind === "edit" && pathMatches(target.path, action.path, context);
  if (action.kind !== "command") return false;
  const command = action.command;
  if (command.program !== target.program) return false;
  if (target.subcommand && command.subcommand !== canonicalSubcommand(target.program, target.subcommand))
    return false;
  if (target.flag && !hasFlag(command, target.flag)) return false;
  if (target.branch && branchOf(command, context) !== target.branch) return false;
  return true;
}

/** True when `action` runs the program of `target` at all (any subcommand, any flags). */
export function runsProgramOf(target: GuardTarget, action: ToolAction): boolean {
  return target.type === "command" && action.kind === "command" && action.command.program === target.program;
}

/** Whether a command carries a flag, in any of its spellings; `-rf` is also `-r -f` or `-fr`. */
export function hasFlag(command: SimpleCommand, flag: string): boolean {
  const spellings = flagSpellings(command.program, command.subcommand ?? undefined, flag);
  const shortLetters = new Set(
    command.args.filter((arg) => /^-[A-Za-z]+$/.test(arg)).flatMap((arg) => [...arg.slice(1)]),
  );
  return spellings.some((spelling) => {
    if (spelling.startsWith("--"))
      return command.args.some((arg) => arg === spelling || arg.startsWith(`${spelling}=`));
    return [...spelling.slice(1)].every((letter) => shortLetters.has(letter));
  });
}

/**
 * The branch a git command works on: a push's destination when it names one (`git push origin
 * +main`, `HEAD:main`), else the branch checked out.
 */
export function branchOf(command: SimpleCommand, context: CallContext): string | null {
  if (command.program === "git" && command.subcommand === "push") {
    const positionals = positionalsAfterSubcommand(command);
    const refspec = positionals.length >= 2 ? positionals.at(-1) : undefined;
    if (refspec) {
      const destination = refspec.replace(/^\+/, "").split(":").at(-1) ?? "";
      return destination.replace(/^refs\/heads\//, "") || context.branch;
    }
  }
  return context.branch;
}

/**
 * Whether a file path is under a rule's path or glob, case aside: `src/generated` covers
 * `src/generated/api.ts`; a name without a slash (`*.pb.go`, `.env.local`) is compared with the
 * file's name; `**` spans folders, `*` and `?` do not. Absolute paths inside the project are taken
 * relative to it.
 */
export function pathMatches(
  pattern: string,
  path: string,
  context: Pick<CallContext, "projectRoot">,
): boolean {
  const relative = relativePath(path, context.projectRoot).toLowerCase();
  const glob = pattern.replace(/^\.\//, "").toLowerCase();
  const subject = glob.includes("/") ? relative : (relative.split("/").at(-1) ?? relative);
  if (!/[*?]/.test(glob)) {
    const folder = glob.replace(/\/+$/, "");
    return subject === folder || subject.startsWith(`${folder}/`);
  }
  return globExpression(glob.replace(/\/+$/, "/**")).test(subject);
}

function relativePath(path: string, root: string | null): string {
  const normal = path.replace(/\\/g, "/").replace(/^\.\//, "");
  if (root === null) return normal;
  const base = root.replace(/\\/g, "/").replace(/\/+$/, "");
  return normal.startsWith(`${base}/`) ? normal.slice(base.length + 1) : normal;
}

function globExpression(glob: string): RegExp {
  let source = "";
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index] as string;
    if (char === "*" && glob[index + 1] === "*") {
      source += ".*";
      index++;
      if (glob[index + 1] === "/") index++;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}
