/**
 * The readings of stop 45: a drop kept with the words said of it before its replacement, a clause
 * whose object is "one", decisions and the things only meant for a while, a choice kept for the last
 * resort, what to do after "stop doing", a confirmation of how answers are wanted, prefixes said in
 * words, requests asked without their question mark, and the words that drop nothing ("not just
 * here"). See docs/learning.md, "Asides, requests and prefixes said in words".
 */
import { describe, expect, it } from "vitest";
import { withdrawsOnly } from "../lessons/withdrawn-rules.js";
import { tellsDecision } from "../lexicon/decisions.js";
import { kindsOfWork } from "../lexicon/kinds-of-work.js";
import { forbids } from "../lexicon/negations.js";
import { pointsBackOnly } from "../lexicon/pronoun-objects.js";
import { opensAsRequest } from "../lexicon/question-forms.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { asksForKnowledge } from "../recall/conventions.js";
import { readConventions } from "./convention-rule.js";
import { heldValues } from "./named-values.js";
import { readSlots } from "./slot-rule.js";

const rules = (message: string) => readConventions(message, null, null).map((found) => found.rule);
const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);

describe("a drop, the words said of it, and what replaces it", () => {
  it("keeps the drop with its replacement when a relayed review comes between", () => {
    const [rule] = rules(
      "so the numpydoc thing didn't stick. Marco's review on #212 was basically 'why do our docstrings look like scipy'. we're going with reST field lists instead. use that going forward.",
    );
    expect(rule).toMatch(/reST field lists instead/);
    expect(rule).toMatch(/numpydoc thing didn't stick/);
  });

  it("reads 'every public function gets one' as part of the rule before it", () => {
    expect(
      rules("and docstrings are Google style (Args: / Returns:), every public function gets one."),
    ).toEqual(["Docstrings are Google style (Args: / Returns:), every public function gets one"]);
    expect(pointsBackOnly("all handlers need them")).toBe(true);
    expect(pointsBackOnly("every public function gets a docstring")).toBe(false);
  });

  it("joins what to do after 'stop doing', and a thing only meant for a while is dropped", () => {
    expect(forbids("so stop hardcoding seeds")).toBe(true);
    expect(forbids("stop being so verbose")).toBe(false);
    expect(
      rules(
        "we're putting the pipeline under DVC, so stop hardcoding seeds. read the seed from conf/params.yaml so DVC tracks it.",
      ),
    ).toEqual([
      "We're putting the pipeline under DVC, so stop hardcoding seeds. Read the seed from conf/params.yaml so DVC tracks it",
    ]);
    expect([
      ...preferenceTerms("CSS modules were a stopgap, so please don't create new ones").avoid,
    ]).toContain("modules");
  });

  it("drops a name changed with a modal between it and 改成, and drops nothing with 'not just here'", () => {
    expect([
      ...preferenceTerms("返回结构里的 msg 要改成 message，以后统一 {code, message, data}").avoid,
    ]).toEqual(["msg"]);
    expect([...preferenceTerms("That's how I want answers in general, not just here").avoid]).toEqual([]);
  });
});

describe("decisions, choices and confirmations", () => {
  it("reads going with a thing, or all in on it, as a decision that sets its slot", () => {
    expect(tellsDecision("we're going with reST field lists instead")).toBe(true);
    expect(tellsDecision("we're going all in on Tailwind")).toBe(true);
    expect(tellsDecision("I'm going to the shop")).toBe(false);
    const found = readConventions(
      "morning. update from the frontend guild meeting: we're going all in on Tailwind.",
      null,
      null,
    );
    expect(found.map((item) => item.rule)).toEqual(["We're going all in on Tailwind"]);
    expect(found[0]?.slot?.value).toBe("tailwind");
  });

  it("reads a thing kept for the last resort as a choice", () => {
    expect(
      rules("we query by role (getByRole, with the accessible name), getByTestId only as a last resort."),
    ).toEqual(["We query by role (getByRole, with the accessible name), getByTestId only as a last resort"]);
  });

  it("reads 'that's how I want answers in general' as confirming the sentence before", () => {
    expect(
      rules(
        "too long. bullet points, max 5, no preamble please. that's how I want answers in general, not just here",
      ),
    ).toEqual([
      "Bullet points, max 5, no preamble please. That's how I want answers in general, not just here",
    ]);
  });
});

describe("rules said as what every thing starts with, as news confirmed, or as what the team is using", () => {
  it("reads 'every script starts with set -euo pipefail' after a complaint", () => {
    expect(
      rules("how many times do I have to say this. every script starts with `set -euo pipefail`."),
    ).toEqual(["Every script starts with `set -euo pipefail`"]);
  });

  it("reads news that the next sentence tells to go with from now on", () => {
    const [found] = readConventions(
      "the analytics engineers merged a new .sqlfluff last week that enforces UPPERCASE keywords. Please go with that from now on instead of lowercase.",
      null,
      null,
    );
    expect(found?.slot?.value).toBe("uppercase");
    expect(rules("we went to a jazz gig last week.")).toEqual([]);
  });

  it("reads what the team is now using as a thing used", () => {
    expect([
      ...preferenceTerms("we're moving tests into test/ and using alcotest for them from now on").use,
    ]).toEqual(["alcotest"]);
    expect([...preferenceTerms("I'm using Chrome on a Mac").use]).toEqual([]);
  });
});

describe("prefixes said in words, and what a kind of thing is marked with", () => {
  it("reads an underscore prefix and no prefix at all", () => {
    expect(slots("private fields get an underscore prefix instead: _health, _moveSpeed.")).toEqual([
      "naming.attribute.prefix=_",
    ]);
    expect(slots("the lead wants no prefix at all on private fields, plain camelCase")).toEqual([
      "naming.attribute.prefix=none",
    ]);
  });

  it("keeps a rule with its own alternative apart from the next one", () => {
    expect(
      rules(
        "unity conventions for this project: inspector fields are [SerializeField] private, never public fields. private fields use the m_ prefix (m_health, m_moveSpeed).",
      ),
    ).toEqual([
      "Inspector fields are [SerializeField] private, never public fields",
      "Private fields use the m_ prefix (m_health, m_moveSpeed)",
    ]);
  });
});

describe("requests asked without their question mark", () => {
  it("are requests, never rules of a list, nor what to do instead of a prohibition", () => {
    expect(opensAsRequest("can you write a PlayerHealth script with damage and a death event")).toBe(true);
    expect(opensAsRequest("you can write it in Kotlin")).toBe(false);
    expect(
      rules(
        "conventions for this project: never call GetComponent in Update, cache it in Awake. can you write a PlayerHealth script with damage and a death event",
      ),
    ).toEqual(["Never call GetComponent in Update, cache it in Awake"]);
  });
});

describe("what a withdrawal says besides, and what a project holds by name", () => {
  it("a switch beside a withdrawal states a rule; the reason for it does not", () => {
    expect(
      withdrawsOnly(
        "Back to thiserror in tilecore, and the binary reports errors with miette instead of anyhow. Scrap the snafu thing",
      ),
    ).toBe(false);
    expect(withdrawsOnly("OTel covers the service layer now. Re the @traced decorator rule: drop it")).toBe(
      true,
    );
  });

  it("holds no practice's value by name: 'use' in a message names no held thing", () => {
    const held = heldValues(
      ["type hints on every public function"],
      [
        { id: "annotations", value: "use" },
        { id: "logging", value: "zerolog" },
      ],
    );
    expect(held.slots).toEqual([{ id: "logging", value: "zerolog" }]);
  });

  it("reads an operation asked politely as work, and the data services of a cloud as cloud work", () => {
    expect(asksForKnowledge("can you list the glue tables in the warehouse catalog?", false)).toBe(false);
    expect(asksForKnowledge("could you explain what rebase --onto does?", false)).toBe(true);
    expect([...kindsOfWork("kick off the athena query that rebuilds the daily revenue table")]).toContain(
      "cloud",
    );
    expect([...kindsOfWork("把前端打个包发到测试机")]).toContain("deploy");
    expect([...kindsOfWork("把前端打个包发到测试机")]).not.toContain("tests");
  });

  it("reads whether it still works as test work", () => {
    expect([...kindsOfWork("I tweaked the header parsing, verify it still works")]).toContain("tests");
    expect([...kindsOfWork("check that my change didn't break the invoice totals")]).toContain("tests");
    expect([...kindsOfWork("add a benchmark and check the suite is still green")]).toContain("tests");
  });
});
