/**
 * How one setting is declared: a zod schema with its default and its metadata (description,
 * environment variable, whether it is a secret, where it may be set). The metadata lives in zod's
 * global registry, so a section is nothing but a zod object: the keys, the docs and the `tacit
 * config` commands are all read from it.
 *
 * Sections are written with `zod/mini`, which the hooks load only when something is configured
 * (interfaces/hooks/hook-config.ts): a few kilobytes instead of zod's full API. A section written
 * with `zod` works the same; it only makes that load heavier.
 */
import * as z from "zod/mini";

/** What tacit needs to know about a setting beyond its type and default. */
export interface SettingMeta {
  /** One or two plain sentences: what it does, in which unit. Goes into docs/config.md. */
  description: string;
  /**
   * The environment variable that overrides it. Default: `TACIT_` and the key in upper snake case
   * (`recall.weights.topic` → `TACIT_RECALL_WEIGHTS_TOPIC`); set only to keep an older name.
   */
  env?: string;
  /** The variable means the opposite (`TACIT_NO_BACKGROUND_LEARN=1` turns `hooks.backgroundLearn` off). */
  envInverted?: boolean;
  /** A secret (API key): shown as "[set]", never printed, and only read from the user file or env. */
  secret?: boolean;
  /** Only the user file and the environment may set it, even in a section a project file may set. */
  userOnly?: boolean;
  /** Lists from several files are joined instead of the later one replacing the earlier one. */
  merge?: "union";
}

/** Attaches a setting's metadata to its schema. */
export function setting<T extends z.core.$ZodType>(schema: T, meta: SettingMeta): T {
  z.globalRegistry.add(schema, meta as unknown as z.core.GlobalMeta);
  return schema;
}

type Extra = Partial<SettingMeta>;

/** A weight or score part: a number from 0 to 10. */
export function weight(value: number, description: string, meta: Extra = {}) {
  return setting(z._default(z.number().check(z.gte(0), z.lte(10)), value), { description, ...meta });
}

/** A ratio or similarity: a number from 0 to 1. */
export function ratio(value: number, description: string, meta: Extra = {}) {
  return setting(z._default(z.number().check(z.gte(0), z.lte(1)), value), { description, ...meta });
}

/** A count that may be 0. */
export function count(value: number, description: string, meta: Extra = {}) {
  return setting(z._default(z.int().check(z.gte(0)), value), { description, ...meta });
}

/** A count of at least 1. */
export function positive(value: number, description: string, meta: Extra = {}) {
  return setting(z._default(z.int().check(z.positive()), value), { description, ...meta });
}

/** A positive number of days (fractions allowed). */
export function days(value: number, description: string, meta: Extra = {}) {
  return setting(z._default(z.number().check(z.positive()), value), { description, ...meta });
}

/** A switch. */
export function flag(value: boolean, description: string, meta: Extra = {}) {
  return setting(z._default(z.boolean(), value), { description, ...meta });
}

/** One of a few words. */
export function choice<const T extends readonly [string, ...string[]]>(
  values: T,
  value: T[number],
  description: string,
  meta: Extra = {},
) {
  return setting(z._default(z.enum(values), value as never), { description, ...meta });
}

/** A section: an object of settings, each with its default, so an empty section parses to its defaults. */
export function section<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape);
}

/** A group of settings inside a section (`recall.weights`), defaulting as a whole. */
export function group<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.prefault(z.strictObject(shape), {} as never);
}
