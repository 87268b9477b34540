/**
 * Finds every occurrence of many keywords in one pass over a text (Aho–Corasick), ignoring ASCII
 * case. The redactor runs a secret kind's pattern only on text holding one of its keywords, and
 * looks for assigned secrets only where a secret name ends; testing 150 keywords one by one, or as
 * one alternation, costs more than every pattern together.
 *
 * Building it is linear in the keywords' length (the hook builds one per process, on every tool
 * call): explicit edges in a table, failure links followed while scanning.
 */

const ALPHABET = 128;
const NONE = -1;

/** A scanner over a fixed set of keywords. */
export class KeywordScanner {
  /** Explicit edges on ASCII characters (lower-cased): `state * 128 + code` → state, or NONE. */
  private readonly ascii: Int32Array;
  /** Explicit edges on other characters, by state. */
  private readonly other: Array<Map<number, number> | undefined> = [];
  private readonly failure: Int32Array;
  /** Keywords that end in each state, failure chain included. */
  private readonly outputs: Array<readonly number[]>;

  /** `keywords` are matched as given, ASCII letters in either case. */
  constructor(readonly keywords: readonly string[]) {
    const lower = keywords.map((keyword) => keyword.toLowerCase());
    const capacity = lower.reduce((total, keyword) => total + keyword.length, 1);
    this.ascii = new Int32Array(capacity * ALPHABET).fill(NONE);
    this.failure = new Int32Array(capacity);
    const ends: number[][] = [[]];
    const children: number[][] = [[]];
    let states = 1;
    lower.forEach((keyword, index) => {
      let state = 0;
      for (let position = 0; position < keyword.length; position++) {
        const code = keyword.charCodeAt(position);
        let next = this.edge(state, code);
        if (next === NONE) {
          next = states++;
          ends.push([]);
          children.push([]);
          children[state]?.push(code);
          if (code < ALPHABET) this.ascii[state * ALPHABET + code] = next;
          else {
            const edges = this.other[state] ?? new Map<number, number>();
            edges.set(code, next);
            this.other[state] = edges;
          }
        }
        state = next;
      }
      ends[state]?.push(index);
    });
    this.outputs = ends;
    // Breadth first: a state's failure link and outputs are known before its children's.
    const queue: number[] = [0];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] as number;
      for (const code of children[state] ?? []) {
        const child = this.edge(state, code);
        queue.push(child);
        if (state === 0) continue;
        const fallback = this.step(this.failure[state] as number, code);
        this.failure[child] = fallback;
        ends[child] = [...(ends[child] ?? []), ...(ends[fallback] ?? [])];
      }
    }
  }

  private edge(state: number, code: number): number {
    return code < ALPHABET
      ? (this.ascii[state * ALPHABET + code] as number)
      : (this.other[state]?.get(code) ?? NONE);
  }

  /** The state after reading `code` in `state`, following failure links. */
  private step(state: number, code: number): number {
    for (let current = state; ; current = this.failure[current] as number) {
      const next = this.edge(current, code);
      if (next !== NONE) return next;
      if (current === 0) return 0;
    }
  }

  /** Calls `found(keyword index, end)` for every occurrence, `end` being one past its last character. */
  scan(text: string, found: (keyword: number, end: number) => void): void {
    const { ascii, failure, outputs } = this;
    let state = 0;
    for (let index = 0; index < text.length; index++) {
      let code = text.charCodeAt(index);
      if (code < ALPHABET) {
        if (code >= 65 && code <= 90) code += 32;
        let next = ascii[state * ALPHABET + code] as number;
        while (next === NONE && state !== 0) {
          state = failure[state] as number;
          next = ascii[state * ALPHABET + code] as number;
        }
        state = next === NONE ? 0 : next;
      } else {
        state = this.step(state, code);
      }
      const ended = outputs[state] as readonly number[];
      for (let item = 0; item < ended.length; item++) found(ended[item] as number, index + 1);
    }
  }
}

/**
 * Finds keywords as {@link KeywordScanner} does, choosing how by what pays: a short-lived process
 * (a hook on a tool call) scans a few kilobytes once, where searching each keyword with the native
 * `indexOf` costs a fraction of a millisecond and building the automaton (and warming it up)
 * several; a long-lived one (the hook daemon, an import) scans megabytes, where the automaton is
 * many times faster.
 */
export class KeywordFinder {
  private automaton: KeywordScanner | undefined;
  private scanned = 0;
  /** Each distinct keyword (lower case) with the indexes of the keywords spelled so. */
  private readonly distinct: Array<[string, number[]]>;

  constructor(readonly keywords: readonly string[]) {
    const byText = new Map<string, number[]>();
    keywords.forEach((keyword, index) => {
      const lower = keyword.toLowerCase();
      byText.set(lower, [...(byText.get(lower) ?? []), index]);
    });
    this.distinct = [...byText];
  }

  /**
   * Calls `found(keyword index, end)` for every occurrence of every keyword (overlapping ones
   * included), in no particular order.
   */
  scan(text: string, found: (keyword: number, end: number) => void): void {
    this.scanned += text.length;
    if (text.length > 16_384 || this.scanned > 2_000_000) {
      this.automaton ??= new KeywordScanner(this.keywords);
      this.automaton.scan(text, found);
      return;
    }
    // ASCII letters only, so every position stays where it was (full lower-casing may not).
    const lower = text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
    for (const [keyword, indexes] of this.distinct) {
      for (let at = lower.indexOf(keyword); at >= 0; at = lower.indexOf(keyword, at + 1)) {
        for (const index of indexes) found(index, at + keyword.length);
      }
    }
  }
}
