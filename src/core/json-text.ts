/**
 * JSON text of any value, however deeply it nests. `JSON.stringify` recurses, so a tool input or
 * response nested some thousands of levels deep throws `RangeError` (and a circular SDK value
 * `TypeError`); capture would then drop the call. Here the parts below a depth limit are replaced
 * by a visible marker instead, and the call is kept. Pure.
 */

/** Nesting kept when a value is too deep to serialise whole. */
export const MAX_JSON_DEPTH = 64;

/** What stands in for a part nested deeper than `maxDepth` levels. */
export function depthMarker(maxDepth: number): string {
  return `[tacit: nested deeper than ${maxDepth} levels]`;
}

/**
 * A copy of `value` whose objects and arrays nest at most `maxDepth` levels; anything deeper
 * becomes {@link depthMarker}. Values with `toJSON` (dates) are read through it, as JSON does.
 */
export function boundDepth(value: unknown, maxDepth = MAX_JSON_DEPTH): unknown {
  const walk = (item: unknown, depth: number): unknown => {
    if (item === null || typeof item !== "object") return item;
    const json = (item as { toJSON?: unknown }).toJSON;
    if (typeof json === "function") return walk(json.call(item), depth + 1);
    if (depth >= maxDepth) return depthMarker(maxDepth);
    if (Array.isArray(item)) return item.map((child) => walk(child, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(item)) copy[key] = walk(child, depth + 1);
    return copy;
  };
  return walk(value, 0);
}

/**
 * `JSON.stringify(value)`, or, when that fails (too deep, circular), the JSON of
 * {@link boundDepth}. `undefined` gives "null". Never throws.
 */
export function boundedJsonText(value: unknown, maxDepth = MAX_JSON_DEPTH): string {
  try {
    return JSON.stringify(value) ?? "null";
  } catch (error) {
    // Too deep or circular for JSON.stringify: serialise the depth-bounded copy instead.
    void error;
    return JSON.stringify(boundDepth(value, maxDepth)) ?? "null";
  }
}

/**
 * `text` without a leading UTF-8 byte order mark, which some editors and shells write before the
 * JSON of a file's first line or of a hook's stdin. Every JSON reader of tacit accepts it.
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
