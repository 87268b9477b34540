import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir();

describe("tacit lessons", () => {
  it("adds, lists, shows, curates, and undoes changes", async () => {
    const db = join(tempDir(), "t.db");
    const tacit = (...argv: string[]) => runTacit([...argv, "--db", db]);
    const added = JSON.parse(
      (
        await tacit(
          "lessons",
          "add",
          "--rule",
          "Use pnpm, not npm",
          "--trigger",
          "installing dependencies",
          "--project",
          "/work/app",
          "--domain",
          "workflow",
          "--json",
        )
      ).stdout,
    );
    expect(added.action).toBe("created");
    const id = added.lesson.id as string;
    const duplicate = JSON.parse(
      (
        await tacit(
          "lessons",
          "add",
          "--rule",
          "use pnpm, not npm",
          "--trigger",
          "Installing dependencies",
          "--project",
          "/work/app",
          "--domain",
          "workflow",
          "--json",
        )
      ).stdout,
    );
    expect(duplicate.action).toBe("exact-duplicate");

    const listed = JSON.parse((await tacit("lessons", "list", "--json", "--project", "/work/app")).stdout);
    expect(listed.map((lesson: { id: string }) => lesson.id)).toEqual([id]);
    expect(JSON.parse((await tacit("lessons", "list", "--json", "--scope", "global")).stdout)).toEqual([]);

    const shown = await tacit("lessons", "show", id);
    expect(shown.stdout).toContain("rule:   Use pnpm, not npm");
    expect(shown.stdout).toContain("maturity: candidate");

    expect((await tacit("lessons", "promote", id)).stdout).toMatch(/^Promoted .*maturity proven/);
    const noReason = await tacit("lessons", "deprecate", id);
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toBe("tacit: deprecate needs --reason TEXT\n");
    expect((await tacit("lessons", "deprecate", id, "--reason", "repo moved to bun")).code).toBe(0);
    const refused = await tacit("lessons", "promote", id);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/cannot be promoted; reset it first/);

    const feedback = await tacit(
      "lessons",
      "feedback",
      id,
      "--harmful",
      "--reason",
      "bun is used now; token=ghp_0123456789abcdefghij0123456789abcdef leaked",
      "--json",
    );
    expect(feedback.code).toBe(0);
    const recorded = JSON.parse(feedback.stdout);
    expect(recorded.feedback).toMatchObject({ type: "harmful", source: "user" });
    expect(recorded.feedback.reason).toMatch(/^bun is used now; token=\[REDACTED:[a-z-]+\] leaked$/);
    expect(feedback.stdout).not.toContain("ghp_");
    const both = await tacit("lessons", "feedback", id);
    expect(both.stderr).toContain("give exactly one of --helpful or --harmful");
    const tooLong = await tacit("lessons", "feedback", id, "--helpful", "--reason", "x".repeat(2001));
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toBe("tacit: --reason is 2001 characters long; at most 2000 are kept\n");

    const withFeedback = await tacit("lessons", "show", id);
    expect(withFeedback.stdout).toMatch(
      /feedback:\n {2}- \S+ \S+ harmful \(user\) — "bun is used now; token=\[REDACTED/,
    );
    const shownJson = JSON.parse((await tacit("lessons", "show", id, "--json")).stdout);
    expect(shownJson.feedback.map((item: { reason: string | null }) => item.reason)).toEqual([
      recorded.feedback.reason,
    ]);

    const history = JSON.parse((await tacit("lessons", "history", id, "--json")).stdout);
    // The duplicate added nothing new (same quote), so it left no event.
    expect(history.map((event: { type: string }) => event.type)).toEqual([
      "lesson-created",
      "lesson-promoted",
      "lesson-deprecated",
      "lesson-feedback",
    ]);
    expect(history[3].reason).toContain(`"${recorded.feedback.reason}"`);
    expect((await tacit("lessons", "history", id)).stdout).toContain("harmful feedback from user");
    const deprecation = history[2];
    const undo = await tacit("lessons", "revert", history.at(-1).id);
    expect(undo.code).toBe(0);
    expect((await tacit("lessons", "revert", deprecation.id)).code).toBe(0);
    const after = JSON.parse((await tacit("lessons", "show", id, "--json")).stdout);
    expect(after.lesson.maturity).toBe("proven");
    expect((await tacit("lessons", "history", id)).stdout).toMatch(/maturity: "deprecated" → "proven"/);

    const badFilter = await tacit("lessons", "list", "--status", "shiny");
    expect(badFilter.stderr).toBe(
      'tacit: --status must be one of candidate, active, refined, stale, archived, got "shiny"\n',
    );
    const missing = await tacit("lessons", "show", "nope");
    expect(missing.stderr).toBe("tacit: lesson nope not found\n");
  });
});
