/**
 * The `<tacit-context>` block: the fence around what tacit injects into a prompt. Two promises
 * hang on it:
 * - an item's text can never end the block or open a new one: every marker-like text inside an
 *   item is neutralised before it is rendered, and an item stays on one line;
 * - tacit never learns back its own recall: capture removes a block tacit injected, and only such
 *   a block (the open marker, a line break, heading and `- item` lines, the close marker on its own
 *   line), and only where tacit injects it (the user's prompt, additional context). A `<tacit-context>`
 *   anywhere else (tool output that prints tacit's own source, say) is text like any other.
 * Pure.
 */

/** Opening and closing markers around context tacit injects into prompts. */
export const TACIT_CONTEXT_OPEN = "<tacit-context>";
export const TACIT_CONTEXT_CLOSE = "</tacit-context>";

/**
 * A `<` that could start a tacit marker as a reader might take it: any case, white space, a slash or
 * invisible characters before the name, and the full-width and small look-alikes of `<`. Any `<`
 * before "tacit" counts, whatever follows: the rest of the name may come from the next line.
 */
const MARKER_START = /[<\uFF1C\uFE64](?=[\s/\u200B-\u200D\u2060\uFEFF]*tacit)/gi;
/** Line breaks of every kind, with the white space around them. */
const LINE_BREAKS = /[^\S\r\n\u2028\u2029]*[\r\n\u2028\u2029]+\s*/g;

/**
 * An item's text made safe to render inside the block: marker-like text has its `<` escaped as
 * `&lt;`, and line breaks become spaces, so the text can neither close the block, open another, nor
 * pose as a heading or another item.
 */
export function neutralizeContextText(text: string): string {
  return text.replace(LINE_BREAKS, " ").replace(MARKER_START, "&lt;");
}

/** A line of a block's body: a heading ending with a colon, or an item. */
const BODY_LINE = /^(?:- .*|[^\n]*[:：])$/;

/** The [start, end) of the first well-formed block at or after `from`, or null. */
function findBlock(text: string, from: number): [number, number] | null {
  for (let open = text.indexOf(TACIT_CONTEXT_OPEN, from); open >= 0; ) {
    const bodyStart = open + TACIT_CONTEXT_OPEN.length;
    const lineBreak = text.startsWith("\r\n", bodyStart) ? 2 : text.startsWith("\n", bodyStart) ? 1 : 0;
    const close = lineBreak ? text.indexOf(`\n${TACIT_CONTEXT_CLOSE}`, bodyStart) : -1;
    if (close >= 0) {
      const body = text
        .slice(bodyStart + lineBreak, close)
        .replace(/\r$/, "")
        .split(/\r?\n/);
      if (body.length > 0 && body.every((line) => BODY_LINE.test(line))) {
        return [open, close + 1 + TACIT_CONTEXT_CLOSE.length];
      }
    }
    open = text.indexOf(TACIT_CONTEXT_OPEN, open + 1);
  }
  return null;
}

/**
 * Removes every well-formed block tacit injected (see the module comment) from a prompt or an
 * additional context. Anything else, an unclosed or malformed block included, is kept as it is.
 */
export function stripInjectedContext(text: string): string {
  if (!text.includes(TACIT_CONTEXT_OPEN)) return text;
  let result = "";
  let from = 0;
  for (let block = findBlock(text, 0); block !== null; block = findBlock(text, from)) {
    result += text.slice(from, block[0]);
    from = block[1];
  }
  if (from === 0) return text;
  return (result + text.slice(from)).replace(/\n{3,}/g, "\n\n").trim();
}
