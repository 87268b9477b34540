import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { email, secret, words } from "../../testing/private-text.js";
import { InvalidInputError } from "../errors.js";
import { createLesson, type Lesson } from "../lessons/lesson.js";
import { createRedactor } from "../redaction.js";
import { buildPack, type PackSource, packMask, selectPackLessons } from "./build-pack.js";
import type { PackSelection } from "./pack-format.js";
import { parsePack, renderPack } from "./pack-text.js";

const AT = Date.UTC(2026, 2, 2, 9);
const EVERYTHING: PackSelection = {
  scope: null,
  project: null,
  minMaturity: "candidate",
  conventions: false,
};
const mask = packMask(createRedactor());

function lesson(id: string, rule: string, changes: Partial<Lesson> = {}): Lesson {
  const created = createLesson({
    id,
    kind: "prefer",
    trigger: "installing dependencies",
    rule,
    domain: "workflow",
    scope: "project",
    projectId: "/work/shop",
    evidence: [{ quote: `we said: ${rule}`, sessionId: "s1", taskId: "t1", at: AT }],
    now: AT,
  });
  return { ...created, ...changes };
}

function source(changes: Partial<PackSource> = {}): PackSource {
  return {
    selection: EVERYTHING,
    author: "alice",
    machine: "laptop",
    tacitVersion: "0.1.0",
    feedback: new Map(),
    mask,
    quotes: true,
    ...changes,
  };
}

function packText(lessons: Lesson[], selection = EVERYTHING): string {
  return renderPack(buildPack(selectPackLessons(lessons, selection), source({ selection })));
}

const yarn = lesson("L1", "Use yarn", {
  status: "archived",
  statusReason: "superseded by L2",
  supersededById: "L2",
});
const pnpm = lesson("L2", "Use pnpm, not yarn", { maturity: "proven" });
const gone = lesson("L3", "Use bower", { status: "archived", statusReason: "archived by hand" });
const global = lesson("L4", "Read a file before editing it", { scope: "global", projectId: null });

describe("choosing what a pack holds", () => {
  it("takes lessons in use and their supersession chains, leaves other archived lessons out", () => {
    const ids = (selection: Partial<PackSelection>) =>
      selectPackLessons([global, gone, pnpm, yarn], { ...EVERYTHING, ...selection }).map((item) => item.id);
    expect(ids({})).toEqual(["L1", "L2", "L4"]);
    // The superseded lesson comes with its proven successor, whatever its own maturity.
    expect(ids({ minMaturity: "proven" })).toEqual(["L1", "L2"]);
    expect(ids({ scope: "global" })).toEqual(["L4"]);
    expect(ids({ project: "/work/shop", scope: "project" })).toEqual(["L1", "L2"]);
    expect(ids({ project: "/elsewhere" })).toEqual(["L4"]);
    // yarn and pnpm govern the package manager (their rules name it); reading a file does not.
    expect(ids({ conventions: true })).toEqual(["L1", "L2"]);
  });

  it("links each superseded lesson to its successor both ways", () => {
    const pack = parsePack(packText([pnpm, yarn]), "pack.yaml");
    expect(pack.lessons.map((item) => [item.id, item.supersededBy, item.supersedes])).toEqual([
      ["L1", "L2", []],
      ["L2", null, ["L1"]],
    ]);
    expect(pack.lessons[0]).toMatchObject({ status: "archived", statusReason: "superseded by L2" });
    expect(pack.lessons[1]?.evidence).toEqual({
      count: 1,
      kinds: { task: 1 },
      first: "2026-03-02T09:00:00.000Z",
      last: "2026-03-02T09:00:00.000Z",
      quotes: ["we said: Use pnpm, not yarn"],
    });
  });

  it("renders the same pack to the same bytes, and reads back what it wrote", () => {
    const text = packText([yarn, global, pnpm]);
    expect(packText([pnpm, global, yarn])).toBe(text);
    expect(renderPack(parsePack(text, "pack.yaml"))).toBe(text);
    expect(text).toMatch(/^# A tacit lesson pack/);
    expect(text).not.toMatch(/[ \t]$/m);
  });
});

describe("a pack never carries secrets or email addresses", () => {
  it("masks generated secrets and emails in rules, evidence and provenance", () => {
    fc.assert(
      fc.property(
        words,
        fc.array(secret, { minLength: 1, maxLength: 3 }),
        fc.array(email, { minLength: 1, maxLength: 3 }),
        (plain, secrets, emails) => {
          const privateText = [plain, ...secrets.map((item) => item.text), ...emails].join(" ");
          const stored = lesson("L9", `Deploy with ${privateText}`, {
            trigger: `when ${privateText}`,
            why: privateText,
            statusReason: privateText,
            evidence: [
              { quote: privateText, sessionId: "s1", taskId: "t1", at: AT },
              { quote: emails[0] as string, sessionId: "s2", at: AT },
            ],
          });
          const text = renderPack(
            buildPack([stored], source({ author: emails[0] as string, machine: privateText })),
          );
          for (const item of secrets) expect(text).not.toContain(item.leak);
          for (const address of emails) expect(text).not.toContain(address);
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** The error reading `text` gives. */
function refusal(text: string): InvalidInputError {
  try {
    parsePack(text, "team.yaml");
  } catch (error) {
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
  throw new Error("expected the pack to be refused");
}

/** The 1-based line of the first line of `text` containing `needle`. */
const lineOf = (text: string, needle: string) =>
  text.split("\n").findIndex((line) => line.includes(needle)) + 1;

describe("reading a pack", () => {
  const valid = packText([pnpm, yarn]);

  it("refuses bad YAML, a missing field, a wrong type and an unknown maturity with file:line and field", () => {
    const broken = valid.replace("rule: Use yarn", "rule: [Use yarn");
    expect(refusal(broken).message).toMatch(/^team\.yaml:\d+: not valid YAML: /);

    const missing = valid.replace("    rule: Use pnpm, not yarn\n", "");
    expect(refusal(missing).message).toBe(
      `team.yaml:${lineOf(missing, "- id: L2")}, field lessons[1].rule: must be a string`,
    );

    const wrongType = valid.replace("confidence: 0.5", "confidence: high");
    expect(refusal(wrongType).message).toBe(
      `team.yaml:${lineOf(wrongType, "confidence: high")}, field lessons[0].confidence: must be a number`,
    );

    const unknown = valid.replace("maturity: proven", "maturity: legendary");
    expect(refusal(unknown).message).toBe(
      `team.yaml:${lineOf(unknown, "maturity: legendary")}, field lessons[1].maturity: must be one of candidate, established, proven, deprecated`,
    );
  });

  it("refuses supersession that does not hold together", () => {
    const dangling = valid.replace("supersededBy: L2", "supersededBy: L7");
    expect(refusal(dangling).message).toBe(
      `team.yaml:${lineOf(dangling, "supersededBy: L7")}, field lessons[0].supersededBy: names L7, which is not in the pack`,
    );
    const oneSided = valid.replace("supersedes:\n      - L1", "supersedes: []");
    expect(refusal(oneSided).message).toMatch(/field lessons\[0\]\.supersededBy: L2 does not list L1/);
    expect(refusal(valid.replace("format: tacit-lesson-pack/1", "format: other/2")).message).toBe(
      "team.yaml:5, field format: must be tacit-lesson-pack/1",
    );
  });
});
