import { describe, expect, it } from "vitest";
import { evidenceAt, MAX_EVIDENCE_LENGTH } from "./signal-text.js";

describe("evidence from a long sentence", () => {
  it("starts at a clause or a word, never inside one, and keeps to its length", () => {
    const sentence =
      "setup notes so you don't trip over stuff: `make up` starts the stack, postgres is on 5433 because my system pg hogs 5432, redis is on 6380, mailpit on 8025, the api on 8081, the worker on 8090, and migrations go through `make migrate`, never run alembic by hand";
    const at = sentence.indexOf("never run");
    const evidence = evidenceAt(sentence, sentence, at);
    expect(evidence.length).toBeLessThanOrEqual(MAX_EVIDENCE_LENGTH);
    expect(evidence).toContain("never run alembic by hand");
    const first = evidence.split(/\s+/)[0] as string;
    expect(sentence.split(/\s+/)).toContain(first);
  });
});
