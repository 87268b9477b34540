import { describe, expect, it } from "vitest";
import { DEFAULT_CAPTURE_CONFIG } from "../capture/capture.js";
import { DEFAULT_ANTI_PATTERN_CONFIG } from "../core/lessons/anti-pattern.js";
import { mergeConfig } from "../core/lessons/config.js";
import { DEFAULT_DECAY_CONFIG } from "../core/lessons/decay.js";
import { DEFAULT_DEDUP_CONFIG } from "../core/lessons/dedup.js";
import { DEFAULT_LIFECYCLE_CONFIG } from "../core/lessons/lifecycle.js";
import { DEFAULT_MATURITY_CONFIG } from "../core/lessons/maturity.js";
import {
  DEFAULT_OUTCOME_SCORING_CONFIG,
  resolveOutcomeScoringConfig,
} from "../core/lessons/outcome-scoring.js";
import { DEFAULT_QUALITY_CONFIG, DEFAULT_RECALL_SCORING_WEIGHTS } from "../core/lessons/quality.js";
import { DEFAULT_TRIGGER_SIGNAL_BOOST } from "../core/recall/trigger-affinity.js";
import { DEFAULT_SKILL_PLAN_CONFIG } from "../core/skills/plan-skills.js";
import { DEFAULT_DAEMON_WAIT_MS } from "../interfaces/hooks/hook-client-settings.js";
import { DEFAULT_HOOK_DEADLINES } from "../interfaces/hooks/hook-deadline.js";
import { DEFAULT_HOOK_TIMEOUT_SECONDS } from "../interfaces/hooks/install-claude-code.js";
import { DEFAULT_LEARN_CONFIG } from "../learn/learn-session.js";
import { DEFAULT_LESSON_BOOK_CONFIG } from "../lessons/index.js";
import { DEFAULT_RECALL_CONFIG } from "../recall/recall.js";
import { settingKeys } from "./keys.js";
import { getPath } from "./load-config.js";
import { defaultConfig } from "./schema.js";
import { serviceSettings } from "./service-settings.js";

describe("the configuration schema", () => {
  it("describes every setting, gives it a default or makes it optional, and one variable of its own", () => {
    const keys = settingKeys();
    expect(keys.length).toBeGreaterThan(90);
    const defaults = defaultConfig() as unknown as Record<string, unknown>;
    for (const setting of keys) {
      expect(setting.description.length, setting.key).toBeGreaterThan(10);
      expect(getPath(defaults, setting.path), setting.key).toEqual(setting.defaultValue);
      expect(setting.env, setting.key).toMatch(/^TACIT_[A-Z0-9_]+$/);
      expect(setting.type, setting.key).not.toBe("a value");
    }
    expect(new Set(keys.map((setting) => setting.env)).size).toBe(keys.length);
    const secrets = keys.filter((setting) => setting.secret).map((setting) => setting.key);
    expect(secrets).toEqual(["llm.apiKey", "embeddings.apiKey"]);
    expect(keys.filter((setting) => setting.secret && setting.project)).toEqual([]);
  });

  it("gives, with its defaults, exactly the settings the services default to", () => {
    const settings = serviceSettings(defaultConfig());
    const recall = settings.recall;
    expect(recall.budget).toEqual(DEFAULT_RECALL_CONFIG.budget);
    expect(recall.pool).toBe(DEFAULT_RECALL_CONFIG.pool);
    expect(recall.recentTurns).toBe(DEFAULT_RECALL_CONFIG.recentTurns);
    expect(recall.llmFilter).toBe(DEFAULT_RECALL_CONFIG.llmFilter);
    expect(recall.relevance).toEqual(DEFAULT_RECALL_CONFIG.relevance);
    expect(recall.conventions).toEqual(DEFAULT_RECALL_CONFIG.conventions);
    expect(mergeConfig(DEFAULT_RECALL_SCORING_WEIGHTS, recall.weights)).toEqual(
      DEFAULT_RECALL_SCORING_WEIGHTS,
    );
    expect(mergeConfig(DEFAULT_QUALITY_CONFIG, recall.quality)).toEqual(DEFAULT_QUALITY_CONFIG);
    expect(recall.triggerSignalBoost).toBe(DEFAULT_TRIGGER_SIGNAL_BOOST);

    const book = settings.lessonBook;
    expect(book.dedup).toEqual(DEFAULT_DEDUP_CONFIG);
    expect(book.dedupNeighbours).toBe(DEFAULT_LESSON_BOOK_CONFIG.dedupNeighbours);
    expect(book.decay).toEqual(DEFAULT_DECAY_CONFIG);
    expect(book.maturity).toEqual(DEFAULT_MATURITY_CONFIG);
    expect(book.lifecycle).toEqual(DEFAULT_LIFECYCLE_CONFIG);
    expect(mergeConfig(DEFAULT_ANTI_PATTERN_CONFIG, book.antiPattern)).toEqual(DEFAULT_ANTI_PATTERN_CONFIG);
    expect(resolveOutcomeScoringConfig(book.outcomeScoring)).toEqual(DEFAULT_OUTCOME_SCORING_CONFIG);

    expect(settings.capture).toEqual(DEFAULT_CAPTURE_CONFIG);
    expect(settings.learn).toEqual(DEFAULT_LEARN_CONFIG);
    expect(settings.skills.plan).toEqual(DEFAULT_SKILL_PLAN_CONFIG);

    const { hooks } = defaultConfig();
    expect(hooks.promptDeadlineMs).toBe(DEFAULT_HOOK_DEADLINES.promptDeadlineMs);
    expect(hooks.toolEventDeadlineMs).toBe(DEFAULT_HOOK_DEADLINES.toolEventDeadlineMs);
    expect(hooks.daemonWaitMs).toBe(DEFAULT_DAEMON_WAIT_MS);
    expect(hooks.timeoutSeconds).toBe(DEFAULT_HOOK_TIMEOUT_SECONDS);
    expect(hooks.daemonIdleMs).toBe(5 * 60_000);
    expect(hooks.daemonCheckMs).toBe(5_000);
  });

  it("maps every setting a user changes onto the service that uses it", () => {
    const config = defaultConfig();
    config.recall.topK = 11;
    config.recall.maturityMultipliers.proven = 2;
    config.recall.minRelevance.evidence = 0.7;
    config.lessons.decay.halfLifeDays = 30;
    config.lessons.dedup.neighbours = 4;
    config.lessons.outcomeScoring.weights.success = 0.5;
    config.capture.redact.patterns = ["acme-[0-9]+"];
    config.skills.minSupportTasks = 3;
    const settings = serviceSettings(config);
    expect(settings.recall.pool).toBe(11);
    expect(settings.recall.weights.maturityMultipliers).toEqual({
      candidate: 0.5,
      established: 1,
      proven: 2,
      deprecated: 0,
    });
    expect(settings.recall.budget.minRelevance.evidence).toBe(0.7);
    expect(settings.lessonBook.maturity.halfLifeDays).toBe(30);
    expect(settings.lessonBook.decay.halfLifeDays).toBe(30);
    expect(settings.lessonBook.dedupNeighbours).toBe(4);
    expect(settings.lessonBook.outcomeScoring.weights?.success).toBe(0.5);
    expect(settings.capture.redaction).toEqual({ enabled: true, patterns: ["acme-[0-9]+"] });
    expect(settings.skills.plan.minSupportTasks).toBe(3);
  });
});
