/**
 * The configuration as each service takes it: the recall, lesson-book, learning, capture and skill
 * settings. Services keep their own defaults (for library use); with the schema's defaults these
 * give exactly those (pinned by service-settings.test.ts).
 */
import type { CaptureConfig } from "../capture/capture.js";
import type { LearnConfig } from "../learn/learn-session.js";
import type { LessonBookConfig } from "../lessons/index.js";
import type { RecallConfig } from "../recall/recall.js";
import type { SkillBookConfig } from "../skills/index.js";
import type { TacitConfig } from "./schema.js";

/** Everything the runtime's services are built with, from one configuration. */
export interface ServiceSettings {
  recall: RecallConfig;
  lessonBook: LessonBookConfig;
  learn: LearnConfig;
  capture: CaptureConfig;
  skills: Pick<SkillBookConfig, "plan">;
}

/** Maps a configuration to the settings of each service. */
export function serviceSettings(config: TacitConfig): ServiceSettings {
  return {
    recall: recallSettings(config),
    lessonBook: lessonBookSettings(config),
    learn: { ...config.learning },
    capture: captureSettings(config),
    skills: { plan: { ...config.skills } },
  };
}

function recallSettings({ recall, lessons, capture }: TacitConfig): RecallConfig {
  return {
    // A recall prompt is redacted as capture redacts what it stores.
    redaction: { enabled: true, patterns: [...capture.redact.patterns] },
    llmFilter: recall.llmFilter,
    maturity: { ...lessons.maturity, halfLifeDays: lessons.decay.halfLifeDays },
    pool: recall.topK,
    recentTurns: recall.recentTurns,
    weights: {
      topic: recall.weights.topic,
      trigger: recall.weights.trigger,
      quality: recall.weights.quality,
      maturityMultipliers: { ...recall.maturityMultipliers, deprecated: 0 },
    },
    triggerSignalBoost: recall.weights.triggerSignalBoost,
    quality: { ...recall.quality },
    relevance: { ...recall.relevance },
    conventions: { ...recall.conventions },
    budget: {
      ...recall.budget,
      minRelevance: { ...recall.minRelevance },
      minScore: { ...recall.minScore },
    },
  };
}

function lessonBookSettings({ lessons }: TacitConfig): LessonBookConfig {
  const { neighbours, ...dedup } = lessons.dedup;
  return {
    dedup,
    dedupNeighbours: neighbours,
    decay: { ...lessons.decay },
    maturity: { ...lessons.maturity, halfLifeDays: lessons.decay.halfLifeDays },
    lifecycle: { ...lessons.lifecycle },
    antiPattern: { ...lessons.antiPattern },
    outcomeScoring: {
      ...lessons.outcomeScoring,
      weights: { ...lessons.outcomeScoring.weights },
      values: { ...lessons.outcomeScoring.values },
    },
  };
}

function captureSettings({ capture }: TacitConfig): CaptureConfig {
  return {
    maxContentChars: capture.maxContentChars,
    maxToolOutputChars: capture.maxToolOutputChars,
    maxToolInputChars: capture.maxToolInputChars,
    redaction: { enabled: true, patterns: [...capture.redact.patterns] },
  };
}
