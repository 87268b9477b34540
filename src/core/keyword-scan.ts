/**
 * Finds every occurrence of many keywords in one pass over a text (Aho–Corasick), ignoring ASCII
 * case. The redactor runs a secret kind's pattern only on text holding one of its keywords, and
 * looks for assigned secrets only where a secret name ends; testing 150 keywords one by one, or as
 * one alternation, costs more than every pattern together.
 */

const ALPHABET = 128;

/** A scanner over a fixed set of keywords. */
export class KeywordScanner {
  /** Transitions on ASCII characters (lower-cased), for every state: a complete automaton. */
  private readonly ascii: Int32Array;
  /** Transitions on other characters, by state, before failure links are followed. */
  private readonly other: Array<Map<number, number> | undefined> = [];
  private readonly failure: number[] = [0];
  /** Keywords that end in each state, failure chain included. */
  private readonly outputs: Array<readonly number[]> = [[]];
  /** Whether any keyword holds a character outside ASCII. */
  private readonly hasOther: boolean;

  /** `keywords` are matched as given, ASCII letters in either case. */
  constructor(readonly keywords: readonly string[]) {
    const lower = keywords.map((keyword) => keyword.toLowerCase());
    this.hasOther = lower.some((keyword) => /[^\x00-\x7f]/.test(keyword));
    // The trie, with goto edges in maps while it is built.
    const edges: Array<Map<number, number>> = [new Map()];
    const ends: number[][] = [[]];
    lower.forEach((keyword, index) => {
      let state = 0;
      for (let position = 0; position < keyword.length; position++) {
        const code = keyword.charCodeAt(position);
        let next = edges[state]?.get(code);
        if (next === undefined) {
          next = edges.length;
          edges.push(new Map());
          ends.push([]);
          edges[state]?.set(code, next);
        }
        state = next;
      }
      ends[state]?.push(index);
    });
    const count = edges.length;
    this.ascii = new Int32Array(count * ALPHABET);
    this.failure = new Array<number>(count).fill(0);
    this.outputs = ends.map((list) => [...list]);
    // Breadth first: a state's failure link and outputs are known before its children's.
    const queue: number[] = [];
    for (const [code, child] of edges[0] ?? []) {
      queue.push(child);
      if (code < ALPHABET) this.ascii[code] = child;
      else (this.other[0] ??= new Map()).set(code, child);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] as number;
      const fallback = this.failure[state] as number;
      this.outputs[state] = [...(this.outputs[state] ?? []), ...(this.outputs[fallback] ?? [])];
      for (let code = 0; code < ALPHABET; code++) {
        const child = edges[state]?.get(code);
        if (child === undefined) {
          this.ascii[state * ALPHABET + code] = this.ascii[fallback * ALPHABET + code] as number;
          continue;
        }
        this.ascii[state * ALPHABET + code] = child;
        this.failure[child] = state === 0 ? 0 : (this.ascii[fallback * ALPHABET + code] as number);
        queue.push(child);
      }
      for (const [code, child] of edges[state] ?? []) {
        if (code < ALPHABET) continue;
        (this.other[state] ??= new Map()).set(code, child);
        this.failure[child] = this.otherStep(fallback, code);
        queue.push(child);
      }
    }
  }

  /** The state after a non-ASCII character, following failure links. */
  private otherStep(from: number, code: number): number {
    for (let state = from; ; state = this.failure[state] as number) {
      const next = this.other[state]?.get(code);
      if (next !== undefined) return next;
      if (state === 0) return 0;
    }
  }

  /** Calls `found(keyword index, end)` for every occurrence, `end` being one past its last character. */
  scan(text: string, found: (keyword: number, end: number) => void): void {
    const { ascii, outputs } = this;
    let state = 0;
    for (let index = 0; index < text.length; index++) {
      let code = text.charCodeAt(index);
      if (code < ALPHABET) {
        if (code >= 65 && code <= 90) code += 32;
        state = ascii[state * ALPHABET + code] as number;
      } else {
        state = this.hasOther ? this.otherStep(state, code) : 0;
      }
      const ended = outputs[state] as readonly number[];
      for (let item = 0; item < ended.length; item++) found(ended[item] as number, index + 1);
    }
  }
}
