import { describe, expect, it } from "vitest";
import { type Step, taskRows } from "../../testing/task-rows.js";
import { buildOfflineExperience, MAX_RULE_CHARS, type TaskExperience } from "./offline-experience.js";
import { segmentTasks } from "./segment-tasks.js";
import { detectTaskSignals } from "./task-message.js";

/** The experience of a one-task session, checked for verbatim evidence and rule length. */
function experienceOf(steps: Step[]): TaskExperience {
  const session = taskRows(steps);
  const signals = detectTaskSignals(session);
  const tasks = segmentTasks(session, { signals });
  expect(tasks).toHaveLength(1);
  const [task] = tasks;
  if (task === undefined) throw new Error("no task");
  const experience = buildOfflineExperience({ task, messages: session, signals });
  const said = session.map((row) => `${row.content}\n${row.toolOutput ?? ""}`).join("\n");
  for (const heuristic of experience.transferableHeuristics) {
    expect(said).toContain(heuristic.evidence);
    expect(heuristic.rule.length).toBeLessThanOrEqual(MAX_RULE_CHARS);
  }
  return experience;
}

const INTEGRATION_FAILURE =
  "Error: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect\n 41 failed";

describe("rule 1b: a fix that sets up the environment", () => {
  it("runs a service start of another program first when the failure says the service is down", () => {
    const experience = experienceOf([
      { user: "run the integration tests" },
      { tool: "Bash", input: "npm run test:integration", output: INTEGRATION_FAILURE, error: true },
      { tool: "Bash", input: "docker compose up -d db", output: "Container acme-db-1  Started" },
      { tool: "Bash", input: "npm run test:integration", output: "Tests: 41 passed, 41 total" },
    ]);
    expect(experience.transferableHeuristics).toMatchObject([
      {
        kind: "prefer",
        trigger: "`npm run test:integration` fails: Error: connect ECONNREFUSED 127.0.0.1:5432",
        rule: 'If `npm run test:integration` fails with "Error: connect ECONNREFUSED 127.0.0.1:5432", run `docker compose up -d db` first, then re-run it',
        evidence: "Error: connect ECONNREFUSED 127.0.0.1:5432",
      },
    ]);
    expect(experience.failedAttempts[0]?.replacedBy).toBe(
      "docker compose up -d db && npm run test:integration",
    );
  });

  it("builds the missing workspace package first, and never cuts the fix", () => {
    const [heuristic] = experienceOf([
      { user: "typecheck the web app" },
      {
        tool: "Bash",
        input: "pnpm --filter web exec tsc --noEmit",
        output:
          "src/app.tsx(3,24): error TS2307: Cannot find module '@acme/shared' or its corresponding type declarations.",
        error: true,
      },
      { tool: "Bash", input: "pnpm --filter @acme/shared build", output: "> tsc -p tsconfig.build.json" },
      { tool: "Bash", input: "pnpm --filter web exec tsc --noEmit", output: "" },
    ]).transferableHeuristics;
    expect(heuristic?.rule).toContain("run `pnpm --filter @acme/shared build` first, then re-run it");
    expect(heuristic?.rule).toContain("Cannot find module '@acme/shared'");
  });

  it("writes it in Chinese for a Chinese task", () => {
    const [heuristic] = experienceOf([
      { user: "跑一下集成测试" },
      { tool: "Bash", input: "npm run test:integration", output: INTEGRATION_FAILURE, error: true },
      { tool: "Bash", input: "docker compose up -d db", output: "Container acme-db-1  Started" },
      { tool: "Bash", input: "npm run test:integration", output: "Tests: 41 passed" },
    ]).transferableHeuristics;
    expect(heuristic?.rule).toBe(
      "`npm run test:integration` 报错「Error: connect ECONNREFUSED 127.0.0.1:5432」时，先运行 `docker compose up -d db`，再重跑它",
    );
  });

  it("takes no fix the failure does not point at", () => {
    const experience = experienceOf([
      { user: "run the integration tests" },
      {
        tool: "Bash",
        input: "npm run test:integration",
        output: "TypeError: x is undefined\n 1 failed",
        error: true,
      },
      { tool: "Bash", input: "docker compose up -d db", output: "Container acme-db-1  Started" },
      { tool: "Bash", input: "npm run test:integration", output: "Tests: 41 passed" },
    ]);
    expect(experience.transferableHeuristics.filter((heuristic) => heuristic.kind === "prefer")).toEqual([]);
    expect(experience.failedAttempts[0]?.replacedBy).toBeNull();
  });
});

describe("rule 1: a program that is not installed", () => {
  it("learns the working approach when the program is missing and installing it fails too", () => {
    const experience = experienceOf([
      { user: "list every workspace package with its version" },
      {
        tool: "Bash",
        input: "jq -r .version packages/a/package.json",
        output: "bash: jq: command not found",
        error: true,
      },
      { tool: "Bash", input: "brew install jq", output: "bash: brew: command not found", error: true },
      {
        tool: "Bash",
        input: "node -e \"console.log(require('./packages/a/package.json').version)\"",
        output: "3.4.1",
      },
      { assistant: "jq isn't available here, so I read the files with node -e instead." },
    ]);
    const missing = experience.transferableHeuristics.filter((heuristic) =>
      /not installed/.test(heuristic.rule),
    );
    expect(missing.map(({ kind, rule }) => ({ kind, rule }))).toEqual([
      { kind: "prefer", rule: expect.stringMatching(/^jq is not installed here: use `node -e .*` instead$/) },
    ]);
  });

  it("learns a program reached through a wrapper as a convention of the project", () => {
    const experience = experienceOf([
      { user: "how many orders were created yesterday?" },
      {
        tool: "Bash",
        input: 'psql -U app -c "select count(*) from orders"',
        output: "bash: psql: command not found",
        error: true,
      },
      {
        tool: "Bash",
        input: 'docker compose exec db psql -U app -c "select count(*) from orders"',
        output: " count \n-------\n   412",
      },
    ]);
    expect(experience.transferableHeuristics).toEqual([
      expect.objectContaining({
        rule: expect.stringMatching(/^`psql` is not installed here: use `docker compose exec db psql -U app/),
        trigger: "Working with the database",
        slot: { id: "program:psql", value: "docker compose" },
        convention: true,
      }),
    ]);
  });

  it("keeps the related-command rule for python → python3", () => {
    const experience = experienceOf([
      { user: "run the django migrations" },
      {
        tool: "Bash",
        input: "python manage.py migrate",
        output: "bash: python: command not found",
        error: true,
      },
      { tool: "Bash", input: "python3 manage.py migrate", output: "Applying portal.0042... OK" },
    ]);
    expect(experience.transferableHeuristics.map((heuristic) => heuristic.rule)).toEqual([
      "Use `python3 manage.py migrate` instead of `python manage.py migrate`",
    ]);
  });

  it("learns no working command the user then forbids", () => {
    const experience = experienceOf([
      { user: "commit it" },
      {
        tool: "Bash",
        input: "git commit -am 'PAY-518: keys'",
        output: "lint-staged: ✖ eslint --fix",
        error: true,
      },
      {
        tool: "Bash",
        input: "git commit --no-verify -am 'PAY-518: keys'",
        output: "[feature/PAY-518 b2c3d4e] PAY-518: keys",
      },
      { user: "never skip the hooks with --no-verify. fix the lint error instead" },
      {
        tool: "Bash",
        input: "npx eslint --fix src/replay.ts && git commit -am 'PAY-518: keys'",
        output: "[feature/PAY-518 c3d4e5f]",
      },
    ]);
    expect(experience.transferableHeuristics.map((heuristic) => heuristic.rule)).toEqual([
      expect.stringMatching(/^Never skip the hooks with --no-verify/),
    ]);
  });

  it("learns nothing when only an attempt to install the program followed", () => {
    const experience = experienceOf([
      { user: "pretty-print the config" },
      { tool: "Bash", input: "jq . config.json", output: "sh: 1: jq: not found", error: true },
      { tool: "Bash", input: "apt-get install -y jq", output: "Setting up jq (1.6-2.1) ..." },
    ]);
    expect(
      experience.transferableHeuristics.filter((heuristic) => /not installed/.test(heuristic.rule)),
    ).toEqual([]);
  });
});

describe("rule 1: long commands", () => {
  it("keeps the part where the failed and the working command differ", () => {
    const v1 =
      'curl -s -H "Authorization: Bearer $ACME_TOKEN" https://api.acme.test/v1/customers/1042/orders?limit=20';
    const [heuristic] = experienceOf([
      { user: "pull the last 20 orders for customer 1042" },
      {
        tool: "Bash",
        input: v1,
        output: '{"error":"gone","message":"API v1 was retired. Use /v2."}',
        error: true,
      },
      { tool: "Bash", input: v1.replace("/v1/", "/v2/"), output: '{"data":[]}' },
    ]).transferableHeuristics;
    expect(heuristic).toMatchObject({
      kind: "prefer",
      trigger: "Calling HTTP APIs",
      rule: "Use `curl … https://api.acme.test/v2/customers/1042/orders?limit=20` instead of `curl … https://api.acme.test/v1/customers/1042/orders?limit=20`",
    });
  });
});

describe("rule 1c: the user explains a repeated error", () => {
  const LINT_ERROR =
    "src/workers/webhook.ts\n  48:5  error  Promises must be awaited, end with a call to .catch  @typescript-eslint/no-floating-promises";

  it("learns the user's explanation after the same error repeats (English)", () => {
    const steps: Step[] = [{ user: "make the webhook worker send the receipt email" }];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      steps.push({ tool: "Edit", input: { file_path: "src/workers/webhook.ts" }, output: "updated" });
      steps.push({ tool: "Bash", input: "pnpm lint", output: LINT_ERROR, error: true });
    }
    steps.push({
      user: "stop guessing. a floating promise has to be awaited, or wrapped in void with a .catch that logs. don't disable the rule",
    });
    steps.push({ tool: "Bash", input: "pnpm lint", output: "No problems found" });
    const experience = experienceOf(steps);
    expect(experience.transferableHeuristics).toEqual([
      {
        kind: "prefer",
        trigger: "`pnpm lint` keeps failing: Promises must be awaited, end with a call to .catch @typesc…",
        rule: "A floating promise has to be awaited, or wrapped in void with a .catch that logs. don't disable the rule",
        why: "`pnpm lint` failed 3 times with the same error before the user explained",
        evidence:
          "a floating promise has to be awaited, or wrapped in void with a .catch that logs. don't disable the rule",
        confidence: 0.7,
        // A norm said of a kind of thing ("a floating promise has to be awaited"): a convention.
        convention: true,
      },
    ]);
  });

  it("learns it in Chinese, leaving out what only says how often", () => {
    const oom =
      "<--- Last few GCs --->\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory";
    const experience = experienceOf([
      { user: "打包一下，准备发测试环境" },
      { tool: "Bash", input: "pnpm build", output: oom, error: true },
      { tool: "Bash", input: "pnpm build", output: oom, error: true },
      { user: "每次都这样。build 之前先设置 NODE_OPTIONS=--max-old-space-size=4096" },
      { tool: "Bash", input: "NODE_OPTIONS=--max-old-space-size=4096 pnpm build", output: "built in 94.21s" },
    ]);
    expect(experience.transferableHeuristics).toMatchObject([
      {
        kind: "prefer",
        trigger: "`pnpm build` 反复报错「Reached heap limit Allocation failed - JavaScript heap out…」",
        rule: "build 之前先设置 NODE_OPTIONS=--max-old-space-size=4096",
        evidence: "build 之前先设置 NODE_OPTIONS=--max-old-space-size=4096",
      },
    ]);
  });

  it.each([
    [
      "after a single failure",
      [
        { user: "lint the worker" },
        { tool: "Bash", input: "pnpm lint", output: LINT_ERROR, error: true },
        { user: "hmm, that rule again" },
      ],
    ],
    [
      "when the user only reacts",
      [
        { user: "lint the worker" },
        { tool: "Bash", input: "pnpm lint", output: LINT_ERROR, error: true },
        { tool: "Bash", input: "pnpm lint", output: LINT_ERROR, error: true },
        { user: "每次都这样。" },
      ],
    ],
  ] as Array<[string, Step[]]>)("learns nothing %s", (_when, steps) => {
    const experience = experienceOf(steps);
    expect(experience.transferableHeuristics.filter((heuristic) => heuristic.confidence === 0.7)).toEqual([]);
  });
});

describe("rule 1: the call that did the job, past the looks in between", () => {
  it("takes the later related command, not a look around, and reads a flag's value as no subcommand", () => {
    const experience = experienceOf([
      { user: "flash the board with the new timings" },
      {
        tool: "Bash",
        input: "idf.py flash",
        output: "A fatal error occurred: Could not open /dev/ttyUSB0, the port doesn't exist",
        error: true,
      },
      { tool: "Bash", input: "ls /dev/tty* | grep -E 'USB|ACM'", output: "/dev/ttyACM0" },
      { tool: "Bash", input: "idf.py -p /dev/ttyACM0 flash", output: "Wrote 912384 bytes\nDone" },
    ]);
    expect(experience.failedAttempts[0]?.replacedBy).toBe("idf.py -p /dev/ttyACM0 flash");
    expect(experience.transferableHeuristics.map((heuristic) => heuristic.rule)).toEqual([
      "Use idf.py -p /dev/ttyACM0 flash instead of idf.py flash",
    ]);
  });
});

describe("rule 1b: a fix the failure names", () => {
  it("runs the command the error output says to run, whatever its program", () => {
    const [heuristic] = experienceOf([
      { user: "add a cancelled_at column to appointments, with a spec" },
      {
        tool: "Bash",
        input: "bundle exec rspec spec/models/appointment_spec.rb",
        output:
          "ActiveRecord::PendingMigrationError:\n\n  Migrations are pending. To resolve this issue, run:\n\n        bin/rails db:migrate RAILS_ENV=test\n",
        error: true,
      },
      { tool: "Bash", input: "bin/rails db:migrate RAILS_ENV=test", output: "== AddCancelledAt: migrated" },
      {
        tool: "Bash",
        input: "bundle exec rspec spec/models/appointment_spec.rb",
        output: "1 example, 0 failures",
      },
    ]).transferableHeuristics;
    expect(heuristic?.rule).toMatch(
      /^If `bundle exec rspec spec\/models\/appointment_spec\.rb` fails with "ActiveRecord::Pending.*run `?bin\/rails db:migrate RAILS_ENV=test`? first/,
    );
  });
});

describe("rule 1: a retry with what the user answered", () => {
  const denied =
    "fatal error: An error occurred (AccessDenied) when calling the GetObject operation: Access Denied";

  it("learns the retry when the user's answer supplied what it changed", () => {
    const experience = experienceOf([
      { user: "pull yesterday's events export from s3 and count the lines" },
      {
        tool: "Bash",
        input: "aws s3 cp s3://acme-exports/events/day.csv.gz /tmp/",
        output: denied,
        error: true,
      },
      { assistant: "Access denied with the default credentials. Is there a profile I should use?" },
      { user: "--profile analytics-ro" },
      {
        tool: "Bash",
        input: "aws s3 cp s3://acme-exports/events/day.csv.gz /tmp/ --profile analytics-ro",
        output: "download: done",
      },
    ]);
    expect(experience.transferableHeuristics).toMatchObject([
      { kind: "prefer", rule: expect.stringContaining("--profile analytics-ro") },
    ]);
  });

  it("learns a retry of the same program at another host the user named", () => {
    const experience = experienceOf([
      { user: "hit the staging health endpoint" },
      {
        tool: "Bash",
        input: "curl -s https://staging.shop.io/health",
        output: "curl: (6) Could not resolve host: staging.shop.io",
        error: true,
      },
      { user: "staging isn't public. it's stg-api.internal.shop.net on port 8443" },
      {
        tool: "Bash",
        input: "curl -sk https://stg-api.internal.shop.net:8443/health",
        output: '{"status":"ok"}',
      },
    ]);
    expect(experience.transferableHeuristics.map((heuristic) => heuristic.rule)).toContain(
      "Use `curl -sk https://stg-api.internal.shop.net:8443/health` instead of `curl -s https://staging.shop.io/health`",
    );
  });

  it("leaves a standing rule said in between to the rule that reads it", () => {
    const experience = experienceOf([
      { user: "fix the typo in the README and push it" },
      {
        tool: "Bash",
        input: "git push origin main",
        output: "remote: error: GH006: Protected branch update failed for refs/heads/main.",
        error: true,
      },
      {
        user: "why are you pushing straight to main?? never do that here. branch off as fix/whatever and push that",
      },
      {
        tool: "Bash",
        input: "git switch -c fix/readme-typo && git push -u origin fix/readme-typo",
        output: "branch set up",
      },
    ]);
    const rules = experience.transferableHeuristics.map((heuristic) => heuristic.rule);
    expect(rules.some((rule) => rule.startsWith("Use `git switch"))).toBe(false);
    expect(rules).toContain(
      "Don't push straight to main. never do that here. branch off as fix/whatever and push that",
    );
  });
});
