/**
 * Commands changed: a newer convention that tells of a change and runs the same command as an older
 * one with other flags ("from now on the pre-commit check is `cargo clippy --all-targets -- -D
 * warnings -W clippy::pedantic`" after "we run `cargo clippy -- -D warnings` before every commit")
 * replaces it. The command is the same when the words before its first flag are ("cargo clippy"),
 * two at least: `npm run lint` and `npm run typecheck` are two commands (docs/lessons.md#commands-changed).
 * Pure.
 */
import { saysUpdate } from "../lexicon/update-cues.js";
import type { Lesson } from "./lesson.js";

/** One command a rule writes in code marks: its words before the first flag, and all of it. */
interface WrittenCommand {
  head: string;
  whole: string;
}

/** The commands `rule` writes in backticks with a flag ("`cargo clippy -- -D warnings`"). */
function commandsIn(rule: string): WrittenCommand[] {
  return [...rule.matchAll(/`([^`\n]+)`/g)].flatMap((match) => {
    const words = (match[1] as string).trim().toLowerCase().split(/\s+/);
    const flag = words.findIndex((word) => word.startsWith("-"));
    if (flag < 2) return [];
    return [{ head: words.slice(0, flag).join(" "), whole: words.join(" ") }];
  });
}

/** True when `newer` tells of a change and runs a command of `older` with other flags (see above). */
export function changesCommand(
  newer: Pick<Lesson, "rule" | "convention">,
  older: Pick<Lesson, "rule" | "convention">,
): boolean {
  if (newer.convention !== true || older.convention !== true || !saysUpdate(newer.rule)) return false;
  const old = commandsIn(older.rule);
  return commandsIn(newer.rule).some((fresh) =>
    old.some((command) => command.head === fresh.head && command.whole !== fresh.whole),
  );
}
