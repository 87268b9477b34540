/** Hand-rolled SVG charts: horizontal bars and stacked day columns. */

export interface Bar {
  label: string;
  value: number;
  kind?: string;
}

/** Horizontal bars, one per label, scaled to the largest value. */
export function BarChart({ bars, title }: { bars: Bar[]; title: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const row = 26;
  const width = 320;
  const labelWidth = 96;
  return (
    <svg class="chart" viewBox={`0 0 ${width} ${bars.length * row + 4}`} role="img" aria-label={title}>
      <title>{title}</title>
      {bars.map((bar, index) => {
        const length = ((width - labelWidth - 48) * bar.value) / max;
        const y = index * row + 4;
        return (
          <g key={bar.label}>
            <text x={0} y={y + 14} class="chart-label">
              {bar.label}
            </text>
            <rect
              x={labelWidth}
              y={y}
              width={Math.max(length, bar.value > 0 ? 2 : 0)}
              height={18}
              rx={3}
              class={`fill-${bar.kind ?? bar.label}`}
            />
            <text x={labelWidth + length + 6} y={y + 14} class="chart-value">
              {bar.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export interface DayColumn {
  day: string;
  parts: Array<{ name: string; value: number }>;
}

/** Columns per day, each stacked by part; a legend of the parts below. */
export function DayColumns({ days, title, names }: { days: DayColumn[]; title: string; names: string[] }) {
  const total = (day: DayColumn) => day.parts.reduce((sum, part) => sum + part.value, 0);
  const max = Math.max(1, ...days.map(total));
  const height = 120;
  const step = 12;
  const width = Math.max(days.length * step, 120);
  return (
    <figure class="day-columns">
      <svg
        class="chart"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={title}
        preserveAspectRatio="none"
      >
        <title>{title}</title>
        <line x1={0} x2={width} y1={height} y2={height} class="axis" />
        {days.map((day, index) => {
          let top = height;
          return (
            <g key={day.day}>
              <title>{`${day.day}: ${day.parts.map((part) => `${part.name} ${part.value}`).join(", ")}`}</title>
              {day.parts.map((part) => {
                const size = (height * part.value) / max;
                top -= size;
                return part.value > 0 ? (
                  <rect
                    key={part.name}
                    x={index * step + 1}
                    y={top}
                    width={step - 2}
                    height={size}
                    class={`fill-${part.name}`}
                  />
                ) : null;
              })}
            </g>
          );
        })}
      </svg>
      <div class="day-range muted small">
        <span>{days[0]?.day ?? ""}</span>
        <span>{days.at(-1)?.day ?? ""}</span>
      </div>
      <figcaption class="legend">
        {names.map((name) => (
          <span key={name}>
            <i class={`swatch fill-${name}`} /> {name}
          </span>
        ))}
        <span class="muted"> · highest day {max}</span>
      </figcaption>
    </figure>
  );
}
