/**
 * Every secret kind and secret name, with examples generated at test time: redacted in plain text,
 * in JSON-encoded text (escaped quotes), and as structured values, with the text around kept.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leakedCases, type SecretCase, secretCorpus } from "../testing/secret-corpus.js";
import { createRedactor, redactJsonText } from "./redaction.js";
import { SECRET_KINDS } from "./secret-lexicon.js";
import { NOT_SECRET_VALUES, SECRET_NAMES } from "./secret-names.js";

const redact = createRedactor();
const corpus = secretCorpus();

/** What is wrong with how `text` was redacted for `item`; "" when nothing. */
function problems(item: SecretCase, redacted: string): string {
  const found: string[] = [];
  if (leakedCases(redacted, [item]).length > 0) found.push("the secret survived");
  if (!redacted.includes("[REDACTED:")) found.push("no marker");
  if (item.kept && !redacted.includes(item.kept)) found.push(`lost "${item.kept}"`);
  return found.length ? `${item.kind}: ${found.join(", ")} in ${JSON.stringify(redacted)}` : "";
}

describe("the secret lexicon", () => {
  it("has an example for every kind and name, and unique kind ids", () => {
    const ids = SECRET_KINDS.map((kind) => kind.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const kind of SECRET_KINDS) expect(kind.examples.length, kind.id).toBeGreaterThan(0);
    for (const name of SECRET_NAMES) expect(name.examples.length, name.words[0]).toBeGreaterThan(0);
    expect(SECRET_KINDS.length).toBeGreaterThanOrEqual(60);
  });

  it("redacts every generated example in plain text, keeping what is around it", () => {
    const failures = corpus.map((item) => problems(item, redact(item.text).text)).filter(Boolean);
    expect(failures).toEqual([]);
  });

  it("names the kind in the marker", () => {
    for (const kind of SECRET_KINDS) {
      const own = corpus.filter((item) => item.kind === kind.id);
      // Each kind's first example is found as that kind (a later one may be found by a more specific kind).
      expect(redact(own[0]?.text ?? "").text, kind.id).toContain(`[REDACTED:${kind.id}]`);
    }
  });

  it("redacts inside JSON-encoded text without breaking it (escaped quotes stay escaped)", () => {
    const failures: string[] = [];
    for (const item of corpus) {
      const json = JSON.stringify({ tool_input: { command: item.text }, note: `"${item.text}"` });
      const redacted = redact(json).text;
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(redacted);
      } catch (error) {
        failures.push(`${item.kind}: no longer JSON (${(error as Error).message})`);
        continue;
      }
      if (leakedCases(JSON.stringify(parsed), [item]).length > 0) failures.push(`${item.kind}: survived`);
    }
    expect(failures).toEqual([]);
  });

  it("redacts structured values leaf by leaf and by field name, and the result is JSON", () => {
    const failures: string[] = [];
    for (const item of corpus) {
      const value = {
        tool_input: { command: item.text, env: [{ name: "DB_PASSWORD", value: item.secret }] },
        api_key: item.secret,
        nested: [{ FOO_TOKEN: item.secret }, item.text],
      };
      const result = redactJsonText(JSON.stringify(value), redact);
      if (!result) {
        failures.push(`${item.kind}: not redacted as JSON`);
        continue;
      }
      if (leakedCases(result.text, [item]).length > 0)
        failures.push(`${item.kind}: survived in ${result.text}`);
      expect(() => JSON.parse(result.text)).not.toThrow();
    }
    expect(failures).toEqual([]);
  });

  it("redacts every kind whatever the generated secret (other seeds)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const failures = secretCorpus(seed)
          .map((item) => problems(item, redact(item.text).text))
          .filter(Boolean);
        expect(failures).toEqual([]);
      }),
      { seed: 4242, numRuns: 20 },
    );
  });

  it("leaves values that are plainly not secrets", () => {
    for (const entry of NOT_SECRET_VALUES) {
      expect(redact(entry.example), entry.id).toEqual({ text: entry.example, count: 0 });
    }
  });
});
