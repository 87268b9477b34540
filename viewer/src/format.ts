/** Display helpers. */

export function time(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined) return "–";
  return new Date(epochMs).toISOString().replace("T", " ").slice(0, 16);
}

export function number(value: number): string {
  return value.toLocaleString("en-US");
}

export function score(value: number): string {
  return value.toFixed(3);
}

export function percent(value: number | null): string {
  return value === null ? "–" : `${Math.round(value * 100)}%`;
}

export function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function shortId(id: string): string {
  return id.length > 28 ? `${id.slice(0, 12)}…${id.slice(-10)}` : id;
}
