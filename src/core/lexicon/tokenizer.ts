/**
 * The one tokenizer: a text into sentences, words and CJK character bigrams. Chinese has no
 * spaces, so a run of CJK characters is read as its overlapping bigrams ("不能用" → 不能, 能用), the
 * way full-text search, similarity and topic grouping all compare Chinese. Pure.
 */

/** One sentence of a message: its trimmed text and [start, end) offsets into the message. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
}

/** A sentence ends after . ! ? followed by a space or the end, after 。！？； or at a line break. */
const SENTENCE_END = /[.!?]+(?=\s|$)|[。！？；\n]+/g;

/** The sentences of `text`, trimmed, empty ones left out. */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let from = 0;
  const push = (to: number) => {
    const raw = text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed !== "")
      sentences.push({ text: trimmed, start: from + lead, end: from + lead + trimmed.length });
    from = to;
  };
  SENTENCE_END.lastIndex = 0;
  for (let found = SENTENCE_END.exec(text); found !== null; found = SENTENCE_END.exec(text)) {
    push(found.index + found[0].length);
  }
  push(text.length);
  return sentences;
}

/** The text of `message` from the start of `first` to the end of `last`, verbatim. */
export function sentenceRun(message: string, first: Sentence, last: Sentence): string {
  return message.slice(first.start, last.end).trim();
}
