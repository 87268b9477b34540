/**
 * The redactor: finds secrets in text (the kinds of secret-lexicon.ts by their shape, the names of
 * secret-names.ts by what they are assigned to, configured patterns) and replaces each with
 * `[REDACTED:<kind>]`; and redacts structured values (parsed JSON) leaf by leaf, with a field's name
 * deciding whether its value is a secret, so JSON stays JSON.
 */

import { KeywordFinder } from "./keyword-scan.js";
import { SECRET_KINDS } from "./secret-lexicon.js";
import {
  findAssignedSecrets,
  isSecretValue,
  type NameWordFound,
  SECRET_NAME_WORDS,
  type SecretSpan,
  secretNameStrength,
} from "./secret-names.js";

/** Options of {@link createRedactor}. */
export interface RedactionConfig {
  /** Redact the built-in secret kinds (default true). */
  enabled: boolean;
  /**
   * Extra regular expressions. A match is replaced; when the pattern has a capture group, only the
   * group is. A pattern naming a key (e.g. `token`) also redacts the value assigned to it
   * (`token=abc123` → `token=[REDACTED:custom]`).
   */
  patterns: string[];
}

export const DEFAULT_REDACTION_CONFIG: RedactionConfig = { enabled: true, patterns: [] };

/** Result of a redaction pass: the clean text and how many secrets were removed. */
export interface Redacted {
  text: string;
  count: number;
}

export type Redactor = (text: string) => Redacted;

/** What one keyword scan of a text found: where name words end. */
interface Scanned {
  names: NameWordFound[];
}

/** A rule of the redactor; it runs only on text holding one of its keywords (none: always). */
interface SecretRule {
  /** Indexes into the scanner's keywords. */
  keywords: readonly number[];
  find(text: string, scanned: Scanned): SecretSpan[];
}

/** The indices of the first `secret…` group that matched, else of group 1 if asked, else of the match. */
function secretRange(match: RegExpExecArray, useFirstGroup: boolean): [number, number] {
  const groups = match.indices?.groups;
  if (groups) {
    for (const [name, range] of Object.entries(groups)) if (name.startsWith("secret") && range) return range;
  }
  const first = useFirstGroup ? match.indices?.[1] : undefined;
  return first ?? [match.index, match.index + match[0].length];
}

function patternRule(
  kind: string,
  source: RegExp,
  options: { keywords: readonly number[]; accept?: (value: string) => boolean; firstGroup?: boolean },
): SecretRule {
  // Made when first needed: most rules never run in a short-lived hook process.
  let pattern: RegExp | undefined;
  return {
    keywords: options.keywords,
    find(text) {
      const spans: SecretSpan[] = [];
      pattern ??= new RegExp(source.source, [...new Set([...source.flags, "g", "d"])].join(""));
      pattern.lastIndex = 0;
      for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
        if (match[0].length === 0) {
          pattern.lastIndex++;
          continue;
        }
        const [start, end] = secretRange(match, options.firstGroup ?? false);
        if (end <= start) continue;
        if (options.accept && !options.accept(text.slice(start, end))) continue;
        spans.push({ start, end, kind });
      }
      return spans;
    },
  };
}

/** The built-in rules with the keyword scan that decides which of them run on a text. */
interface BuiltIn {
  /** Most specific first: a later rule never splits what an earlier one found. */
  rules: readonly SecretRule[];
  /**
   * One pass over `text` for every keyword: marks the rules that may find something (`runs[i]` is
   * `stamp` for those) and returns where name words end.
   */
  scan(text: string, runs: Int32Array, stamp: number): Scanned;
}

let builtIn: BuiltIn | undefined;

/**
 * Built on first use, not when the module loads: the hook client loads this module on every event,
 * and only a tool event redacts anything.
 */
function builtInRules(): BuiltIn {
  if (builtIn) return builtIn;
  // Every keyword once: the secret kinds' keywords, then the secret names' words (the name rule
  // needs where they end).
  const kindKeywords = [...new Set(SECRET_KINDS.flatMap((kind) => kind.keywords))];
  const keywordIndex = new Map(kindKeywords.map((keyword, index) => [keyword, index]));
  const scanner = new KeywordFinder([...kindKeywords, ...SECRET_NAME_WORDS.map((entry) => entry.word)]);
  const rules: SecretRule[] = [
    ...SECRET_KINDS.map((kind) =>
      patternRule(kind.id, kind.pattern, {
        keywords: kind.keywords.map((keyword) => keywordIndex.get(keyword) as number),
        ...(kind.accept ? { accept: kind.accept } : {}),
      }),
    ),
    { keywords: [], find: (text, scanned) => findAssignedSecrets(text, scanned.names) },
  ];
  const rulesOfKeyword: number[][] = kindKeywords.map(() => []);
  rules.forEach((rule, index) => {
    for (const keyword of rule.keywords) rulesOfKeyword[keyword]?.push(index);
  });
  const kinds = kindKeywords.length;
  builtIn = {
    rules,
    scan(text, runs, stamp) {
      const scanned: Scanned = { names: [] };
      scanner.scan(text, (keyword, end) => {
        if (keyword >= kinds) scanned.names.push({ end, word: keyword - kinds });
        else for (const rule of rulesOfKeyword[keyword] as number[]) runs[rule] = stamp;
      });
      // The name rule takes the words ending at one place together.
      scanned.names.sort((a, b) => a.end - b.end);
      return scanned;
    },
  };
  return builtIn;
}

/** Rules for the configured patterns. Invalid ones throw, naming the pattern. */
function customRules(patterns: readonly string[]): SecretRule[] {
  const rules: SecretRule[] = [];
  for (const source of patterns) {
    let custom: RegExp;
    try {
      custom = new RegExp(source, "gi");
    } catch (error) {
      throw new Error(`redaction pattern ${JSON.stringify(source)} is not a valid regular expression`, {
        cause: error,
      });
    }
    const hasGroup = /\((?!\?)/.test(source);
    if (!hasGroup) {
      // A key-like pattern: first the value assigned to it, then any bare match.
      const assigned = new RegExp(`(?:${source})\\\\?["']?\\s*[:=]\\s*\\\\?["']?([^\\s"'\\\\,;]{4,})`, "gi");
      rules.push(patternRule("custom", assigned, { keywords: [], firstGroup: true }));
    }
    rules.push(patternRule("custom", custom, { keywords: [], firstGroup: true }));
  }
  return rules;
}

/**
 * Builds a redactor from configuration. Invalid custom patterns throw with the offending pattern
 * named, so a bad config fails loudly instead of leaking.
 */
export function createRedactor(config: Partial<RedactionConfig> = {}): Redactor {
  const merged = { ...DEFAULT_REDACTION_CONFIG, ...config };
  const custom = customRules(merged.patterns);
  let rules: SecretRule[] | undefined;
  let builtInCount = 0;
  // Which rules a text's keywords let run: marked with a number new for each text, never cleared.
  let runs = new Int32Array(0);
  let stamp = 0;
  return (text: string): Redacted => {
    if (text.length < 8) return { text, count: 0 };
    const shared = builtInRules();
    if (!rules) {
      rules = [...(merged.enabled ? shared.rules : []), ...custom];
      builtInCount = merged.enabled ? shared.rules.length : 0;
      runs = new Int32Array(shared.rules.length);
    }
    stamp = stamp === 0x7fffffff ? 1 : stamp + 1;
    if (stamp === 1) runs.fill(0);
    const scanned = shared.scan(text, runs, stamp);
    const spans: SecretSpan[] = [];
    for (let index = 0; index < rules.length; index++) {
      const rule = rules[index] as SecretRule;
      if (index < builtInCount && rule.keywords.length > 0 && runs[index] !== stamp) continue;
      for (const span of rule.find(text, scanned)) if (!overlapsAny(span, spans)) spans.push(span);
    }
    if (spans.length === 0) return { text, count: 0 };
    spans.sort((a, b) => a.start - b.start);
    let result = "";
    let position = 0;
    for (const span of spans) {
      result += `${text.slice(position, span.start)}${marker(span.kind)}`;
      position = span.end;
    }
    return { text: result + text.slice(position), count: spans.length };
  };
}

function marker(kind: string): string {
  return `[REDACTED:${kind}]`;
}

/** A marker the redactor writes, its kind in group 1 (global). */
const REDACTION_MARKER = /\[REDACTED:([\w-]+)\]/g;

/** The secrets a text holds: their kinds, without repeats, in order, and the text redacted. */
export interface SecretsFound {
  kinds: string[];
  redacted: Redacted;
}

/**
 * The secrets `text` holds, as `redact` finds them; a marker of an earlier redaction
 * (`[REDACTED:api-key]`) counts as the secret it stands for. The one secret detector: capture,
 * recall, the memory guardian and the memory gate all ask it.
 */
export function findSecrets(text: string, redact: Redactor): SecretsFound {
  const redacted = redact(text);
  const kinds = new Set<string>();
  for (const found of redacted.text.matchAll(REDACTION_MARKER)) kinds.add(found[1] ?? "secret");
  return { kinds: [...kinds], redacted };
}

function overlapsAny(span: SecretSpan, accepted: readonly SecretSpan[]): boolean {
  if (span.start >= span.end) return true;
  return accepted.some((other) => span.start < other.end && other.start < span.end);
}

/** Where the value of a `{"name": "DB_PASSWORD", "value": "…"}` pair names its secret. */
const PAIR_NAME_FIELDS = ["name", "key", "Name", "Key", "variable"] as const;

/**
 * Redacts a structured value (parsed JSON, metadata): a string whose field name says it is a secret
 * (`password`, `api_key`, `FOO_TOKEN`, a random token under `key`) is replaced whole; every other
 * string, and every key, goes through `redact`. Objects, arrays and other values keep their shape.
 */
export function redactStructured(value: unknown, redact: Redactor): { value: unknown; count: number } {
  let count = 0;
  const visit = (node: unknown, name: string | null): unknown => {
    if (typeof node === "string") {
      const strength = name === null ? null : secretNameStrength(name);
      if (strength !== null && isSecretValue(node, strength)) {
        count++;
        return marker(strength === "strong" ? "assignment" : "high-entropy-token");
      }
      // JSON inside a string (a tool's output, an encoded body) is redacted as a structured value too.
      const inner = /^\s*[[{]/.test(node) ? redactJsonText(node, redact) : null;
      const redacted = inner ?? redact(node);
      count += redacted.count;
      return redacted.text;
    }
    if (Array.isArray(node)) return node.map((item) => visit(item, name));
    if (node === null || typeof node !== "object") return node;
    const record = node as Record<string, unknown>;
    const pairName = PAIR_NAME_FIELDS.map((field) => record[field]).find(
      (field) => typeof field === "string",
    );
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) {
      const cleanKey = redact(key);
      count += cleanKey.count;
      const itemName = (key === "value" || key === "Value") && typeof pairName === "string" ? pairName : key;
      // defineProperty: a `__proto__` key stays a key, as JSON.parse made it.
      Object.defineProperty(result, cleanKey.text, {
        value: visit(item, itemName),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return result;
  };
  const result = visit(value, null);
  return { value: result, count };
}

/**
 * Redacts JSON text as a structured value: parsed, redacted leaf by leaf, serialised again (only
 * when something was redacted, so clean JSON keeps its formatting). null when the text is not a
 * JSON object or array (the caller redacts it as text).
 */
export function redactJsonText(text: string, redact: Redactor): Redacted | null {
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // Not JSON after all (or truncated): the caller redacts it as text.
    void error;
    return null;
  }
  let redacted: { value: unknown; count: number };
  try {
    redacted = redactStructured(parsed, redact);
  } catch (error) {
    // Nested deeper than the stack allows: the caller redacts it as text.
    if (error instanceof RangeError) return null;
    throw error;
  }
  return redacted.count === 0
    ? { text, count: 0 }
    : { text: JSON.stringify(redacted.value), count: redacted.count };
}
