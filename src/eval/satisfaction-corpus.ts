/**
 * Reads a satisfaction-rated corpus folder (the User Satisfaction Simulation files, see
 * eval/satisfaction/README.md) into rated dialogues.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { InvalidInputError } from "../core/errors.js";
import { type CorpusHalf, parseRatedDialogues, type RatedDialogue } from "./satisfaction.js";

/**
 * The corpus files measured, by name. The SGD file of the same corpus is deliberately not among
 * them: it is kept apart as an outside benchmark, so no rule is tuned on it.
 */
export const SATISFACTION_CORPUS_FILES: readonly string[] = ["MWOZ.txt", "ReDial.txt"];

/**
 * Load the corpus files of `folder` and keep the dialogues of `half` (both when undefined).
 * Throws `InvalidInputError` naming a missing file or a bad line.
 */
export async function loadSatisfactionCorpus(folder: string, half?: CorpusHalf): Promise<RatedDialogue[]> {
  const dialogues: RatedDialogue[] = [];
  for (const name of SATISFACTION_CORPUS_FILES) {
    const file = join(folder, name);
    const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
      throw new InvalidInputError({
        message: `cannot read the corpus file (${error.code ?? error.message})`,
        file,
      });
    });
    dialogues.push(...parseRatedDialogues(text, name.replace(/\.txt$/, ""), file));
  }
  return half === undefined ? dialogues : dialogues.filter((dialogue) => dialogue.half === half);
}
