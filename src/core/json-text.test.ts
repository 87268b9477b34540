import { describe, expect, it } from "vitest";
import { boundDepth, boundedJsonText, depthMarker } from "./json-text.js";

function nested(depth: number): unknown {
  let value: unknown = { leaf: "x" };
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { child: value };
  return value;
}

describe("boundedJsonText", () => {
  it("serialises ordinary values exactly as JSON.stringify does", () => {
    const value = { command: "npm test", args: [1, true, null], at: new Date(0) };
    expect(boundedJsonText(value)).toBe(JSON.stringify(value));
    expect(boundedJsonText(undefined)).toBe("null");
  });

  it("keeps a 10,000-deep value as JSON with a marker where it was cut", () => {
    const value = nested(10_000);
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    const text = boundedJsonText(value);
    expect(JSON.parse(text)).toBeTruthy();
    expect(text).toContain(depthMarker(64));
  });

  it("bounds a circular value instead of throwing", () => {
    const value: Record<string, unknown> = { name: "loop" };
    value.self = value;
    expect(boundedJsonText(value)).toContain(depthMarker(64));
    expect(boundDepth({ a: { b: { c: 1 } } }, 2)).toEqual({ a: { b: depthMarker(2) } });
  });
});
