import { describe, expect, it } from "vitest";
import { type Step, taskRows } from "../../testing/task-rows.js";
import { verbOfGerund } from "../lexicon/redirect-requests.js";
import { buildOfflineExperience, type TransferableHeuristic } from "./offline-experience.js";
import { detectTaskSignals } from "./task-message.js";

/** The heuristics of a one-task session whose first step is the goal. */
function learnt(steps: Step[]): TransferableHeuristic[] {
  const rows = taskRows(steps);
  const goal = (steps[0] as { user: string }).user;
  const signals = detectTaskSignals(rows);
  return buildOfflineExperience({ task: { goal, title: goal }, messages: rows, signals })
    .transferableHeuristics;
}

const edit = (path: string): Step => ({
  tool: "Edit",
  input: { file_path: path },
  output: "The file has been updated.",
});

describe("corrections in free words (redirect rule)", () => {
  it("learns the right thing stated as a fact after a rejection, without the opener", () => {
    const [lesson] = learnt([
      { user: "bump the per-user upload rate limit to 120 a minute" },
      edit("/work/gk/src/ratelimit/defaults.py"),
      {
        user: "no, that's the wrong file. defaults.py only has fallback defaults, the real limits are in config/limits.toml",
      },
    ]);
    expect(lesson?.rule).toBe(
      "defaults.py only has fallback defaults, the real limits are in config/limits.toml",
    );
    expect(lesson?.scopeHint).toBe("project");
  });

  it("learns nothing from a redirect said for this task only", () => {
    const steps = (said: string): Step[] => [
      { user: "bump the staging rds storage to 200GB and get it ready for review" },
      { tool: "Bash", input: "tflint --recursive", output: "Error: Failed to load configurations" },
      { assistant: "tflint fails on the aws ruleset; should I fix the config first?" },
      { user: said },
    ];
    expect(
      learnt(steps("for this PR skip tflint, the aws ruleset is broken on provider 5.x. commit it")),
    ).toEqual([]);
    expect(learnt(steps("no, skip tflint, the aws ruleset is broken on provider 5.x"))).not.toEqual([]);
  });

  it("reads a negation after a failed call as a correction of what it assumed", () => {
    const [lesson] = learnt([
      { user: "find last night's checkpoints" },
      {
        tool: "Bash",
        input: "ls ~/runs/r1",
        output: "ls: cannot access '~/runs/r1': No such file or directory",
        error: true,
      },
      { user: "they're never in home, quota's too small. the jobs write to /mnt/scratch/<run>/" },
    ]);
    expect(lesson?.rule).toBe(
      "They're never in home, quota's too small. The jobs write to /mnt/scratch/<run>/",
    );
    const zh = learnt([
      { user: "查一下 events 表昨天多少行" },
      {
        tool: "Bash",
        input: "clickhouse-client --host ch01",
        output: "Code: 210. Connection refused (ch01:9000)",
        error: true,
      },
      { user: "哦对了忘了说，咱们这边 clickhouse 不是默认端口，走的 9440，还得加 --secure" },
    ]);
    // Learnt once — as the port fact, which keeps what else the connection needs.
    expect(zh.map((lesson) => lesson.rule)).toEqual(["咱们这边 clickhouse 在 9440 端口，还得加 --secure"]);
  });

  it("turns a reply that is only the right command into running it", () => {
    const [lesson] = learnt([
      { user: "build an apk for the testers" },
      { tool: "Bash", input: "flutter build apk", output: "✓ Built app-release.apk" },
      { user: "nope. fvm flutter build apk --flavor staging -t lib/main_staging.dart" },
    ]);
    expect(lesson?.rule).toBe(
      "Run `fvm flutter build apk --flavor staging -t lib/main_staging.dart`, not `flutter build apk`",
    );
    expect(lesson?.kind).toBe("prefer");
  });

  it("reads polite and rhetorical requests as corrections", () => {
    const polite = learnt([
      { user: "show 'x minutes ago' next to each comment" },
      { tool: "Bash", input: "npm install moment", output: "added 1 package" },
      { user: "would you mind using date-fns instead? we're trying to get moment out of the bundle" },
    ]);
    expect(polite[0]?.rule).toBe("Use date-fns instead. We're trying to get moment out of the bundle");
    const rhetorical = learnt([
      { user: "fix the rounding in the fee calculation" },
      { tool: "Bash", input: "git push origin main", output: "main -> main" },
      {
        user: "why are you pushing straight to main?? everything here goes on a feature branch and through a PR",
      },
    ]);
    expect(rhetorical[0]?.rule).toBe(
      "Don't push straight to main. Everything here goes on a feature branch and through a PR",
    );
    const zh = learnt([
      { user: "订单详情页加一个查物流的请求" },
      { tool: "Bash", input: "pnpm add axios", output: "+ axios 1.7.2" },
      { user: "为什么要装 axios？请求统一走 src/lib/http.ts 里封装好的 ky 客户端" },
    ]);
    expect(zh[0]?.rule).toBe("不要装 axios。请求统一走 src/lib/http.ts 里封装好的 ky 客户端");
    const reason = learnt([
      { user: "把 /data/etl/daily/import.sh 跑一下" },
      { tool: "Bash", input: "/data/etl/daily/import.sh", output: "Permission denied", error: true },
      { assistant: "脚本没有执行权限，我给它加上 chmod +x。" },
      { user: "别 chmod。/data/etl 下面的东西都归 etl 账号，你 sudo -u etl 去跑就行" },
    ]);
    expect(reason[0]).toMatchObject({
      kind: "prefer",
      rule: "别 chmod。/data/etl 下面的东西都归 etl 账号，你 sudo -u etl 去跑就行",
    });
  });

  it("makes a complaint about the last answer with its preference a global lesson about answers", () => {
    const [lesson] = learnt([
      { user: "compare redis and memcached for the session store" },
      { assistant: "| | Redis | Memcached |\n|---|---|---|\n| Persistence | yes | no |" },
      {
        user: "could you maybe not put everything in tables? they render terribly in my terminal. plain bullet points are fine",
      },
    ]);
    expect(lesson).toMatchObject({
      trigger: "Writing answers",
      scopeHint: "global",
      rule: "Don't put everything in tables. They render terribly in my terminal. Plain bullet points are fine",
    });
    // Each clause tells the agent what to do, so each is a preference of its own, both global.
    const short = learnt([
      { user: "how do i see which process holds port 8080" },
      { assistant: "There are several ways to find out which process is listening on a port..." },
      {
        user: "way too long lol. for this kind of thing just give me the command, skip the explanation unless i ask for it",
      },
    ]);
    expect(short.map((item) => [item.rule, item.trigger, item.scopeHint])).toEqual([
      ["For this kind of thing just give me the command", "Writing answers", "global"],
      ["Skip the explanation unless i ask for it", "Writing answers", "global"],
    ]);
  });

  it("learns nothing from thanks with a new request, a genuine question, or words in tool output", () => {
    expect(
      learnt([
        { user: "add a created_at filter to GET /invoices" },
        edit("/work/api/src/routes/invoices.ts"),
        { assistant: "Added ?created_after= and ?created_before=." },
        {
          user: "nice, that works, thanks! now add a test for the created_before edge case in tests/invoices.test.ts",
        },
      ]),
    ).toEqual([]);
    expect(
      learnt([
        { user: "run the integration tests" },
        {
          tool: "Bash",
          input: "make integration",
          output: "no, use --reset-fixtures for a clean db (hint)\nok 32 passed",
        },
        { assistant: "All 32 pass." },
        { user: "why did that take 41 seconds? is the fixture load slow?" },
      ]),
    ).toEqual([]);
    expect(
      learnt([
        { user: "用户列表加一个按注册时间排序" },
        edit("/work/admin/src/pages/users/list.tsx"),
        { assistant: "加好了。" },
        { user: "可以，挺好的。能不能再帮我把 README 里的启动步骤更新一下？" },
      ]),
    ).toEqual([]);
  });
});

describe("verbOfGerund", () => {
  it("reads the verb of an -ing form", () => {
    expect(["using", "putting", "pushing", "adding", "running", "writing"].map(verbOfGerund)).toEqual([
      "use",
      "put",
      "push",
      "add",
      "run",
      "write",
    ]);
  });
});

describe("a wish about the form of the answer just given", () => {
  it("is a lesson about every answer, with no complaint or reject needed", () => {
    const [short] = learnt([
      { user: "how do I see which process holds port 9000?" },
      { assistant: "There are several ways: lsof, netstat and ss, each with its own flags…" },
      { user: "too long. just give me the command, I'll ask if I want the why" },
    ]);
    expect(short).toMatchObject({
      trigger: "Writing answers",
      rule: "Give me the command, I'll ask if I want the why",
    });
    const [table] = learnt([
      { user: "compare last night's runs with the baseline" },
      { assistant: "- run a: wer 5.1\n- run b: wer 4.9" },
      { user: "can you put comparisons like this in a table? runs as rows, metrics as columns" },
    ]);
    expect(table).toMatchObject({ trigger: "Writing answers" });
    expect(table?.rule).toMatch(/^Put comparisons like this in a table/);
  });

  it("is not read after a tool call, nor from a request that asks for no form", () => {
    expect(
      learnt([
        { user: "export the report" },
        { tool: "Bash", input: "python export.py", output: "wrote report.csv" },
        { user: "can you put the totals in a table too?" },
      ]).filter((lesson) => lesson.trigger === "Writing answers"),
    ).toEqual([]);
    expect(
      learnt([
        { user: "what does this regex do?" },
        { assistant: "It matches ISO dates." },
        { user: "can you also explain the lookahead?" },
      ]),
    ).toEqual([]);
  });
});

describe("a reject that names nothing, finished after the agent answers", () => {
  it("learns what the user says next, when the agent only asked back", () => {
    const rules = learnt([
      { user: "add some debug output to the adc read so I can see the raw counts" },
      edit("main/adc.c"),
      { assistant: "Added a printf of the raw ADC count after each read." },
      { user: "no, not printf." },
      { assistant: "Sorry, what would you like instead? I could write to the UART directly." },
      { user: "ESP_LOGD with the TAG defined at the top of the file, same as the rest of the codebase." },
      edit("main/adc.c"),
    ]).map((heuristic) => heuristic.rule);
    expect(rules).toEqual([
      "Not printf. ESP_LOGD with the TAG defined at the top of the file, same as the rest of the codebase",
    ]);
  });

  it("waits through another bare reject (Chinese)", () => {
    const rules = learnt([
      { user: "用户列表页加个导出按钮" },
      edit("src/views/UserList.vue"),
      { assistant: "加好了，组件里直接用 axios 调接口。" },
      { user: "不对，组件里别直接 import axios。" },
      { assistant: "那我改成用 fetch 调接口？" },
      { user: "也不是" },
      { assistant: "那应该怎么调？" },
      { user: "接口都写成 src/api/ 下面的函数，统一走 src/api/request.ts 里封装好的实例" },
      edit("src/api/user.ts"),
    ]).map((heuristic) => heuristic.rule);
    expect(rules.join(" ")).toMatch(/request\.ts/);
  });

  it("learns nothing when the agent acted in between", () => {
    const rules = learnt([
      { user: "add some debug output to the adc read" },
      edit("main/adc.c"),
      { assistant: "Added a printf of the raw ADC count." },
      { user: "no, not printf." },
      edit("main/adc.c"),
      { assistant: "Removed it." },
      { user: "thanks, now the battery readings look odd too" },
    ]).map((heuristic) => heuristic.rule);
    expect(rules).toEqual([]);
  });
});

describe("a rebuke that names nothing to use", () => {
  it("learns nothing from 'use your brain' or 'use common sense'", () => {
    for (const rebuke of ["no, that's wrong. use your brain.", "wrong, use common sense"]) {
      const rules = learnt([
        { user: "add a retry to the fetch in api.ts" },
        edit("src/api.ts"),
        { assistant: "Added a retry loop with 3 attempts." },
        { user: rebuke },
        { assistant: "Sorry — what should it be instead?" },
        { user: "forget it, I'll do it myself" },
      ]).map((heuristic) => heuristic.rule);
      expect(rules).toEqual([]);
    }
  });
});

describe("a sarcastic correction with the right thing in it", () => {
  it("learns the thing to use", () => {
    const rules = learnt([
      { user: "add a fetch subcommand that downloads the release manifest" },
      {
        tool: "Bash",
        input: "cargo build",
        output: "error: failed to run custom build command for `openssl-sys`",
        error: true,
      },
      {
        assistant: "The system is missing the OpenSSL headers. I'll install libssl-dev with apt and rebuild.",
      },
      {
        user: "sure, let's make every CI runner depend on system openssl, what could possibly go wrong. use rustls.",
      },
      edit("Cargo.toml"),
    ]).map((heuristic) => heuristic.rule);
    expect(rules).toContain("Use rustls");
  });
});

describe("a reject left for a new request", () => {
  it("learns nothing from the new request", () => {
    const rules = learnt([
      { user: "把登录页的报错文案改一下" },
      edit("src/views/Login.vue"),
      { assistant: "改好了，文案换成了“用户名或密码错误”。" },
      { user: "不对" },
      { assistant: "那你希望改成什么？" },
      { user: "先不管这个了，帮我看看 README.md 里的安装步骤" },
    ]).map((heuristic) => heuristic.rule);
    expect(rules).toEqual([]);
  });
});
