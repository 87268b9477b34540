/**
 * The settings of the schema as a flat list of dotted keys (`recall.weights.topic`), each with its
 * value schema, default, description, environment variable and where it may be set. Read from the
 * zod schema (its definitions and `.meta()`), so nothing here lists a setting by hand.
 */
import * as z from "zod/mini";
import { CONFIG_SECTIONS, type SectionName } from "./schema.js";
import type { SettingMeta } from "./setting.js";

/** One setting. */
export interface SettingKey {
  /** Dotted path, e.g. `recall.weights.topic`. */
  key: string;
  path: readonly string[];
  section: SectionName;
  /** The schema a value must pass (without default or optional wrapper). */
  value: z.core.$ZodType;
  /** The default, or undefined for an optional setting without one. */
  defaultValue: unknown;
  description: string;
  /** The environment variable that overrides it. */
  env: string;
  envInverted: boolean;
  secret: boolean;
  /** Whether a project file may set it. */
  project: boolean;
  /** Lists from several files are joined. */
  union: boolean;
  /** The value's type in words: "number from 0 to 1", "true or false", "one of a, b". */
  type: string;
}

/** A node of the key tree: a group of settings, or a setting. */
export type KeyTree = KeyGroup | { kind: "setting"; key: SettingKey };
/** A group of settings in the key tree. */
export interface KeyGroup {
  kind: "group";
  children: Map<string, KeyTree>;
}

let cached: { keys: SettingKey[]; byKey: Map<string, SettingKey>; tree: KeyGroup } | undefined;

function load() {
  if (cached) return cached;
  const keys: SettingKey[] = [];
  const tree: KeyGroup = { kind: "group", children: new Map() };
  for (const [name, section] of Object.entries(CONFIG_SECTIONS)) {
    const node: KeyGroup = { kind: "group", children: new Map() };
    tree.children.set(name, node);
    walk(section.schema, [name], node, {
      section: name as SectionName,
      project: section.project,
      keys,
    });
  }
  cached = { keys, byKey: new Map(keys.map((key) => [key.key, key])), tree };
  return cached;
}

/** Every setting, in schema order. */
export function settingKeys(): readonly SettingKey[] {
  return load().keys;
}

/** The setting of a dotted key, or undefined. */
export function findSettingKey(key: string): SettingKey | undefined {
  return load().byKey.get(key);
}

/** The tree of groups and settings, for checking a config file's shape. */
export function keyTree(): KeyGroup {
  return load().tree;
}

function walk(
  schema: z.core.$ZodType,
  path: string[],
  node: KeyGroup,
  context: { section: SectionName; project: boolean; keys: SettingKey[] },
): void {
  const shape = (unwrap(schema).inner as z.core.$ZodObject)._zod.def.shape;
  for (const [name, child] of Object.entries(shape)) {
    const childPath = [...path, name];
    const { inner, meta, defaultValue } = unwrap(child);
    if (inner._zod.def.type === "object") {
      const group: KeyGroup = { kind: "group", children: new Map() };
      node.children.set(name, group);
      walk(child, childPath, group, context);
      continue;
    }
    const key = childPath.join(".");
    if (!meta.description) throw new Error(`setting ${key} has no description`);
    const setting: SettingKey = {
      key,
      path: childPath,
      section: context.section,
      value: inner,
      defaultValue,
      description: meta.description,
      env: meta.env ?? envName(childPath),
      envInverted: meta.envInverted === true,
      secret: meta.secret === true,
      project: context.project && meta.userOnly !== true && meta.secret !== true,
      union: meta.merge === "union",
      get type() {
        return describeType(inner);
      },
    };
    context.keys.push(setting);
    node.children.set(name, { kind: "setting", key: setting });
  }
}

/** A schema without its default / prefault / optional wrappers, their metadata merged, and its default. */
function unwrap(schema: z.core.$ZodType): {
  inner: z.core.$ZodType;
  meta: Partial<SettingMeta>;
  defaultValue: unknown;
} {
  let current = schema;
  let meta: Partial<SettingMeta> = {};
  let defaultValue: unknown;
  for (;;) {
    meta = { ...(z.globalRegistry.get(current) as Partial<SettingMeta> | undefined), ...meta };
    const def = current._zod.def as { type: string; innerType?: z.core.$ZodType; defaultValue?: unknown };
    if (def.type === "default" || def.type === "prefault") {
      defaultValue ??= structuredClone(def.defaultValue);
    } else if (def.type !== "optional") {
      return { inner: current, meta, defaultValue };
    }
    current = def.innerType as z.core.$ZodType;
  }
}

/** `TACIT_` and the path in upper snake case: `llm.baseURL` → `TACIT_LLM_BASE_URL`. */
export function envName(path: readonly string[]): string {
  const words = path.map((part) =>
    part
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
      .toUpperCase(),
  );
  return `TACIT_${words.join("_")}`;
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  items?: JsonSchema;
}

/** The type of a value schema in words. */
function describeType(schema: z.core.$ZodType): string {
  const json = z.toJSONSchema(schema, { unrepresentable: "any" }) as JsonSchema;
  return typeWords(json);
}

function typeWords(json: JsonSchema): string {
  if (json.enum) return `one of ${json.enum.map(String).join(", ")}`;
  switch (json.type) {
    case "boolean":
      return "true or false";
    case "string":
      return json.format === "uri" ? "a URL" : json.minLength ? "non-empty text" : "text";
    case "array":
      return `a list of ${json.items ? plural(typeWords(json.items)) : "values"}`;
    case "integer":
    case "number": {
      const noun = json.type === "integer" ? "a whole number" : "a number";
      const safe = (value: number | undefined) =>
        value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;
      const low = safe(json.minimum);
      const high = safe(json.maximum);
      if (json.exclusiveMinimum !== undefined) {
        if (json.type === "integer" && high !== undefined)
          return `${noun} from ${json.exclusiveMinimum + 1} to ${high}`;
        return high === undefined
          ? `${noun} > ${json.exclusiveMinimum}`
          : `${noun} > ${json.exclusiveMinimum} and ≤ ${high}`;
      }
      if (low !== undefined && high !== undefined) return `${noun} from ${low} to ${high}`;
      if (low !== undefined) return `${noun} ≥ ${low}`;
      return noun;
    }
    default:
      return "a value";
  }
}

function plural(words: string): string {
  return words === "text" ? "texts" : words.replace(/^an? /, "").concat("s");
}
