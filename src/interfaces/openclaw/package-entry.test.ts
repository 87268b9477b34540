import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";
import pluginEntry from "./plugin.js";

/**
 * The package as OpenClaw and other packages see it: `tacit-memory/openclaw` through the exports map, and
 * `openclaw.extensions` plus `openclaw.plugin.json` at the package root (docs/plugins/building-plugins.md,
 * docs/plugins/architecture-internals/packaging.md in openclaw/openclaw). These read the built files:
 * run `npm run build` first (`npm ci` does, through `prepare`).
 */
const repo = fileURLToPath(new URL("../../..", import.meta.url));
const packageJson = JSON.parse(readFileSync(join(repo, "package.json"), "utf8"));
const PLUGIN_BUILD = "./dist/interfaces/openclaw/plugin.js";
const tempDir = useTempDir("tacit-openclaw-package-");

function requireBuilt(path: string): void {
  if (!existsSync(join(repo, path))) {
    throw new Error(`${path} is missing: run \`npm run build\` before this test`);
  }
}

/** Runs an ES module script with node in `cwd` and parses the JSON it prints. */
function runModule(cwd: string, script: string): unknown {
  return JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd, encoding: "utf8" }),
  );
}

describe("the tacit package as an OpenClaw plugin", () => {
  it("exports ./openclaw next to the unchanged root entry, built from src/interfaces/openclaw/plugin.ts", () => {
    expect(packageJson.exports["."]).toEqual({ types: "./dist/index.d.ts", default: "./dist/index.js" });
    expect(packageJson.exports["./openclaw"]).toEqual({
      types: "./dist/interfaces/openclaw/plugin.d.ts",
      default: PLUGIN_BUILD,
    });
    expect(packageJson.openclaw).toEqual({ extensions: [PLUGIN_BUILD] });
    requireBuilt(PLUGIN_BUILD);
    requireBuilt("./dist/interfaces/openclaw/plugin.d.ts");
  });

  it("resolves `tacit-memory/openclaw` by package name from another package, to a plugin entry", () => {
    requireBuilt(PLUGIN_BUILD);
    const consumer = tempDir();
    mkdirSync(join(consumer, "node_modules"));
    symlinkSync(repo, join(consumer, "node_modules", "tacit-memory"), "dir");
    const loaded = runModule(
      consumer,
      `import entry from "tacit-memory/openclaw";
       const root = await import("tacit-memory");
       console.log(JSON.stringify({
         resolved: import.meta.resolve("tacit-memory/openclaw"),
         id: entry.id,
         name: entry.name,
         register: typeof entry.register,
         configSchema: entry.configSchema.jsonSchema,
         root: typeof root.createTacit,
       }));`,
    ) as {
      resolved: string;
      id: string;
      name: string;
      register: string;
      configSchema: unknown;
      root: string;
    };
    expect(realpathSync(fileURLToPath(loaded.resolved))).toBe(realpathSync(join(repo, PLUGIN_BUILD)));
    expect(loaded).toMatchObject({
      id: "tacit",
      name: pluginEntry.name,
      register: "function",
      root: "function",
    });
    expect(loaded.configSchema).toEqual(pluginEntry.configSchema.jsonSchema);
  });

  it("lists extensions inside the package whose default export is the plugin entry, with a root manifest", () => {
    for (const extension of packageJson.openclaw.extensions as string[]) {
      const path = resolve(repo, extension);
      // OpenClaw rejects an extension that escapes the package directory.
      expect(relative(repo, path).startsWith("..")).toBe(false);
      requireBuilt(extension);
      const loaded = runModule(
        repo,
        `const { default: entry } = await import(${JSON.stringify(pathToFileURL(path).href)});
         console.log(JSON.stringify({ id: entry.id, register: typeof entry.register }));`,
      );
      expect(loaded).toEqual({ id: pluginEntry.id, register: "function" });
    }
    const manifest = JSON.parse(readFileSync(join(repo, "openclaw.plugin.json"), "utf8"));
    expect(manifest.id).toBe(pluginEntry.id);
    expect(manifest.configSchema).toEqual(pluginEntry.configSchema.jsonSchema);
    // The linked-checkout example keeps the same manifest.
    expect(manifest).toEqual(
      JSON.parse(readFileSync(join(repo, "examples/openclaw-plugin/openclaw.plugin.json"), "utf8")),
    );
  });

  it("packs the manifest and the built plugin (what `openclaw plugins install` receives)", () => {
    requireBuilt(PLUGIN_BUILD);
    const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: repo,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const [packed] = JSON.parse(output) as Array<{ files: Array<{ path: string }> }>;
    const files = packed?.files.map((file) => file.path) ?? [];
    expect(files).toEqual(
      expect.arrayContaining([
        "package.json",
        "openclaw.plugin.json",
        "dist/interfaces/openclaw/plugin.js",
        "dist/interfaces/openclaw/plugin.d.ts",
        "dist/index.js",
      ]),
    );
  });
});
