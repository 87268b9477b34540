/**
 * `tacit doctor` with the user's own agent as the language model: which binary and version, how
 * it is logged in, where its runs work, and what stops it from serving. The agents are fakes that
 * answer `--version`, `--help` and the login-status command as the real ones do.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runTacit } from "../../testing/cli-harness.js";
import { type FakeAgentScript, writeFakeAgent } from "../../testing/fake-agent.js";
import { useTempDir } from "../../testing/temp-dir.js";
import type { DoctorReport } from "./doctor-command.js";

const tempDir = useTempDir("tacit-doctor-agent-");

const CLAUDE_HELP = `Usage: claude [options] [command] [prompt]
  -p, --print                           Print response and exit
  --output-format <format>              Output format
  --tools <tools...>                    Built-in tools to make available
  --no-session-persistence              Don't save sessions to disk
  --safe-mode                           Start with all customizations disabled
  --setting-sources <sources>           Comma-separated list of setting sources
  --settings <file-or-json>             Settings file or JSON string
  --strict-mcp-config                   Only use MCP servers from --mcp-config
`;

const claudeScript = (changes: { help?: string; loggedIn?: boolean } = {}): FakeAgentScript => ({
  byArguments: {
    "--version": { stdout: "2.1.328 (Claude Code)\n" },
    "--help": { stdout: changes.help ?? CLAUDE_HELP },
    "auth status": {
      stdout: `${JSON.stringify({
        loggedIn: changes.loggedIn ?? true,
        authMethod: changes.loggedIn === false ? "none" : "claude.ai",
        apiProvider: "firstParty",
      })}\n`,
      exitCode: changes.loggedIn === false ? 1 : 0,
    },
  },
  fallback: { stderr: "unexpected call", exitCode: 9 },
});

function setup(env: NodeJS.ProcessEnv = {}) {
  const root = tempDir();
  const bin = join(root, "bin");
  const home = join(root, "tacit");
  return {
    root,
    bin,
    home,
    env: { TACIT_HOME: home, HOME: join(root, "user"), PATH: `${bin}:/usr/bin:/bin`, ...env },
  };
}

async function doctor(env: NodeJS.ProcessEnv, cwd: string) {
  const json = await runTacit(["doctor", "--json"], { env, cwd });
  const text = await runTacit(["doctor"], { env, cwd });
  return { code: json.code, report: JSON.parse(json.stdout) as DoctorReport, text: text.stdout };
}

describe("tacit doctor with the user's agent as the model", () => {
  it("names the claude binary, its version and login, and where its runs work", async () => {
    const { root, bin, home, env } = setup({ TACIT_LLM_PROVIDER: "claude-code" });
    const fake = writeFakeAgent(bin, "claude", claudeScript());
    const { code, report, text } = await doctor(env, root);
    expect(code).toBe(0);
    expect(report.models?.languageModel.active).toMatch(/^claude-code haiku: the user's own Claude Code/);
    expect(report.models?.languageModel.reason).toBe(
      "llm.provider from TACIT_LLM_PROVIDER; llm.model from the default",
    );
    expect(report.hostAgent).toMatchObject({
      agent: "claude-code",
      binary: fake.path,
      foundVia: "PATH",
      version: "2.1.328 (Claude Code)",
      missingFlags: [],
      loggedIn: true,
      login: "claude.ai",
      workDir: join(home, "host-model"),
      problem: null,
    });
    expect(text).toContain(`agent: 2.1.328 (Claude Code) at ${fake.path} (found on PATH)`);
    expect(text).toContain("login: logged in (claude.ai), the user's existing one");
    expect(text).toContain(
      `runs in: ${join(home, "host-model")}, with --no-session-persistence and --safe-mode`,
    );
    // The probes ran as a model run does: with the guard variable, and no model call.
    const calls = fake.calls();
    expect(calls.map((call) => call.argv.join(" ")).sort()).toEqual(
      ["--help", "--version", "auth status", "--help", "--version", "auth status"].sort(),
    );
    expect(calls.every((call) => call.env.TACIT_HOST_MODEL === "1")).toBe(true);
  });

  it("is a problem when the binary is missing or lacks a flag tacit passes; a missing login is a warning", async () => {
    const { root, bin, env } = setup({ TACIT_LLM_PROVIDER: "claude-code" });
    // Named, so only PATH is searched (not the copy tacit's own node_modules may hold).
    const missing = await doctor({ ...env, TACIT_LLM_COMMAND: "claude" }, root);
    expect(missing.code).toBe(1);
    expect(missing.report.problems.join("\n")).toMatch(
      /language model claude-code: llm.command claude: no such program on PATH: install Claude Code/,
    );
    expect(missing.text).toContain("agent: not found");

    const fake = writeFakeAgent(
      bin,
      "claude",
      claudeScript({ help: CLAUDE_HELP.replace(/.*--safe-mode.*\n/, "") }),
    );
    const old = await doctor(env, root);
    expect(old.code).toBe(1);
    expect(old.report.hostAgent?.missingFlags).toEqual(["--safe-mode"]);
    expect(old.report.problems.join("\n")).toContain(
      "2.1.328 (Claude Code) lacks --safe-mode, which tacit needs",
    );

    fake.script(claudeScript({ loggedIn: false }));
    const loggedOut = await doctor(env, root);
    expect(loggedOut.code).toBe(0);
    expect(loggedOut.report.hostAgent?.loggedIn).toBe(false);
    expect(loggedOut.report.warnings.join("\n")).toMatch(/reports no login; run it once and log in/);

    const elsewhere = await doctor({ ...env, TACIT_LLM_COMMAND: join(root, "nope", "claude") }, root);
    expect(elsewhere.report.problems.join("\n")).toMatch(
      /llm.command .*nope\/claude is not an executable file/,
    );
  });

  it("probes codex exec the same way, chosen with tacit config", async () => {
    const { root, bin, env } = setup();
    const set = await runTacit(["config", "set", "llm.provider", "codex"], { env, cwd: root });
    expect(set.code, set.stderr).toBe(0);
    writeFakeAgent(bin, "codex", {
      byArguments: {
        "--version": { stdout: "codex-cli 0.150.0\n" },
        "exec --help": {
          stdout:
            "Usage: codex exec [OPTIONS] [PROMPT]\n      --json\n      --ephemeral\n      --skip-git-repo-check\n  -s, --sandbox <SANDBOX_MODE>\n",
        },
        "login status": { stderr: "Logged in using ChatGPT\n" },
      },
      fallback: { exitCode: 9 },
    });
    const { code, report } = await doctor(env, root);
    expect(code).toBe(0);
    expect(report.models?.languageModel.active).toMatch(
      /^codex \(the model of the user's Codex configuration\)/,
    );
    expect(report.hostAgent).toMatchObject({
      agent: "codex",
      version: "codex-cli 0.150.0",
      missingFlags: [],
      loggedIn: true,
      login: "Logged in using ChatGPT",
    });
  });

  it("reports no agent when the model is an API or none", async () => {
    const { root, env } = setup();
    expect((await doctor(env, root)).report.hostAgent).toBeNull();
  });
});
