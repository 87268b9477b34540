/**
 * Changes said with their transition ("Hilt stays only until the old screens are ported", "we'll
 * port the NUnit ones gradually"), withdrawals of a rule that was replaced before, and amendments
 * that leave the old tool's details behind. Learnt offline from captured sessions into a real
 * SQLite store, through the SDK (docs/lessons.md, "Transitions and current versions").
 */
import { describe, expect, it } from "vitest";
import { liveConventions as live, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 27, 9);
const DAY = 86_400_000;

/** True when a live rule names `old` without `fresh`. */
const namesOnly = (rules: readonly string[], old: RegExp, fresh: RegExp) =>
  rules.some((rule) => old.test(rule) && !fresh.test(rule));

describe("changes said with their transition", () => {
  it("a finished migration sets the tool, and the next change replaces it with its transition", async () => {
    await withTacit(tempDir(), "/Users/lena/Trailhead", T0, async (tacit, _setClock, say) => {
      await say(
        "hilt",
        "We finished the Hilt migration yesterday, so no more hand-written Dagger components: @HiltViewModel and @Inject constructor for everything new. Can you add a TrailDetailViewModel?",
        T0,
      );
      await say(
        "koin",
        "we're going KMP for the iOS app, and Hilt doesn't work in shared code. so DI is Koin from now on, modules in shared/di. Hilt stays only until the old screens are ported.",
        T0 + 14 * DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => /Koin/.test(rule))).toBe(true);
      expect(namesOnly(rules, /hilt|dagger/i, /koin/i)).toBe(false);
    });
  });

  it("old things ported gradually are no rule of their own, and a team that left a region uses the new one", async () => {
    await withTacit(tempDir(), "/home/ci/src/Contoso.Billing", T0, async (tacit, _setClock, say) => {
      await say("first", "A few conventions: tests are NUnit, and everything goes in eu-west-1.", T0);
      await say(
        "xunit",
        "Turns out the platform team prefers xUnit across all services, so new tests should go in xUnit ([Fact]/[Theory]); we'll port the NUnit ones gradually.",
        T0 + 7 * DAY,
      );
      await say(
        "region",
        "data residency thing got decided. we're out of eu-west-1, new stuff goes in eu-central-1 (frankfurt).",
        T0 + 9 * DAY,
      );
      const rules = await live(tacit);
      expect(namesOnly(rules, /NUnit/, /xUnit/)).toBe(false);
      expect(namesOnly(rules, /eu-west-1/, /eu-central-1/)).toBe(false);
      expect(rules.some((rule) => rule.includes("eu-central-1"))).toBe(true);
    });
  });

  it("a decision said before 'so' stays in the rule, and the request after its dash does not", async () => {
    await withTacit(tempDir(), "/home/ci/src/Contoso.Billing", T0, async (tacit, _setClock, say) => {
      await say(
        "net8",
        "Good morning. Since the .NET 8 upgrade we're standardizing on System.Text.Json, so please don't add any new Newtonsoft usages — and could you port the exporter?",
        T0,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => rule.includes("System.Text.Json"))).toBe(true);
      expect(rules.some((rule) => rule.includes("port the exporter"))).toBe(false);
    });
  });
});

describe("withdrawals and amendments of rules that changed before", () => {
  it("a withdrawal by what a rule governs takes back the version that replaced it", async () => {
    await withTacit(tempDir(), "/Users/mika/Fernweh", T0, async (tacit, _setClock, say) => {
      await say("vm", "every view model is a final class with a VM suffix, like TripListVM.", T0);
      await say(
        "renamed",
        "ah sorry, should have said — we renamed all of them last week to the full word. PackingListViewModel, not VM.",
        T0 + DAY,
      );
      await say(
        "gone",
        "fyi the architecture doc got rewritten. the whole suffix naming rule for view models is gone. name the types whatever reads best, no required suffix.",
        T0 + 9 * DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => /\bVM\b|PackingListViewModel/.test(rule))).toBe(false);
    });
  });

  it("a withdrawal whose rule another rule of its message replaced is applied already", async () => {
    await withTacit(tempDir(), "/home/dev/tidepool", T0, async (tacit, _setClock, say) => {
      await say(
        "rules",
        "house rule: never call unwrap() outside of tests — use expect() with a message or propagate with ?",
        T0,
      );
      await say(
        "sync",
        "Also, the unwrap rule — we talked about it at the sync and it's gone. We turned on clippy's unwrap_used lint in CI for the cases we actually care about, so you don't need to avoid unwrap by hand anymore.",
        T0 + 5 * DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => rule.includes("clippy"))).toBe(true);
      expect(rules.some((rule) => /unwrap rule/.test(rule))).toBe(false);
    });
  });

  it("an amended rule leaves out the old tool's code details", async () => {
    await withTacit(tempDir(), "/Users/lena/Trailhead", T0, async (tacit, _setClock, say) => {
      await say(
        "welcome",
        "JSON is Moshi with codegen adapters (@JsonClass(generateAdapter = true)), and ViewModels expose StateFlow, never LiveData.",
        T0,
      );
      await say(
        "serialization",
        "Moshi is deprecated in this codebase, kotlinx.serialization replaces it (@Serializable).",
        T0 + 20 * DAY,
      );
      const rules = await live(tacit);
      expect(rules).toContain(
        "JSON is kotlinx.serialization, and ViewModels expose StateFlow, never LiveData",
      );
      expect(rules.some((rule) => rule.includes("@JsonClass"))).toBe(false);
    });
  });
});
