/**
 * The clauses of a rule by the slots it sets: "lint 已经不用 eslint 了，…我们换成 biome 了" is one rule of
 * the linter; "用 pnpm，日志用 zap" is two. A clause that sets no slot, or leans on the one before and
 * names its value again, says more of the clause before it. Pure.
 */

import { leansOnNext, leansOnPrevious } from "../lexicon/leaning-clauses.js";
import type { SlotFinding } from "./slot-rule.js";
import { writtenForms } from "./slot-values.js";

/**
 * Clauses of a sentence, one per slot, when it states several ("以后变量名一律以 m_ 开头，方法都要写
 * docstring" → two conventions); a clause that names no slot stays with the one before it.
 */
export function clausesBySlot(
  text: string,
  slots: readonly SlotFinding[],
): Array<{ text: string; slot: SlotFinding | null }> {
  if (slots.length < 2) return [{ text, slot: slots[0] ?? null }];
  const parts: Array<{ text: string; slot: SlotFinding | null }> = [];
  const breaks = [...text.matchAll(/[，,；;]\s*/g)];
  let start = 0;
  for (const at of [...breaks.map((found) => found.index ?? 0), text.length]) {
    const piece = text.slice(start, at);
    // A clause does not hold a slot whose value another clause says: "lint 已经不用 eslint 了，…我们换成
    // biome 了" names the linter in its first clause, but sets biome in its last.
    const slot =
      slots.find(
        (found) => found.index >= start && found.index < at && (sets(found, piece) || !sets(found, text)),
      ) ?? null;
    const last = parts.at(-1);
    // An occasion or decision said first ("升到 Go 1.23 以后组里定了，…") is part of the rule after it.
    if (last !== undefined && leansOnNext(last.text))
      parts[parts.length - 1] = { text: text.slice(text.indexOf(last.text), at), slot };
    // …and one that leans on the clause before and names its value again, or its slot, says more of
    // its rule ("新页面用 Riverpod，带 codegen 的 @riverpod 注解那种", "…start with the Jira key, e.g.
    // CLN-231 …"); one of another slot is a rule of its own ("提交信息用中文写，格式是「模块: 做了什么」").
    else if (
      last !== undefined &&
      (slot === null ||
        (leansOnPrevious(piece) && (sameValue(slot, last.slot) || sameFamily(slot, last.slot))))
    )
      last.text = text.slice(text.indexOf(last.text), at);
    else parts.push({ text: piece, slot });
    const next = breaks.find((found) => (found.index ?? 0) === at);
    start = at + (next?.[0].length ?? 0);
  }
  // A part that names a slot in one clause and sets it in another holds it ("lint 已经不用 eslint 了，…我们换成 biome 了").
  return parts
    .filter((part) => part.text.trim() !== "")
    .map((part) => ({ ...part, slot: part.slot ?? slots.find((found) => sets(found, part.text)) ?? null }));
}

/** True when two slots govern one thing: the same slot, or one of its family ("commit-format.prefix"). */
function sameFamily(slot: SlotFinding, other: SlotFinding | null): boolean {
  if (other === null) return false;
  const [one, two] = [slot.slot, other.slot];
  return one === two || one.startsWith(`${two}.`) || two.startsWith(`${one}.`);
}

/** True when two slots hold one value, however it is written ("riverpod", "@riverpod"). */
function sameValue(slot: SlotFinding, other: SlotFinding | null): boolean {
  const bare = (value: string | null | undefined) => value?.toLowerCase().replace(/^@/, "");
  return other !== null && bare(slot.value) !== undefined && bare(slot.value) === bare(other.value);
}

/** True when `slot` sets a value said in `text`, in any way it is written (en as "英文"). */
export function sets(slot: SlotFinding, text: string): boolean {
  const said = text.toLowerCase();
  return (
    slot.value !== null &&
    writtenForms(slot.slot, slot.value).some((form) => said.includes(form.toLowerCase()))
  );
}
