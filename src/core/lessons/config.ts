/**
 * Small helpers shared by the lesson modules: config merging and score rounding. Pure.
 */

/**
 * Merge a partial config over its defaults. Keys set to `undefined` keep the default, so a
 * caller can pass `{ halfLifeDays: options.halfLifeDays }` without erasing it.
 */
export function mergeConfig<T extends object>(defaults: T, partial: Partial<T>): T {
  const merged = { ...defaults };
  for (const [key, value] of Object.entries(partial)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** Round to 9 decimals: removes float noise such as 0.6000000000000001 so thresholds compare cleanly. */
export function roundScore(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}
