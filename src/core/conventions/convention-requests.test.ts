import { describe, expect, it } from "vitest";
import { extractPreference } from "../learning/experience-text.js";
import { contradicts } from "../lessons/contradiction.js";
import { withdrawsOnly } from "../lessons/withdrawn-rules.js";
import { withoutExceptions } from "../lexicon/convention-scopes.js";
import { kindsOfWorkIn } from "../lexicon/kinds-of-work.js";
import { withNamePositions } from "../lexicon/name-positions.js";
import { statesNorm } from "../lexicon/norms.js";
import { isOneOff } from "../lexicon/one-off-cues.js";
import { politeRequestRest } from "../lexicon/question-forms.js";
import { hasStrongStandingMarker } from "../lexicon/standing-markers.js";
import { asksForNow } from "../lexicon/task-headings.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { withdrawalIn } from "../lexicon/withdrawals.js";
import { promptWork } from "../recall/conventions.js";
import { readConventions } from "./convention-rule.js";
import { readSlots } from "./slot-rule.js";

const rules = (message: string) => readConventions(message).map((found) => found.rule);
const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);
const terms = (text: string) => {
  const found = preferenceTerms(text);
  return { use: [...found.use], avoid: [...found.avoid] };
};
const convention = (rule: string) => ({ rule, convention: true, slot: undefined });

describe("a request asked politely, as a question", () => {
  it("is read as the request it asks for", () => {
    expect(politeRequestRest("could you please stop using unwrap() outside of tests in general?")).toBe(
      "stop using unwrap() outside of tests in general",
    );
    expect(politeRequestRest("能不能以后都用中文回答？")).toBe("以后都用中文回答");
    expect(politeRequestRest("could you stop using unwrap()")).toBeNull();
    expect(
      rules(
        "Hmm, I'd rather it be an error. And could you please stop using unwrap() outside of tests in general? Propagate with ? and a proper error variant.",
      ),
    ).toEqual(["Stop using unwrap() outside of tests in general"]);
    expect(rules("could you keep answers short?")).toEqual(["Keep answers short"]);
    expect(rules("能不能以后都用中文回答？")).toEqual(["以后都用中文回答"]);
    // A request for now, or a question, is still no rule.
    expect(rules("can you run the tests?")).toEqual([]);
    expect(rules("could you tell me what port it runs on?")).toEqual([]);
  });

  it("reads what a rule is about without what it says it does not hold for", () => {
    // Each runs to the end of its clause.
    expect(withoutExceptions("stop using unwrap() outside of tests in general")).toBe("stop using unwrap()");
    expect(withoutExceptions("no raw SQL except in migrations, use the query builder")).toBe(
      "no raw SQL , use the query builder",
    );
    expect(kindsOfWorkIn(withoutExceptions("stop using unwrap() outside of tests"))).not.toContain("tests");
    const [found] = readConventions("could you please stop using unwrap() outside of tests in general?");
    expect(found?.work).not.toContain("tests");
  });

  it("ends the thread of the rule before it: a question or a request for now is never part of a rule", () => {
    expect(
      rules(
        "view models are @Observable classes, no more ObservableObject / @Published. Can you convert the HomeViewModel as a start?",
      ),
    ).toEqual(["View models are @Observable classes, no more ObservableObject / @Published"]);
    expect(
      rules(
        "Every view should also have a #Preview block so design can check it in Xcode. Today I'd like the streak counter to reset at local midnight instead of UTC.",
      ),
    ).toEqual(["Every view should also have a #Preview block so design can check it in Xcode"]);
    // Swift's @Published names no release.
    expect(kindsOfWorkIn("no more ObservableObject / @Published")).not.toContain("release");
  });
});

describe("rules relayed from the people who set them", () => {
  it("takes the forwarding off and reads the quote", () => {
    expect(
      rules(
        "forwarding Tomasz's review on the late fee PR: \"Please don't use Shouldly either. We agreed in the backend guild to stick with plain xUnit Assert.* so we have no third-party assertion library at all.\" — can you redo those tests accordingly?",
      )[0],
    ).toMatch(/^Don't use Shouldly either\. We agreed in the backend guild to stick with plain xUnit Assert/);
    expect(
      rules(
        "forwarding Priya's review comment on the FX PR, she's the one who owns the style guide: \"We don't do underscore-prefixed helper functions anymore. Private helpers go into a module called _internal.py next to the public one.\"",
      ).join(" | "),
    ).not.toMatch(/forwarding/i);
  });

  it("reads what they want as a norm, and a withdrawal that says it as what holds instead", () => {
    expect(statesNorm("the design team vetoed it — they want CSS modules")).toBe(true);
    expect(statesNorm("they want to ship it on friday")).toBe(false);
    expect(slots("they want CSS modules so they can own the tokens")).toEqual(["styling=css-modules"]);
    expect(withdrawsOnly("Scrap the tailwind thing. They want CSS modules so they can own the tokens")).toBe(
      false,
    );
    expect(withdrawsOnly("re the @traced decorator rule: drop it. OTel covers the service layer now")).toBe(
      true,
    );
  });

  it("reads 'X lost' as X dropped", () => {
    expect(
      terms(
        "we had a big style argument last night and m_ lost 😂 we're going with underscore + camelCase now",
      ).avoid,
    ).toEqual(["m_"]);
    expect(terms("the connection was lost, retry").avoid).toEqual([]);
  });
});

describe("withdrawals and commands", () => {
  it("reads a rule named before a dash and taken back after it, as a convention", () => {
    expect(withdrawalIn("Small change of plans: the # Examples rule — please drop it.")?.name).toEqual([
      "#",
      "examples",
    ]);
    // "about" is needed before a bare "one": "the first one, drop it" names no rule.
    expect(withdrawalIn("the first one, drop it")).toBeNull();
    expect(
      rules(
        "Hey! Small change of plans: the # Examples rule — please drop it. Doctests were pushing CI to 12 minutes.",
      ),
    ).toEqual(["The # Examples rule — please drop it"]);
  });

  it("reads the pre-commit check as one command, and the same command with other flags replaces it", () => {
    expect(
      slots(
        "from now on the pre-commit check is `cargo clippy --all-targets -- -D warnings -W clippy::pedantic`",
      ),
    ).toEqual(["pre-commit-command=cargo clippy --all-targets -- -d warnings -w clippy::pedantic"]);
    expect(
      contradicts(
        convention(
          "From now on the pre-commit check is `cargo clippy --all-targets -- -D warnings -W clippy::pedantic`",
        ),
        convention("We run `cargo clippy -- -D warnings` before every commit"),
      ),
    ).toBe(true);
    // Two commands of one launcher are two commands.
    expect(
      contradicts(
        convention("From now on run `npm run typecheck --pretty` before every commit"),
        convention("We run `npm run lint --fix` before every commit"),
      ),
    ).toBe(false);
  });
});

describe("supersession by the words a change uses", () => {
  it("reads where a mark goes in a name as one word", () => {
    expect(withNamePositions("underscore-prefixed helpers, a leading underscore")).toBe(
      "underscore-prefix helpers, a prefix underscore",
    );
    expect(
      contradicts(
        convention(
          "Private helpers go into a module called _internal.py. We don't do underscore-prefixed helper functions anymore",
        ),
        convention(
          "Private helper functions get a leading underscore (_normalize_amount, not normalize_amount)",
        ),
      ),
    ).toBe(true);
  });

  it("names a rule by where its mark goes however that is said", () => {
    expect(
      contradicts(
        convention("One more from the guidelines update: the Async-suffix rule is gone"),
        convention("Async methods end in Async (GetReservationAsync, not GetReservation)"),
      ),
    ).toBe(true);
    expect(
      contradicts(
        convention("One more from the guidelines update: the Async-suffix rule is gone"),
        convention("Validation goes through FluentValidation validators"),
      ),
    ).toBe(false);
  });

  it("keeps an example with the rule of its slot, and a drop said in other words", () => {
    expect(
      rules('And commit messages start with the Jira key, e.g. "CLN-231 Fix double booking on DST change".'),
    ).toEqual(['Commit messages start with the Jira key, e.g. "CLN-231 Fix double booking on DST change"']);
    // "the Makefile" does not say "make": the drop of make is kept with the rule.
    expect(
      rules(
        "right, we dropped the Makefile last sprint. deploys go through ./scripts/release.sh staging now. don't use make for deploys anymore",
      ),
    ).toEqual([
      "Deploys go through ./scripts/release.sh staging now. We dropped the Makefile last sprint. Don't use make for deploys anymore",
    ]);
  });

  it("reads what is used, and what instead, in more of the ways it is said", () => {
    expect(slots("Tests: xUnit + FluentAssertions")).toEqual([
      "test-runner=xunit",
      "assertion-library=fluentassertions",
    ]);
    expect(slots("Any new networking code should use URLSession with async/await directly")).toEqual([
      "http-client=urlsession",
    ]);
    expect(terms("use HTTPClient rather than calling URLSession yourself")).toEqual({
      use: ["httpclient"],
      avoid: ["urlsession"],
    });
    expect(terms("use msw instead of mocking the gateway").avoid).toEqual(["mocking"]);
    expect(terms("for tests, please write new ones with Swift Testing instead of XCTest cases").use).toEqual([
      "swift",
    ]);
  });

  it("reads a Chinese preference past its modifier and its aside", () => {
    const corp = "平台组要求所有服务统一用他们封装的 @corp/logger（底层其实也是 pino），不要自己 new pino 了";
    expect(terms(corp)).toEqual({ use: ["@corp/logger"], avoid: ["pino"] });
    expect(extractPreference(corp)?.preferred).toBe("@corp/logger");
    // 用着 says how a thing works out, not what to use.
    expect(terms("pino 用着还行").use).toEqual([]);
  });
});

describe("headings and clauses", () => {
  it("reads rules after a Chinese heading of rules, and what every one of a kind does", () => {
    expect(hasStrongStandingMarker("规范先说一下：包管理用 npm")).toBe(true);
    expect(
      rules(
        "规范先说一下：包管理用 npm；单测用 jest；所有环境变量都通过 src/config.ts 读，业务代码里不要直接 process.env。",
      ),
    ).toEqual([
      "包管理用 npm",
      "单测用 jest",
      "所有环境变量都通过 src/config.ts 读，业务代码里不要直接 process.env",
    ]);
  });

  it("keeps a prohibition that says what to do instead apart from the rule before it", () => {
    expect(
      rules(
        "style stuff real quick: private serialized fields use the m_ prefix (m_moveSpeed), never call GetComponent or Find inside Update — cache it in Awake — and tuning values live in ScriptableObjects.",
      )[0],
    ).toBe("Private serialized fields use the m_ prefix (m_moveSpeed)");
  });

  it("joins a drop of a value written like the one a change sets, however it is marked", () => {
    expect(
      rules(
        "heads up, everything new goes to eu-central-1 now (Frankfurt, data residency thing). eu-west-1 is legacy only, we don't add anything there.",
      ),
    ).toEqual([
      "Everything new goes to eu-central-1 now (Frankfurt, data residency thing). eu-west-1 is legacy only, we don't add anything there",
    ]);
  });

  it("keeps the kind of a thing with it, and leaves a request for now out of the rule", () => {
    expect(
      rules(
        "我们决定从 Provider 迁到 Riverpod 了，新页面用 Riverpod，带 codegen 的 @riverpod 注解那种。今天做个资料页",
      ),
    ).toEqual(["我们决定从 Provider 迁到 Riverpod 了，新页面用 Riverpod，带 codegen 的 @riverpod 注解那种"]);
    expect(
      rules(
        "3. 界面上的文案不要写死，放 lib/l10n 下面的 arb 文件里 先帮我把依赖装一下，然后看看为什么接单页溢出",
      ),
    ).toEqual(["界面上的文案不要写死，放 lib/l10n 下面的 arb 文件里"]);
    expect(asksForNow("先帮我把依赖装一下")).toBe(true);
    expect(asksForNow("放 lib/l10n 下面的 arb 文件里")).toBe(false);
  });

  it("reads a day said of what someone is doing, and 'another one:' as a lead-in", () => {
    expect(isOneOff("use ObjectPool<T> instead of our PoolManager, Kenji's deleting it this week")).toBe(
      false,
    );
    expect(
      rules(
        "another one: for pooling use UnityEngine.Pool's ObjectPool<T> instead of our homemade PoolManager.",
      ),
    ).toEqual(["For pooling use UnityEngine.Pool's ObjectPool<T> instead of our homemade PoolManager"]);
  });
});

describe("what a request asks for", () => {
  it("is read before a clause that describes the thing asked for", () => {
    const work = promptWork(
      "add a `sync` subcommand that pulls the remote package index and writes it under ~/.cache/pkgsync",
      false,
    ).work;
    expect(work.has("code")).toBe(true);
    expect([...promptWork("create a branch that fixes the login bug", false).work]).toEqual(["git"]);
  });
});
