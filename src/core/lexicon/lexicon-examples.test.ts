import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { maskText } from "../signals/signal-text.js";
import { CODE_TERMS } from "./code-terms.js";
import type { Lexicon } from "./define-lexicon.js";
import { INSTRUCTION_FORMS } from "./imperative-verbs.js";
import { PROHIBITIONS } from "./negations.js";
import { NORMS } from "./norms.js";
import { ONE_OFF_CUES } from "./one-off-cues.js";
import { SMALL_TALK_CUES } from "./small-talk-cues.js";
import { CONDITIONS, STANDING_MARKERS } from "./standing-markers.js";
import { ENGLISH_STOP_WORDS } from "./stop-words.js";

/** Modules of this folder that hold no lexicon: the lexicon type, readers, tables and helpers. */
const NOT_LEXICONS = new Set([
  "asides",
  "define-lexicon",
  "dropped-things",
  "language",
  "slot-entry",
  "slots-by-hand",
  "slots-code",
  "slots-described",
  "slots-libraries",
  "slots-naming",
  "slots-naming-zh",
  "slots-process",
  "slots-commands",
  "slots-test-tools",
  "slots-tools",
  "stop-words",
  "term-referents",
  "tokenizer",
  "work-groups",
  "work-wordings-code",
]);

/** Every lexicon exported by a module of this folder, by module and export name. */
const folder = new URL("./", import.meta.url);
const modules = readdirSync(folder)
  .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
  .map((name) => name.replace(/\.ts$/, ""));
const lexicons: Array<[string, Lexicon]> = [];
for (const name of modules) {
  const exported = (await import(new URL(`${name}.ts`, folder).href)) as Record<string, unknown>;
  for (const [key, value] of Object.entries(exported)) {
    const candidate = value as Partial<Lexicon>;
    if (Array.isArray(candidate.entries) && candidate.pattern instanceof RegExp)
      lexicons.push([`${name} ${key}`, value as Lexicon]);
  }
}

/** An example as its lexicon reads it: as written, or masked. */
const asRead = (lexicon: Lexicon, example: string) =>
  lexicon.reads === "masked" ? maskText(example) : example;

describe("every lexicon of src/core/lexicon", () => {
  it("finds one in each module that is not a helper, each with its own name", () => {
    expect(new Set(lexicons.map(([name]) => name.split(" ")[0]))).toEqual(
      new Set(modules.filter((name) => !NOT_LEXICONS.has(name))),
    );
    const names = lexicons.map(([, lexicon]) => lexicon.name);
    expect(names.every((name) => name.trim() !== "")).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(lexicons)(
    "%s: every entry matches its own example, and so does the compiled lexicon",
    (_name, lexicon) => {
      expect(lexicon.entries.length).toBeGreaterThanOrEqual(2);
      // A compiled lexicon keeps no state between calls.
      expect(lexicon.flags).not.toContain("g");
      for (const entry of lexicon.entries) {
        const example = asRead(lexicon, entry.example);
        expect(example.trim(), entry.pattern.source).not.toBe("");
        expect(new RegExp(entry.pattern.source, lexicon.flags).test(example), entry.pattern.source).toBe(
          true,
        );
        expect(lexicon.pattern.test(example), entry.example).toBe(true);
        expect(lexicon.test(example), entry.example).toBe(true);
      }
    },
  );

  it.each(ENGLISH_STOP_WORDS.map((group) => [group.example, group.words] as const))(
    "stop words: %s holds one of its group's words",
    (example, words) => {
      const said = new Set(example.toLowerCase().split(/[\s,.!?]+/));
      expect(words.split(" ").some((word) => said.has(word))).toBe(true);
    },
  );
});

describe("lexicons: what they leave alone", () => {
  const untouched: Array<[Lexicon, string]> = [
    [STANDING_MARKERS, "never mind, skip that"],
    [ONE_OFF_CUES, "use pnpm in this repo"],
    [PROHIBITIONS, "use pnpm for everything"],
    [NORMS, "the build was slow yesterday"],
    [SMALL_TALK_CUES, "always start variable names with 'z_'"],
    [CODE_TERMS, "keep answers short"],
    [INSTRUCTION_FORMS, "the deploy went fine"],
    [CONDITIONS, "always clear the cache"],
  ];
  it.each(untouched.map(([lexicon, text]) => [lexicon.name, lexicon, text] as const))(
    "%s does not read %j",
    (_name, lexicon, text) => {
      expect(lexicon.test(asRead(lexicon, text))).toBe(false);
    },
  );
});

describe("use and avoid leads", () => {
  it("end at a word's end: 'run' is no lead inside 'runners'", async () => {
    const { preferenceTerms } = await import("./use-and-avoid.js");
    expect([...preferenceTerms("the binary is gone from the runners").use]).toEqual([]);
    expect([...preferenceTerms("以后一律用pnpm").use]).toEqual(["pnpm"]);
    expect([...preferenceTerms("Never add env_logger to a library crate").avoid]).toEqual(["env_logger"]);
  });

  it("drop what 'goes too' but not a symptom that goes away, nor what 'scratch the surface' names", async () => {
    const { preferenceTerms } = await import("./use-and-avoid.js");
    expect([...preferenceTerms("and one more: dayjs goes too").avoid]).toEqual(["dayjs"]);
    expect([...preferenceTerms("scratch the z_ thing, use wr_").avoid]).toEqual(["z_"]);
    expect([...preferenceTerms("the warning goes away after a restart").avoid]).toEqual([]);
    expect([...preferenceTerms("this only scratches the surface").avoid]).toEqual([]);
  });
});

describe("kinds of work a text leaves out", () => {
  it("are not what it is about", async () => {
    const { kindsOfWorkIn } = await import("./kinds-of-work.js");
    expect(kindsOfWorkIn("no unwrap() or expect() outside of tests, propagate with ?")).not.toContain(
      "tests",
    );
    expect(kindsOfWorkIn("run the unit tests")).toContain("tests");
    expect(kindsOfWorkIn("make sure I didn't break anything")).toContain("tests");
    expect(kindsOfWorkIn("write a class that pulls the daily exchange rates from the ECB feed")).toContain(
      "http",
    );
  });

  it("read flash as memory and format strings as code, not flashing or formatting; how code logs is code", async () => {
    const { kindsOfWorkIn } = await import("./kinds-of-work.js");
    expect(
      kindsOfWorkIn(
        "we log through defmt here — keep the format strings tiny, every one of them costs flash",
      ),
    ).toEqual(["code"]);
    expect(kindsOfWorkIn("we're moving to the L4R5 with 2MB of flash")).toEqual([]);
    expect(kindsOfWorkIn("flash the board over /dev/ttyUSB0")).toContain("device");
    expect(kindsOfWorkIn("format the file with prettier")).toContain("lint");
  });
});

describe("drops said in passing", () => {
  it("name the thing dropped", async () => {
    const { preferenceTerms } = await import("./use-and-avoid.js");
    expect([...preferenceTerms("so eyre's out, the binary uses miette now").avoid]).toEqual(["eyre"]);
    expect([...preferenceTerms("so eyre's out, the binary uses miette now").use]).toEqual(["miette"]);
    expect([...preferenceTerms("we're switching the binary from anyhow to color-eyre").avoid]).toEqual([
      "anyhow",
    ]);
    expect([...preferenceTerms("copy the files from src to dist").avoid]).toEqual([]);
    expect([...preferenceTerms("I changed my mind about the prefix again").avoid]).toEqual([]);
  });

  it("read 'moving away from', 不用再写, and an import from a module as no drop", async () => {
    const { preferenceTerms } = await import("./use-and-avoid.js");
    const { droppedThings } = await import("./dropped-things.js");
    expect(preferenceTerms("We are moving away from perfkit in favour of the 'fastmemo' module")).toEqual({
      use: new Set(["fastmemo"]),
      avoid: new Set(["perfkit"]),
    });
    expect(preferenceTerms("ah, we're migrating off crontab").avoid).toEqual(new Set(["crontab"]));
    // Two leads that read one term at one place name one thing.
    expect(droppedThings("we're moving from handle() to __invoke()")).toEqual([["handle"]]);
    expect(preferenceTerms("方法上不用再写 docstring 了")).toEqual({
      use: new Set(),
      avoid: new Set(["docstring"]),
    });
    expect(preferenceTerms("所有函数都要加 @monitor 装饰器，从 obsv 模块导入").avoid.size).toBe(0);
    expect([...preferenceTerms("我们从 yarn 换成 pnpm 了").avoid]).toEqual(["yarn"]);
    expect(preferenceTerms("Cried a bit, not gonna lie.").avoid.size).toBe(0);
  });
});

describe("rules narrowed by their name", () => {
  it("name the rule in the words before 'rule' or 那条, and nothing else is a narrowing", async () => {
    const { narrowedRuleName } = await import("./narrowings.js");
    expect(narrowedRuleName("the @openapi rule only applies to routes/public/ now")).toEqual(["@openapi"]);
    expect(narrowedRuleName("num_workers=0 那条现在只针对 notebooks/ 目录")).toEqual(["num_workers", "0"]);
    expect(narrowedRuleName("不用了，yml 文档那条放宽了：只有 marts/ 下面的模型必须写 yml")).toEqual([
      "yml",
      "文档",
    ]);
    expect(narrowedRuleName("seed 那条也改一下，不要固定 42 了，从 cfg.seed 读")).toEqual(["seed"]);
    expect(narrowedRuleName("the @Timed rule changed: only public controller methods")).toEqual(["@timed"]);
    expect(narrowedRuleName("we follow the rule of three for refactors")).toBeNull();
    expect(narrowedRuleName("only the tests under e2e/ are slow")).toBeNull();
  });
});
