/**
 * A lesson pack as text: YAML with a fixed key order, one lesson per block separated by a blank
 * line, long lines never folded (a changed rule is a one-line diff), and a header comment saying
 * what the file is. The same pack always renders to the same bytes. And the reader, which refuses
 * a pack that is not valid as a whole with `file:line` and the field. Pure.
 */
import { Document, isMap, isSeq } from "yaml";
import { parseYamlAs } from "../yaml-input.js";
import { type Pack, packSchema } from "./pack-format.js";

const HEADER = [
  " A tacit lesson pack: lessons and conventions shared by a team, reviewed like code.",
  " Import it with `tacit pack import FILE` (docs/packs.md). It never holds transcripts,",
  " tool output, secrets or email addresses: only rules, track records and evidence summaries.",
].join("\n");

/** The pack as YAML text (ends with a newline). */
export function renderPack(pack: Pack): string {
  const document = new Document(pack);
  document.commentBefore = HEADER;
  const lessons = document.get("lessons", true);
  if (isSeq(lessons)) {
    for (const item of lessons.items.slice(1)) if (isMap(item)) item.spaceBefore = true;
  }
  return document.toString({ lineWidth: 0, minContentWidth: 0 });
}

/** Reads and validates a pack; throws `InvalidInputError` naming `file`, the line and the field. */
export function parsePack(text: string, file: string): Pack {
  return parseYamlAs(packSchema, text, file, "YAML");
}
