/** Zod pieces the routes share: page sizes, comma-separated enum lists, ids. */
import { z } from "zod";
import { ApiError } from "../api-error.js";

/** A page size from the query: 1..`max`, `fallback` when absent. */
export function limitSchema(fallback: number, max: number) {
  return z.coerce.number().int().min(1).max(max).default(fallback);
}

/** How many to skip: 0 or more. */
export const offsetSchema = z.coerce.number().int().min(0).default(0);

/** `a,b,c` of the allowed values, as an array (absent: undefined). */
export function listOf<T extends string>(values: readonly T[]) {
  const item = z.enum(values as [T, ...T[]]);
  return z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    )
    .pipe(z.array(item))
    .optional();
}

/** A non-empty id in the path or query. */
export const idSchema = z.string().min(1).max(500);

/** `{id}` in the path. */
export const idParams = z.object({ id: idSchema });

/** A reason given with a change: trimmed, at most 2000 characters. */
export const reasonSchema = z.string().trim().min(1).max(2000);

/** The source, or a 501 saying the feature is not in this build. */
export function needSource<T>(source: T | undefined, feature: string): T {
  if (source === undefined) throw new ApiError(501, `${feature} is not available in this build`);
  return source;
}
