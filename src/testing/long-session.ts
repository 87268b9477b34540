import { once } from "node:events";
import { createWriteStream } from "node:fs";

/** A small seeded random number generator (mulberry32): the same seed gives the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const AREAS = [
  ["billing", "invoice", "src/billing/invoice.ts", "npm test -- billing"],
  ["auth", "login session", "src/auth/session.ts", "npm test -- auth"],
  ["search", "index query", "src/search/query.ts", "npm test -- search"],
  ["export", "csv writer", "src/export/csv.ts", "npm test -- export"],
  ["scheduler", "cron job", "src/jobs/scheduler.ts", "npm test -- scheduler"],
  ["uploads", "image resize", "src/uploads/resize.ts", "npm test -- uploads"],
  ["metrics", "latency histogram", "src/metrics/histogram.ts", "npm test -- metrics"],
  ["cache", "redis client", "src/cache/redis.ts", "npm test -- cache"],
] as const;

const OPENERS = [
  "Next, let's",
  "Now let's",
  "Another thing: please",
  "New task: please",
  "Separately, please",
];
const GOALS = [
  "fix the failing {topic} tests in {file}",
  "add retry handling to the {topic} code in {file}",
  "refactor {file} so the {topic} logic is easier to test",
  "write tests for the {topic} edge cases in {file}",
];
const CORRECTIONS = [
  "no, use pnpm not npm in this repo",
  "wrong file, the {topic} code lives in {file}",
  "don't change the public API of {file}",
];
const FOLLOW_UPS = [
  "and make sure the {topic} tests cover the empty input case too",
  "can you also check that {file} still builds after that change?",
  "hmm, the {noun} part still looks off to me, take another look",
  "also keep the error messages in {file} the way they were",
  "what does the {noun} code do when the input is null?",
];
const SUCCESSES = ["thanks, that works", "great, the {topic} tests pass now", "perfect, thanks"];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/**
 * Writes one long synthetic Claude Code session of about `lines` JSONL lines: tasks of 20–120
 * lines, each a user goal (most opening with "Next, let's …"), assistant text, Read/Edit/Bash
 * tool calls with outputs of a few hundred bytes to a few kilobytes (about one in eight fails), a
 * user correction in about a quarter of the tasks and a thank-you at the end of most. The same
 * `seed` writes the same file. Returns the number of lines written.
 */
export async function writeLongSession(
  path: string,
  options: { lines: number; seed?: number; sessionId?: string; start?: number; taskLines?: number },
): Promise<number> {
  const random = seededRandom(options.seed ?? 1);
  const sessionId = options.sessionId ?? `long-session-${options.lines}`;
  const out = createWriteStream(path);
  let written = 0;
  let time = options.start ?? Date.UTC(2026, 0, 5, 9);
  let parent: string | null = null;
  const base = { isSidechain: false, userType: "external", cwd: "/work/shop", sessionId, version: "2.1.80" };
  const emit = async (line: Record<string, unknown>): Promise<void> => {
    const uuid = `${sessionId}-${written}`;
    const text = JSON.stringify({
      parentUuid: parent,
      ...base,
      gitBranch: "main",
      ...line,
      uuid,
      timestamp: new Date(time).toISOString(),
    });
    parent = uuid;
    written++;
    time += 1000 + Math.floor(random() * 20_000);
    if (!out.write(`${text}\n`)) await once(out, "drain");
  };
  const user = (content: unknown) => emit({ type: "user", message: { role: "user", content } });
  const assistant = (content: unknown[]) =>
    emit({
      type: "assistant",
      message: { id: `msg_${written}`, role: "assistant", model: "claude-sonnet-4", content },
    });
  const tool = async (name: string, input: Record<string, unknown>, output: string, failed: boolean) => {
    const id = `toolu_${sessionId}_${written}`;
    await assistant([{ type: "tool_use", id, name, input }]);
    await user([{ type: "tool_result", tool_use_id: id, is_error: failed, content: output }]);
  };

  for (let task = 0; written < options.lines; task++) {
    const [topic, noun, file, test] = pick(random, AREAS);
    const fill = (text: string) => text.replaceAll("{topic}", topic).replaceAll("{file}", file);
    const goal = fill(pick(random, GOALS));
    await user(task === 0 ? `Please ${goal}.` : `${pick(random, OPENERS)} ${goal} (${noun}, task ${task}).`);
    const average = options.taskLines ?? 70;
    const size = Math.max(4, Math.round(average * (0.3 + random() * 1.4)));
    const end = Math.min(options.lines, written + size);
    const corrected = random() < 0.25;
    while (written < end - 2) {
      const roll = random();
      if (roll < 0.25) {
        await assistant([
          {
            type: "text",
            text: `Looking at ${file}: the ${noun} handling ${"checks the input and returns early when it is empty, ".repeat(1 + Math.floor(random() * 4))}so I will change that next.`,
          },
        ]);
      } else if (roll < 0.5) {
        const body = `export function ${topic}Step${written}(input: string) {\n  return input.trim();\n}\n`;
        await tool("Read", { file_path: file }, body.repeat(2 + Math.floor(random() * 30)), false);
      } else if (roll < 0.7) {
        await tool(
          "Edit",
          { file_path: file, old_string: "return input;", new_string: "return input.trim();" },
          `The file ${file} has been updated.`,
          false,
        );
      } else {
        const failed = random() < 0.25;
        const lines = "✓ case passes\n".repeat(5 + Math.floor(random() * 80));
        const output = failed
          ? `${lines}FAIL ${file}\nError: expected 200 but received 500\n    at ${file}:42:7`
          : `${lines}Tests passed`;
        await tool("Bash", { command: test, description: "run tests" }, output, failed);
      }
      if (random() < 0.06) await user(fill(pick(random, FOLLOW_UPS)).replaceAll("{noun}", noun));
      if (corrected && written > end - size / 2 && random() < 0.1) {
        await user(fill(pick(random, CORRECTIONS)));
      }
    }
    if (written < options.lines) await assistant([{ type: "text", text: `Done: ${goal}.` }]);
    if (written < options.lines && random() < 0.8) await user(fill(pick(random, SUCCESSES)));
    time += random() < 0.1 ? 45 * 60_000 : 60_000;
  }
  out.end();
  await once(out, "finish");
  return written;
}
