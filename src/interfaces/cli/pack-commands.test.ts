import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { Lesson } from "../../core/lessons/lesson.js";
import { RECALLABLE_STATUSES } from "../../core/lessons/quality.js";
import { parsePack } from "../../core/packs/pack-text.js";
import { runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir("tacit-pack-");

/** Every row of every table of a database (virtual tables through their shadow tables). */
function dump(path: string): Record<string, unknown[]> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
      )
      .all() as Array<{ name: string }>;
    return Object.fromEntries(tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}"`).all()]));
  } finally {
    db.close();
  }
}

/** A store with a superseded convention (yarn → pnpm), feedback on its successor, and a global lesson. */
async function teamStore(dir: string) {
  const db = join(dir, "alice.db");
  const tacit = (...argv: string[]) => runTacit([...argv, "--db", db], { cwd: dir });
  const add = async (rule: string, ...more: string[]) =>
    JSON.parse(
      (
        await tacit(
          "lessons",
          "add",
          "--trigger",
          "installing dependencies",
          "--rule",
          rule,
          "--json",
          ...more,
        )
      ).stdout,
    ).lesson as Lesson;
  const yarn = await add("Use yarn to install packages", "--project", "/home/alice/shop");
  const pnpm = await add("Use pnpm, not yarn, to install packages", "--project", "/home/alice/shop");
  const global = await add("Read a file before editing it", "--scope", "global");
  expect((await tacit("lessons", "feedback", pnpm.id, "--helpful")).code).toBe(0);
  return { db, tacit, yarn, pnpm, global };
}

describe("tacit pack", () => {
  it("round-trips between two stores, a superseded convention with its successor, and a second import changes nothing", async () => {
    const dir = tempDir();
    const alice = await teamStore(dir);
    const packFile = join(dir, "team-pack.yaml");
    const exported = await alice.tacit("pack", "export", "-o", packFile, "--author", "alice");
    expect(exported).toMatchObject({ code: 0, stderr: "" });
    expect(exported.stdout).toBe(
      `Wrote 3 lesson(s) to ${packFile} (1 superseded, kept with their successors).\n`,
    );
    const text = readFileSync(packFile, "utf8");
    const pack = parsePack(text, packFile);
    const entry = (id: string) => pack.lessons.find((lesson) => lesson.id === id);
    expect(pack.provenance).toMatchObject({ author: "alice", tacitVersion: "0.1.0", project: null });
    expect(entry(alice.yarn.id)).toMatchObject({
      supersededBy: alice.pnpm.id,
      slot: { id: "package-manager", value: "yarn" },
    });
    expect(entry(alice.pnpm.id)?.slot).toEqual({ id: "package-manager", value: "pnpm" });
    expect(RECALLABLE_STATUSES).not.toContain(entry(alice.yarn.id)?.status);
    expect(entry(alice.pnpm.id)).toMatchObject({
      supersedes: [alice.yarn.id],
      trackRecord: { helpful: 1, harmful: 0, supportTasks: 1 },
      evidence: { count: 1, kinds: { manual: 1 } },
    });

    // Exporting the unchanged store again gives the same bytes.
    await alice.tacit("pack", "export", "-o", join(dir, "again.yaml"), "--author", "alice");
    expect(readFileSync(join(dir, "again.yaml"), "utf8")).toBe(text);

    const bobDb = join(dir, "bob.db");
    const bob = (...argv: string[]) => runTacit([...argv, "--db", bobDb], { cwd: dir });
    const first = await bob("pack", "import", packFile, "--project", "/home/bob/shop", "--json");
    expect(first).toMatchObject({ code: 0, stderr: "" });
    const report = JSON.parse(first.stdout);
    expect(report.counts).toEqual({ created: 3, merged: 0, unchanged: 0, superseded: 1 });
    const local = (packId: string) =>
      report.lessons.find((item: { packId: string }) => item.packId === packId).lessonId as string;
    const [oldId, newId] = [local(alice.yarn.id), local(alice.pnpm.id)];
    const shown = async (id: string) =>
      JSON.parse((await bob("lessons", "show", id, "--json")).stdout).lesson as Lesson;
    expect(await shown(oldId)).toMatchObject({
      status: "archived",
      statusReason: expect.stringMatching(new RegExp(`^superseded by ${newId}`)),
      supersededById: newId,
      projectId: "/home/bob/shop",
    });
    const successor = await shown(newId);
    expect(successor).toMatchObject({
      status: "candidate",
      supersededById: null,
      slot: { id: "package-manager", value: "pnpm" },
    });
    expect(successor.evidence).toEqual([
      {
        quote: expect.stringMatching(
          /^from the lesson pack of alice on .+, tacit 0\.1\.0, as of .+: candidate, 1 helpful, 0 harmful, 1 task\(s\)$/,
        ),
        sessionId: "pack",
        at: alice.pnpm.evidence[0]?.at,
      },
    ]);

    const recalled = JSON.parse(
      (await bob("recall", "install the packages with yarn", "--project", "/home/bob/shop", "--json")).stdout,
    );
    const recalledIds = recalled.items.map((item: { id: string }) => item.id);
    expect(recalledIds).toContain(newId);
    expect(recalledIds).not.toContain(oldId);
    expect(recalled.context).not.toContain("Use yarn to install packages");

    const before = dump(bobDb);
    const second = await bob("pack", "import", packFile, "--project", "/home/bob/shop");
    expect(second).toMatchObject({ code: 0, stderr: "" });
    expect(second.stdout).toMatch(/\n0 created, 0 merged, 3 unchanged; 0 superseded\.\n$/);
    expect(dump(bobDb)).toEqual(before);

    // Bob's pack back into Alice's store: her successor stays in use, the superseded one stays out.
    const bobPack = join(dir, "bob-pack.yaml");
    expect((await bob("pack", "export", "-o", bobPack, "--author", "bob")).code).toBe(0);
    const back = await alice.tacit("pack", "import", bobPack, "--project", "/home/alice/shop", "--json");
    expect(JSON.parse(back.stdout).counts).toMatchObject({ created: 0, merged: 3 });
    const aliceLessons = JSON.parse(
      (await alice.tacit("lessons", "list", "--json", "--status", "candidate,active,refined")).stdout,
    ).map((lesson: Lesson) => lesson.id);
    expect(aliceLessons.sort()).toEqual([alice.pnpm.id, alice.global.id].sort());
  });

  it("--dry-run says what importing would do and stores nothing", async () => {
    const dir = tempDir();
    const alice = await teamStore(dir);
    const packFile = join(dir, "pack.yaml");
    await alice.tacit("pack", "export", "-o", packFile, "--author", "alice");
    const before = dump(alice.db);
    const dry = await runTacit(["pack", "import", packFile, "--db", join(dir, "new.db"), "--dry-run"], {
      cwd: dir,
    });
    expect(dry).toMatchObject({ code: 0, stderr: "" });
    expect(dry.stdout).toMatch(
      /\nWould have: 3 created, 0 merged, 0 unchanged; 1 superseded\. Nothing stored/,
    );
    expect(existsSync(join(dir, "new.db"))).toBe(false);
    // Into the store it came from: the superseded lesson is archived now, unless it already is.
    const yarn = JSON.parse((await alice.tacit("lessons", "show", alice.yarn.id, "--json")).stdout).lesson;
    const again = await alice.tacit("pack", "import", packFile, "--dry-run", "--project", "/home/alice/shop");
    expect(again.stdout).toContain(
      `Would have: 0 created, 3 merged, 0 unchanged; ${yarn.status === "archived" ? 0 : 1} superseded.`,
    );
    expect(dump(alice.db)).toEqual(before);
  });

  it("refuses a malformed pack as a whole, with file:line and the field, and stores nothing", async () => {
    const dir = tempDir();
    const alice = await teamStore(dir);
    const packFile = join(dir, "pack.yaml");
    await alice.tacit("pack", "export", "-o", packFile, "--author", "alice");
    const valid = readFileSync(packFile, "utf8");
    const lineOf = (text: string, needle: string) =>
      text.split("\n").findIndex((row) => row.includes(needle)) + 1;
    const bobDb = join(dir, "bob.db");
    await runTacit(["pack", "import", packFile, "--db", bobDb], { cwd: dir });
    const before = dump(bobDb);
    const missing = valid.replace("    rule: Read a file before editing it\n", "");
    const wrongType = valid.replace("confidence: 0.5", 'confidence: "high"');
    const unknown = valid.replace("maturity: candidate", "maturity: legendary");
    const cases: Array<[string, string, number | null, string | RegExp]> = [
      ["bad YAML", valid.replace("rule: Use yarn", "rule: [Use yarn"), null, /^not valid YAML: /],
      [
        "a missing field",
        missing,
        lineOf(missing, `- id: ${alice.global.id}`),
        "field lessons[2].rule: must be a string",
      ],
      [
        "a wrong type",
        wrongType,
        lineOf(wrongType, 'confidence: "high"'),
        "field lessons[0].confidence: must be a number",
      ],
      [
        "an unknown maturity",
        unknown,
        lineOf(unknown, "maturity: legendary"),
        "field lessons[0].maturity: must be one of candidate, established, proven, deprecated",
      ],
    ];
    for (const [name, text, line, reason] of cases) {
      writeFileSync(join(dir, "broken.yaml"), text);
      const result = await runTacit(["pack", "import", "broken.yaml", "--db", bobDb], { cwd: dir });
      expect(result.code, name).toBe(1);
      const [, at, message] = /^tacit: broken\.yaml:(\d+)(?:, |: )(.*)\n$/.exec(result.stderr) ?? [];
      expect(message, `${name}: ${result.stderr}`).toMatch(reason);
      if (line !== null) expect(Number(at), name).toBe(line);
      else expect(Number(at), name).toBeGreaterThan(0);
      expect(dump(bobDb), name).toEqual(before);
      // Refused before any store is opened: none is created.
      const fresh = await runTacit(["pack", "import", "broken.yaml", "--db", join(dir, "fresh.db")], {
        cwd: dir,
      });
      expect(fresh.code, name).toBe(1);
      expect(existsSync(join(dir, "fresh.db")), name).toBe(false);
    }
  });
});
