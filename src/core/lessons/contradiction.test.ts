import { describe, expect, it } from "vitest";
import { contradicts, preferenceTerms } from "./contradiction.js";

describe("preferenceTerms", () => {
  it("reads what to use and what to avoid, in English and Chinese", () => {
    expect(preferenceTerms("Use `pnpm install`, not `npm install`")).toEqual({
      use: new Set(["pnpm"]),
      avoid: new Set(["npm"]),
    });
    expect(preferenceTerms("Run the tests with npx vitest run instead of jest")).toMatchObject({
      avoid: new Set(["jest"]),
    });
    expect(preferenceTerms("用 dayjs，不要用 moment")).toEqual({
      use: new Set(["dayjs"]),
      avoid: new Set(["moment"]),
    });
    expect(preferenceTerms("Never force-push to main")).toEqual({
      use: new Set(),
      avoid: new Set(["force-push"]),
    });
  });
});

describe("preferenceTerms: the thing first, then that it is dropped", () => {
  it("reads a thing named before its prohibition, with or without a space (Chinese), and 'X is out'", () => {
    expect(preferenceTerms("pip-tools 以后不要再用了，加包就 pdm add").avoid).toEqual(new Set(["pip-tools"]));
    expect(preferenceTerms("状态管理换成 Pinia 了，Vuex不要再用了").avoid).toEqual(new Set(["vuex"]));
    expect(preferenceTerms("DO 那套别再用").avoid).toEqual(new Set(["do"]));
    expect(preferenceTerms("prettier is out, biome formats everything").avoid).toEqual(new Set(["prettier"]));
    // A prohibition followed by its own thing reads that thing, not the one before it.
    expect(preferenceTerms("用 pnpm 不要再用 npm")).toEqual({
      use: new Set(["pnpm"]),
      avoid: new Set(["npm"]),
    });
  });
});

describe("contradicts", () => {
  it("finds an overturned preference", () => {
    expect(contradicts({ rule: "Use pnpm, not yarn" }, { rule: "Use `yarn`, not `npm`" })).toBe(true);
    expect(
      contradicts({ rule: "Use npx vitest run instead of jest" }, { rule: "Use `jest`, not `mocha`" }),
    ).toBe(true);
    expect(contradicts({ rule: "用 pnpm，不要再用 yarn" }, { rule: "用 yarn 安装依赖" })).toBe(true);
    // Past an article, and "no more": the conda env is gone.
    expect(
      contradicts(
        { rule: "Use uv run, no more conda for this repo" },
        { rule: "Use the conda env, conda run -n forecast python" },
      ),
    ).toBe(true);
    expect(
      contradicts(
        { rule: "The portal listens on port 4000, not 3000" },
        { rule: "The portal listens on port 3000 locally, not 9000" },
      ),
    ).toBe(true);
  });

  it("reads what is now used and what is gone or dead", () => {
    expect(
      contradicts(
        { rule: "We're on 3.12 now, prod got upgraded. the 3.9 restrictions are gone, match is fine" },
        { rule: "Prefer 3.9 syntax" },
      ),
    ).toBe(true);
    expect(preferenceTerms("The .eslintrc.json is dead, only eslint.config.mjs counts").avoid).toEqual(
      new Set([".eslintrc.json"]),
    );
    expect(contradicts({ rule: "We're on 3.12 now" }, { rule: "Prefer 3.12 syntax" })).toBe(false);
  });

  it("finds another tool of a kind a project uses one of", () => {
    expect(contradicts({ rule: "Use ./gradlew assemble" }, { rule: "Use ./mvnw package" })).toBe(true);
    expect(contradicts({ rule: "Use pnpm install" }, { rule: "Use yarn install" })).toBe(true);
    expect(
      contradicts({ rule: "Use vitest run for the tests" }, { rule: "Use jest --ci for the tests" }),
    ).toBe(true);
    // npx runs a tool whatever installs the packages; pip runs inside conda and uv alike.
    expect(contradicts({ rule: "Use pnpm install" }, { rule: "Use npx prisma generate first" })).toBe(false);
    expect(contradicts({ rule: "Use uv run pytest" }, { rule: "Use pip install -e ." })).toBe(false);
    expect(contradicts({ rule: "Use pnpm install" }, { rule: "Use pnpm run build before deploying" })).toBe(
      false,
    );
  });

  it("does not confuse agreeing or unrelated lessons", () => {
    expect(
      contradicts(
        { rule: "Use pnpm install, never npm install here" },
        { rule: "Use `pnpm install`, not `npm install`" },
      ),
    ).toBe(false);
    expect(contradicts({ rule: "Never force-push to main" }, { rule: "Use pnpm, not npm" })).toBe(false);
    expect(
      contradicts(
        { rule: "Run the migrations with make migrate" },
        { rule: "Use config.yaml, not config.json" },
      ),
    ).toBe(false);
  });
});

describe("preferenceTerms: every wording of a lead reads its term", () => {
  it("reads the term of a lead's later alternatives too (', no more X', 'X gets drained')", () => {
    expect(preferenceTerms("use pnpm, no more yarn").avoid).toEqual(new Set(["yarn"]));
    expect(preferenceTerms("eu-west-1 gets drained over the quarter").avoid).toContain("eu-west-1");
  });
});

describe("preferenceTerms: 'over' prefers one thing to another only in a preference", () => {
  it("reads 'X over Y' after a word of choice or at a clause's start, not a route or a time", () => {
    expect(preferenceTerms("we pick vitest over jest").avoid).toEqual(new Set(["jest"]));
    expect(preferenceTerms("Prefer tabs over spaces").avoid).toEqual(new Set(["spaces"]));
    expect(preferenceTerms("Events between services go over NATS, logs with pino").avoid.size).toBe(0);
    expect(preferenceTerms("Over the holidays we replaced moment with luxon").avoid).toEqual(
      new Set(["moment"]),
    );
  });
});
