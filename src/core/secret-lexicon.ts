/**
 * The secret kinds the redactor knows by their shape: one entry per kind, each with the pattern
 * that finds it, the keywords one of which a text must contain before the pattern runs, and
 * examples a test builds at run time from parts (so no real-looking key sits in the repository).
 *
 * Token formats are ported from gitleaks' default rules (github.com/gitleaks/gitleaks,
 * config/gitleaks.toml, MIT licence, Copyright (c) 2019 Zachary Rice): `source` names the gitleaks
 * rule an entry follows. Entries without a source are tacit's own (command-line flags, connection
 * strings, Chinese wording). Secrets named by the field they are assigned to (`DB_PASSWORD=…`,
 * `{"token": …}`) are found by the name rules in secret-names.ts, not here.
 *
 * The entries are in secret-token-kinds.ts (token formats) and secret-context-kinds.ts (headers,
 * URLs, command lines, sentences).
 */
import { CONTEXT_KINDS } from "./secret-context-kinds.js";
import { TOKEN_KINDS } from "./secret-token-kinds.js";

/** Characters an example part is drawn from. */
export const EXAMPLE_CHARSETS = {
  alnum: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
  upper: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
  lower: "abcdefghijklmnopqrstuvwxyz0123456789",
  hex: "0123456789abcdef",
  digits: "0123456789",
  base64: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
  urlsafe: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
  bech32: "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",
} as const;

/** A literal part of an example secret, or `length` random characters from a charset. */
export type ExamplePart = string | { chars: keyof typeof EXAMPLE_CHARSETS; length: number };

/**
 * An example: `text` with `{secret}` where the generated secret goes. Everything the secret's
 * parts make must be gone from the redacted text; `kept` (when given) must still be there.
 */
export interface SecretExample {
  text: string;
  secret: readonly ExamplePart[];
  kept?: string;
}

/** One kind of secret found by its shape. */
export interface SecretKind {
  /** Shown in the marker: `[REDACTED:<id>]`. */
  id: string;
  description: string;
  /**
   * Global regular expression. When it has a named group starting with `secret`, only the first
   * such group that matched is replaced; otherwise the whole match is.
   */
  pattern: RegExp;
  /**
   * Lower-case substrings; the pattern runs only on text that contains one of them (none: on every
   * text, for a cheap pattern whose only literal is too common to narrow anything down).
   */
  keywords: readonly string[];
  /** Rejects a found value that is not a secret after all (a placeholder, an English word). */
  accept?: (secret: string) => boolean;
  examples: readonly SecretExample[];
  /** The gitleaks rule this entry is ported from, when it is. */
  source?: string;
}

/**
 * Kinds with a fixed shape first (a token format is the most specific thing to name), then kinds
 * found by their context (a header, a URL, a command line, a sentence). An earlier kind's find is
 * never split by a later one.
 */
export const SECRET_KINDS: readonly SecretKind[] = [...TOKEN_KINDS, ...CONTEXT_KINDS];
