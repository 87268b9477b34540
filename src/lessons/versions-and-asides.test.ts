/**
 * Every version of a rule gives way to its replacement, a change of one kind of work leaves a drop of
 * another standing, and rules with their own alternative stay apart. Learnt offline from captured
 * sessions into a real SQLite store, through the SDK (docs/lessons.md, "Every version of a rule").
 */
import { describe, expect, it } from "vitest";
import { liveConventions as live, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 28, 9);
const DAY = 86_400_000;

describe("versions of a rule", () => {
  it("Google → numpy → reST: both numpy versions give way, and type hints said between stay", async () => {
    await withTacit(tempDir(), "/work/invoicely", T0, async (tacit, _setClock, say) => {
      await say(
        "intro",
        "couple of house rules before you touch anything. docstrings are Google style (Args: / Returns:), every public function gets one.",
        T0,
      );
      await say(
        "numpy",
        "oh btw the docs site moved to numpydoc over the weekend, so from now on docstrings are numpy style: Parameters / Returns sections with the dashed underlines. also while you're here, type hints on every public function please",
        T0 + 7 * DAY,
      );
      await say(
        "rest",
        "so the numpydoc thing didn't stick. Marco's review on #212 was basically 'why do our docstrings look like scipy'. we're going with reST field lists instead. use that going forward.",
        T0 + 14 * DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => /reST/.test(rule))).toBe(true);
      expect(rules.filter((rule) => /numpy|google/i.test(rule) && !/reST/.test(rule))).toEqual([]);
      expect(rules.some((rule) => /type hints/.test(rule))).toBe(true);
    });
  });

  it("a long change keeps what it drops itself when the news before it is cut to fit", async () => {
    await withTacit(tempDir(), "/work/settings-ios", T0, async (tacit, _setClock, say) => {
      await say(
        "state",
        "two things we do differently. Screen state lives in a view model class — ObservableObject with @Published properties, views just read it.",
        T0,
      );
      await say(
        "observation",
        "Good news, product agreed to drop iOS 16! Minimum target is iOS 17 now. That means new view models use the Observation framework — @Observable macro instead of ObservableObject, no more @Published.",
        T0 + 7 * DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => /@Observable macro instead of ObservableObject/.test(rule))).toBe(true);
      expect(rules.filter((rule) => /^Screen state lives/.test(rule))).toEqual([]);
    });
  });

  it("a logging change said beside a dropped branch prefix leaves the branch rule standing", async () => {
    await withTacit(tempDir(), "/work/ledger-svc", T0, async (tacit, _setClock, say) => {
      await say(
        "start",
        "logging via zerolog, global logger in internal/log. branch names are feat/<jira-key>, e.g. feat/LED-42.",
        T0,
      );
      await say(
        "changes",
        "two changes. platform team standardized on log/slog, zerolog is out. and we dropped the feat/ prefix: a branch is just the ticket key plus a slug now, like LED-88-overdraft-alert.",
        T0 + 7 * DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => /ticket key plus a slug/.test(rule))).toBe(true);
      expect(rules.some((rule) => /slog/.test(rule))).toBe(true);
      expect(rules.some((rule) => /^Branch names are feat\//.test(rule))).toBe(false);
      expect(rules.some((rule) => /^Logging via zerolog/.test(rule))).toBe(false);
    });
  });

  it("m_ → an underscore → no prefix, and the inspector rule said first stays its own", async () => {
    await withTacit(tempDir(), "/work/hollowkeep", T0, async (tacit, _setClock, say) => {
      await say(
        "rules",
        "unity conventions for this project: inspector fields are [SerializeField] private, never public fields. private fields use the m_ prefix (m_health, m_moveSpeed). can you write a PlayerHealth script",
        T0,
      );
      await say(
        "underscore",
        "ok we're dropping m_, it's very 2012. private fields get an underscore prefix instead: _health, _moveSpeed.",
        T0 + 3 * DAY,
      );
      await say(
        "none",
        "update on naming, sorry for the churn. the lead wants no prefix at all on private fields, plain camelCase like health, moveSpeed.",
        T0 + 9 * DAY,
      );
      const rules = await live(tacit);
      expect(rules).toContain("Inspector fields are [SerializeField] private, never public fields");
      expect(rules.some((rule) => /no prefix at all/.test(rule))).toBe(true);
      expect(rules.filter((rule) => /m_|underscore prefix/.test(rule))).toEqual([]);
      expect(rules.some((rule) => /PlayerHealth script/.test(rule))).toBe(false);
    });
  });
});
