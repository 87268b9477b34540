import { describe, expect, it } from "vitest";
import { simpleCommands } from "./shell-command.js";
import { describeAction, toolActions } from "./tool-call.js";
import { KNOWN_PROGRAMS, TOOL_SHAPES, toolShape } from "./tool-lexicon.js";

describe("simpleCommands", () => {
  it("splits a line into the commands it runs, past assignments, wrappers and cd", () => {
    const commands = simpleCommands("cd api && FOO=1 sudo -E npm i zod | tee log; echo 'a && b' # npm x");
    expect(commands.map((command) => [command.program, command.subcommand, command.args])).toEqual([
      ["npm", "install", ["i", "zod"]],
      ["tee", "log", ["log"]],
      ["echo", "a && b", ["a && b"]],
    ]);
  });

  it("reads the script of bash -c and a program given by its path", () => {
    expect(simpleCommands(`bash -lc "/usr/local/bin/npm install"`).map((command) => command.text)).toEqual([
      "/usr/local/bin/npm install",
    ]);
    expect(simpleCommands(`bash -lc "/usr/local/bin/npm install"`)[0]?.program).toBe("npm");
  });

  it("skips the values of options that take one before the subcommand", () => {
    expect(simpleCommands("git -C ../shop commit -m wip")[0]?.subcommand).toBe("commit");
  });
});

describe("toolActions", () => {
  it("reads every shape of the lexicon from its example", () => {
    for (const shape of TOOL_SHAPES) {
      for (const tool of shape.tools) {
        const actions = toolActions({ toolName: tool, input: shape.example.input });
        expect(actions.length, tool).toBeGreaterThan(0);
        expect(actions[0]?.kind, tool).toBe(shape.kind === "patch" ? "edit" : shape.kind);
      }
    }
  });

  it("reads a Codex argv, an apply_patch body and OpenClaw's derived paths", () => {
    expect(
      toolActions({ toolName: "shell", input: { command: ["bash", "-lc", "npm install zod"] } }),
    ).toMatchObject([{ kind: "command", command: { program: "npm", subcommand: "install" } }]);
    const patch = "*** Begin Patch\n*** Update File: src/a.ts\n*** Add File: src/b.ts\n*** End Patch";
    expect(toolActions({ toolName: "apply_patch", input: { command: patch } })).toEqual([
      { kind: "edit", path: "src/a.ts" },
      { kind: "edit", path: "src/b.ts" },
    ]);
    expect(toolActions({ toolName: "apply_patch", input: {}, derivedPaths: ["src/c.ts"] })).toEqual([
      { kind: "edit", path: "src/c.ts" },
    ]);
  });

  it("reads nothing from a tool it does not know or an input it cannot read", () => {
    expect(toolActions({ toolName: "Read", input: { file_path: "/repo/a.ts" } })).toEqual([]);
    expect(toolActions({ toolName: "mcp__github__create_issue", input: { title: "x" } })).toEqual([]);
    expect(toolActions({ toolName: "Bash", input: { command: 42 } })).toEqual([]);
    expect(toolActions({ toolName: "Bash", input: null })).toEqual([]);
  });

  it("names tools case-insensitively and describes actions", () => {
    expect(toolShape("bash")?.kind).toBe("command");
    expect(describeAction({ kind: "edit", path: "src/a.ts" })).toBe("edit src/a.ts");
  });

  it("has program groups whose examples name one of their programs", () => {
    for (const group of KNOWN_PROGRAMS) {
      expect(
        group.programs.some((program) => group.example.split(/\s+/).includes(program)),
        group.example,
      ).toBe(true);
    }
  });
});
