/**
 * The dependency rule of docs/design.md ("Layers and the dependency rule") as a check over an
 * import graph: imports point inward, interfaces → composition → services → ports → core, services
 * form no cycle, and only the composition root names the SQLite adapter. `readImportGraph` reads
 * the graph from the source tree; `checkImports` takes any graph, so its own tests can hand it a
 * tiny one that breaks each rule.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";

/** Layers, innermost first. `testing` is test support: it may import anything, and only tests import it. */
export const LAYERS = ["core", "port", "service", "composition", "interface", "testing"] as const;
export type Layer = (typeof LAYERS)[number];

/** The folder (or top-level file) of src/ each layer holds. A folder not named here fails the check. */
export const LAYER_OF_FOLDER: Readonly<Record<string, Layer>> = {
  core: "core",
  store: "port",
  models: "port",
  capture: "service",
  learn: "service",
  lessons: "service",
  skills: "service",
  recall: "service",
  guard: "service",
  "memory-files": "service",
  dataset: "service",
  inspect: "service",
  packs: "service",
  config: "composition",
  eval: "composition",
  "runtime.ts": "composition",
  "sdk.ts": "composition",
  "sdk-guard.ts": "composition",
  "index.ts": "composition",
  "version.ts": "composition",
  interfaces: "interface",
  testing: "testing",
};

/** One import of one file: `target` is a path under src/ (posix, `.ts`) or a package name. */
export interface ImportEdge {
  /** The importing file, relative to src/ (posix). */
  file: string;
  line: number;
  /** The specifier as written. */
  specifier: string;
  /** A file under src/ for a relative specifier, else null (a package). */
  target: string | null;
}

/** An import the rules allow although it breaks one, with the reason it stays for now. */
export interface KnownException {
  file: string;
  /** The imported file under src/, or package name. */
  target: string;
  reason: string;
}

/** What the check found: each message reads `file:line imports X (why)`. */
export interface ImportReport {
  violations: string[];
  /** Service folders that import each other, each cycle with the imports that close it. */
  cycles: string[];
  /** Known exceptions that no import needs any more (delete them). */
  staleExceptions: string[];
}

/** The folder of a path under src/: its first segment (a top-level file is its own folder). */
export function folderOf(file: string): string {
  return file.split("/")[0] ?? file;
}

/** The layer of a path under src/, or null for a folder the architecture does not name. */
export function layerOf(file: string): Layer | null {
  return LAYER_OF_FOLDER[folderOf(file)] ?? null;
}

/** True for a path of the SQLite adapter or a package that speaks SQLite. */
function isSqlite(edge: ImportEdge): boolean {
  if (edge.target !== null) return edge.target.startsWith("store/sqlite/");
  return ["better-sqlite3", "sqlite-vec", "node:sqlite"].includes(edge.specifier);
}

/** True where the SQLite adapter may be named: the store itself, the composition root and test support. */
function maySpeakSqlite(file: string): boolean {
  const folder = folderOf(file);
  return folder === "store" || folder === "testing" || file === "runtime.ts";
}

/** Why `edge` breaks the dependency rule, or null when it does not. */
function ruleBroken(edge: ImportEdge): string | null {
  const from = layerOf(edge.file);
  if (from === null) return `${edge.file} is in a folder no layer names (add it to LAYER_OF_FOLDER)`;
  if (edge.target === null) {
    if (from === "core" && edge.specifier.startsWith("node:")) return "core → Node built-in: core is pure";
    if (isSqlite(edge) && !maySpeakSqlite(edge.file)) return `${from} → SQLite above store/`;
    return null;
  }
  const to = layerOf(edge.target);
  if (to === null) return `${from} → ${folderOf(edge.target)}, a folder no layer names`;
  if (isSqlite(edge) && !maySpeakSqlite(edge.file)) return `${from} → SQLite adapter above store/`;
  if (from === "testing" || from === to) return null;
  if (to === "testing") return `${from} → testing: only tests use test support`;
  if (LAYERS.indexOf(to) > LAYERS.indexOf(from)) return `${from} → ${to}`;
  return null;
}

/**
 * Strongly connected components of more than one folder in a folder graph (Tarjan), each sorted,
 * in a stable order.
 */
export function folderCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** Checks an import graph against the dependency rule. */
export function checkImports(
  edges: readonly ImportEdge[],
  exceptions: readonly KnownException[] = [],
): ImportReport {
  const violations: string[] = [];
  const used = new Set<KnownException>();
  for (const edge of edges) {
    const broken = ruleBroken(edge);
    if (broken === null) continue;
    const target = edge.target ?? edge.specifier;
    const exception = exceptions.find((known) => known.file === edge.file && known.target === target);
    if (exception) {
      used.add(exception);
      continue;
    }
    violations.push(`${edge.file}:${edge.line} imports ${edge.specifier} (${broken})`);
  }
  const serviceEdges = new Map<string, Set<string>>();
  const closing = new Map<string, ImportEdge[]>();
  for (const edge of edges) {
    if (edge.target === null || layerOf(edge.file) !== "service" || layerOf(edge.target) !== "service")
      continue;
    const from = folderOf(edge.file);
    const to = folderOf(edge.target);
    if (from === to) continue;
    serviceEdges.set(from, (serviceEdges.get(from) ?? new Set()).add(to));
    if (!serviceEdges.has(to)) serviceEdges.set(to, new Set());
    const key = `${from}→${to}`;
    closing.set(key, [...(closing.get(key) ?? []), edge]);
  }
  const cycles = folderCycles(serviceEdges).map((component) => {
    const inside = new Set(component);
    const imports = [...closing.entries()]
      .filter(([key]) => key.split("→").every((folder) => inside.has(folder)))
      .flatMap(([, list]) => list)
      .map((edge) => `  ${edge.file}:${edge.line} imports ${edge.specifier}`);
    return `services ${component.join(" ↔ ")} import each other:\n${imports.join("\n")}`;
  });
  const staleExceptions = exceptions
    .filter((known) => !used.has(known))
    .map((known) => `${known.file} no longer needs its exception for ${known.target}`);
  return { violations, cycles, staleExceptions };
}

/** `import … from "x"`, `import type … from "x"`, `import "x"` at the start of a line. */
const STATIC_IMPORT = /^[ \t]*import\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s*)?["']([^"'\n]+)["']/gm;
/** `export * from "x"`, `export * as y from "x"`, `export { … } from "x"` at the start of a line. */
const EXPORT_FROM =
  /^[ \t]*export\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[\w$\s,]*\})\s*from\s*["']([^"'\n]+)["']/gm;
/** `import("x")` (also `typeof import("x")`) anywhere but in a comment. */
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"'\n]+)["']\s*\)/g;

/** True when `offset` of `text` is inside a `//` comment or on a block comment's line. */
function inComment(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  return /^\s*(\*|\/\*)/.test(before) || before.includes("//");
}

/** The imports of one file's text, `file` relative to src/ (posix). */
export function importsOf(file: string, text: string): ImportEdge[] {
  const found: Array<{ offset: number; specifier: string }> = [];
  for (const pattern of [STATIC_IMPORT, EXPORT_FROM]) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1] as string;
      found.push({ offset: match.index + match[0].lastIndexOf(specifier), specifier });
    }
  }
  for (const match of text.matchAll(DYNAMIC_IMPORT)) {
    if (!inComment(text, match.index)) found.push({ offset: match.index, specifier: match[1] as string });
  }
  return found
    .sort((a, b) => a.offset - b.offset)
    .map(({ offset, specifier }) => {
      const line = text.slice(0, offset).split("\n").length;
      if (!specifier.startsWith(".")) return { file, line, specifier, target: null };
      const target = posix.join(posix.dirname(file), specifier).replace(/\.js$/, ".ts");
      return { file, line, specifier, target };
    });
}

/** Every non-test `.ts` file under `srcDir` (no `.d.ts`, no fixtures), relative and posix. */
export function sourceFiles(srcDir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "__fixtures__" && entry.name !== "node_modules") walk(path);
      } else if (entry.name.endsWith(".ts") && !/\.(test|d)\.ts$/.test(entry.name)) {
        files.push(relative(srcDir, path).split(sep).join("/"));
      }
    }
  };
  walk(srcDir);
  return files.sort();
}

/** The import graph of the non-test source under `srcDir`. */
export function readImportGraph(srcDir: string): ImportEdge[] {
  return sourceFiles(srcDir).flatMap((file) => importsOf(file, readFileSync(join(srcDir, file), "utf8")));
}
