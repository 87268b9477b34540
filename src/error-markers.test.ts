import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { InvalidInputError, NotFoundError, StoreBusyError, StoreError, TacitError } from "./core/errors.js";
import { LessonChangeError } from "./core/lessons/lesson.js";
import { CliError } from "./interfaces/cli/cli-io.js";
import { ApiError } from "./interfaces/http/api-error.js";
import { RollbackConflictError } from "./memory-files/rollback.js";
import { WorkspaceError } from "./memory-files/workspace.js";
import { ModelCallError } from "./models/language-model.js";
import { LessonConflictError } from "./store/lesson-store.js";
import { FileBusyError, GuardianRefusedError } from "./store/memory-file-store.js";
import { SkillConflictError } from "./store/skill-store.js";

/** One instance of every error class tacit defines, by class name. */
const SAMPLES: Record<string, { type: { isInstance(error: unknown): boolean }; make: () => TacitError }> = {
  TacitError: { type: TacitError, make: () => new TacitError("base") },
  InvalidInputError: { type: InvalidInputError, make: () => new InvalidInputError({ message: "bad" }) },
  StoreError: { type: StoreError, make: () => new StoreError("newer schema") },
  StoreBusyError: { type: StoreBusyError, make: () => new StoreBusyError("locked past the deadline") },
  NotFoundError: { type: NotFoundError, make: () => new NotFoundError("lesson", "L1") },
  LessonChangeError: {
    type: LessonChangeError,
    make: () => new LessonChangeError({ code: "no-change", lessonId: "L1", message: "nothing" }),
  },
  LessonConflictError: { type: LessonConflictError, make: () => new LessonConflictError("changed") },
  SkillConflictError: { type: SkillConflictError, make: () => new SkillConflictError("changed") },
  CliError: { type: CliError, make: () => new CliError("bad option") },
  ApiError: { type: ApiError, make: () => new ApiError(401, "no token") },
  FileBusyError: {
    type: FileBusyError,
    make: () =>
      new FileBusyError({
        workspace: "/w",
        fileName: "USER.md",
        kind: "write",
        auditId: "A1",
        priorHash: null,
        expectedHash: null,
        rollback: null,
        pid: 1,
        host: "h",
        startedAt: 0,
      }),
  },
  GuardianRefusedError: {
    type: GuardianRefusedError,
    make: () => new GuardianRefusedError("second rollback"),
  },
  RollbackConflictError: {
    type: RollbackConflictError,
    make: () => new RollbackConflictError("conflict", "--- a/USER.md"),
  },
  WorkspaceError: { type: WorkspaceError, make: () => new WorkspaceError("../x.md") },
  ModelCallError: {
    type: ModelCallError,
    make: () => new ModelCallError({ message: "down", kind: "http-error", attempts: 1, isRetryable: true }),
  },
};

/** `class X extends Y` declarations in src whose parent is TacitError or one of its subclasses. */
function declaredErrorClasses(): Map<string, string> {
  const root = fileURLToPath(new URL(".", import.meta.url));
  const parents = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        for (const match of readFileSync(path, "utf8").matchAll(/^export class (\w+) extends (\w+)/gm)) {
          parents.set(match[1] as string, match[2] as string);
        }
      }
    }
  };
  walk(root);
  const family = new Map<string, string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, parent] of parents) {
      if (!family.has(name) && (parent === "TacitError" || family.has(parent))) {
        family.set(name, parent);
        grew = true;
      }
    }
  }
  return family;
}

describe("error markers", () => {
  it("covers every error class declared in src", () => {
    const declared = [...declaredErrorClasses().keys()].sort();
    expect(declared.length).toBeGreaterThan(5);
    expect(
      Object.keys(SAMPLES)
        .filter((name) => name !== "TacitError")
        .sort(),
    ).toEqual(declared);
  });

  it("each class's isInstance accepts its own errors and its subclasses', and rejects every other class", () => {
    const parents = declaredErrorClasses();
    const ancestors = (name: string): string[] => {
      const parent = parents.get(name);
      return parent === undefined ? [] : [parent, ...ancestors(parent)];
    };
    for (const [name, { type }] of Object.entries(SAMPLES)) {
      for (const [other, { make }] of Object.entries(SAMPLES)) {
        const expected = name === other || name === "TacitError" || ancestors(other).includes(name);
        expect({ check: `${name}.isInstance(new ${other})`, result: type.isInstance(make()) }).toEqual({
          check: `${name}.isInstance(new ${other})`,
          result: expected,
        });
      }
    }
  });

  it("rejects what is not a tacit error", () => {
    for (const { type } of Object.values(SAMPLES)) {
      for (const value of [new Error("plain"), null, undefined, "NotFoundError", { name: "NotFoundError" }]) {
        expect(type.isInstance(value)).toBe(false);
      }
    }
  });

  it("recognises an error made by another copy of the module", async () => {
    vi.resetModules();
    const copy = await import("./core/errors.js");
    expect(copy.NotFoundError).not.toBe(NotFoundError);
    const foreign = new copy.NotFoundError("lesson", "L1");
    expect(foreign instanceof NotFoundError).toBe(false);
    expect(NotFoundError.isInstance(foreign)).toBe(true);
    expect(TacitError.isInstance(foreign)).toBe(true);
    expect(StoreError.isInstance(foreign)).toBe(false);
    expect(copy.NotFoundError.isInstance(new LessonConflictError("changed"))).toBe(false);
  });
});
