/**
 * What the guard knows about tool calls, as data: which tool of which agent runs a shell command or
 * edits a file (and in which field), which words are programs, which programs take subcommands
 * that imply them ("push" is git's), the spellings of one flag or subcommand, and how package
 * managers name the same step. Each entry carries an example; adding an agent's tool or a program
 * is adding an entry here. Pure.
 */

/** How a tool's input says what it does. */
export type ToolShapeKind = "command" | "edit" | "patch";

/** One family of tools with the same input shape. */
export interface ToolShape {
  /** Tool names, compared case-insensitively. */
  readonly tools: readonly string[];
  readonly kind: ToolShapeKind;
  /** The input fields that hold the command, the file path or the patch, first found wins. */
  readonly fields: readonly string[];
  /** Which agents send it, and an input it reads. */
  readonly example: { agents: string; input: Record<string, unknown> };
}

/** Every tool-call shape the guard reads; a tool not listed here is never checked. */
export const TOOL_SHAPES: readonly ToolShape[] = [
  {
    tools: ["Bash"],
    kind: "command",
    fields: ["command"],
    example: { agents: "Claude Code, Codex", input: { command: "npm install zod" } },
  },
  {
    tools: ["shell", "local_shell", "exec_command", "container.exec", "unified_exec"],
    kind: "command",
    fields: ["command", "cmd"],
    example: { agents: "Codex (rollouts, older hooks)", input: { command: ["bash", "-lc", "npm install"] } },
  },
  {
    tools: ["exec", "bash", "process"],
    kind: "command",
    fields: ["command", "cmd"],
    example: { agents: "OpenClaw", input: { command: "git push --force" } },
  },
  {
    tools: ["Edit", "Write", "MultiEdit"],
    kind: "edit",
    fields: ["file_path", "path"],
    example: { agents: "Claude Code; OpenClaw's edit and write", input: { file_path: "/repo/src/api.ts" } },
  },
  {
    tools: ["NotebookEdit"],
    kind: "edit",
    fields: ["notebook_path", "file_path"],
    example: { agents: "Claude Code", input: { notebook_path: "/repo/notebooks/eda.ipynb" } },
  },
  {
    tools: ["apply_patch"],
    kind: "patch",
    fields: ["command", "input", "patch"],
    example: {
      agents: "Codex, OpenClaw",
      input: { command: "*** Begin Patch\n*** Update File: src/api.ts\n@@\n-a\n+b\n*** End Patch" },
    },
  },
];

/** A group of programs the guard recognises in a rule's words (a `code span` needs no entry). */
export interface ProgramGroup {
  readonly programs: readonly string[];
  readonly example: string;
}

/** Programs a rule may name without backticks ("never use npm here"). */
export const KNOWN_PROGRAMS: readonly ProgramGroup[] = [
  {
    programs: ["npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx", "node", "deno", "corepack"],
    example: "never use npm here, use pnpm",
  },
  {
    programs: [
      "pip",
      "pip3",
      "pipenv",
      "poetry",
      "uv",
      "uvx",
      "conda",
      "mamba",
      "python",
      "python3",
      "pytest",
    ],
    example: "don't pip install into the system python, use uv",
  },
  {
    programs: ["cargo", "go", "make", "cmake", "gradle", "gradlew", "mvn", "bundle", "gem", "rake", "rails"],
    example: "never run make clean",
  },
  {
    programs: ["docker", "docker-compose", "podman", "kubectl", "helm", "terraform", "ansible"],
    example: "don't run kubectl against prod",
  },
  { programs: ["git", "gh", "hub"], example: "never git push --force" },
  {
    programs: ["aws", "gcloud", "az", "fly", "vercel", "netlify", "heroku", "firebase"],
    example: "do not run aws without --profile",
  },
  { programs: ["brew", "apt", "apt-get", "yum", "dnf", "pacman", "apk"], example: "don't use brew here" },
  {
    programs: ["rm", "rmdir", "mv", "chmod", "chown", "kill", "pkill", "killall", "sed", "gsed", "dd"],
    example: "never run rm -rf in this repo",
  },
  {
    programs: ["jest", "vitest", "mocha", "eslint", "prettier", "biome", "tsc", "tsx", "webpack", "vite"],
    example: "don't use jest here, use vitest",
  },
  {
    programs: ["psql", "mysql", "sqlite3", "redis-cli", "mongosh", "mongo"],
    example: "never run psql against prod",
  },
  { programs: ["curl", "wget", "ssh", "scp", "rsync"], example: "don't curl the production api" },
];

/** A subcommand that names its program: "never push --force" is `git push --force`. */
export interface ImpliedProgram {
  readonly words: readonly string[];
  readonly program: string;
  /** Flags the word itself carries ("force-push" is `push --force`). */
  readonly flags?: readonly string[];
  readonly subcommand?: string;
  readonly example: string;
}

/** Subcommands said without their program. */
export const IMPLIED_PROGRAMS: readonly ImpliedProgram[] = [
  {
    words: ["push", "commit", "rebase", "merge", "checkout", "cherry-pick", "stash", "amend"],
    program: "git",
    example: "never push --force to main",
  },
  {
    words: ["force-push", "force push", "force-pushing", "force pushing"],
    program: "git",
    subcommand: "push",
    flags: ["--force"],
    example: "don't force-push to main",
  },
];

/** Spellings of one subcommand: a call with any of them is the subcommand. */
export interface SubcommandAliases {
  readonly program: string;
  readonly names: readonly string[];
  readonly example: string;
}

/** Subcommands with several names. The first is the one the guard stores. */
export const SUBCOMMAND_ALIASES: readonly SubcommandAliases[] = [
  { program: "npm", names: ["install", "i", "add", "in", "isntall"], example: "npm i zod" },
  { program: "npm", names: ["uninstall", "remove", "rm", "un", "r"], example: "npm rm zod" },
  { program: "npm", names: ["run", "run-script", "rum", "urn"], example: "npm run-script build" },
  { program: "npm", names: ["test", "t", "tst"], example: "npm t" },
  { program: "pnpm", names: ["install", "i"], example: "pnpm i" },
  { program: "pnpm", names: ["remove", "rm", "uninstall", "un"], example: "pnpm rm zod" },
  { program: "yarn", names: ["remove", "rm"], example: "yarn rm zod" },
  { program: "pip", names: ["install", "i"], example: "pip i requests" },
];

/** Spellings of one flag of a command. The first is the one the guard stores. */
export interface FlagAliases {
  readonly program: string;
  readonly subcommand?: string;
  readonly names: readonly string[];
  readonly example: string;
}

/** Flags with several spellings (a longer flag that only starts the same, `--force-with-lease`, is another flag). */
export const FLAG_ALIASES: readonly FlagAliases[] = [
  { program: "git", subcommand: "push", names: ["--force", "-f"], example: "git push -f origin main" },
  { program: "git", subcommand: "commit", names: ["--no-verify", "-n"], example: "git commit -n -m wip" },
  { program: "git", subcommand: "commit", names: ["--amend"], example: "git commit --amend" },
  { program: "rm", names: ["-rf", "-fr", "-Rf", "-fR"], example: "rm -fr build" },
];

/** Options of a program that take the next word as their value (so it is not the subcommand). */
export const OPTIONS_WITH_VALUE: Readonly<Record<string, readonly string[]>> = {
  git: ["-C", "-c", "--git-dir", "--work-tree", "--namespace"],
  npm: ["--prefix", "-w", "--workspace"],
  pnpm: ["-C", "--dir", "--filter", "-F"],
  yarn: ["--cwd"],
  docker: ["-H", "--host", "--context", "-c"],
  kubectl: ["-n", "--namespace", "--context", "--kubeconfig"],
};

/** Words before a command that only wrap it: `sudo npm i`, `env FOO=1 npm i`, `time make`. */
export const COMMAND_WRAPPERS: readonly string[] = [
  "sudo",
  "env",
  "time",
  "command",
  "exec",
  "nohup",
  "nice",
];

/** Shells whose `-c` script is itself a command line: `bash -lc "npm install"`. */
export const SHELLS: readonly string[] = ["sh", "bash", "zsh", "dash", "fish"];

/** One step as each package manager names it. */
export interface PackageStep {
  /** What the step does, for documentation. */
  readonly step: string;
  /** The subcommand per package manager. */
  readonly names: Readonly<Record<string, string>>;
  /** Whether the step names packages (`npm install zod` is `pnpm add zod`, bare `npm install` is `pnpm install`). */
  readonly withPackages: boolean;
  readonly example: string;
}

/** Package-manager steps, to say what to run instead ("pnpm add zod" for a denied "npm install zod"). */
export const PACKAGE_STEPS: readonly PackageStep[] = [
  {
    step: "add a dependency",
    names: { npm: "install", pnpm: "add", yarn: "add", bun: "add" },
    withPackages: true,
    example: "npm install zod → pnpm add zod",
  },
  {
    step: "install the locked dependencies",
    names: { npm: "install", pnpm: "install", yarn: "install", bun: "install" },
    withPackages: false,
    example: "npm install → pnpm install",
  },
  {
    step: "remove a dependency",
    names: { npm: "uninstall", pnpm: "remove", yarn: "remove", bun: "remove" },
    withPackages: true,
    example: "npm uninstall zod → yarn remove zod",
  },
  {
    step: "run a script",
    names: { npm: "run", pnpm: "run", yarn: "run", bun: "run" },
    withPackages: true,
    example: "npm run build → pnpm run build",
  },
  {
    step: "run the tests",
    names: { npm: "test", pnpm: "test", yarn: "test", bun: "test" },
    withPackages: false,
    example: "npm test → pnpm test",
  },
];

const programs = new Set(KNOWN_PROGRAMS.flatMap((group) => group.programs));

/** True for a word the guard takes as a program when a rule names it without backticks. */
export function isKnownProgram(word: string): boolean {
  return programs.has(word.toLowerCase());
}

/** The shape of a tool, by name (case-insensitive), or null when the guard does not read it. */
export function toolShape(toolName: string): ToolShape | null {
  const name = toolName.toLowerCase();
  return TOOL_SHAPES.find((shape) => shape.tools.some((tool) => tool.toLowerCase() === name)) ?? null;
}

/** The stored name of a subcommand (`npm i` → install), or the word itself. */
export function canonicalSubcommand(program: string, word: string): string {
  const found = SUBCOMMAND_ALIASES.find((entry) => entry.program === program && entry.names.includes(word));
  return found?.names[0] ?? word;
}

/** Every spelling of a flag of `program subcommand` (the flag itself when it has no others). */
export function flagSpellings(
  program: string,
  subcommand: string | undefined,
  flag: string,
): readonly string[] {
  const found = FLAG_ALIASES.find(
    (entry) =>
      entry.program === program &&
      (entry.subcommand === undefined || entry.subcommand === subcommand) &&
      entry.names.includes(flag),
  );
  return found?.names ?? [flag];
}

/** The program a subcommand said alone implies ("push" → git), or null. */
export function impliedProgram(words: string): ImpliedProgram | null {
  const text = words.toLowerCase();
  return IMPLIED_PROGRAMS.find((entry) => entry.words.includes(text)) ?? null;
}
