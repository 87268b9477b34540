/**
 * Capture-time hygiene: secrets are redacted and huge payloads are truncated before anything
 * reaches the store, a log or a model. The redactor itself is in secret-redactor.ts; tacit's own
 * injected context is removed by capture, where it was injected (see tacit-context.ts).
 */
import { type Redactor, redactJsonText } from "./secret-redactor.js";

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
 * The full capture pass for one text field: truncate (with a margin so a secret across the cut is
 * still seen whole), then redact. With `json`, text that is a JSON object or array is redacted as a
 * structured value first (so it stays valid JSON), then truncated.
 */
export function sanitizeForCapture(
  text: string,
  options: { redact: Redactor; maxChars: number; json?: boolean },
): { text: string; originalSize: number | null; redactions: number } {
  const structured = options.json ? redactJsonText(text, options.redact) : null;
  if (structured) {
    if (structured.text.length <= options.maxChars) {
      return { text: structured.text, originalSize: null, redactions: structured.count };
    }
    const originalSize = utf8Length(text);
    const cut = structured.text.slice(0, options.maxChars) + truncationMarker(originalSize);
    return { text: cut, originalSize, redactions: structured.count };
  }
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
