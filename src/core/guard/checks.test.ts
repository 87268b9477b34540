import { describe, expect, it } from "vitest";
import { deriveChecks, sameSubject } from "./checks.js";
import { BRANCH_PHRASES, EDIT_VERBS, FORBID_LEADS, GENERATED_MARKERS, USE_LEADS } from "./rule-lexicon.js";

describe("deriveChecks", () => {
  it.each([
    [
      "Use `pnpm`, not `npm`",
      [{ kind: "forbid", target: { type: "command", program: "npm" }, instead: "pnpm" }],
    ],
    [
      "never use npm here, use pnpm",
      [{ kind: "forbid", target: { type: "command", program: "npm" }, instead: "pnpm" }],
    ],
    [
      "Use `pnpm`, not `npm in this repo`",
      [{ kind: "forbid", target: { type: "command", program: "npm" }, instead: "pnpm" }],
    ],
    [
      "Use `pnpm install` instead of `npm install`",
      [
        {
          kind: "forbid",
          target: { type: "command", program: "npm", subcommand: "install" },
          instead: "pnpm install",
        },
      ],
    ],
    [
      "Never push --force to main",
      [
        {
          kind: "forbid",
          target: { type: "command", program: "git", subcommand: "push", flag: "--force", branch: "main" },
        },
      ],
    ],
    [
      "don't force-push",
      [{ kind: "forbid", target: { type: "command", program: "git", subcommand: "push", flag: "--force" } }],
    ],
    [
      "Do not commit to main, always use a feature branch",
      [
        {
          kind: "forbid",
          target: { type: "command", program: "git", subcommand: "commit", branch: "main" },
          instead: "a feature branch",
        },
      ],
    ],
    [
      "Src/generated is generated code, never edit it by hand",
      [{ kind: "forbid", target: { type: "edit", path: "Src/generated" } }],
    ],
    [
      "Don't edit src/api/client.ts, it is generated",
      [{ kind: "forbid", target: { type: "edit", path: "src/api/client.ts" } }],
    ],
    [
      "Never run rm -rf in this repo",
      [{ kind: "forbid", target: { type: "command", program: "rm", flag: "-rf" } }],
    ],
    [
      "应使用 `pnpm`，而不是 `npm`",
      [{ kind: "forbid", target: { type: "command", program: "npm" }, instead: "pnpm" }],
    ],
    [
      "以后不要用 npm，用 pnpm",
      [{ kind: "forbid", target: { type: "command", program: "npm" }, instead: "pnpm" }],
    ],
    [
      "Always run the tests with pytest -x",
      [{ kind: "about", target: { type: "command", program: "pytest", flag: "-x" } }],
    ],
    [
      "Run `docker compose up -d` before `npm test`",
      [{ kind: "about", target: { type: "command", program: "npm", subcommand: "test" } }],
    ],
    [
      "No, not npm. This repo uses pnpm: run pnpm install, never npm install.",
      [
        { kind: "forbid", target: { type: "command", program: "npm" }, instead: "pnpm install" },
        {
          kind: "forbid",
          target: { type: "command", program: "npm", subcommand: "install" },
          instead: "pnpm install",
        },
      ],
    ],
    [
      "Use `pnpm: run pnpm install`, not `npm install`",
      [
        {
          kind: "forbid",
          target: { type: "command", program: "npm", subcommand: "install" },
          instead: "pnpm install",
        },
      ],
    ],
    [
      "Don't edit src/generated/api.ts.",
      [{ kind: "forbid", target: { type: "edit", path: "src/generated/api.ts" } }],
    ],
  ])("%s", (text, expected) => {
    expect(deriveChecks(text)).toEqual(expected);
  });

  it.each([
    "Don't use moment, use dayjs",
    "Reply in English",
    "never run npm install without --frozen-lockfile",
    "don't npm install zod, we vendor it",
    "json tags are snake_case in this api",
    "Prefer named exports",
  ])("finds no command to forbid in %s", (text) => {
    expect(deriveChecks(text).filter((check) => check.kind === "forbid")).toEqual([]);
  });

  it("reads a commit prohibition that names what is committed as about that file, not every commit", () => {
    expect(deriveChecks("Never commit .env files")).toEqual([
      { kind: "about", target: { type: "edit", path: ".env" } },
    ]);
  });

  it("does not take node.js for a file", () => {
    expect(deriveChecks("we use node.js 20 here")).toEqual([]);
  });

  it("tells whether two targets are about the same program or file", () => {
    expect(
      sameSubject({ type: "command", program: "npm" }, { type: "command", program: "npm", subcommand: "i" }),
    ).toBe(true);
    expect(sameSubject({ type: "edit", path: "Src/gen" }, { type: "edit", path: "src/gen" })).toBe(true);
    expect(sameSubject({ type: "edit", path: "src/gen" }, { type: "command", program: "npm" })).toBe(false);
  });
});

describe("the rule lexicons", () => {
  it.each([
    ["FORBID_LEADS", FORBID_LEADS],
    ["USE_LEADS", USE_LEADS],
    ["EDIT_VERBS", EDIT_VERBS],
    ["GENERATED_MARKERS", GENERATED_MARKERS],
    ["BRANCH_PHRASES", BRANCH_PHRASES],
  ])("%s: every entry matches its example", (_name, cues) => {
    for (const cue of cues) expect(cue.example.toLowerCase(), cue.pattern.source).toMatch(cue.pattern);
  });
});
