import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { maskText } from "../signals/signal-text.js";
import type { CueLexicon } from "./cue-lexicon.js";

/** Every lexicon exported by a module of this folder, by module and export name. */
const folder = new URL("./", import.meta.url);
const modules = readdirSync(folder).filter(
  (name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "cue-lexicon.ts",
);
const lexicons: Array<[string, CueLexicon]> = [];
for (const name of modules) {
  const exported = (await import(new URL(name, folder).href)) as Record<string, unknown>;
  for (const [key, value] of Object.entries(exported)) {
    const candidate = value as Partial<CueLexicon>;
    if (Array.isArray(candidate.entries) && candidate.pattern instanceof RegExp)
      lexicons.push([`${name.replace(/\.ts$/, "")} ${key}`, value as CueLexicon]);
  }
}

describe("every lexicon of src/core/lexicon", () => {
  it("finds one in each module", () => {
    expect(new Set(lexicons.map(([name]) => name.split(" ")[0]))).toEqual(
      new Set(modules.map((name) => name.replace(/\.ts$/, ""))),
    );
  });

  it.each(lexicons)(
    "%s: every entry matches its own example, and so does the compiled lexicon",
    (_name, lexicon) => {
      expect(lexicon.entries.length).toBeGreaterThan(2);
      for (const entry of lexicon.entries) {
        expect(maskText(entry.example), entry.pattern.source).toMatch(entry.pattern);
        expect(lexicon.pattern.test(maskText(entry.example)), entry.example).toBe(true);
      }
    },
  );
});
