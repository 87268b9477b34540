import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runTacit } from "./cli-harness.js";

/** A generic transcript (`generic:prefs-1`) in which the user states a stable preference in the second turn. */
export function preferenceTranscript(dir: string): string {
  const path = join(dir, "prefs.jsonl");
  const conversation = {
    id: "prefs-1",
    messages: [
      {
        role: "user",
        content: "Can you list the open issues in the tracker?",
        timestamp: "2026-11-18T09:00:00Z",
      },
      { role: "assistant", content: "There are three open issues.", timestamp: "2026-11-18T09:00:05Z" },
      { role: "user", content: "I prefer morning check-ins.", timestamp: "2026-11-18T09:01:00Z" },
      {
        role: "assistant",
        content: "Noted: I'll check in in the morning.",
        timestamp: "2026-11-18T09:01:05Z",
      },
    ],
  };
  writeFileSync(path, `${JSON.stringify(conversation)}\n`);
  return path;
}

/**
 * Seeds `home` with memory-file history in `workspace`, as a user would: the preference transcript
 * imported and learnt with the workspace configured (the gate's decision, the guardian's write to
 * USER.md), then a candidate the guardian refuses (`tacit memory write` of a temporary signal).
 * Throws with the CLI's output when a step fails.
 */
export async function seedMemoryFiles(home: string, workspace: string): Promise<void> {
  const env = { TACIT_HOME: home, TACIT_LLM_PROVIDER: "none", TACIT_MEMORY_FILES_WORKSPACE: workspace };
  const steps = [
    ["import", preferenceTranscript(home)],
    ["learn", "--session", "generic:prefs-1"],
    ["memory", "write", "--file", "MEMORY.md", "--fact", "Right now we are debugging the cache"],
  ];
  for (const argv of steps) {
    const result = await runTacit(argv, { env, cwd: home });
    if (result.code !== 0) throw new Error(`tacit ${argv.join(" ")} failed: ${result.stderr}`);
  }
}
