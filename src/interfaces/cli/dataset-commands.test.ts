import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { reviewQueue } from "../../dataset/review.js";
import { runTacit } from "../../testing/cli-harness.js";
import { useClockedRuntimes } from "../../testing/clocked-runtime.js";
import { buildDatasetWorld, DAY, START } from "../../testing/dataset-world.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { runInTerminal, terminalAvailable } from "../../testing/terminal.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const tempDir = useTempDir("tacit-dataset-cli-");
const openRuntime = useClockedRuntimes(tempDir);
const LATER = START + 8 * DAY;

/** A store with every kind of source, and the CLI on it eight days later. */
async function setUp() {
  const { rt, setClock } = await openRuntime(START);
  const dir = join(rt.store.location, "..");
  await buildDatasetWorld(rt, dir, setClock);
  setClock(LATER);
  const env = { TACIT_HOME: dir, TACIT_LLM_PROVIDER: "none", USER: "reviewer" };
  const tacit = (argv: string[], stdin?: string) =>
    runTacit(argv, { env, cwd: dir, now: () => LATER, ...(stdin !== undefined ? { stdin } : {}) });
  return { rt, dir, env, tacit };
}

describe("tacit dataset", () => {
  it("collects once, then finds nothing new; a dry run stores nothing", async () => {
    const { tacit } = await setUp();
    const dry = await tacit(["dataset", "collect", "--dry-run", "--type", "positive"]);
    expect(dry.stdout).toMatch(/^Would add 7 sample\(s\) and update 0, from 7 candidate\(s\)/);
    expect(JSON.parse((await tacit(["dataset", "stats", "--json"])).stdout).total).toBe(0);
    const first = await tacit(["dataset", "collect"]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Added 16 sample(s) and updated 0, from 16 candidate(s)");
    expect(first.stdout).toMatch(/by status: pending \d+, needs_review \d+/);
    const again = JSON.parse((await tacit(["dataset", "collect", "--json"])).stdout);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 16 });
    const bad = await tacit(["dataset", "collect", "--type", "some"]);
    expect(bad).toMatchObject({
      code: 2,
      stderr: 'tacit: --type must be all, positive or negative, got "some"\n',
    });
    expect((await tacit(["dataset", "collect", "--since", "yesterday"])).stderr).toContain(
      "--since must be a date",
    );
  });

  it("lists with filters, shows one sample in full, approves and rejects with notes", async () => {
    const { tacit } = await setUp();
    await tacit(["dataset", "collect"]);
    const listed = await tacit(["dataset", "list", "--needs-review", "--limit", "2"]);
    expect(listed.stdout.split("\n")[0]).toMatch(/^ID\s+TYPE\s+STATUS\s+QUALITY\s+COLLECTED\s+TARGET$/);
    expect(listed.stdout).toContain("needs review");
    expect(listed.stdout).toMatch(/… \d+ more/);
    const tasks = JSON.parse(
      (await tacit(["dataset", "list", "--type", "task_experience", "--json"])).stdout,
    );
    expect(tasks).toHaveLength(1);
    const high = JSON.parse((await tacit(["dataset", "list", "--quality-above", "0.9", "--json"])).stdout);
    expect(high.every((sample: { quality: { score: number } }) => sample.quality.score >= 0.9)).toBe(true);
    expect((await tacit(["dataset", "list", "--status", "done"])).stderr).toContain(
      'tacit: --status must list pending, needs_review, approved, auto_approved, rejected; got "done"',
    );
    expect((await tacit(["dataset", "list", "--quality-above", "2"])).stderr).toContain(
      'tacit: --quality-above must be a number from 0 to 1, got "2"',
    );

    const id = tasks[0].id;
    const shown = (await tacit(["dataset", "show", id])).stdout;
    expect(shown).toContain("task_experience  pending");
    expect(shown).toMatch(/decision confidence\s+0\.85\s+the task was completed/);
    expect(shown).toContain("context:\n  Task: Install the dependencies and run the tests");
    expect(shown).toContain("target:\n  pnpm install");

    const approved = await tacit(["dataset", "approve", id, "--notes", "clear and useful"]);
    expect(approved.stdout).toBe(`Approved ${id} (task_experience).\n`);
    expect(JSON.parse((await tacit(["dataset", "show", id, "--json"])).stdout)).toMatchObject({
      status: "approved",
      annotatedBy: "reviewer",
      notes: "clear and useful",
    });
    const rejected = JSON.parse((await tacit(["dataset", "reject", id, "--json"])).stdout);
    expect(rejected).toEqual({ id, status: "rejected", notes: "clear and useful" });
    expect((await tacit(["dataset", "approve", "nope"])).stderr).toBe(
      "tacit: dataset sample nope not found (list them with: tacit dataset list)\n",
    );
  });

  it("exports a train and a validation file and prints their size and sha256", async () => {
    const { tacit, dir } = await setUp();
    await tacit(["dataset", "collect"]);
    const done = await tacit([
      "dataset",
      "export",
      "--format",
      "openai",
      "-o",
      "out/sft.jsonl",
      "--train-split",
      "0.5",
    ]);
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(
      /^Exported \d+ sample\(s\) as openai \(0 approved; 0 rejected left out\), personal data masked:/,
    );
    expect(done.stdout).toMatch(/out\/sft\.train\.jsonl {2}\d+ samples?, \d+ bytes, sha256 [0-9a-f]{64}/);
    for (const name of ["sft.train.jsonl", "sft.validation.jsonl"])
      expect(existsSync(join(dir, "out", name))).toBe(true);
    const line = JSON.parse(
      readFileSync(join(dir, "out", "sft.train.jsonl"), "utf8").split("\n")[0] as string,
    );
    expect(line.messages.map((message: { role: string }) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
    ]);
    const record = JSON.parse(
      (await tacit(["dataset", "export", "--format", "csv", "-o", "d.csv", "--only-approved", "--json"]))
        .stdout,
    );
    expect(record).toMatchObject({ format: "csv", totalSamples: 0, train: { samples: 0 } });
    expect(readFileSync(record.train.path, "utf8")).toBe(
      "id,type,status,polarity,quality_score,instruction,input,output\r\n",
    );
    expect((await tacit(["dataset", "export", "--format", "yaml", "-o", "x"])).stderr).toContain(
      'tacit: --format must be alpaca, sharegpt, openai, raw, csv, got "yaml"',
    );
    expect(
      (await tacit(["dataset", "export", "--format", "raw", "-o", "x", "--train-split", "0"])).stderr,
    ).toContain('tacit: --train-split must be a number above 0 to 1, got "0"');
  });

  it("draws text histograms", async () => {
    const { tacit } = await setUp();
    await tacit(["dataset", "collect"]);
    const all = (await tacit(["dataset", "stats"])).stdout;
    expect(all).toMatch(/^16 sample\(s\)\n\nBy type:\n/);
    expect(all).toMatch(/memory_gate_negative\s+█+ 4\n/);
    expect(all).toContain("Quality:\n0.0–0.1");
    expect(all).toMatch(/Collected per day:\n2026-11-10\s+█{40} 16/);
    const statuses = (await tacit(["dataset", "stats", "--by-status"])).stdout;
    expect(statuses).toMatch(
      /^16 sample\(s\)\n\nBy status:\npending\s+█+ \d+\nneeds_review\s+█+ \d+\napproved\s+0\n/,
    );
    expect(statuses).not.toContain("By type:");
  });

  it("reviews with answers on stdin: approve, note, reject, skip, quit", async () => {
    const { tacit, rt } = await setUp();
    await tacit(["dataset", "collect"]);
    const queue = await reviewQueue(rt.store.datasets, { limit: 4 });
    const run = await tacit(["dataset", "review"], "a\nmaybe\nn\nonly half right\nr\ns\nq\n");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("── 1 of 16 ──");
    expect(run.stdout).toContain("Answer a, r, s, n or q.");
    expect(run.stdout).toContain("Reviewed: 1 approved, 1 rejected, 1 skipped, 1 note(s).");
    const [first, second, third, fourth] = await Promise.all(
      queue.map((sample) => rt.store.datasets.getSample(sample.id)),
    );
    expect(first).toMatchObject({ status: "approved", annotatedBy: "reviewer" });
    expect(second).toMatchObject({ status: "rejected", notes: "only half right" });
    expect(third?.status).toBe(queue[2]?.status);
    expect(fourth?.status).toBe(queue[3]?.status);
  });

  it.skipIf(!terminalAvailable())(
    "reviews on a pseudo-terminal: the sample, its context and quality, then the answers typed",
    async () => {
      const { env, rt, tacit } = await setUp();
      await tacit(["dataset", "collect"]);
      const queue = await reviewQueue(rt.store.datasets, { limit: 2 });
      const count = (text: string, part: string) => text.split(part).length - 1;
      const answers = [null, "a\r", "n\r", "r\r", "q\r"];
      const { code, output } = await runInTerminal(
        [process.execPath, "--import", "tsx", join(ROOT, "src/interfaces/cli/main.ts"), "dataset", "review"],
        {
          cwd: ROOT,
          env: { ...env, PATH: process.env.PATH },
          type: (shown) => {
            const prompts = count(shown, "[q]uit > ");
            if (prompts === 2 && count(shown, "note> ") === 1) return "typed on a terminal\r";
            return answers[prompts] ?? null;
          },
          timeoutMs: 90_000,
        },
      );
      expect(output).toContain("── 1 of 16 ──");
      expect(output).toMatch(/conversation clarity\s+[\d.]+/);
      expect(output).toContain("context:");
      expect(output).toContain("Reviewed: 1 approved, 1 rejected, 0 skipped, 1 note(s).");
      expect(code).toBe(0);
      expect(await rt.store.datasets.getSample(queue[0]!.id)).toMatchObject({ status: "approved" });
      expect(await rt.store.datasets.getSample(queue[1]!.id)).toMatchObject({
        status: "rejected",
        notes: "typed on a terminal",
      });
    },
    120_000,
  );
});
