import { describe, expect, it } from "vitest";
import { createRedactor } from "../redaction.js";
import { factSlot, SLOT_PATTERNS } from "./fact-slots.js";
import { FILE_CUES, wrongFile } from "./file-routing.js";
import { findEntry } from "./lexicon-match.js";
import { MEMORY_FILE_LAYOUTS, MEMORY_FILE_NAMES } from "./memory-file-layouts.js";
import { findSensitive, PERSONAL_DATA } from "./personal-data.js";
import { placeFact, SECTION_PLACEMENT } from "./section-placement.js";
import { findTemporarySignal, TEMPORARY_SIGNALS } from "./temporary-signals.js";

describe("the guardian's lexicons: every entry's example matches it", () => {
  it("temporary signals (and a durable fact matches none)", () => {
    for (const entry of TEMPORARY_SIGNALS)
      expect(findEntry([entry], entry.example), entry.example).not.toBeNull();
    for (const durable of [
      "Prefers morning check-ins.",
      "Stand-ups are at 10 every day",
      "喜欢早上沟通进度",
      "用户在上海工作",
    ])
      expect(findTemporarySignal(durable), durable).toBeNull();
  });

  it("section placement: each example lands in its entry's section", () => {
    for (const file of MEMORY_FILE_NAMES)
      for (const entry of SECTION_PLACEMENT[file]) {
        expect(MEMORY_FILE_LAYOUTS[file].sections).toContain(entry.section);
        expect(placeFact(file, entry.example).section, entry.example).toBe(entry.section);
      }
    expect(placeFact("USER.md", "Works as a nurse in Leeds").section).toBe("Background");
    expect(placeFact("SOUL.md", "Be candid about uncertainty").section).toBe("Principles");
  });

  it("file cues: each example reads as its file, and is refused from every other file", () => {
    for (const file of MEMORY_FILE_NAMES)
      for (const entry of FILE_CUES[file]) {
        expect(wrongFile(file, entry.example), entry.example).toBeNull();
        for (const other of MEMORY_FILE_NAMES.filter((name) => name !== file))
          expect(wrongFile(other, entry.example)?.belongsIn, `${entry.example} in ${other}`).toBe(file);
      }
  });

  it("personal data: each example is found and masked", () => {
    const redact = createRedactor();
    for (const entry of PERSONAL_DATA) {
      const found = findSensitive(entry.example, redact);
      expect(found.kinds, entry.example).toContain(entry.kind);
      expect(found.masked).toContain(`[REDACTED:${entry.kind.replace(/ /g, "-")}]`);
    }
  });

  it("slot patterns: each example fills a slot", () => {
    for (const entry of SLOT_PATTERNS)
      expect(factSlot(entry.example, "USER.md"), entry.example).not.toBeNull();
  });
});
