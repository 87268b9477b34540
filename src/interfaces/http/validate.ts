/**
 * Input validation for the API: every query string, path parameter and body goes through a zod
 * schema, and a bad one is a 400 naming the field and what was wrong with it.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { InvalidInputError } from "../../core/errors.js";
import { describeJsonError } from "../../core/json-error.js";

/** Parses `value` with `schema`; throws `InvalidInputError` naming the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? `${where}.${issue.path.join(".")}` : where;
  throw new InvalidInputError({ message: issue?.message ?? "invalid", field });
}

/** The query string, as one value per name (a repeated name: its values joined by commas). */
export function queryOf<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const all = c.req.queries();
  const flat = Object.fromEntries(Object.entries(all).map(([name, values]) => [name, values.join(",")]));
  return parseInput(schema, flat, "query");
}

/** The path parameters. */
export function paramsOf<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseInput(schema, c.req.param(), "path");
}

/** The JSON body; an empty body counts as `{}`. */
export async function bodyOf<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch (error) {
      // The answer never quotes the body (the parser's message would): where it broke, not what.
      void error;
      throw new InvalidInputError({ message: `not JSON: ${describeJsonError(text)}`, field: "body" });
    }
  }
  return parseInput(schema, value, "body");
}
