import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's real agent transcripts (see examples/transcripts/README.md for their licences). */
const TRANSCRIPTS = fileURLToPath(new URL("../../examples/transcripts", import.meta.url));

/**
 * The path of a fixture under examples/transcripts, relative to the repository. A missing fixture
 * throws: a test that needs one fails loudly, it is never skipped.
 */
export function transcriptFixture(...parts: string[]): string {
  const path = join(TRANSCRIPTS, ...parts);
  if (!existsSync(path)) throw new Error(`missing test fixture ${path} (expected in examples/transcripts/)`);
  return path;
}

/** The folders of real Claude Code, Codex and OpenClaw transcripts (not the demo's samples). */
export function agentTranscriptDirs(): string[] {
  return ["claude-code", "codex", "openclaw"].map((agent) => transcriptFixture(agent));
}
