import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir();
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 5, 1, 12);

describe("tacit maintain", () => {
  it("recomputes maturity at the current time, reports the change, and stores nothing on a dry run", async () => {
    const db = join(tempDir(), "t.db");
    const tacit = async (now: number, ...argv: string[]) => {
      const result = await runTacit([...argv, "--db", db], { now: () => now });
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      return result.stdout;
    };
    const added = JSON.parse(
      await tacit(
        T0,
        "lessons",
        "add",
        "--rule",
        "Run pnpm test before git push",
        "--trigger",
        "pushing commits",
        "--project",
        "/work/app",
        "--json",
      ),
    );
    const id = added.lesson.id as string;
    for (let index = 0; index < 6; index++) {
      await tacit(T0 + index * 60_000, "lessons", "feedback", id, "--helpful");
    }
    const show = async (now: number) => JSON.parse(await tacit(now, "lessons", "show", id, "--json")).lesson;
    expect((await show(T0 + DAY)).maturity).toBe("proven");

    const fresh = JSON.parse(await tacit(T0 + DAY, "maintain", "--json"));
    expect(fresh).toMatchObject({ dryRun: false, checked: 1, changed: [] });

    const later = T0 + 60 * DAY;
    const dry = JSON.parse(await tacit(later, "maintain", "--dry-run", "--json"));
    expect(dry).toMatchObject({
      at: later,
      dryRun: true,
      checked: 1,
      changed: [
        {
          id,
          rule: "Run pnpm test before git push",
          before: { status: "candidate", maturity: "proven", supportTaskCount: 1 },
          after: { status: "candidate", maturity: "established", supportTaskCount: 1 },
        },
      ],
    });
    expect(dry.changed[0].changes).toEqual([
      expect.stringMatching(/^lesson-feedback: maturity recomputed: 3\.\d+ helpful/),
    ]);
    expect((await show(later)).maturity).toBe("proven");

    const text = await tacit(later, "maintain");
    expect(text.split("\n")[0]).toBe("Checked 1 lesson(s) at 2026-07-31 12:00 UTC: 1 changed.");
    expect(text).toContain(
      `${id}  candidate/proven, 1 task(s) → candidate/established, 1 task(s)  Run pnpm test before git push`,
    );
    expect((await show(later)).maturity).toBe("established");
    expect(JSON.parse(await tacit(later, "maintain", "--json")).changed).toEqual([]);
  });
});
