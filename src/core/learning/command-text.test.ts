import { describe, expect, it } from "vitest";
import { distinguishingPair, isEnvironmentFix, shortError, tellingLine } from "./command-text.js";

describe("distinguishingPair", () => {
  it("keeps the part where two long commands differ, and the program", () => {
    const v1 =
      'curl -s -H "Authorization: Bearer $ACME_TOKEN" https://api.acme.test/v1/customers/1042/orders?limit=20';
    const v2 = v1.replace("/v1/", "/v2/");
    expect(distinguishingPair(v2, v1)).toEqual([
      "curl … https://api.acme.test/v2/customers/1042/orders?limit=20",
      "curl … https://api.acme.test/v1/customers/1042/orders?limit=20",
    ]);
  });

  it("keeps shared words next to the difference while they fit", () => {
    const [perl, sed] = distinguishingPair(
      "grep -rl fetchUser src | xargs perl -pi -e 's/fetchUser/loadUser/g' && git status --short --branch",
      "grep -rl fetchUser src | xargs sed -i 's/fetchUser/loadUser/g' && git status --short --branch",
    );
    expect(perl).toContain("perl -pi -e");
    expect(sed).toContain("sed -i");
    expect(perl.startsWith("grep ")).toBe(true);
    expect(perl.length).toBeLessThanOrEqual(72);
  });

  it("leaves commands that fit alone", () => {
    expect(distinguishingPair("pnpm install", "npm install")).toEqual(["pnpm install", "npm install"]);
  });
});

describe("shortError", () => {
  it("drops file positions, then the error label, then clips", () => {
    const line =
      "src/app.tsx(3,24): error TS2307: Cannot find module '@acme/shared' or its corresponding type declarations.";
    expect(shortError(line, 100)).toBe(
      "error TS2307: Cannot find module '@acme/shared' or its corresponding type declarations.",
    );
    expect(shortError(line, 80)).toBe(
      "Cannot find module '@acme/shared' or its corresponding type declarations.",
    );
    expect(shortError(line, 40)).toBe("Cannot find module '@acme/shared' or it…");
    expect(shortError("  48:5  error  Promises must be awaited", 30)).toBe("error Promises must be awaited");
    expect(shortError("  48:5  error  Promises must be awaited", 25)).toBe("Promises must be awaited");
    expect(shortError("FATAL ERROR: Reached heap limit", 25)).toBe("Reached heap limit");
    expect(shortError("Error: Cannot find module 'vite'", 70)).toBe("Error: Cannot find module 'vite'");
  });
});

describe("tellingLine", () => {
  it("picks the line that names the error", () => {
    expect(tellingLine("src/workers/webhook.ts\n  48:5  error  Promises must be awaited", "x")).toBe(
      "48:5  error  Promises must be awaited",
    );
    expect(tellingLine("", "(no output)")).toBe("(no output)");
  });
});

describe("isEnvironmentFix", () => {
  it("accepts a service start after a refused connection", () => {
    expect(isEnvironmentFix("docker compose up -d db", "Error: connect ECONNREFUSED 127.0.0.1:5432")).toBe(
      true,
    );
    expect(
      isEnvironmentFix("sudo systemctl start redis", "Could not connect to Redis at 127.0.0.1:6379"),
    ).toBe(true);
  });

  it("accepts a build of the module the failure says is missing", () => {
    expect(
      isEnvironmentFix(
        "pnpm --filter @acme/shared build",
        "error TS2307: Cannot find module '@acme/shared' or its corresponding type declarations.",
      ),
    ).toBe(true);
  });

  it("accepts a code generator the failure names", () => {
    const failure =
      "PrismaClientValidationError: \nInvalid `prisma.order.create()` invocation:\nUnknown argument `discountCode`.";
    expect(isEnvironmentFix("npx prisma generate", failure)).toBe(true);
    expect(isEnvironmentFix("pnpm exec graphql-codegen generate", failure)).toBe(false);
    expect(isEnvironmentFix("npx prisma generate", "TypeError: x is undefined")).toBe(false);
  });

  it("refuses a fix the failure does not point at", () => {
    expect(isEnvironmentFix("docker compose up -d db", "TypeError: x is undefined")).toBe(false);
    expect(isEnvironmentFix("pnpm --filter @acme/ui build", "Cannot find module '@acme/shared'")).toBe(false);
    expect(isEnvironmentFix("rm -rf node_modules", "Error: connect ECONNREFUSED 127.0.0.1:5432")).toBe(false);
  });
});
