import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeywordFinder, KeywordScanner } from "./keyword-scan.js";

/** Every occurrence by brute force: [keyword index, end], in order of end then keyword. */
function naive(keywords: readonly string[], text: string): Array<[number, number]> {
  const lower = text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  const found: Array<[number, number]> = [];
  keywords.forEach((keyword, index) => {
    for (
      let at = lower.indexOf(keyword.toLowerCase());
      at >= 0;
      at = lower.indexOf(keyword.toLowerCase(), at + 1)
    ) {
      found.push([index, at + keyword.length]);
    }
  });
  return found.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

function scanned(scanner: KeywordScanner | KeywordFinder, text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  scanner.scan(text, (keyword, end) => found.push([keyword, end]));
  return found.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** Keywords (lower case, duplicates possible) and a text over a small alphabet, CJK and case included. */
const alphabet = fc.constantFrom("a", "b", "A", "B", "-", "密", "码", " ");
const keywordsAndText = fc.tuple(
  fc
    .uniqueArray(fc.string({ unit: alphabet, minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 })
    .map((keywords) => keywords.map((keyword) => keyword.toLowerCase())),
  fc.string({ unit: alphabet, maxLength: 60 }),
);

describe("KeywordScanner", () => {
  it("finds overlapping keywords, a keyword inside another, ASCII case ignored, and CJK keywords", () => {
    const keywords = ["pass", "password", "word", "sk-", "sk-ant-", "密码", "码是"];
    const scanner = new KeywordScanner(keywords);
    const text = "DB_PASSWORD and sk-ant-x; 数据库密码是 y";
    expect(scanned(scanner, text)).toEqual(naive(keywords, text));
    expect(scanned(scanner, text).map(([keyword]) => keywords[keyword])).toEqual([
      "pass",
      "password",
      "word",
      "sk-",
      "sk-ant-",
      "密码",
      "码是",
    ]);
  });

  it("agrees with a brute-force search on random keywords and texts", () => {
    fc.assert(
      fc.property(keywordsAndText, ([keywords, text]) => {
        const unique = [...new Set(keywords)];
        expect(scanned(new KeywordScanner(unique), text)).toEqual(naive(unique, text));
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe("KeywordFinder", () => {
  it("finds what the automaton finds, keyword by keyword on short texts", () => {
    fc.assert(
      // Duplicates kept: the redactor gives a kind keyword and a name word the same text.
      fc.property(keywordsAndText, ([keywords, text]) => {
        expect(scanned(new KeywordFinder(keywords), text)).toEqual(naive(keywords, text));
      }),
      { seed: 8, numRuns: 300 },
    );
  });

  it("switches to the automaton for long texts and finds the same", () => {
    const keywords = ["token", "to", "ken", "密码"];
    const text = "my token is here 密码 ".repeat(1_000);
    expect(text.length).toBeGreaterThan(16_384);
    expect(scanned(new KeywordFinder(keywords), text)).toEqual(naive(keywords, text));
  });
});
