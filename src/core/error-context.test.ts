import { describe, expect, it } from "vitest";
import { classifyError, computeErrorStats, formatErrorContext } from "./error-context.js";
import type { ErrorEntry } from "./types.js";

function entry(overrides: Partial<ErrorEntry>): ErrorEntry {
  return {
    id: "e1",
    sessionId: "s",
    taskId: "bd-123.1",
    messageId: null,
    errorType: "validation",
    message: "Type error in src/auth.ts",
    stackTrace: null,
    toolName: "typecheck",
    context: "After adding OAuth types",
    resolved: false,
    resolvedAt: null,
    createdAt: Date.UTC(2024, 11, 12, 10, 30),
    ...overrides,
  };
}

describe("classifyError", () => {
  it("maps messages onto the error types", () => {
    expect(classifyError("Command timed out after 120000ms", { fromTool: true })).toBe("timeout");
    expect(classifyError("error TS2322: Type 'string' is not assignable", { fromTool: true })).toBe(
      "validation",
    );
    expect(classifyError("CONFLICT (content): Merge conflict in a.ts", { fromTool: true })).toBe("conflict");
    expect(classifyError("ls: cannot access 'x': No such file", { fromTool: true })).toBe("tool_failure");
    expect(classifyError("something odd", { fromTool: false })).toBe("unknown");
  });
});

describe("formatErrorContext", () => {
  it("renders the documented example", () => {
    const errors = [
      entry({}),
      entry({
        id: "e2",
        message: "Missing import in src/session.ts",
        context: null,
        createdAt: Date.UTC(2024, 11, 12, 10, 35),
      }),
    ];
    const text = formatErrorContext(errors);
    expect(text).toBe(
      [
        "## Previous errors",
        "",
        "The following errors occurred during execution:",
        "",
        "### validation (2 errors)",
        "",
        "- **Type error in src/auth.ts**",
        "  - Context: After adding OAuth types",
        "  - Tool: typecheck",
        "  - Time: Dec 12, 2024, 10:30 AM UTC",
        "- **Missing import in src/session.ts**",
        "  - Tool: typecheck",
        "  - Time: Dec 12, 2024, 10:35 AM UTC",
        "",
        "**Action required**: resolve these errors before continuing. Consider:",
        "- What caused each error?",
        "- How can similar errors be prevented?",
        "- Is there a pattern across the error types?",
      ].join("\n"),
    );
  });

  it("excludes resolved errors by default and is empty when none remain", () => {
    expect(formatErrorContext([entry({ resolved: true })])).toBe("");
    expect(formatErrorContext([entry({ resolved: true })], { includeResolved: true })).toContain(
      "(resolved)",
    );
  });

  it("counts by type", () => {
    const stats = computeErrorStats([
      entry({}),
      entry({ id: "2", errorType: "timeout" }),
      entry({ id: "3", errorType: "validation", resolved: true }),
    ]);
    expect(stats).toEqual({ total: 3, unresolved: 2, byType: { validation: 2, timeout: 1 } });
  });
});
