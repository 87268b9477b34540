import { describe, expect, it } from "vitest";
import { CODE_TERMS } from "./code-terms.js";
import type { Lexicon, LexiconEntry } from "./define-lexicon.js";
import { IMPERATIVE_VERBS, INSTRUCTION_FORMS, ZH_INSTRUCTION } from "./imperative-verbs.js";
import { KINDS_OF_WORK } from "./kinds-of-work.js";
import { LEAD_INS, SMALL_TALK } from "./lead-ins.js";
import { NORMS } from "./norms.js";
import { PROHIBITIONS } from "./prohibitions.js";
import { SLOTS } from "./slots.js";
import { CONDITIONS, ONE_OFF_MARKERS, STANDING_MARKERS } from "./standing-markers.js";
import { ENGLISH_STOP_WORDS } from "./stop-words.js";
import { AVOID_LEADS, USE_LEADS } from "./use-and-avoid.js";

const LEXICONS: ReadonlyArray<Lexicon<LexiconEntry>> = [
  STANDING_MARKERS,
  ONE_OFF_MARKERS,
  CONDITIONS,
  PROHIBITIONS,
  IMPERATIVE_VERBS,
  INSTRUCTION_FORMS,
  ZH_INSTRUCTION,
  NORMS,
  LEAD_INS,
  SMALL_TALK,
  CODE_TERMS,
  USE_LEADS,
  AVOID_LEADS,
  KINDS_OF_WORK,
  SLOTS,
];

describe("lexicons: every entry matches its own example", () => {
  for (const lexicon of LEXICONS) {
    it.each(lexicon.entries.map((entry, index) => [index, entry.example, entry] as const))(
      `${lexicon.name} #%i: %s`,
      (_index, example, entry) => {
        expect(new RegExp(entry.pattern.source, lexicon.flags).test(example)).toBe(true);
        expect(lexicon.test(example)).toBe(true);
      },
    );
  }

  it("has an example for every entry, and no global flag (a compiled lexicon keeps no state)", () => {
    for (const lexicon of LEXICONS) {
      expect(lexicon.flags).not.toContain("g");
      for (const entry of lexicon.entries) expect(entry.example.trim()).not.toBe("");
    }
  });

  it.each(ENGLISH_STOP_WORDS.map((group) => [group.example, group.words] as const))(
    "stop words: %s holds one of its group's words",
    (example, words) => {
      const said = new Set(example.toLowerCase().split(/[\s,.!?]+/));
      expect(words.split(" ").some((word) => said.has(word))).toBe(true);
    },
  );
});

describe("lexicons: what they leave alone", () => {
  it.each([
    [STANDING_MARKERS, "never mind, skip that"],
    [ONE_OFF_MARKERS, "use pnpm in this repo"],
    [PROHIBITIONS, "use pnpm for everything"],
    [NORMS, "the build was slow yesterday"],
    [SMALL_TALK, "always start variable names with 'z_'"],
    [CODE_TERMS, "keep answers short"],
    [INSTRUCTION_FORMS, "the deploy went fine"],
  ] as const)("%s does not read %j", (lexicon, text) => {
    expect(lexicon.test(text)).toBe(false);
  });
});
