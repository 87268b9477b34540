import { describe, expect, it } from "vitest";
import { heldValues, namesHeldValueBack, valuesWritten } from "./named-values.js";

describe("valuesWritten", () => {
  it("reads each value once, by its shape, without quotes or type arguments", () => {
    expect(
      valuesWritten(
        "wrap it in `Envelope<T>`, tag it @audited, put it under jobs/ and read QUEUE_URL; prefix q_",
      ),
    ).toEqual([
      // A word quoted as code has the shape of its words: a type here.
      { shape: "type", name: "Envelope", key: "envelope" },
      { shape: "decorator", name: "@audited", key: "@audited" },
      { shape: "constant", name: "QUEUE_URL", key: "queue_url" },
      { shape: "prefix", name: "q_", key: "q_" },
      { shape: "path", name: "jobs/", key: "jobs/" },
    ]);
    expect(valuesWritten("the answer is ApiEnvelope<User>")).toEqual([
      { shape: "type", name: "ApiEnvelope", key: "apienvelope" },
    ]);
  });
});

describe("valuesWritten of places and lower-camel names", () => {
  it("reads a path under a top directory or an absolute one, quoted or not, and a lower-camel name", () => {
    const shapes = (rule: string) => valuesWritten(rule).map((value) => [value.shape, value.name]);
    expect(shapes("Scriptable objects go in `Assets/Data`")).toEqual([["path", "Assets/Data"]]);
    expect(shapes("they move to Assets/Config/ now")).toEqual([["path", "Assets/Config"]]);
    expect(shapes("custom hooks live in src/hooks")).toEqual([["path", "src/hooks"]]);
    expect(shapes("checkpoints go to /mnt/ckpt/<run_name>")).toEqual([["path", "/mnt/ckpt"]]);
    expect(shapes("local builds are assembleStagingDebug now")).toEqual([["camel", "assembleStagingDebug"]]);
    // Words joined by a slash, a platform's name and a URL are none.
    expect(shapes("wrap it in try/catch on iOS and macOS, see s3://bucket/run")).toEqual([]);
  });
});

describe("valuesWritten of a clipped rule", () => {
  it("reads no value cut short where the rule was clipped", () => {
    expect(valuesWritten("ChargeService -> ChargeOperat…").map((value) => value.name)).toEqual([
      "ChargeService",
    ]);
  });
});

describe("namesHeldValueBack", () => {
  const held = heldValues(["Nightly loads run on the LOAD_XS pool", "Branches are named feature/<ticket>"]);

  it("reads a change that names a held value and a new one of its shape", () => {
    expect(held.keys).toEqual(new Set(["load_xs", "feature/"]));
    expect(namesHeldValueBack("LOAD_XS keeps timing out, so nightly loads now use LOAD_M", held)).toBe(true);
    expect(namesHeldValueBack("feature/ 不用了，统一用 story/单号", held)).toBe(true);
    // Another version of a tool held with a version.
    const versions = heldValues(["format with clang-format 15"]);
    expect(versions.keys).toEqual(new Set(["clang-format 15", "version of clang-format"]));
    expect(namesHeldValueBack("the CI image moved to clang-format 18", versions)).toBe(true);
    expect(namesHeldValueBack("the CI image still has clang-format 15", versions)).toBe(false);
  });

  it("reads no change without a held value, a new one of its shape, or words of change", () => {
    expect(namesHeldValueBack("nightly loads now use LOAD_M", held)).toBe(false);
    expect(namesHeldValueBack("LOAD_XS timed out again, can you look at LOAD_XS logs", held)).toBe(false);
    expect(namesHeldValueBack("LOAD_XS and LOAD_M both show in the dashboard", held)).toBe(false);
    expect(
      namesHeldValueBack("LOAD_XS keeps timing out, so nightly loads now use LOAD_M", heldValues([])),
    ).toBe(false);
  });
});
