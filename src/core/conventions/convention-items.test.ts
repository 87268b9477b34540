import { describe, expect, it } from "vitest";
import { renamedBack } from "../lessons/values-named-back.js";
import { kindsOfWork } from "../lexicon/kinds-of-work.js";
import { withoutReasons } from "../lexicon/reason-clauses.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { conventionWork, promptWork } from "../recall/conventions.js";
import { readConventions } from "./convention-rule.js";
import { readSlots } from "./slot-rule.js";

const rules = (message: string) => readConventions(message).map((found) => found.rule);
const withSlots = (message: string) =>
  readConventions(message).map(
    (found) => `${found.rule} | ${found.slot?.slot ?? "-"}=${found.slot?.value ?? "-"}`,
  );

describe("what a rule says without its verb, or under a heading", () => {
  it("reads a thing for every one of a kind, and a rule after a standing opening", () => {
    expect(rules("SwiftUI for all new screens, no UIKit view controllers.")).toEqual([
      "SwiftUI for all new screens, no UIKit view controllers",
    ]);
    expect(
      rules("going forward, tuning values live in ScriptableObject configs under Assets/Data."),
    ).toHaveLength(1);
  });

  it("reads the rule after a heading that points at it, and a prefixed name as its value", () => {
    expect(
      rules(
        "our lead went through the style guide and we're aligning with it: constants are k_PascalCase now (k_MaxHealth), not ALL_CAPS anymore. statics get s_.",
      ),
    ).toEqual(["Constants are k_PascalCase now (k_MaxHealth), not ALL_CAPS anymore", "Statics get s_"]);
  });

  it("reads a change said with nothing of what it became, then what it became, as one rule", () => {
    expect(
      rules(
        "we switched formatter. fourmolu with the fourmolu.yaml in the repo root. ormolu's out, I removed it.",
      ),
    ).toEqual(["Fourmolu with the fourmolu.yaml in the repo root. Ormolu's out, I removed it"]);
    expect(rules("we switched to pnpm.")).toEqual(["We switched to pnpm"]);
  });

  it("reads a thing moved from one place to another, and no task headed as one", () => {
    expect(
      rules(
        "1) the ticket reference moves out of the subject into a `Refs: ENG-123` trailer.\n2) task: the emails go out in UTC instead of local time",
      ),
    ).toEqual(["The ticket reference moves out of the subject into a `Refs: ENG-123` trailer"]);
  });
});

describe("what a sentence joins, and what it leaves alone", () => {
  it("keeps what follows a bare 'and' with no verb in its clause", () => {
    expect(
      rules("Firstly, dependency injection is Dagger 2, and we write the modules and components by hand."),
    ).toEqual(["Dependency injection is Dagger 2", "We write the modules and components by hand"]);
  });

  it("joins no drop of another kind of thing to the rule before it", () => {
    expect(
      rules(
        "So jotai is what we use for shared state from now on. And you can stop wrapping pages in withSentry. We switched to the Sentry browser integration, so that wrapper is gone.",
      )[0],
    ).toBe("Jotai is what we use for shared state from now on");
  });

  it("takes the tool named right after a rule of its slot as the rule's value", () => {
    expect(
      withSlots(
        "we never use print in this codebase, use the logger. structlog, log = structlog.get_logger() at the top.",
      ),
    ).toEqual([
      "We never use print in this codebase, use the logger. Structlog, log = structlog.get_logger() at the top | logging=structlog",
    ]);
  });

  it("joins a region being torn down to the rule that replaces it", () => {
    expect(
      withSlots(
        "eu-central-1 is the default region now for anything new. eu-west-1 is getting torn down next quarter.",
      ),
    ).toEqual([
      "eu-central-1 is the default region now for anything new. eu-west-1 is getting torn down next quarter | cloud-region=eu-central-1",
    ]);
  });

  it("starts another item after 另外: a change said before it is not what the next rule replaces", () => {
    expect(
      rules(
        "我们升级了 unplugin-vue-components，组件名不用再手写了。另外请求层也换了，axios 那套封装下线了，现在统一用 alova，实例在 src/api/alova.ts。",
      ),
    ).toHaveLength(2);
  });

  it("reads a thing judged too heavy before a change, and one kept only in old code, as dropped", () => {
    expect(preferenceTerms("hydra 用下来太重了，组里决定换成 tyro").avoid).toEqual(new Set(["hydra"]));
    expect(preferenceTerms("hydra 用下来太重了，组里决定换成 tyro").use).toEqual(new Set(["tyro"]));
    expect(preferenceTerms("MyBatis-Plus 只留在老代码里，新代码别再引了").avoid).toEqual(
      new Set(["mybatis-plus"]),
    );
  });
});

describe("a value named back, and a drop of the older rule's example", () => {
  it("archives rather than amends a rule whose example names a thing the change drops", () => {
    expect(
      renamedBack(
        {
          rule: "Ticket keys are ENG-### now, the RBX keys are dead. We finished moving from Jira to Linear",
          convention: true,
        },
        { rule: "Commit subjects start with the Jira key, like `RBX-412: Fix sync`", convention: true },
      ),
    ).toBeNull();
  });
});

describe("the kinds of work of a rule and of a request", () => {
  it("reads a reason of purpose as no work of the rule's", () => {
    expect(withoutReasons("Every control gets an accessibilityIdentifier, so the UI tests can find it")).toBe(
      "Every control gets an accessibilityIdentifier",
    );
    expect(
      conventionWork({
        rule: "Every control gets an accessibilityIdentifier, so the UI tests can find it",
        trigger: "",
      }),
    ).toEqual(new Set(["code"]));
  });

  it("reads Jetpack Compose as no container, new business logic as no new project, a sync as code", () => {
    expect(kindsOfWork("never hardcoded in Kotlin or Compose").has("containers")).toBe(false);
    expect(kindsOfWork("docker compose up -d db").has("containers")).toBe(true);
    expect(kindsOfWork("New business logic goes in app/interactors").has("dependencies")).toBe(false);
    expect(kindsOfWork("set up a new vite project").has("dependencies")).toBe(true);
    expect(
      promptWork("sync refunds from stripe into the refunds table every hour", false).work.has("code"),
    ).toBe(true);
  });
});

describe("a task reported as what the code does wrong now", () => {
  it("is no rule, in English or Chinese", () => {
    expect(
      rules(
        "the refund webhook handler returns 500 when the charge id is missing from the payload. can you look?",
      ),
    ).toEqual([]);
    expect(rules("客户列表接口分页有问题，翻到第二页会有重复数据，帮我看看")).toEqual([]);
  });
});

describe("a tool named with its version run in, a colloquial move, an item said with 'also'", () => {
  it("reads Dagger2 as dagger and 迁 Hilt as a move to Hilt", () => {
    expect(readSlots("项目里依赖注入用的 Dagger2").map((slot) => `${slot.slot}=${slot.value}`)).toEqual([
      "dependency-injection=dagger",
    ]);
    expect(
      withSlots(
        "Dagger 的 Component 写得太累了，组里决定迁 Hilt。以后新代码用 @HiltViewModel + @AndroidEntryPoint。",
      )[0],
    ).toBe("Dagger 的 Component 写得太累了，组里决定迁 Hilt | dependency-injection=hilt");
  });

  it("joins no sentence that opens with 'also' to the rule before it", () => {
    expect(
      rules(
        "we're going with valibot instead of zod for validation. also the rate limiter stays in-memory, don't bother with redis.",
      ).join(" | "),
    ).not.toContain("valibot instead of zod for validation. The rate limiter");
  });
});

describe("a rule scrapped by its name, and a Chinese drop with its replacement", () => {
  it("joins 'scrap the X thing' to the rule said after it", () => {
    expect(
      rules(
        "ok so, scrap the NumPy thing. We're wiring the docs site to Sphinx autodoc, so docstrings are plain reST now.",
      ),
    ).toEqual([
      "We're wiring the docs site to Sphinx autodoc, so docstrings are plain reST now. Scrap the NumPy thing",
    ]);
  });

  it("reads 'X 不用了，改成 Y' as a change", () => {
    expect(
      rules("年后要分库分表了，自增主键不用了，改成雪花 ID，用 common 包里的 IdGenerator.nextId() 生成。")[0],
    ).toContain("自增主键不用了，改成雪花 ID");
  });
});
