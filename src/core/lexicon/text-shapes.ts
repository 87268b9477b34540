/**
 * Text shapes: the form a kind of text takes, read from a template ("`<scope>: <summary>`",
 * "`[模块] 描述`") or an example of it ("CLM-412 Add claim export"), as one normalised template —
 * placeholders named by what they stand for, ticket keys as `<ticket>`, free words as `<summary>`,
 * the punctuation kept. "`[module] description`" and "`[模块] 描述`" are one shape,
 * "CLM-412 Add claim export" and "Add claim export [CLM-412]" two. Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/** A part of a shape: what it stands for, and the words that name it. */
interface ShapePart extends LexiconEntry {
  part: string;
}

const part = (name: string, pattern: RegExp, example: string): ShapePart => ({
  part: name,
  pattern,
  example,
});

/** The parts a template names, in English and Chinese; a whole placeholder or bare word is matched. */
export const SHAPE_PARTS = defineLexicon(
  "shape-parts",
  [
    part(
      "ticket",
      /^(?:(?:jira |ticket |issue |story )?(?:key|id|number|no\.?|#)|ticket|issue|jira|story|需求号|需求编号|工单号|单号|任务号|jira\s*号|issue\s*号)$/,
      "ticket key",
    ),
    part("scope", /^(?:scope|module|component|area|package|模块|范围|组件|作用域)$/, "module"),
    part("type", /^(?:type|kind|feat|fix|chore|docs|refactor|test|perf|build|ci|style|revert|类型)$/, "type"),
    part(
      "summary",
      /^(?:summary|subject|description|desc|message|msg|title|short[- ]desc(?:ription)?|imperative summary|描述|简述|说明|标题|内容|摘要)$/,
      "summary",
    ),
  ],
  "iu",
);

/** What a placeholder or a bare word stands for, or null when it names no part. */
function partOf(words: string): string | null {
  const said = words.trim().replace(/\s+/g, " ");
  return SHAPE_PARTS.entries.find((entry) => entry.pattern.test(said))?.part ?? null;
}

/** A ticket key written out: `CLM-412`, `#412`. */
const TICKET = /(?<![\w-])(?:[A-Z][A-Z0-9]{1,9}-\d+|#\d+)(?![\w-])/g;
/** A placeholder: `<scope>`, `{summary}`, `${ticket}`. */
const PLACEHOLDER = /\$?[<{]\s*([^<>{}]{1,24}?)\s*[>}]/g;
/** A run of words: letters, digits, Chinese, with spaces between. */
const WORDS = /[\p{L}\p{N}_'’.-]+(?:[ \t]+[\p{L}\p{N}_'’.-]+)*/gu;
/** Marks a part already read, so the run of words around it is not read again. */
const [OPEN, CLOSE] = ["\u0001", "\u0002"];

/**
 * The shape of a template or an example: "CLM-412 Add claim export" → `<ticket> <summary>`,
 * "`[模块] 描述`" → `[<scope>] <summary>`, "`<type>(<scope>): <subject>`" → `<type>(<scope>): <summary>`.
 * Null when nothing of it is read as a part, or it is words alone.
 */
export function textShape(written: string): string | null {
  const marked = written
    .trim()
    .replace(PLACEHOLDER, (_all, words: string) => `${OPEN}${partOf(words) ?? words.toLowerCase()}${CLOSE}`)
    .replace(TICKET, `${OPEN}ticket${CLOSE}`);
  // Free words around the parts: a part's name, else what an example says (its summary).
  const shape = marked
    .split(new RegExp(`(${OPEN}[^${CLOSE}]*${CLOSE})`))
    .map((piece) =>
      piece.startsWith(OPEN)
        ? piece
        : piece.replace(WORDS, (words) => `${OPEN}${partOf(words) ?? "summary"}${CLOSE}`),
    )
    .join("")
    .replace(/\s+/g, " ");
  // Words next to words are one summary ("Add claim export" after the ticket is one part).
  const joined = shape.replace(
    new RegExp(`${OPEN}summary${CLOSE}(?: ?${OPEN}summary${CLOSE})+`, "g"),
    `${OPEN}summary${CLOSE}`,
  );
  const read = joined.replace(new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`, "g"), "<$1>").trim();
  // Words alone are an example of a summary, no form ("Fix login"): nothing of a shape is read.
  return read === joined.trim() || read === "<summary>" ? null : read;
}
