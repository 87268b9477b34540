/**
 * Secrets and personal data in a candidate fact. Secrets are what the capture redactor finds
 * (`findSecrets` of secret-redactor.ts), text it already redacted included; personal data is this
 * lexicon: email addresses, phone numbers, payment card numbers, national ID numbers, and
 * credentials stated in words ("the wifi password is …", a value too short or plain to look like a
 * secret) that the redactor does not see. Memory files are pasted into prompts and shared with
 * agents, so a fact holding any of them is never written, and what the audit keeps of it is masked.
 */
import type { LexiconEntry } from "../lexicon/define-lexicon.js";
import { findSecrets, type Redactor } from "../secret-redactor.js";

/** A kind of personal data: its pattern (global), an example, and an optional check of a match. */
export interface PersonalDataEntry extends LexiconEntry {
  readonly kind: string;
  /** A match is only this kind when it passes (e.g. the Luhn check of a card number). */
  readonly verify?: (match: string) => boolean;
}

/** True when the digits of `text` pass the Luhn check (payment card numbers do). */
export function luhnValid(text: string): boolean {
  const digits = text.replace(/\D/g, "");
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The personal-data lexicon. Patterns are global: every match is masked. */
export const PERSONAL_DATA: readonly PersonalDataEntry[] = [
  {
    kind: "email",
    pattern: /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu,
    example: "Reach the user at li.wei@example.com.",
  },
  {
    kind: "phone",
    pattern: /\+\d{1,3}[\s.-]?\(?\d{1,4}\)?(?:[\s.-]?\d{2,4}){2,4}/g,
    example: "The user's number is +1 415 555 0132.",
  },
  { kind: "phone", pattern: /\(\d{3}\)\s?\d{3}[\s.-]\d{4}\b/g, example: "Call (415) 555-0132 after six." },
  { kind: "phone", pattern: /\b\d{3}[.-]\d{3}[.-]\d{4}\b/g, example: "Office line 415-555-0132." },
  { kind: "phone", pattern: /(?<!\d)1[3-9]\d{9}(?!\d)/g, example: "用户的手机号是 13812345678" },
  {
    kind: "card number",
    pattern: /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g,
    example: "Card 4111 1111 1111 1111 expires in May.",
    verify: luhnValid,
  },
  { kind: "national id", pattern: /\b\d{3}-\d{2}-\d{4}\b/g, example: "SSN 123-45-6789." },
  {
    kind: "credential",
    pattern:
      /\b(?:password|passphrase|passcode|pin(?: code)?|secret|api key|access token|token)s?\s+(?:is|was|=|:)\s+\S{4,}/gi,
    example: "The wifi password is hunter2!",
  },
  {
    kind: "credential",
    pattern: /(?:密码|口令|密钥|令牌)(?:是|为|：|:)\s*\S{4,}/g,
    example: "路由器密码是 hunter2",
  },
  { kind: "national id", pattern: /(?<!\d)\d{17}[\dX](?![\dX])/gi, example: "身份证号 11010519491231002X" },
];

/** What a fact holds that must not be written, by kind, and the fact with every such span masked. */
export interface SensitiveFindings {
  /** Kinds found, e.g. `api-key`, `email` (secrets first), without repeats. */
  kinds: string[];
  /** The fact with secrets and personal data replaced by `[REDACTED:kind]`. */
  masked: string;
}

/** Secrets (by the redactor, and markers of earlier redaction) and personal data in `text`. */
export function findSensitive(text: string, redact: Redactor): SensitiveFindings {
  const secrets = findSecrets(text, redact);
  const kinds = new Set(secrets.kinds);
  let masked = secrets.redacted.text;
  for (const entry of PERSONAL_DATA) {
    masked = masked.replace(entry.pattern, (match) => {
      if (match.startsWith("[REDACTED") || (entry.verify && !entry.verify(match))) return match;
      kinds.add(entry.kind);
      return `[REDACTED:${entry.kind.replace(/ /g, "-")}]`;
    });
  }
  return { kinds: [...kinds], masked };
}

/** Secrets (not personal data) in a file's existing text, by 1-based line, for refusing to copy it. */
export function secretLines(content: string, redact: Redactor): Array<{ line: number; kinds: string[] }> {
  const found: Array<{ line: number; kinds: string[] }> = [];
  if (redact(content).count === 0) return found;
  content.split("\n").forEach((line, index) => {
    const secrets = findSecrets(line, redact);
    if (secrets.redacted.count > 0) found.push({ line: index + 1, kinds: secrets.kinds });
  });
  return found;
}
