/**
 * The HTTP hooks as the agent sees them: Claude Code posts PreToolUse (the guard) and PostToolUse to the
 * resident hook daemon on 127.0.0.1 from its own process (no process per event), so what a tool
 * call costs it is one HTTP POST round trip. Measured against spawning `node -e 0` in the same run,
 * interleaved run by run, with the built daemon running on a store of 1,000 lessons.
 */
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import Database from "better-sqlite3";
import { hookSocketPath } from "../src/interfaces/hooks/hook-client.js";
import { stopHookDaemons } from "../src/interfaces/hooks/hook-daemon-control.js";
import {
  endpointPath,
  type HookHttpEndpoint,
  plannedEndpoint,
  writeEndpoint,
} from "../src/interfaces/hooks/hook-http-endpoint.js";
import type { BenchResult } from "./report.js";

const RUNS = 51;
/** Pause between timed runs, ms: the daemon stores a PostToolUse after answering it (as in hook-bench.ts). */
const SETTLE_MS = 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A log file's first line, shortened: why a figure was not served. */
export function firstLine(file: string): string {
  return (readFileSync(file, "utf8").split("\n")[0] ?? "").slice(0, 300);
}

/** One POST as Claude Code's HTTP hook sends it (a new connection each time); its status and body. */
function post(endpoint: HookHttpEndpoint, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port: endpoint.port,
        path: "/tacit-hook/claude-code",
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${endpoint.token}`,
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/**
 * PreToolUse and PostToolUse posted to the built daemon of a home of their own (a copy of the
 * seeded database: 1,000 lessons), against `node -e 0`.
 */
export async function httpHookFigures(options: {
  dir: string;
  seededDatabase: string;
  project: string;
  /** The built CLI entry: `[node, tacit.cjs]`. */
  entry: string[];
}): Promise<BenchResult[]> {
  const home = join(options.dir, "http");
  // 0700, as tacit creates a home: a looser one is tightened (and logged) by the first event.
  mkdirSync(home, { mode: 0o700 });
  const database = join(home, "tacit.db");
  copyFileSync(options.seededDatabase, database);
  const env = {
    PATH: process.env.PATH,
    TACIT_HOME: home,
    TACIT_DATABASE_URL: database,
    TACIT_NO_BACKGROUND_LEARN: "1",
  };
  const socket = hookSocketPath([], { env, cwd: options.project });
  if (socket === null) throw new Error("the hook daemon does not run on this platform");
  const { endpoint } = await plannedEndpoint({ file: endpointPath(socket), database });
  writeEndpoint(endpointPath(socket), endpoint);
  const [node, ...entry] = options.entry as [string, ...string[]];
  // As the SessionStart hook starts it: the built daemon, detached from nothing, on the copy.
  const daemon = spawn(node, [...entry, "hook-daemon", "--socket", socket], { env, stdio: "ignore" });
  try {
    const deadline = Date.now() + 20_000;
    while (!existsSync(socket.replace(/\.sock$/, ".pid"))) {
      if (Date.now() > deadline) throw new Error("the hook daemon did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const base = {
      session_id: "bench-http",
      transcript_path: null,
      cwd: options.project,
      permission_mode: "default",
    };
    const tool = { tool_name: "Bash", tool_input: { command: "npm install", description: "Install" } };
    // The call an agent makes most, which no lesson is about (the guard answers nothing), as in
    // hook-bench.ts's command figure; and a call the pnpm lesson forbids (the guard answers).
    const pre = (index: number) =>
      JSON.stringify({
        ...base,
        tool_name: "Bash",
        tool_input: { command: "pnpm test", description: "Run the tests" },
        hook_event_name: "PreToolUse",
        tool_use_id: `toolu_http_pre_${index}`,
      });
    const preForbidden = (index: number) =>
      JSON.stringify({
        ...base,
        ...tool,
        hook_event_name: "PreToolUse",
        tool_use_id: `toolu_http_npm_${index}`,
      });
    const postTool = (index: number) =>
      JSON.stringify({
        ...base,
        ...tool,
        hook_event_name: "PostToolUse",
        tool_response: { stdout: "npm ERR! code EUNSUPPORTEDPROTOCOL", stderr: "", interrupted: false },
        tool_use_id: `toolu_http_${index}`,
        duration_ms: 800,
      });
    /** Answers that were not what the guard gives: nothing for `pnpm test`, the lesson for `npm install`. */
    const wrong: string[] = [];
    const timed = async (body: string, expect?: "nothing" | "the lesson") => {
      const started = performance.now();
      const reply = await post(endpoint, body);
      const elapsed = performance.now() - started;
      if (reply.status !== 200) throw new Error(`the daemon answered ${reply.status}: ${reply.body}`);
      const answered = reply.body.includes("pnpm install")
        ? "the lesson"
        : reply.body === ""
          ? "nothing"
          : "other";
      if (expect && answered !== expect) wrong.push(`${expect} expected, got: ${reply.body.slice(0, 200)}`);
      return elapsed;
    };
    // The baseline spawned as hook-bench.ts spawns it (same options), so the two suites' baselines agree.
    const spawnNode = () => {
      const started = performance.now();
      spawnSync(process.execPath, ["-e", "0"], { env, encoding: "utf8" });
      return performance.now() - started;
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    // Warm up: the first event opens the store.
    await timed(pre(-1));
    await timed(preForbidden(-1));
    await timed(postTool(-1));
    spawnNode();
    const baseline: number[] = [];
    const preTimes: number[] = [];
    const forbiddenTimes: number[] = [];
    const postTimes: number[] = [];
    for (let index = 0; index < RUNS; index++) {
      baseline.push(spawnNode());
      await settle();
      preTimes.push(await timed(pre(index), "nothing"));
      await settle();
      forbiddenTimes.push(await timed(preForbidden(index), "the lesson"));
      await settle();
      postTimes.push(await timed(postTool(index)));
      await settle();
    }
    // Served means: every PostToolUse was stored, and nothing reached the hook log.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const db = new Database(database, { readonly: true });
    const stored = (
      db
        .prepare("SELECT COUNT(*) AS count FROM messages WHERE session_id = 'claude-code:bench-http'")
        .get() as {
        count: number;
      }
    ).count;
    db.close();
    const logs = join(home, "logs");
    const logged = existsSync(logs)
      ? readdirSync(logs)
          .map((file) => `${file}: ${firstLine(join(logs, file))}`)
          .join(", ")
      : "";
    const served = stored === RUNS + 1 && logged === "" && wrong.length === 0;
    const servedNote = served
      ? `the daemon stored all ${RUNS + 1} tool calls, gave the guard's answer every time and logged nothing`
      : `NOT every event was served (${stored} of ${RUNS + 1} tool calls stored; hook log: ${logged || "none"}; ${wrong.length} wrong answers${wrong[0] ? `, first: ${wrong[0]}` : ""})`;
    const nodeMedian = median(baseline);
    const figure = (name: string, times: number[], note: string, goal = "≤ 0.2"): BenchResult => ({
      name,
      value: median(times),
      unit: "ms",
      baselineName: "spawning node -e 0, median",
      baselineValue: nodeMedian,
      ratio: median(times) / nodeMedian,
      goal,
      met: (goal !== "≤ 0.2" || median(times) / nodeMedian <= 0.2) && served,
      note,
    });
    return [
      figure(
        `HTTP hook, PreToolUse with 1,000 lessons, daemon running (median of ${RUNS})`,
        preTimes,
        `one POST to the daemon on 127.0.0.1 from a running process, as Claude Code sends an HTTP hook (a new connection each time, the token checked), for the call an agent makes most (\`pnpm test\`, which no lesson is about): the daemon hands it to the hook handler in its queue, where the guard checks it against the checkable lessons it keeps in memory, and answers nothing; ${servedNote}`,
      ),
      figure(
        `HTTP hook, PreToolUse a lesson forbids, daemon running (median of ${RUNS})`,
        forbiddenTimes,
        `\`npm install\` against "Use pnpm install, not npm install": the daemon answers with the guard's reminder of the lesson and records it; ${servedNote}`,
        "report (a call a lesson forbids)",
      ),
      figure(
        `HTTP hook, PostToolUse with 1,000 lessons, daemon running (median of ${RUNS})`,
        postTimes,
        `one POST, answered as soon as the event is queued (it has nothing to answer); the daemon then validates, redacts and stores the tool call (not timed; runs are ${SETTLE_MS} ms apart); ${servedNote}`,
      ),
    ];
  } finally {
    await stopHookDaemons(home);
    daemon.kill();
  }
}
