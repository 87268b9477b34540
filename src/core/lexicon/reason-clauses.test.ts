import { describe, expect, it } from "vitest";
import { givesReason, withoutReasons } from "./reason-clauses.js";

describe("withoutReasons", () => {
  it("leaves out the clauses after the first that only say why", () => {
    expect(
      withoutReasons(
        "Every PHP file starts with declare(strict_types=1); no exceptions, the CI check fails without it",
      ),
    ).toBe("Every PHP file starts with declare(strict_types=1); no exceptions");
    expect(withoutReasons("Keep migrations small, since the deploy runs them in one transaction")).toBe(
      "Keep migrations small",
    );
  });

  it("keeps a clause that says more of what to do or when, though it opens with 'as'", () => {
    expect(givesReason("as well as the type checks")).toBe(false);
    expect(givesReason("as soon as you save run the tests")).toBe(false);
    expect(givesReason("as the CI image pins it")).toBe(true);
    expect(withoutReasons("Format with black, as soon as you save run the tests")).toBe(
      "Format with black, as soon as you save run the tests",
    );
  });
});
