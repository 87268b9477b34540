import { describe, expect, it } from "vitest";
import { type Step, taskRows } from "../../testing/task-rows.js";
import {
  buildOfflineExperience,
  MAX_RULE_CHARS,
  MAX_TRIGGER_CHARS,
  type TaskExperience,
  taskExperienceSchema,
} from "./offline-experience.js";
import { segmentTasks } from "./segment-tasks.js";
import { detectTaskSignals } from "./task-message.js";

/** The experience of a one-task session, checked against the quality bar. */
function experienceOf(steps: Step[]): TaskExperience {
  const session = taskRows(steps);
  const signals = detectTaskSignals(session);
  const [task] = segmentTasks(session, { signals });
  if (task === undefined) throw new Error("no task");
  const experience = buildOfflineExperience({ task, messages: session, signals });
  const said = session.map((row) => `${row.content}\n${row.toolOutput ?? ""}`).join("\n");
  for (const heuristic of experience.transferableHeuristics) {
    expect(heuristic.rule.length).toBeLessThanOrEqual(MAX_RULE_CHARS);
    expect(heuristic.trigger.length).toBeLessThanOrEqual(MAX_TRIGGER_CHARS);
    expect(heuristic.evidence.length).toBeGreaterThan(0);
    expect(said).toContain(heuristic.evidence);
  }
  return experience;
}

const NPM_TO_PNPM: Step[] = [
  { user: "Set up the project so I can run the dev server" },
  { assistant: "I'll install the dependencies first." },
  {
    tool: "Bash",
    input: "npm install",
    output: "npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree",
    error: true,
  },
  { assistant: "The repo has a pnpm-lock.yaml, so I'll use pnpm." },
  { tool: "Bash", input: "pnpm install", output: "Packages: +312\nDone in 4.2s" },
  { tool: "Bash", input: "pnpm dev", output: "ready - started server on 0.0.0.0:3000" },
  { assistant: "The dev server is running on port 3000." },
  { user: "Works now, thanks!" },
];

describe("rule 1: error → retry → success", () => {
  it("turns npm install → pnpm install into a failed attempt and a prefer heuristic", () => {
    const experience = experienceOf(NPM_TO_PNPM);
    expect(experience.goal).toBe("Set up the project so I can run the dev server");
    expect(experience.failedAttempts).toEqual([
      {
        attemptLabel: "npm install",
        approachSummary: "Bash: npm install",
        failureReason: "npm ERR! code ERESOLVE",
        replacedBy: "pnpm install",
      },
    ]);
    expect(experience.transferableHeuristics).toEqual([
      {
        kind: "prefer",
        trigger: "Installing dependencies",
        rule: "Use `pnpm install` instead of `npm install`",
        why: "`npm install` failed: npm ERR! code ERESOLVE",
        evidence: "npm ERR! code ERESOLVE",
        confidence: 0.6,
      },
    ]);
    expect(experience.workingApproach).toBe("Bash: pnpm install; Bash: pnpm dev");
    expect(experience.feedbackSignals.map((signal) => signal.type)).toEqual(["reject", "success", "success"]);
  });

  it("writes the heuristic in Chinese for a Chinese task", () => {
    const steps = NPM_TO_PNPM.map((step, index) => (index === 0 ? { user: "帮我把项目跑起来" } : step));
    const [heuristic] = experienceOf(steps).transferableHeuristics;
    expect(heuristic).toMatchObject({
      trigger: "安装依赖",
      rule: "用 `pnpm install` 代替 `npm install`",
      why: "`npm install` 失败：npm ERR! code ERESOLVE",
    });
  });

  it("records the lsd-style failure but teaches nothing when the next command is unrelated", () => {
    const experience = experienceOf([
      { user: "Show me the project structure" },
      {
        tool: "Bash",
        input: "tree /repo -L 2",
        output: "lsd: 2: No such file or directory (os error 2).",
        error: true,
      },
      { tool: "Bash", input: "ls -la /repo/src", output: "total 0\napp\ncomponents" },
      { assistant: "The project has app and components folders." },
    ]);
    expect(experience.failedAttempts).toEqual([
      {
        attemptLabel: "tree /repo -L",
        approachSummary: "Bash: tree /repo -L 2",
        failureReason: "lsd: 2: No such file or directory (os error 2).",
        replacedBy: "ls -la /repo/src",
      },
    ]);
    expect(experience.transferableHeuristics).toEqual([]);
  });

  it("teaches nothing when a file edit sits between the failure and the passing run", () => {
    const experience = experienceOf([
      { user: "Make the date tests pass" },
      { tool: "Bash", input: "npm test", output: "FAIL tests/date.test.ts\n1 failed", error: true },
      { tool: "Edit", input: { file_path: "src/date.ts" }, output: "updated" },
      { tool: "Bash", input: "npm test -- tests/date.test.ts", output: "1 passed" },
    ]);
    expect(experience.failedAttempts).toHaveLength(1);
    expect(experience.transferableHeuristics).toEqual([]);
  });

  it("calls an unchanged re-run that passes with nothing in between flaky (verify, low confidence)", () => {
    const experience = experienceOf([
      { user: "Run the e2e suite" },
      { tool: "Bash", input: "npm run e2e", output: "Error: connect ETIMEDOUT 10.0.0.5:443", error: true },
      { assistant: "Looks like a network blip; running it again." },
      { tool: "Bash", input: "npm run e2e", output: "12 passed" },
    ]);
    expect(experience.failedAttempts[0]?.replacedBy).toBeNull();
    expect(experience.transferableHeuristics).toEqual([
      {
        kind: "verify",
        trigger: "Running the e2e suite",
        rule: "`npm run e2e` can fail transiently: re-run it once before changing anything",
        why: "it failed (Error: connect ETIMEDOUT 10.0.0.5:443) and then passed unchanged",
        evidence: "Error: connect ETIMEDOUT 10.0.0.5:443",
        confidence: 0.4,
      },
    ]);
  });

  it("fix, then retry: a rejected push, pull --rebase, the same push → run the fix first (rule 1b)", () => {
    const experience = experienceOf([
      { user: "Push my changes" },
      {
        tool: "Bash",
        input: "git push origin main",
        output: "! [rejected]        main -> main (fetch first)\nerror: failed to push some refs",
        error: true,
      },
      { tool: "Bash", input: "git status", output: "On branch main" },
      {
        tool: "Bash",
        input: "git pull --rebase origin main",
        output: "Successfully rebased and updated refs/heads/main.",
      },
      { tool: "Bash", input: "git push origin main", output: "main -> main" },
    ]);
    expect(experience.failedAttempts).toEqual([
      {
        attemptLabel: "git push origin",
        approachSummary: "Bash: git push origin main",
        failureReason: "! [rejected]        main -> main (fetch first)",
        replacedBy: "git pull --rebase origin main && git push origin main",
      },
    ]);
    expect(experience.transferableHeuristics).toEqual([
      {
        kind: "prefer",
        trigger: "`git push origin main` fails: ! [rejected] main -> main (fetch first)",
        rule: 'If `git push origin main` fails with "! [rejected] main -> main (fetch first)", run `git pull --rebase origin main` first, then re-run it',
        why: "`git push origin main` failed (! [rejected] main -> main (fetch first)); after `git pull --rebase origin main` the same command succeeded",
        evidence: "! [rejected]        main -> main (fetch first)",
        confidence: 0.6,
      },
    ]);
  });

  it("writes rule 1b in Chinese for a Chinese task", () => {
    const [heuristic] = experienceOf([
      { user: "构建一下项目" },
      { tool: "Bash", input: "npm run build", output: "Error: Cannot find module 'vite'", error: true },
      { tool: "Bash", input: "npm install", output: "added 312 packages" },
      { tool: "Bash", input: "npm run build", output: "built in 3.2s" },
    ]).transferableHeuristics;
    expect(heuristic).toMatchObject({
      kind: "prefer",
      trigger: "`npm run build` 失败：Error: Cannot find module 'vite'",
      rule: "`npm run build` 报错「Error: Cannot find module 'vite'」时，先运行 `npm install`，再重跑它",
    });
  });

  it.each([
    ["a look-only command", { tool: "Bash", input: "git status", output: "On branch main" }],
    ["another program", { tool: "Bash", input: "kill -9 4242", output: "" }],
    ["a file edit", { tool: "Edit", input: { file_path: "src/server.ts" }, output: "updated" }],
  ] as Array<[string, Step]>)(
    "makes no rule 1b lesson when only %s sits before the same command passes",
    (_what, step) => {
      const experience = experienceOf([
        { user: "Start the server" },
        {
          tool: "Bash",
          input: "pnpm dev",
          output: "Error: listen EADDRINUSE: address already in use :::3000",
          error: true,
        },
        step,
        { tool: "Bash", input: "pnpm dev", output: "ready - started server on 0.0.0.0:3000" },
      ]);
      expect(experience.transferableHeuristics.filter((heuristic) => heuristic.kind === "prefer")).toEqual(
        [],
      );
      expect(experience.failedAttempts[0]?.replacedBy).toBeNull();
    },
  );

  it("counts one attempt for a failure repeated with the same input", () => {
    const experience = experienceOf([
      { user: "Install the deps" },
      { tool: "Bash", input: "npm ci", output: "npm ERR! missing lockfile", error: true },
      { tool: "Edit", input: { file_path: ".npmrc" }, output: "updated" },
      { tool: "Bash", input: "npm ci", output: "npm ERR! missing lockfile", error: true },
    ]);
    expect(experience.failedAttempts).toHaveLength(1);
    expect(experience.workingApproach).toBe("");
  });
});

describe("rule 2: corrections", () => {
  it("not this file, it's config.yaml → prefer config.yaml over the file the agent used", () => {
    const experience = experienceOf([
      { user: "Change the database port to 5433 in the config" },
      { tool: "Read", input: { file_path: "/repo/config.json" }, output: '{ "db": { "port": 5432 } }' },
      { tool: "Edit", input: { file_path: "/repo/config.json" }, output: "updated" },
      { assistant: "I changed the port in config.json to 5433." },
      { user: "Not this file, it's config.yaml." },
      { tool: "Edit", input: { file_path: "/repo/config.yaml" }, output: "updated" },
    ]);
    expect(experience.transferableHeuristics).toEqual([
      {
        kind: "prefer",
        trigger: "Editing configuration files",
        rule: "Use `config.yaml`, not `config.json`",
        why: "The user corrected this",
        evidence: "Not this file, it's config.yaml.",
        confidence: 0.8,
      },
    ]);
    expect(experience.failedAttempts).toEqual([
      {
        attemptLabel: "config.json",
        approachSummary: "Used config.json",
        failureReason: "user correction: Not this file, it's config.yaml.",
        replacedBy: "config.yaml",
      },
    ]);
  });

  it("不是这个文件，应该是 config.yaml → a Chinese prefer heuristic", () => {
    const experience = experienceOf([
      { user: "把数据库端口改成 5433" },
      { tool: "Read", input: { file_path: "/repo/config.json" }, output: "{}" },
      { assistant: "我已经把 config.json 里的端口改成 5433。" },
      { user: "不是这个文件，应该是 config.yaml" },
      { tool: "Edit", input: { file_path: "/repo/config.yaml" }, output: "updated" },
    ]);
    expect(experience.transferableHeuristics).toEqual([
      {
        kind: "prefer",
        trigger: "修改配置文件",
        rule: "应使用 `config.yaml`，而不是 `config.json`",
        why: "用户纠正了这一点",
        evidence: "不是这个文件，应该是 config.yaml",
        confidence: 0.8,
      },
    ]);
  });

  it("reads 'use Y instead of X', 'don't use X, use Y' and '别用X，用Y'", () => {
    const experience = experienceOf([
      { user: "Add date formatting to the invoice page" },
      { tool: "Bash", input: "npm install moment", output: "added 1 package" },
      { assistant: "I used moment for formatting." },
      { user: "Don't use moment, use dayjs." },
      { assistant: "Switched to dayjs." },
      { user: "Use vi.useFakeTimers instead of sinon in the tests." },
      { assistant: "Done." },
      { user: "别用 npm，用 pnpm" },
    ]);
    expect(experience.transferableHeuristics.map((heuristic) => [heuristic.kind, heuristic.rule])).toEqual([
      ["prefer", "Use dayjs, not moment"],
      ["prefer", "Use `vi.useFakeTimers`, not sinon in the tests"],
      ["prefer", "应使用 `pnpm`，而不是 `npm`"],
    ]);
  });

  it("teaches nothing from a vague correction", () => {
    const experience = experienceOf([
      { user: "Pick a colour for the banner" },
      { assistant: "I used blue." },
      { user: "No, use the other one." },
    ]);
    expect(experience.transferableHeuristics).toEqual([]);
  });
});

describe("rule 3: constraints and preferences", () => {
  it("turns constraints into avoid / verify heuristics and success criteria", () => {
    const experience = experienceOf([
      { user: "Write a systemd unit for the backup script" },
      { assistant: "Here is a unit that runs backup.sh nightly." },
      { user: "And it must not run as root." },
      { assistant: "Added User=backup." },
      { user: "Make sure the unit restarts on failure." },
    ]);
    expect(experience.transferableHeuristics.map((heuristic) => [heuristic.kind, heuristic.rule])).toEqual([
      ["avoid", "It must not run as root."],
      ["verify", "Make sure the unit restarts on failure."],
    ]);
    expect(experience.transferableHeuristics[0]?.scopeHint).toBe("project");
    expect(experience.successCriteria).toEqual([
      "And it must not run as root.",
      "Make sure the unit restarts on failure.",
    ]);
  });

  it("而且不能用 root 用户 / 我更喜欢用 pnpm → Chinese avoid and prefer heuristics", () => {
    const experience = experienceOf([
      { user: "帮我写一个部署脚本" },
      { assistant: "好的，这是 deploy.sh。" },
      { user: "而且不能用 root 用户" },
      { assistant: "已改为使用 deploy 用户。" },
      { user: "我更喜欢用 pnpm" },
    ]);
    expect(experience.transferableHeuristics).toEqual([
      {
        kind: "avoid",
        trigger: "部署",
        rule: "不能用 root 用户",
        why: "用户明确提出的约束",
        evidence: "而且不能用 root 用户",
        scopeHint: "project",
        confidence: 0.6,
      },
      {
        kind: "prefer",
        trigger: "选择包管理器",
        rule: "优先使用 `pnpm`",
        why: "用户表达的偏好",
        evidence: "我更喜欢用 pnpm",
        scopeHint: "global",
        confidence: 0.7,
      },
    ]);
  });

  it("learns what the task's own request asks to check as its criterion, not as a lesson", () => {
    const experience = experienceOf([
      {
        user: "deploy pipeline finished, hit the new /v2/push/preview endpoint on staging and make sure it comes back 200 with a rendered body",
      },
      { tool: "Bash", input: "curl -sS https://staging.example.com/v2/push/preview", output: "200" },
      { assistant: "200 with a rendered body." },
    ]);
    expect(experience.transferableHeuristics.map((heuristic) => heuristic.rule)).toEqual([]);
    expect(experience.successCriteria).toHaveLength(1);
    // Said to last, or forbidden, it is a rule even in the request.
    const lasting = experienceOf([
      { user: "Write the backup unit, and always make sure every unit restarts on failure." },
      { assistant: "Done." },
    ]);
    expect(lasting.transferableHeuristics.map((heuristic) => heuristic.kind)).toEqual(["verify"]);
  });

  it("learns no constraint said for this PR or for today only", () => {
    const experience = experienceOf([
      { user: "帮我把 detekt 的告警修一下" },
      { assistant: "好的。" },
      { user: "这个 PR 先别跑 detekt 了，太慢，我晚上自己跑" },
      { assistant: "好的，先不跑。" },
      { user: "今天这个先别写测试了，赶着上线，明天补" },
    ]);
    expect(experience.transferableHeuristics.map((heuristic) => heuristic.rule)).toEqual([]);
  });

  it("I prefer pnpm over npm → a global prefer heuristic about package managers", () => {
    const experience = experienceOf([
      { user: "Add lodash to the project" },
      { tool: "Bash", input: "npm install lodash", output: "added 1 package" },
      { assistant: "Installed lodash." },
      { user: "I prefer pnpm over npm." },
    ]);
    expect(experience.transferableHeuristics).toEqual([
      {
        kind: "prefer",
        trigger: "Choosing a package manager",
        rule: "Prefer `pnpm` over `npm`",
        why: "A preference the user stated",
        evidence: "I prefer pnpm over npm.",
        scopeHint: "global",
        confidence: 0.7,
      },
    ]);
  });

  it("scopes 'we use … in this repo' to the project", () => {
    const experience = experienceOf([
      { user: "Add a test for the parser" },
      { assistant: "Added a jest test." },
      { user: "We use vitest in this repo." },
    ]);
    expect(experience.transferableHeuristics).toMatchObject([
      { kind: "prefer", rule: "Prefer `vitest`", trigger: "Writing and running tests", scopeHint: "project" },
    ]);
  });
});

describe("negative cases", () => {
  it("a plain successful session yields no heuristics and no failed attempts", () => {
    const experience = experienceOf([
      { user: "Add a --verbose flag to the CLI" },
      { tool: "Read", input: { file_path: "src/cli.ts" }, output: "program.option('-q')" },
      { tool: "Edit", input: { file_path: "src/cli.ts" }, output: "updated" },
      { tool: "Bash", input: "npm test", output: "42 passed" },
      { assistant: "Added --verbose; tests pass." },
      { user: "Perfect, thanks!" },
    ]);
    expect(experience.failedAttempts).toEqual([]);
    expect(experience.transferableHeuristics).toEqual([]);
    expect(experience.workingApproach).toBe("Edit: src/cli.ts; Bash: npm test");
  });

  it("an error pasted into the user's first message is not a failed attempt", () => {
    const experience = experienceOf([
      {
        user: "npm install fails with:\nnpm ERR! code ERESOLVE\nnpm ERR! unable to resolve dependency tree\nCan you fix it?",
      },
      { tool: "Edit", input: { file_path: "package.json" }, output: "updated" },
      { tool: "Bash", input: "npm install", output: "added 312 packages" },
      { assistant: "Pinned react-dom to match react; install works." },
    ]);
    expect(experience.failedAttempts).toEqual([]);
    expect(experience.transferableHeuristics).toEqual([]);
  });

  it("confusion alone teaches nothing", () => {
    const experience = experienceOf([
      { user: "Clean up the migrations folder" },
      { assistant: "I deleted 0003_add_index.sql." },
      { user: "Why did you delete that migration?" },
    ]);
    expect(experience.feedbackSignals.map((signal) => signal.type)).toEqual(["confusion"]);
    expect(experience.transferableHeuristics).toEqual([]);
  });
});

describe("taskExperienceSchema", () => {
  it("accepts a full model experience with inline signals", () => {
    const parsed = taskExperienceSchema.parse({
      goal: "Run the dev server",
      successCriteria: ["server starts"],
      failedAttempts: [
        {
          attemptLabel: "npm",
          approachSummary: "npm install",
          failureReason: "ERESOLVE",
          replacedBy: "pnpm install",
        },
      ],
      workingApproach: "pnpm install",
      transferableHeuristics: [
        {
          kind: "prefer",
          trigger: "installing deps",
          rule: "use pnpm",
          why: "npm fails",
          evidence: "ERESOLVE",
          scope: "project",
        },
      ],
      feedbackSignals: [{ type: "success", source: "user", evidence: "works", turn: 7, confidence: 0.9 }],
    });
    expect(parsed.transferableHeuristics).toEqual([
      {
        kind: "prefer",
        trigger: "installing deps",
        rule: "use pnpm",
        why: "npm fails",
        evidence: "ERESOLVE",
        scopeHint: "project",
      },
    ]);
    expect(parsed.feedbackSignals).toEqual([
      { type: "success", source: "user", evidence: "works", turn: 7, confidence: 0.9 },
    ]);
  });

  it("is lenient on missing fields and strict on heuristic kinds and evidence", () => {
    const parsed = taskExperienceSchema.parse({
      goal: 42,
      failedAttempts: [{ approachSummary: "tried X", replacedBy: "" }, "junk"],
      transferableHeuristics: [
        { kind: "Avoid", trigger: "t", rule: "r", evidence: ["a", "b"] },
        { kind: "remember", trigger: "t", rule: "r", evidence: "e" },
        { kind: "verify", trigger: "t", rule: "r", evidence: "" },
        { kind: "verify", trigger: "t", rule: "x".repeat(300), why: 5, evidence: "e", confidence: 7 },
      ],
      successCriteria: "not a list",
    });
    expect(parsed.goal).toBe("");
    expect(parsed.successCriteria).toEqual([]);
    expect(parsed.failedAttempts).toEqual([
      { attemptLabel: "unknown", approachSummary: "tried X", failureReason: "", replacedBy: null },
    ]);
    expect(parsed.transferableHeuristics.map((heuristic) => heuristic.kind)).toEqual(["avoid", "verify"]);
    expect(parsed.transferableHeuristics[0]?.evidence).toBe("a | b");
    expect(parsed.transferableHeuristics[1]?.rule.length).toBe(MAX_RULE_CHARS);
    expect(parsed.transferableHeuristics[1]?.confidence).toBe(1);
    expect(parsed.feedbackSignals).toEqual([]);
  });

  it("keeps at most 5 items per list and rejects a non-object root", () => {
    const many = Array.from({ length: 9 }, (_, index) => `criterion ${index}`);
    expect(taskExperienceSchema.parse({ successCriteria: many }).successCriteria).toHaveLength(5);
    expect(taskExperienceSchema.safeParse([]).success).toBe(false);
    expect(taskExperienceSchema.safeParse("text").success).toBe(false);
  });
});
