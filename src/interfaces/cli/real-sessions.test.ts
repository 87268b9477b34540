import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir();
const transcripts = fileURLToPath(new URL("../../../examples/transcripts", import.meta.url));
/** The project of the two d-kimuson/claude-code-viewer sessions (a Next.js TODO app). */
const DEMO = "/path/to/Demo";

/**
 * Every lesson offline learning takes from the real Claude Code, Codex and OpenClaw transcripts of
 * the repository, as docs/lesson-audit.md judges them. A new lesson here must be judged there
 * first: none of them may be wrong.
 */
const AUDITED = [
  {
    rule: "Read a file before you edit it: Edit and Write refuse to change a file not read first",
    judged: "useful",
    from: "claude-code:5c0375b4-57a5-4f26-b12d-d022ee4e51b7",
  },
];

/** Prompts of that project a lesson of these sessions has no business in. */
const UNRELATED = [
  "What's the difference between TCP and UDP?",
  "把重试次数改成 5 次",
  "Count the rows in the users table",
  "Write a limerick about a cat",
  "Explain what a React hook is",
];

describe("the real transcripts of the repository (docs/lesson-audit.md)", () => {
  it("learn only the audited lessons, the read-before-edit one included, and inject nothing into unrelated prompts", async () => {
    const env = { TACIT_HOME: tempDir() };
    await runTacit(
      [
        "import",
        "--no-progress",
        ...["claude-code", "codex", "openclaw"].map((name) => join(transcripts, name)),
      ],
      { env },
    );
    await runTacit(["learn", "--no-progress"], { env });
    const lessons = JSON.parse(
      (
        await runTacit(
          [
            "lessons",
            "list",
            "--json",
            "--limit",
            "100",
            "--status",
            "candidate,active,refined,stale,archived",
          ],
          { env },
        )
      ).stdout,
    ) as Array<{ rule: string; trigger: string; projectId: string; evidence: Array<{ sessionId: string }> }>;
    expect(lessons.map((lesson) => lesson.rule).sort()).toEqual(AUDITED.map((lesson) => lesson.rule).sort());
    const readFirst = lessons.find((lesson) => lesson.rule.startsWith("Read a file before you edit it"));
    expect(readFirst?.trigger).toBe("Updating an existing file with the Edit or Write tool");
    expect(readFirst?.projectId).toBe(DEMO);
    expect(readFirst?.evidence.map((quote) => quote.sessionId)).toContain(AUDITED[0]?.from);

    for (const prompt of UNRELATED) {
      const recalled = JSON.parse(
        (await runTacit(["recall", prompt, "--project", DEMO, "--json"], { env })).stdout,
      ) as { context: string; items: Array<{ kind: string; text: string }> };
      expect(recalled, prompt).toEqual({ context: "", items: [] });
    }
    // Any lesson injected for the app's own work is one judged useful.
    for (const prompt of [
      "Write a bash loop that renames .txt files to .md",
      "Edit page.tsx to add a header",
    ]) {
      const recalled = JSON.parse(
        (await runTacit(["recall", prompt, "--project", DEMO, "--json"], { env })).stdout,
      ) as { items: Array<{ kind: string; text: string }> };
      for (const item of recalled.items.filter((candidate) => candidate.kind === "lesson"))
        expect(
          AUDITED.some((lesson) => item.text.includes(lesson.rule)),
          item.text,
        ).toBe(true);
    }
  });
});
