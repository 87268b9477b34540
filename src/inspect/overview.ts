/**
 * The overview: how much tacit holds, what it learnt (lessons by maturity and status), feedback
 * signals per day, how recalled lessons were followed (when adherence is in the build), and model
 * calls and tokens per day and per purpose.
 */

import type { LlmDailySpend } from "../models/llm-call-log.js";
import { utcDay, utcDayStart } from "../models/llm-call-log.js";
import type { LessonCounts, LlmPurposeUsage, SignalType } from "../store/insight-store.js";
import { SIGNAL_TYPES } from "../store/insight-store.js";
import type { Store, StoreStats } from "../store/store.js";
import type { ViewerSources } from "./viewer-sources.js";

const DAY_MS = 86_400_000;

/** Signals of each type on one UTC day. */
export interface SignalDay {
  day: string;
  counts: Record<SignalType, number>;
  total: number;
}

/** What the overview page shows. */
export interface Overview {
  store: StoreStats & { location: string };
  tasks: { total: number; byStatus: Record<string, number> };
  signals: {
    total: number;
    /** `days` UTC days ending on the last day with a signal (today when there is none), oldest first. */
    perDay: SignalDay[];
  };
  lessons: LessonCounts;
  skills: number;
  llm: {
    /** The last `days` UTC days up to today, oldest first. */
    perDay: LlmDailySpend[];
    /** Over the same days. */
    byPurpose: LlmPurposeUsage[];
    totals: { calls: number; chargedTokens: number; failures: number; refused: number };
  };
  /** Followed, ignored and denied per day; "unavailable" when adherence is not in this build. */
  adherence: Array<{ day: string; followed: number; ignored: number; denied: number }> | "unavailable";
}

/** The overview over the last `days` days (signals: the `days` up to the last day that had any). */
export async function overview(
  deps: { store: Store; now: () => number; sources: ViewerSources },
  days: number,
): Promise<Overview> {
  const { store } = deps;
  const now = deps.now();
  const since = utcDayStart(now) - (days - 1) * DAY_MS;
  const [stats, tasksByStatus, signalDays, lessons, skills, perDay, byPurpose, adherence] = await Promise.all(
    [
      store.stats(),
      store.insights.taskCounts(),
      store.insights.signalDays(),
      store.insights.lessonCounts(),
      store.listSkills({ limit: -1 }),
      store.llmCalls.dailySpend(days, now),
      store.insights.llmUsageByPurpose(since),
      deps.sources.adherence ? deps.sources.adherence.daily(days) : Promise.resolve("unavailable" as const),
    ],
  );
  const signalTotal = signalDays.reduce((sum, row) => sum + row.count, 0);
  const lastSignalDay = signalDays.at(-1)?.day;
  const end = lastSignalDay ? Date.parse(`${lastSignalDay}T00:00:00Z`) : utcDayStart(now);
  const perSignalDay: SignalDay[] = [];
  for (let index = days - 1; index >= 0; index--) {
    const day = utcDay(end - index * DAY_MS);
    const counts = Object.fromEntries(SIGNAL_TYPES.map((type) => [type, 0])) as Record<SignalType, number>;
    for (const row of signalDays) if (row.day === day) counts[row.type] += row.count;
    perSignalDay.push({ day, counts, total: Object.values(counts).reduce((sum, count) => sum + count, 0) });
  }
  return {
    store: { location: store.location, ...stats },
    tasks: {
      total: Object.values(tasksByStatus).reduce((sum, count) => sum + (count ?? 0), 0),
      byStatus: tasksByStatus as Record<string, number>,
    },
    signals: { total: signalTotal, perDay: perSignalDay },
    lessons,
    skills: skills.length,
    llm: {
      perDay,
      byPurpose,
      totals: {
        calls: sum(perDay, (day) => day.calls),
        chargedTokens: sum(perDay, (day) => day.chargedTokens),
        failures: sum(perDay, (day) => day.failures),
        refused: sum(perDay, (day) => day.refused),
      },
    },
    adherence,
  };
}

function sum<T>(items: T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}
