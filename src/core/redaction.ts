/**
 * Capture-time hygiene: tacit's own injected context is removed, secrets are redacted and huge
 * payloads are truncated before anything reaches the store, a log or a model. The redactor itself
 * is in secret-redactor.ts.
 */
import { type Redactor, redactJsonText } from "./secret-redactor.js";

/** Opening and closing markers around context tacit injects into prompts. */
export const TACIT_CONTEXT_OPEN = "<tacit-context>";
export const TACIT_CONTEXT_CLOSE = "</tacit-context>";

const contextBlock = /<tacit-context>[\s\S]*?(?:<\/tacit-context>|$)/g;

/**
 * Removes every `<tacit-context>…</tacit-context>` block (an unclosed block runs to the end of the
 * text), so tacit never learns back its own recall.
 */
export function stripTacitContext(text: string): string {
  if (!text.includes(TACIT_CONTEXT_OPEN)) return text;
  return text
    .replace(contextBlock, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export {
  createRedactor,
  DEFAULT_REDACTION_CONFIG,
  type Redacted,
  type RedactionConfig,
  type Redactor,
  redactJsonText,
  redactStructured,
} from "./secret-redactor.js";

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
 * The full capture pass for one text field: strip tacit context, truncate (with a margin so a
 * secret across the cut is still seen whole), then redact. With `json`, text that is a JSON object
 * or array is redacted as a structured value first (so it stays valid JSON), then truncated.
 */
export function sanitizeForCapture(
  text: string,
  options: { redact: Redactor; maxChars: number; json?: boolean },
): { text: string; originalSize: number | null; redactions: number } {
  const stripped = stripTacitContext(text);
  const structured = options.json ? redactJsonText(stripped, options.redact) : null;
  if (structured) {
    if (structured.text.length <= options.maxChars) {
      return { text: structured.text, originalSize: null, redactions: structured.count };
    }
    const originalSize = utf8Length(stripped);
    const cut = structured.text.slice(0, options.maxChars) + truncationMarker(originalSize);
    return { text: cut, originalSize, redactions: structured.count };
  }
  const margin = 512;
  if (stripped.length <= options.maxChars) {
    const redacted = options.redact(stripped);
    return { text: redacted.text, originalSize: null, redactions: redacted.count };
  }
  const head = options.redact(stripped.slice(0, options.maxChars + margin));
  const originalSize = utf8Length(stripped);
  return {
    text: head.text.slice(0, options.maxChars) + truncationMarker(originalSize),
    originalSize,
    redactions: head.count,
  };
}
