import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as root from "./index.js";
import { useTempDir } from "./testing/temp-dir.js";

const source = readFileSync(new URL("./index.ts", import.meta.url), "utf8");
const repo = fileURLToPath(new URL("..", import.meta.url));
const tempDir = useTempDir();

describe("the package root entry", () => {
  it("lists its exports by name: no `export *`", () => {
    expect(source).not.toMatch(/export\s+\*/);
    expect(source).not.toMatch(/export\s+type\s+\*/);
  });

  it("exports the SDK, the model defaults, the errors and compaction", () => {
    expect(Object.keys(root).sort()).toEqual([
      "InvalidInputError",
      "ModelCallError",
      "NotFoundError",
      "StoreError",
      "TacitError",
      "compactHistory",
      "createAiSdkLanguageModel",
      "createHashingEmbedder",
      "createOpenAIEmbedder",
      "createTacit",
      "embedderId",
      "estimateTokens",
      "parseHistoryMessages",
    ]);
  });

  it("keeps Node-only entry points off: importing it loads no CLI, no SQLite driver, no AI SDK", () => {
    // A resolve hook logs every module an import resolves (a CommonJS package shows where ESM imports it).
    const log = join(tempDir(), "modules.log");
    const hook = `
      import { appendFileSync } from "node:fs";
      export async function resolve(specifier, context, next) {
        const result = await next(specifier, context);
        appendFileSync(${JSON.stringify(log)}, result.url + "\\n");
        return result;
      }`;
    const probe = `
      import { register } from "node:module";
      register("data:text/javascript," + encodeURIComponent(${JSON.stringify(hook)}));
      await import("./src/index.ts");
    `;
    execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", probe], { cwd: repo });
    const loaded = readFileSync(log, "utf8").trim().split("\n");
    expect(loaded.some((url) => url.endsWith("/src/index.ts"))).toBe(true);
    const packages = new Set(
      loaded.flatMap((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.slice(1) ?? []),
    );
    expect([...packages]).toEqual(["zod"]);
    const sources = loaded.filter((url) => /\/src\/(interfaces|store\/sqlite|runtime\.ts)/.test(url));
    expect(sources).toEqual([]);
  });
});
