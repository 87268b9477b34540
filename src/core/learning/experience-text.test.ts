import { describe, expect, it } from "vitest";
import { forbids } from "../lexicon/negations.js";
import {
  activityTrigger,
  extractCorrection,
  extractPreference,
  formatTerm,
  isCodeLike,
  isFixBeforeRetry,
  isVagueTerm,
  preferenceScope,
  relatedCommands,
  stripConnectives,
} from "./experience-text.js";
import type { TaskMessage } from "./task-message.js";

function call(seq: number, toolName: string, input: Record<string, unknown>): TaskMessage {
  return {
    seq,
    role: "tool",
    kind: "tool_call",
    content: toolName,
    toolName,
    toolInput: JSON.stringify(input),
    toolOutput: "ok",
    isError: false,
    createdAt: seq * 1000,
  };
}

describe("extractCorrection", () => {
  it.each([
    ["Not config.json, it's config.yaml.", "config.json", "config.yaml"],
    ["Use pnpm install instead of npm install.", "npm install", "pnpm install"],
    ["Instead of axios, use the built-in fetch.", "axios", "the built-in fetch"],
    ["Don't use moment, use dayjs.", "moment", "dayjs"],
    ["The host should be redis-cache, not localhost.", "localhost", "redis-cache"],
    ["Not the `dev` script but `start:prod`.", "dev", "start:prod"],
    ["不是 config.json，应该是 config.yaml", "config.json", "config.yaml"],
    ["别用 npm，用 pnpm", "npm", "pnpm"],
    ["用 vitest，不要用 jest", "jest", "vitest"],
    ["测试库是 app_test 不是 app_dev", "app_dev", "app_test"],
    ["Use pnpm install, never npm install here.", "npm install", "pnpm install"],
    ["Run it with bun, never node.", "node", "bun"],
    ["The CLI uses cli.config.js, not app.config.js.", "app.config.js", "cli.config.js"],
    [
      "Not this file, the app reads config.yaml — config.json is only for the old CLI.",
      "config.json",
      "config.yaml",
    ],
    [
      "webpack.config.js is only used by the legacy build, edit vite.config.ts.",
      "webpack.config.js",
      "vite.config.ts",
    ],
    ["只能用 yarn，别用 npm", "npm", "yarn"],
    ["不能用 var，要用 const", "var", "const"],
    ["config.json 只给旧的 CLI 用，应用读的是 config.yaml", "config.json", "config.yaml"],
  ])("%s → %s ⇒ %s", (sentence, wrong, right) => {
    expect(extractCorrection(sentence)).toEqual({ wrong, right });
  });

  it("resolves 'this file' / '这个文件' to the file the agent last touched", () => {
    const before = [
      call(1, "Read", { file_path: "/repo/config.json" }),
      call(2, "Bash", { command: "cat /repo/config.json" }),
    ];
    expect(extractCorrection("Not this file, it's config.yaml.", before)).toEqual({
      wrong: "config.json",
      right: "config.yaml",
    });
    expect(extractCorrection("不是这个文件，应该是 config.yaml", before)).toEqual({
      wrong: "config.json",
      right: "config.yaml",
    });
  });

  it("reads two prohibitions as no correction: 'X, never touch Y' and '不能用X，不要用Y'", () => {
    expect(extractCorrection("而且不能用 root 用户运行开发服务器，不要用 sudo。")).toBeNull();
    expect(extractCorrection("不能用 root 跑，也不要用 sudo")).toBeNull();
    expect(extractCorrection("别用 root 跑，别用 sudo")).toBeNull();
    expect(extractCorrection("And it must not run as root, don't use sudo.")).toBeNull();
    expect(extractCorrection("应用启动时，不要用 sudo")).toBeNull();
  });

  it("resolves 'that one' / 'the json one' to a file when the right term is a file", () => {
    const before = [
      call(1, "Edit", { file_path: "/repo/config.json" }),
      call(2, "Bash", { command: "pnpm test -- login" }),
    ];
    expect(extractCorrection("Not that one, it should be config.yaml.", before)).toEqual({
      wrong: "config.json",
      right: "config.yaml",
    });
    expect(extractCorrection("not the json one, use config.yaml", before)).toEqual({
      wrong: "config.json",
      right: "config.yaml",
    });
    expect(extractCorrection("不是这个文件，应用读的是 config.yaml", before)).toEqual({
      wrong: "config.json",
      right: "config.yaml",
    });
    expect(extractCorrection("Not this one; use the compose.override.yml.")).toEqual({
      wrong: null,
      right: "compose.override.yml",
    });
  });

  it("keeps the full path when the right term is a path", () => {
    const before = [call(1, "Edit", { file_path: "/repo/src/old.ts" })];
    expect(extractCorrection("Not this file, it's src/new.ts", before)).toEqual({
      wrong: "/repo/src/old.ts",
      right: "src/new.ts",
    });
  });

  it("resolves 'wrong branch, it's Y' from the last command", () => {
    const before = [call(1, "Bash", { command: "git checkout main" })];
    expect(extractCorrection("Wrong branch, it's release/1.2", before)).toEqual({
      wrong: "git checkout main",
      right: "release/1.2",
    });
  });

  it("keeps a one-sided correction only when the term is concrete", () => {
    expect(extractCorrection("No, use `pnpm add` here.")).toEqual({ wrong: null, right: "pnpm add" });
    expect(extractCorrection("应该用 vitest.config.ts")).toEqual({ wrong: null, right: "vitest.config.ts" });
    expect(extractCorrection("No, use the other one.")).toBeNull();
    expect(extractCorrection("Not really, it's fine.")).toBeNull();
    expect(extractCorrection("I meant the shorter version")).toBeNull();
  });

  it("drops an unresolvable 'this file' but keeps a concrete right term", () => {
    expect(extractCorrection("Not this file, it's config.yaml.")).toEqual({
      wrong: null,
      right: "config.yaml",
    });
  });

  it("returns null for sentences that correct nothing", () => {
    expect(extractCorrection("Thanks, that works.")).toBeNull();
    expect(extractCorrection("还是不行")).toBeNull();
  });
});

describe("extractPreference", () => {
  it.each([
    ["I prefer pnpm over npm for the install step.", "pnpm", "npm"],
    ["I prefer tabs for indentation.", "tabs for indentation", null],
    ["From now on, use named exports.", "named exports", null],
    ["We use vitest in this repo.", "vitest", null],
    ["我更喜欢用 pnpm", "pnpm", null],
    ["以后都用 dayjs，而不是 moment", "dayjs", "moment"],
    ["优先用 async/await", "async/await", null],
  ])("%s", (sentence, preferred, over) => {
    expect(extractPreference(sentence)).toEqual({ preferred, over });
  });

  it("returns null without a readable object", () => {
    expect(extractPreference("I don't like it when the output is noisy")).toBeNull();
  });

  it("reads no preference for a language alone: the sentence says what is written in it", () => {
    expect(extractPreference("注释统一用英文")).toBeNull();
    expect(extractPreference("We use English")).toBeNull();
    expect(extractPreference("以后都用 dayjs")).toEqual({ preferred: "dayjs", over: null });
  });
});

describe("relatedCommands", () => {
  it.each([
    ["npm install", "pnpm install", true],
    ["npm install", "npm install --legacy-peer-deps", true],
    ["python scripts/migrate.py", "python3 scripts/migrate.py", true],
    ["cd web && npm test", "cd web && npm test -- --run", true],
    ["tree /path/to/Demo -I 'node_modules|.git' -L 3", "ls -la /path/to/Demo/todo-app/src", false],
    ["npm test", "npm test", false],
    ["python a.py", "python b.py", false],
    ["npm run dev", "ulimit -n 10240 && npm run dev", true],
    ["npm run dev", "ulimit -n 10240 && npm run build", false],
  ])("%s ↔ %s: %s", (failed, replacement, related) => {
    expect(relatedCommands(failed, replacement)).toBe(related);
  });
});

describe("isFixBeforeRetry", () => {
  it.each([
    ["git pull --rebase origin main", "git push origin main", true],
    ["npm install", "npm run build", true],
    ["docker compose down", "docker compose up -d", true],
    ["git status", "git push origin main", false],
    ["git log --oneline", "git push", false],
    ["npm ls react", "npm test", false],
    ["node --version", "node server.js", false],
    ["kill -9 1234", "pnpm dev", false],
    ["sed -i s/a/b/ src/x.ts", "npm test", false],
    ["git push origin main", "git push origin main", false],
  ])("%s before %s: %s", (fix, retried, expected) => {
    expect(isFixBeforeRetry(fix, retried)).toBe(expected);
  });
});

describe("small helpers", () => {
  it("classifies terms", () => {
    expect(isVagueTerm("this file")).toBe(true);
    expect(isVagueTerm("这个文件")).toBe(true);
    expect(isVagueTerm("the other one")).toBe(true);
    expect(isVagueTerm("config.yaml")).toBe(false);
    expect(isCodeLike("config.yaml")).toBe(true);
    expect(isCodeLike("pnpm install")).toBe(true);
    expect(isCodeLike("the built-in fetch")).toBe(false);
    expect(formatTerm("pnpm")).toBe("`pnpm`");
    expect(formatTerm("named exports")).toBe("named exports");
  });

  it("reads rule polarity, scope and connectives", () => {
    expect(forbids("It must not run as root.")).toBe(true);
    expect(forbids("不能用 root 用户")).toBe(true);
    expect(forbids("Make sure the migration is reversible")).toBe(false);
    expect(preferenceScope("I prefer pnpm")).toBe("global");
    expect(preferenceScope("We use pnpm in this repo")).toBe("project");
    // Said of the speaker as the one the agent answers: "give me the command".
    expect(preferenceScope("for this kind of thing just give me the command")).toBe("global");
    expect(preferenceScope("我更喜欢用 pnpm")).toBe("global");
    expect(preferenceScope("我们项目统一用 pnpm")).toBe("project");
    expect(stripConnectives("And it must not run as root.")).toBe("It must not run as root.");
    expect(stripConnectives("而且不能用 root 用户")).toBe("不能用 root 用户");
  });

  it("names situations for commands and sentences", () => {
    expect(activityTrigger("npm install", false)).toBe("Installing dependencies");
    expect(activityTrigger("pnpm vitest run", true)).toBe("编写和运行测试");
    expect(activityTrigger("I prefer pnpm", false)).toBe("Choosing a package manager");
    expect(activityTrigger("npm run e2e", false, "command")).toBeNull();
  });
});
