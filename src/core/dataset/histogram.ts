/** Text histograms for `tacit dataset stats`: one bar per row, scaled to the largest count. Pure. */

/** One bar: its label and count. */
export interface HistogramRow {
  label: string;
  count: number;
}

/**
 * Renders rows as `label  ████████ count`, the longest bar `width` characters. A non-zero count
 * always shows at least a sliver (`▏`), so small groups do not vanish next to large ones.
 */
export function textHistogram(rows: readonly HistogramRow[], width = 40): string {
  if (rows.length === 0) return "(none)";
  const max = Math.max(...rows.map((row) => row.count));
  const labelWidth = Math.max(...rows.map((row) => row.label.length));
  return rows
    .map((row) => {
      const length = max === 0 ? 0 : Math.round((row.count / max) * width);
      const bar = length > 0 ? "█".repeat(length) : row.count > 0 ? "▏" : "";
      return `${row.label.padEnd(labelWidth)}  ${bar}${bar ? " " : ""}${row.count}`;
    })
    .join("\n");
}

/** Rows of samples per tenth of quality (`bins[0]` is 0.0–0.1, `bins[9]` is 0.9–1.0). */
export function qualityRows(bins: readonly number[]): HistogramRow[] {
  return bins.map((count, index) => ({
    label: `${(index / 10).toFixed(1)}–${((index + 1) / 10).toFixed(1)}`,
    count,
  }));
}
