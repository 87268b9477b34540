import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir();
const examples = fileURLToPath(new URL("../../../examples/transcripts", import.meta.url));

describe("tacit recall, reindex and compact", () => {
  it("prints the stable recall contract, explains rejections, and reindexes", async () => {
    const env = { TACIT_HOME: tempDir() };
    await runTacit(["import", join(examples, "tacit-samples")], { env });
    await runTacit(["learn"], { env });
    const related = JSON.parse(
      (
        await runTacit(["recall", "install the dependencies", "--project", "/work/demo-app", "--json"], {
          env,
        })
      ).stdout,
    );
    expect(Object.keys(related)).toEqual(["context", "items"]);
    expect(related.context).toMatch(/^<tacit-context>\n[\s\S]*pnpm[\s\S]*\n<\/tacit-context>$/);
    for (const item of related.items) {
      // Evidence also says who said it; `convention: true` marks the lessons of the project's
      // conventions block (listed first).
      const attribution = item.kind === "evidence" ? ["attribution"] : [];
      const convention = item.convention ? ["convention"] : [];
      expect(Object.keys(item)).toEqual([
        "kind",
        "id",
        "text",
        ...attribution,
        "score",
        "parts",
        ...convention,
      ]);
      if (item.convention) expect(item.convention).toBe(true);
      expect(["lesson", "skill", "evidence"]).toContain(item.kind);
      expect(related.context).toContain(item.text);
    }
    const nothing = JSON.parse(
      (
        await runTacit(["recall", "write a limerick about a cat", "--project", "/work/demo-app", "--json"], {
          env,
        })
      ).stdout,
    );
    expect(nothing).toEqual({ context: "", items: [] });
    const explained = await runTacit(
      ["recall", "write a limerick about a cat", "--project", "/work/demo-app", "--explain"],
      { env },
    );
    expect(explained.stdout).toMatch(/^Nothing relevant to inject/);
    expect(explained.stdout).toMatch(/not relevant enough \(relevance 0 < 0\.45\)/);

    const reindexed = JSON.parse((await runTacit(["reindex", "--json"], { env })).stdout);
    expect(reindexed.lessons).toBeGreaterThanOrEqual(3);
    expect(reindexed.messages).toBeGreaterThan(10);
    expect(reindexed.embedder).toBe("tacit/hashing-v1@512");
    const again = JSON.parse(
      (
        await runTacit(["recall", "install the dependencies", "--project", "/work/demo-app", "--json"], {
          env,
        })
      ).stdout,
    );
    expect(again.context).toBe(related.context);
  });

  it("compacts the longest real transcript into four messages, keeping the window rules", async () => {
    const result = await runTacit([
      "compact",
      join(examples, "claude-code/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"),
      "--json",
    ]);
    expect(result.code).toBe(0);
    const compacted = JSON.parse(result.stdout);
    expect(compacted.messages.map((message: { role: string }) => message.role)).toEqual([
      "system",
      "assistant",
      "assistant",
      "system",
    ]);
    expect(compacted.stats.windowRecords).toBe(8);
    expect(compacted.stats.savedRatio).toBeGreaterThanOrEqual(0.6);

    const file = join(tempDir(), "history.json");
    writeFileSync(
      file,
      JSON.stringify({
        messages: [
          { role: "user", content: "List the files" },
          {
            role: "assistant",
            content: null,
            tool_calls: [{ id: "c1", type: "function", function: { name: "ls", arguments: "{}" } }],
          },
          { role: "tool", tool_call_id: "c1", content: "a.ts b.ts" },
        ],
      }),
    );
    const small = JSON.parse((await runTacit(["compact", file, "--json"])).stdout);
    expect(small.messages[2].content).toContain("a.ts b.ts");
    const broken = join(tempDir(), "broken.jsonl");
    writeFileSync(broken, '{"role": "user", "content": "hi"}\n{oops\n');
    const failed = await runTacit(["compact", broken]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/broken\.jsonl:2: invalid JSON/);
  });
});
