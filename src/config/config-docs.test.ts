import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderConfigDocs } from "./config-docs.js";
import { settingKeys } from "./keys.js";

describe("docs/config.md", () => {
  it("is what the schema generates (run `npm run docs:config` after changing a setting)", () => {
    const written = readFileSync(new URL("../../docs/config.md", import.meta.url), "utf8");
    expect(written).toBe(renderConfigDocs());
  });

  it("lists every setting with its variable", () => {
    const docs = renderConfigDocs();
    for (const setting of settingKeys()) {
      expect(docs).toContain(`| \`${setting.key}\` |`);
      expect(docs).toContain(`\`${setting.env}\``);
    }
  });
});
