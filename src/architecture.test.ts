import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  checkImports,
  type ImportEdge,
  importsOf,
  type KnownException,
  LAYER_OF_FOLDER,
  readImportGraph,
} from "./testing/import-rules.js";

const SRC = fileURLToPath(new URL(".", import.meta.url));

/**
 * Imports that break the rule today, each with why it stays. The check fails when one is no longer
 * needed, so the list only shrinks.
 */
const KNOWN_EXCEPTIONS: readonly KnownException[] = [
  {
    file: "interfaces/hooks/hook-capture.ts",
    target: "store/sqlite/sqlite-store.ts",
    reason:
      "the capture hook keeps one SQLite store open per database across events, with a busy timeout sliced to the event's deadline; the Store port has no deadline-aware way to open one yet",
  },
  {
    file: "interfaces/hooks/hook-capture.ts",
    target: "store/sqlite/sqlite-database.ts",
    reason: "withBusyDeadline bounds SQLite's busy waits by the hook event's deadline (see above)",
  },
  {
    file: "interfaces/cli/doctor-command.ts",
    target: "store/sqlite/sqlite-inspect.ts",
    reason:
      "`tacit doctor` inspects the SQLite file itself (integrity, journal, migrations, vector extension), which the Store port does not describe",
  },
];

describe("the source tree", () => {
  const report = checkImports(readImportGraph(SRC), KNOWN_EXCEPTIONS);

  it("imports inward only: core ← ports ← services ← composition ← interfaces", () => {
    expect(report.violations).toEqual([]);
  });

  it("has no import cycle between services", () => {
    expect(report.cycles).toEqual([]);
  });

  it("needs every known exception it lists", () => {
    expect(report.staleExceptions).toEqual([]);
  });

  it("names the layer of every folder and top-level file of src/", () => {
    const entries = readdirSync(SRC, { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() || (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")),
      )
      .map((entry) => entry.name);
    expect(entries.filter((name) => !(name in LAYER_OF_FOLDER))).toEqual([]);
  });
});

/** Edges of a tiny graph: `"a/x.ts -> b/y.ts"` (a file under src/) or `"a/x.ts -> pkg"` (a package). */
function graph(...lines: string[]): ImportEdge[] {
  return lines.map((line, index) => {
    const [file, target] = line.split(" -> ") as [string, string];
    const relative = target.endsWith(".ts");
    return {
      file,
      line: index + 1,
      specifier: relative ? `./${target.replace(/\.ts$/, ".js")}` : target,
      target: relative ? target : null,
    };
  });
}

describe("checkImports", () => {
  it("accepts imports that point inward", () => {
    const report = checkImports(
      graph(
        "interfaces/cli/main.ts -> runtime.ts",
        "runtime.ts -> store/sqlite/sqlite-store.ts",
        "runtime.ts -> lessons/index.ts",
        "learn/learn-task.ts -> lessons/index.ts",
        "recall/recall.ts -> lessons/index.ts",
        "lessons/lesson-book.ts -> store/store.ts",
        "store/store.ts -> models/llm-call-log.ts",
        "store/store.ts -> core/types.ts",
        "core/types.ts -> zod",
        "testing/fixture.ts -> interfaces/cli/main.ts",
      ),
    );
    expect(report).toEqual({ violations: [], cycles: [], staleExceptions: [] });
  });

  it("names file:line, what it imports and which layers, for each import pointing outward", () => {
    const report = checkImports(
      graph(
        "core/lessons/decay.ts -> store/store.ts",
        "core/lessons/decay.ts -> node:fs",
        "store/sqlite/sqlite-store.ts -> learn/learn-task.ts",
        "models/model-gate.ts -> interfaces/cli/main.ts",
        "recall/recall.ts -> interfaces/hooks/hook-recall.ts",
        "recall/recall.ts -> runtime.ts",
        "config/sections/serve.ts -> interfaces/http/serve-settings.ts",
        "interfaces/cli/main.ts -> testing/temp-dir.ts",
        "learn/learn-task.ts -> lessons/index.ts",
      ),
    );
    expect(report.violations).toEqual([
      "core/lessons/decay.ts:1 imports ./store/store.js (core → port)",
      "core/lessons/decay.ts:2 imports node:fs (core → Node built-in: core is pure)",
      "store/sqlite/sqlite-store.ts:3 imports ./learn/learn-task.js (port → service)",
      "models/model-gate.ts:4 imports ./interfaces/cli/main.js (port → interface)",
      "recall/recall.ts:5 imports ./interfaces/hooks/hook-recall.js (service → interface)",
      "recall/recall.ts:6 imports ./runtime.js (service → composition)",
      "config/sections/serve.ts:7 imports ./interfaces/http/serve-settings.js (composition → interface)",
      "interfaces/cli/main.ts:8 imports ./testing/temp-dir.js (interface → testing: only tests use test support)",
    ]);
  });

  it("finds a cycle between services and prints the imports that close it", () => {
    const report = checkImports(
      graph(
        "learn/learn-worker.ts -> recall/reindex.ts",
        "recall/recall.ts -> learn/learn-session.ts",
        "recall/recall.ts -> lessons/index.ts",
        "lessons/lesson-book.ts -> store/store.ts",
        "guard/guard-service.ts -> inspect/viewer-sources.ts",
        "inspect/lesson-dossier.ts -> skills/index.ts",
        "skills/skill-book.ts -> guard/guard-service.ts",
      ),
    );
    expect(report.violations).toEqual([]);
    expect(report.cycles).toEqual([
      [
        "services guard ↔ inspect ↔ skills import each other:",
        "  guard/guard-service.ts:5 imports ./inspect/viewer-sources.js",
        "  inspect/lesson-dossier.ts:6 imports ./skills/index.js",
        "  skills/skill-book.ts:7 imports ./guard/guard-service.js",
      ].join("\n"),
      [
        "services learn ↔ recall import each other:",
        "  learn/learn-worker.ts:1 imports ./recall/reindex.js",
        "  recall/recall.ts:2 imports ./learn/learn-session.js",
      ].join("\n"),
    ]);
  });

  it("lets only the store, the composition root and test support name SQLite", () => {
    const report = checkImports(
      graph(
        "interfaces/cli/cli-io.ts -> store/sqlite/sqlite-store.ts",
        "sdk.ts -> store/sqlite/sqlite-store.ts",
        "recall/recall.ts -> better-sqlite3",
        "store/open-store.ts -> store/sqlite/sqlite-store.ts",
        "store/sqlite/sqlite-database.ts -> better-sqlite3",
        "runtime.ts -> store/sqlite/sqlite-store.ts",
        "testing/write-lock.ts -> better-sqlite3",
        "interfaces/cli/cli-io.ts -> store/open-store.ts",
      ),
    );
    expect(report.violations).toEqual([
      "interfaces/cli/cli-io.ts:1 imports ./store/sqlite/sqlite-store.js (interface → SQLite adapter above store/)",
      "sdk.ts:2 imports ./store/sqlite/sqlite-store.js (composition → SQLite adapter above store/)",
      "recall/recall.ts:3 imports better-sqlite3 (service → SQLite above store/)",
    ]);
  });

  it("allows a known exception only where it is used, and reports one no longer needed", () => {
    const exceptions: KnownException[] = [
      {
        file: "interfaces/cli/doctor-command.ts",
        target: "store/sqlite/sqlite-inspect.ts",
        reason: "inspects the file",
      },
      { file: "interfaces/cli/cli-io.ts", target: "store/sqlite/sqlite-store.ts", reason: "gone" },
    ];
    const report = checkImports(
      graph(
        "interfaces/cli/doctor-command.ts -> store/sqlite/sqlite-inspect.ts",
        "interfaces/cli/store-commands.ts -> store/sqlite/sqlite-inspect.ts",
      ),
      exceptions,
    );
    expect(report.violations).toEqual([
      "interfaces/cli/store-commands.ts:2 imports ./store/sqlite/sqlite-inspect.js (interface → SQLite adapter above store/)",
    ]);
    expect(report.staleExceptions).toEqual([
      "interfaces/cli/cli-io.ts no longer needs its exception for store/sqlite/sqlite-store.ts",
    ]);
  });

  it("refuses a folder no layer names, importing or imported", () => {
    const report = checkImports(
      graph("widgets/widget.ts -> core/types.ts", "learn/learn-task.ts -> widgets/widget.ts"),
    );
    expect(report.violations).toEqual([
      "widgets/widget.ts:1 imports ./core/types.js (widgets/widget.ts is in a folder no layer names (add it to LAYER_OF_FOLDER))",
      "learn/learn-task.ts:2 imports ./widgets/widget.js (service → widgets, a folder no layer names)",
    ]);
  });
});

describe("importsOf", () => {
  it("reads static, re-exported and dynamic imports with their lines, and skips comments", () => {
    const text = [
      'import { a } from "../core/a.js";',
      "import {",
      "  type B,",
      "  c,",
      '} from "./b.js";',
      'import type { D } from "zod";',
      'export { e } from "../store/e.js";',
      'export * from "./f.js";',
      "/**",
      ' * import { g } from "../interfaces/g.js";',
      ' * Loads import("../interfaces/h.js") lazily.',
      " */",
      '// const i = await import("../interfaces/i.js");',
      'const j = await import("../models/j.js");',
      'export const k = "from ../interfaces/k.js";',
    ].join("\n");
    expect(importsOf("recall/recall.ts", text)).toEqual([
      { file: "recall/recall.ts", line: 1, specifier: "../core/a.js", target: "core/a.ts" },
      { file: "recall/recall.ts", line: 5, specifier: "./b.js", target: "recall/b.ts" },
      { file: "recall/recall.ts", line: 6, specifier: "zod", target: null },
      { file: "recall/recall.ts", line: 7, specifier: "../store/e.js", target: "store/e.ts" },
      { file: "recall/recall.ts", line: 8, specifier: "./f.js", target: "recall/f.ts" },
      { file: "recall/recall.ts", line: 14, specifier: "../models/j.js", target: "models/j.ts" },
    ]);
  });
});
