import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../core/errors.js";
import { fieldPath } from "../core/yaml-input.js";
import { useTempDir } from "../testing/temp-dir.js";
import { loadSuites, parseScenario } from "./load-suite.js";
import { offsetMs, resolveTime } from "./scenario-format.js";

const tempDir = useTempDir("tacit-eval-format-");

const VALID = `
name: pnpm, not npm
topic: package-manager
project: /work/acme
sessions:
  - start: 2026-03-02T09:00:00Z
    messages:
      - { role: user, text: Install the dependencies }
      - { role: tool, tool: Bash, input: npm install, output: "npm ERR! code ERESOLVE", error: true }
      - { role: user, text: "not npm, use pnpm", at: +2m }
probes:
  - at: +1d
    prompt: add zod
    expect:
      - words: [pnpm]
  - prompt: what is a monad?
    expectNothing: true
`;

function refusal(text: string, file = "/suites/core/bad.yaml"): InvalidInputError {
  try {
    parseScenario(text, file, "core");
  } catch (error) {
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
  throw new Error("expected the scenario to be refused");
}

describe("scenario format", () => {
  it("reads a valid scenario and detects its language", () => {
    const loaded = parseScenario(VALID, "/suites/core/pnpm.yaml", "core");
    expect(loaded.scenario.sessions[0]?.messages).toHaveLength(3);
    expect(loaded.scenario.probes[1]?.expectNothing).toBe(true);
    expect(loaded.language).toBe("en");
    const chinese = parseScenario(
      VALID.replace("Install the dependencies", "帮我安装依赖，然后跑一下单元测试").replace(
        "not npm, use pnpm",
        "不要用 npm，用 pnpm",
      ),
      "/suites/core/zh.yaml",
      "core",
    );
    expect(chinese.language).toBe("zh");
    // A port written bare in YAML is a number; it is read as the word.
    const port = parseScenario(
      VALID.replace("words: [pnpm]", "words: [pnpm, 8081]"),
      "/suites/core/port.yaml",
      "core",
    );
    expect(port.scenario.probes[0]?.expect?.[0]?.words).toEqual(["pnpm", "8081"]);
  });

  it("names the file, line and field of a wrong value", () => {
    const error = refusal(VALID.replace("role: tool, tool: Bash", "role: robot, tool: Bash"));
    expect(error.file).toBe("/suites/core/bad.yaml");
    expect(error.field).toBe("sessions[0].messages[1].role");
    expect(error.line).toBe(9);
    expect(error.message).toMatch(/^\/suites\/core\/bad\.yaml:9, field sessions\[0\]\.messages\[1\]\.role: /);
  });

  it("names a missing field and points at its parent", () => {
    const error = refusal(VALID.replace("    prompt: add zod\n", ""));
    expect(error.field).toBe("probes[0].prompt");
    expect(error.line).toBe(12);
  });

  it("refuses probes without an expectation, unknown fields, bad offsets and bad combinations", () => {
    expect(refusal(VALID.replace("    expectNothing: true\n", "")).message).toMatch(
      /field probes\[1\]: a probe needs expect, expectNothing or expectAbsent/,
    );
    expect(refusal(VALID.replace("expectNothing: true", "expectNothng: true")).field).toBe("probes[1]");
    expect(refusal(VALID.replace("at: +1d", "at: tomorrow")).field).toBe("probes[0].at");
    expect(refusal(VALID.replace("- words: [pnpm]", "- words: []")).field).toBe("probes[0].expect[0].words");
    expect(
      refusal(
        VALID.replace("    expectNothing: true", "    expectNothing: true\n    expect: [{ words: [x] }]"),
      ).field,
    ).toBe("probes[1].expectNothing");
    expect(
      refusal(VALID.replace("{ role: user, text: Install the dependencies }", "{ role: user }")).field,
    ).toBe("sessions[0].messages[0].text");
    expect(refusal(VALID.replace("  - start: 2026-03-02T09:00:00Z\n", "  - id: a\n")).field).toBe(
      "sessions[0].start",
    );
  });

  it("reports YAML syntax errors with their line", () => {
    const error = refusal("name: x\nsessions: [\n  - oops: {\n");
    expect(error.message).toMatch(/^\/suites\/core\/bad\.yaml:\d+: not valid YAML or JSON/);
  });

  it("loads suite folders, folders of suites, and refuses a name used twice", async () => {
    const root = tempDir();
    mkdirSync(join(root, "core"));
    mkdirSync(join(root, "extra"));
    writeFileSync(join(root, "core", "a.yaml"), VALID);
    writeFileSync(join(root, "core", "b.json"), JSON.stringify(parseScenario(VALID, "x", "core").scenario));
    writeFileSync(join(root, "core", "notes.md"), "not a scenario");
    writeFileSync(join(root, "thresholds.json"), "{}");
    writeFileSync(join(root, "extra", "c.yaml"), VALID.replace("pnpm, not npm", "another"));
    await expect(loadSuites([join(root, "core")])).rejects.toThrow(
      /b\.json, field name: scenario name "pnpm, not npm" is used twice in suite core/,
    );
    writeFileSync(
      join(root, "core", "b.json"),
      JSON.stringify({ ...parseScenario(VALID, "x", "core").scenario, name: "json" }),
    );
    const all = await loadSuites([root]);
    expect(all.map((entry) => `${entry.suite}/${entry.scenario.name}`)).toEqual([
      "core/pnpm, not npm",
      "core/json",
      "extra/another",
    ]);
    const one = await loadSuites([join(root, "extra", "c.yaml")]);
    expect(one[0]?.suite).toBe("extra");
    await expect(loadSuites([join(root, "missing")])).rejects.toThrow(/missing: cannot read \(ENOENT\)/);
  });

  it("resolves offsets and times", () => {
    expect(offsetMs("+90s")).toBe(90_000);
    expect(offsetMs("+1.5h")).toBe(5_400_000);
    expect(offsetMs("+2w")).toBe(14 * 86_400_000);
    const base = Date.parse("2026-03-02T09:00:00Z");
    expect(resolveTime("+1d", base, 0)).toBe(base + 86_400_000);
    expect(resolveTime("2026-01-01T00:00:00Z", base, 0)).toBe(Date.parse("2026-01-01T00:00:00Z"));
    expect(resolveTime(undefined, base, 42)).toBe(42);
    expect(fieldPath(["sessions", 0, "messages", 2, "role"])).toBe("sessions[0].messages[2].role");
    expect(fieldPath([])).toBe("(root)");
  });
});
