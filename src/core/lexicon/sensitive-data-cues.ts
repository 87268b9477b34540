/**
 * Personal data and credentials told in words that a memory file never holds: a password or PIN
 * stated (whatever its value looks like), card and ID numbers, e-mail addresses and phone numbers,
 * "我的银行卡密码是…". The memory gate refuses to propose them. Secrets by their shape or name, and
 * values capture already redacted ("[REDACTED:api-key]"), are found by capture's redactor
 * (`findSecrets`), not here.
 */
import { cueLexicon } from "./define-lexicon.js";

/** Personal data, or a credential told in words. */
export const SENSITIVE_DATA_CUES = cueLexicon("sensitive-data-cues", [
  {
    pattern:
      /\b(?:password|passcode|passphrase|pin(?: code)?|pwd|secret|api key|token|private key|ssh key|recovery code|2fa code|otp)\b(?:\s+\w+){0,3}\s*(?:is|:|=)/,
    example: "My bank PIN is 4921.",
  },
  {
    pattern:
      /\b(?:social security|ssn|credit card|card number|cvv|iban|bank account|account number|passport number|driver'?s licen[cs]e|tax id)\b/,
    example: "My credit card number ends in 4242.",
  },
  { pattern: /[\w.+-]+@[\w-]+\.[\w.-]*[a-z]/, example: "Email me at sam@example.com." },
  {
    pattern:
      /\b(?:phone|mobile|cell|number|whatsapp|call me at|text me at)\b[^.\n]{0,20}\+?\d[\d\s().-]{6,}\d/,
    example: "My phone number is +1 415 555 0100.",
  },
  {
    pattern: /密码|验证码|身份证(?:号)?|银行卡(?:号)?|信用卡(?:号)?|护照号|手机号(?:码)?(?:是|:|：)/,
    example: "我的银行卡密码是 123456",
  },
]);
