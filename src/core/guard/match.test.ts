import { describe, expect, it } from "vitest";
import type { GuardTarget } from "./checks.js";
import { type CallContext, matchesTarget, pathMatches } from "./match.js";
import { suggestInstead } from "./suggest.js";
import { type ToolAction, toolActions } from "./tool-call.js";

const context: CallContext = { projectRoot: "/repo", branch: "feature/login" };
const bash = (command: string): ToolAction =>
  toolActions({ toolName: "Bash", input: { command } })[0] as ToolAction;
const matches = (target: GuardTarget, command: string, on: CallContext = context) =>
  matchesTarget(target, bash(command), on);

describe("matchesTarget", () => {
  it("matches a program, its subcommand under any alias, and not another program", () => {
    const npm: GuardTarget = { type: "command", program: "npm" };
    expect(matches(npm, "npm install zod")).toBe(true);
    expect(matches(npm, "pnpm add zod")).toBe(false);
    const install: GuardTarget = { type: "command", program: "npm", subcommand: "install" };
    expect(matches(install, "npm i zod")).toBe(true);
    expect(matches(install, "npm --silent add zod")).toBe(true);
    expect(matches(install, "npm test")).toBe(false);
  });

  it("matches a flag in its spellings and short clusters, and not a longer flag", () => {
    const force: GuardTarget = { type: "command", program: "git", subcommand: "push", flag: "--force" };
    expect(matches(force, "git push --force")).toBe(true);
    expect(matches(force, "git push -f origin x")).toBe(true);
    expect(matches(force, "git push --force-with-lease")).toBe(false);
    expect(matches(force, "git push")).toBe(false);
    const rmrf: GuardTarget = { type: "command", program: "rm", flag: "-rf" };
    expect(matches(rmrf, "rm -r -f build")).toBe(true);
    expect(matches(rmrf, "rm -fr build")).toBe(true);
    expect(matches(rmrf, "rm -r build")).toBe(false);
  });

  it("matches a branch: the one checked out, or a push's destination", () => {
    const onMain: GuardTarget = { type: "command", program: "git", subcommand: "commit", branch: "main" };
    expect(matches(onMain, "git commit -m wip", { ...context, branch: "main" })).toBe(true);
    expect(matches(onMain, "git commit -m wip")).toBe(false);
    expect(matches(onMain, "git commit -m wip", { ...context, branch: null })).toBe(false);
    const pushMain: GuardTarget = { type: "command", program: "git", subcommand: "push", branch: "main" };
    expect(matches(pushMain, "git push origin +HEAD:main")).toBe(true);
    expect(matches(pushMain, "git push origin feature/login", { ...context, branch: "main" })).toBe(false);
    expect(matches(pushMain, "git push", { ...context, branch: "main" })).toBe(true);
  });

  it("matches edits under a folder, by glob, or by file name, relative to the project", () => {
    const edit = (path: string): ToolAction => ({ kind: "edit", path });
    const generated: GuardTarget = { type: "edit", path: "Src/generated" };
    expect(matchesTarget(generated, edit("/repo/src/generated/api.ts"), context)).toBe(true);
    expect(matchesTarget(generated, edit("/repo/src/generator.ts"), context)).toBe(false);
    expect(matchesTarget(generated, bash("cat src/generated/api.ts"), context)).toBe(false);
    expect(pathMatches("*.pb.go", "/repo/api/v1/user.pb.go", context)).toBe(true);
    expect(pathMatches("src/**/*.gen.ts", "/repo/src/a/b/x.gen.ts", context)).toBe(true);
    expect(pathMatches(".env.local", "/repo/apps/web/.env.local", context)).toBe(true);
    expect(pathMatches("src/generated", "/elsewhere/src/generated/a.ts", context)).toBe(false);
  });
});

describe("suggestInstead", () => {
  const check = {
    kind: "forbid" as const,
    target: { type: "command" as const, program: "npm" },
    instead: "pnpm",
  };
  it("says the same step in the other package manager's words", () => {
    expect(suggestInstead(check, bash("npm install zod"))).toBe("pnpm add zod");
    expect(suggestInstead(check, bash("npm i -D zod"))).toBe("pnpm add -D zod");
    expect(suggestInstead(check, bash("npm install"))).toBe("pnpm install");
    expect(suggestInstead({ ...check, instead: "yarn" }, bash("npm uninstall zod"))).toBe("yarn remove zod");
    expect(suggestInstead(check, bash("npm run build"))).toBe("pnpm run build");
  });

  it("gives the lesson's own words when it cannot translate, and nothing when the lesson has none", () => {
    expect(suggestInstead({ ...check, instead: "a feature branch" }, bash("git commit -m x"))).toBe(
      "a feature branch",
    );
    expect(suggestInstead({ ...check, instead: "pnpm" }, bash("npm whoami"))).toBe("pnpm");
    expect(suggestInstead({ kind: "forbid", target: check.target }, bash("npm install"))).toBeNull();
  });
});
