import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TACIT_VERSION } from "./version.js";

describe("TACIT_VERSION", () => {
  it("is package.json's version", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(TACIT_VERSION).toBe(pkg.version);
  });
});
