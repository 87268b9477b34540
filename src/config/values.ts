/**
 * Setting values as text (the environment, `tacit config set`): parsing per type, validation with
 * the key's own schema, display (secrets hidden), and the closest key to a misspelt one.
 */
import * as z from "zod/mini";
import { InvalidInputError } from "../core/errors.js";
import { describeJsonError } from "../core/json-error.js";
import { findSettingKey, type SettingKey, settingKeys } from "./keys.js";

const TRUE = new Set(["1", "true", "yes", "on"]);
const FALSE = new Set(["0", "false", "no", "off"]);

/**
 * The value of a setting written as text: a number, `true`/`false` (also 1/0, yes/no, on/off), a
 * word, or for a list a JSON array (anything else is a list of that one item). Validated with the
 * setting's schema; `where` names the source in the error (a variable, a command argument).
 */
export function parseSettingText(setting: SettingKey, text: string, where: string): unknown {
  const raw = text.trim();
  const kind = setting.value._zod.def.type;
  let value: unknown = raw;
  if (kind === "number") value = raw === "" ? Number.NaN : Number(raw);
  else if (kind === "boolean") {
    const word = raw.toLowerCase();
    value = TRUE.has(word) ? true : FALSE.has(word) ? false : raw;
  } else if (kind === "array") {
    value = raw.startsWith("[") ? parseJsonList(raw, setting, where) : [text];
  }
  return checkSettingValue(setting, value, where, text);
}

/** Checks a value against its setting's schema; the error names the key, the source and the type expected. */
export function checkSettingValue(
  setting: SettingKey,
  value: unknown,
  where: string,
  shown?: string,
): unknown {
  const checked = validateSetting(setting, value, shown);
  if (checked.ok) return checked.value;
  // The message names the key already; name the source only when it is another (a variable).
  throw new InvalidInputError({
    message: checked.message,
    ...(where === setting.key ? {} : { field: where }),
  });
}

/** The value as its schema gives it back, or why it is not one (naming the key and the type expected). */
export function validateSetting(
  setting: SettingKey,
  value: unknown,
  shown?: string,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const parsed = z.safeParse(setting.value, value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const detail = issue?.code === "custom" ? `: ${issue.message}` : "";
  const got = setting.secret ? "(hidden)" : JSON.stringify(shown ?? value);
  return { ok: false, message: `${setting.key} must be ${setting.type}, got ${got}${detail}` };
}

function parseJsonList(raw: string, setting: SettingKey, where: string): unknown {
  try {
    return JSON.parse(raw);
  } catch (error) {
    // The parser's message quotes the value, which may hold a secret: say where, never what.
    void error;
    throw new InvalidInputError({
      message: `${setting.key} takes a JSON list such as ["a", "b"]: ${describeJsonError(raw)}`,
      field: where,
    });
  }
}

/** The setting of a key, or an error naming it and suggesting the closest key. */
export function requireSettingKey(key: string, where?: string): SettingKey {
  const setting = findSettingKey(key);
  if (setting) return setting;
  throw new InvalidInputError({
    message: `unknown setting ${JSON.stringify(key)}${suggestion(key)}; \`tacit config list\` shows them all`,
    ...(where ? { field: where } : {}),
  });
}

/** ` (did you mean "…"?)` for the closest setting or group, or "" when none is close. */
export function suggestion(key: string, candidates: readonly string[] = allNames()): string {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(2, Math.floor(key.length / 4));
  return best !== undefined && bestDistance <= allowed ? ` (did you mean "${best}"?)` : "";
}

/** Every setting key and every group above one (`recall`, `recall.weights`). */
function allNames(): string[] {
  const names = new Set<string>();
  for (const setting of settingKeys()) {
    for (let length = 1; length <= setting.path.length; length++) {
      names.add(setting.path.slice(0, length).join("."));
    }
  }
  return [...names];
}

function editDistance(first: string, second: string): number {
  let previous = Array.from({ length: second.length + 1 }, (_, index) => index);
  for (let row = 1; row <= first.length; row++) {
    const current = [row];
    for (let column = 1; column <= second.length; column++) {
      const cost = first[row - 1] === second[column - 1] ? 0 : 1;
      current[column] = Math.min(
        (previous[column] as number) + 1,
        (current[column - 1] as number) + 1,
        (previous[column - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return previous[second.length] as number;
}

/** A value as shown to a person: secrets as "[set]", nothing as "(unset)", lists and text as JSON. */
export function showValue(setting: SettingKey, value: unknown): string {
  if (value === undefined) return "(unset)";
  if (setting.secret) return "[set]";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A value as put in JSON output: secrets as "[set]". */
export function safeValue(setting: SettingKey, value: unknown): unknown {
  return setting.secret && value !== undefined ? "[set]" : value;
}
