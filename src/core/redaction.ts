/**
 * Capture-time hygiene: secrets are redacted and huge payloads are truncated before anything
 * reaches the store, a log or a model. (tacit's own injected context is removed by capture, where
 * it was injected: see tacit-context.ts.)
 */

/** One built-in secret pattern. A pattern with a capture group redacts only that group. */
interface SecretRule {
  kind: string;
  pattern: RegExp;
}

const BUILT_IN_RULES: readonly SecretRule[] = [
  {
    kind: "private-key",
    pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
  },
  { kind: "api-key", pattern: /\bsk-(?:ant-|proj-|live-|test-)?[A-Za-z0-9_-]{16,}/g },
  { kind: "github-token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g },
  { kind: "aws-key", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: "slack-token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  // tacit's own hook token: Claude Code hands it to every process it starts (the settings' env).
  { kind: "tacit-hook-token", pattern: /\btacit_hook_[A-Za-z0-9_-]{32,}/g },
  { kind: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { kind: "bearer", pattern: /\b[Bb]earer\s+([A-Za-z0-9\-._~+/]{8,}=*)/g },
  { kind: "url-password", pattern: /\b[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\s/:@]+:([^\s@/]+)@/g },
  {
    kind: "assignment",
    pattern:
      /\b(?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|secret(?:[_-]?key)?|client[_-]?secret|password|passwd|pwd)["']?\s*[:=]\s*["']?([^\s"',;]{6,})/gi,
  },
];

const BUILT_IN_HINT =
  /PRIVATE KEY|sk-|gh[pousr]_|github_pat_|AKIA|ASIA|xox[abposr]-|tacit_hook_|eyJ|bearer|:\/\/[^\s/:@]+:|key|token|secret|passw|pwd/i;

/** Options of {@link createRedactor}. */
export interface RedactionConfig {
  /** Redact the built-in secret kinds (default true). */
  enabled: boolean;
  /**
   * Extra regular expressions (seed 004 `redactPatterns`). A match is replaced; when the pattern has
   * a capture group, only the group is. A pattern naming a key (e.g. `token`) also redacts the value
   * assigned to it (`token=abc123` → `token=[REDACTED:custom]`).
   */
  patterns: string[];
}

export const DEFAULT_REDACTION_CONFIG: RedactionConfig = { enabled: true, patterns: [] };

/** Result of a redaction pass: the clean text and how many secrets were removed, by kind. */
export interface Redacted {
  text: string;
  count: number;
}

export type Redactor = (text: string) => Redacted;

/**
 * Builds a redactor from configuration. Invalid custom patterns throw with the offending pattern
 * named, so a bad config fails loudly instead of leaking.
 */
export function createRedactor(config: Partial<RedactionConfig> = {}): Redactor {
  const merged = { ...DEFAULT_REDACTION_CONFIG, ...config };
  const rules: SecretRule[] = merged.enabled ? [...BUILT_IN_RULES] : [];
  for (const source of merged.patterns) {
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
      // A key-like pattern: first take the value assigned to it, then any bare match.
      rules.push({
        kind: "custom",
        pattern: new RegExp(`(?:${source})["']?\\s*[:=]\\s*["']?([^\\s"',;]{4,})`, "gi"),
      });
    }
    rules.push({ kind: "custom", pattern: custom });
  }
  // Every built-in rule needs one of these substrings; text without any (most text) skips the rules.
  const mayHoldSecret = merged.patterns.length ? () => true : (text: string) => BUILT_IN_HINT.test(text);
  return (text: string): Redacted => {
    if (!mayHoldSecret(text)) return { text, count: 0 };
    let count = 0;
    let result = text;
    for (const rule of rules) {
      rule.pattern.lastIndex = 0;
      result = result.replace(rule.pattern, (match: string, group?: unknown) => {
        if (match.startsWith("[REDACTED")) return match;
        count++;
        const marker = `[REDACTED:${rule.kind}]`;
        if (typeof group === "string" && group.length > 0) return match.replace(group, marker);
        return marker;
      });
    }
    return { text: result, count };
  };
}

/** Marker appended to truncated payloads; names the original size so nothing is silently lost. */
export function truncationMarker(originalBytes: number): string {
  return `\n…[tacit: truncated, original ${originalBytes} bytes]`;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The full capture pass for one text field: truncate (with a margin so a secret across the cut is
 * still seen whole), then redact.
 */
export function sanitizeForCapture(
  text: string,
  options: { redact: Redactor; maxChars: number },
): { text: string; originalSize: number | null; redactions: number } {
  const margin = 512;
  if (text.length <= options.maxChars) {
    const redacted = options.redact(text);
    return { text: redacted.text, originalSize: null, redactions: redacted.count };
  }
  const head = options.redact(text.slice(0, options.maxChars + margin));
  const originalSize = utf8Length(text);
  return {
    text: head.text.slice(0, options.maxChars) + truncationMarker(originalSize),
    originalSize,
    redactions: head.count,
  };
}
