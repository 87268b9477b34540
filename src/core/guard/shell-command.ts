/**
 * A shell command line as the simple commands it runs: `cd api && FOO=1 sudo npm i zod | tee log`
 * runs `npm i zod` and `tee log`. Enough of the shell to see which programs a line starts, with
 * which arguments: quotes, separators (`&&`, `||`, `;`, `|`, `&`, line breaks), variable
 * assignments and wrappers before a command (`sudo`, `env`, `time`), and the script of `bash -c`.
 * Not a shell: no expansion, no subshell parsing (`$(…)` stays one word). Pure.
 */
import { COMMAND_WRAPPERS, canonicalSubcommand, OPTIONS_WITH_VALUE, SHELLS } from "./tool-lexicon.js";

/** One simple command of a line. */
export interface SimpleCommand {
  /** The program's name (a path's last part: `/usr/bin/npm` is npm), lower case. */
  program: string;
  /** Its arguments, unquoted. */
  args: string[];
  /** The first argument that is not an option (aliases resolved: `npm i` → install), or null. */
  subcommand: string | null;
  /** The words as written, joined by spaces. */
  text: string;
}

/** Nested `bash -c` scripts followed at most this deep. */
const MAX_DEPTH = 3;

/** The simple commands a command line runs, in order. */
export function simpleCommands(line: string, depth = 0): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  for (const words of segments(line)) {
    const command = simpleCommand(words);
    if (!command) continue;
    const script = shellScript(command);
    if (script !== null && depth < MAX_DEPTH) commands.push(...simpleCommands(script, depth + 1));
    else commands.push(command);
  }
  return commands;
}

/** The words of each segment between separators, quotes removed. */
function segments(line: string): string[][] {
  const all: string[][] = [];
  let words: string[] = [];
  let word = "";
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = "";
    inWord = false;
  };
  const endSegment = () => {
    endWord();
    if (words.length > 0) all.push(words);
    words = [];
  };
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (char === "'" || char === '"') {
      const close = line.indexOf(char, index + 1);
      const end = close < 0 ? line.length : close;
      word += line.slice(index + 1, end);
      inWord = true;
      index = end;
    } else if (char === "\\" && index + 1 < line.length) {
      // A line continuation joins the lines; any other escaped character is itself.
      if (line[index + 1] !== "\n") {
        word += line[index + 1];
        inWord = true;
      }
      index++;
    } else if (char === "&" || char === "|" || char === ";" || char === "\n") {
      endSegment();
      if ((char === "&" || char === "|") && line[index + 1] === char) index++;
    } else if (/\s/.test(char)) {
      endWord();
    } else if (char === "#" && !inWord) {
      // A comment runs to the end of the line.
      const lineEnd = line.indexOf("\n", index);
      index = lineEnd < 0 ? line.length : lineEnd - 1;
    } else {
      word += char;
      inWord = true;
    }
  }
  endSegment();
  return all;
}

function simpleCommand(given: string[]): SimpleCommand | null {
  const words = [...given];
  // Assignments and wrappers before the program: FOO=1 sudo -E env BAR=2 npm i.
  for (;;) {
    const first = words[0];
    if (first === undefined) return null;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(first)) words.shift();
    else if (COMMAND_WRAPPERS.includes(first)) {
      words.shift();
      while (words[0]?.startsWith("-")) words.shift();
    } else break;
  }
  const [head, ...args] = words;
  if (head === undefined || head === "cd" || head === "pushd") return null;
  const program = (head.split("/").pop() ?? head).toLowerCase();
  return { program, args, subcommand: subcommandOf(program, args), text: words.join(" ") };
}

/** The first argument that is neither an option nor an option's value. */
function subcommandOf(program: string, args: readonly string[]): string | null {
  const index = positionals(program, args)[0];
  return index === undefined ? null : canonicalSubcommand(program, args[index] as string);
}

/** Where the positional arguments are: neither options nor the values of options that take one. */
function positionals(program: string, args: readonly string[]): number[] {
  const valued = OPTIONS_WITH_VALUE[program] ?? [];
  const found: number[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (valued.includes(arg)) index++;
    else if (!arg.startsWith("-")) found.push(index);
  }
  return found;
}

/** The script of `bash -c SCRIPT` (also `-lc`, `-ec`…), or null for any other command. */
function shellScript(command: SimpleCommand): string | null {
  if (!SHELLS.includes(command.program)) return null;
  const flag = command.args.findIndex((arg) => /^-[a-z]*c[a-z]*$/.test(arg));
  return flag >= 0 ? (command.args[flag + 1] ?? null) : null;
}

/** The positional arguments after the subcommand (`npm install zod -D` → ["zod"]). */
export function positionalsAfterSubcommand(command: SimpleCommand): string[] {
  return positionals(command.program, command.args)
    .slice(1)
    .map((index) => command.args[index] as string);
}

/** The arguments without the subcommand, options kept in place (`install -D zod` → `-D zod`). */
export function argsWithoutSubcommand(command: SimpleCommand): string[] {
  const index = positionals(command.program, command.args)[0];
  return index === undefined ? [...command.args] : command.args.filter((_arg, at) => at !== index);
}
