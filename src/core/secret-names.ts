/**
 * Secrets found by the name they are assigned to rather than by their shape: `DB_PASSWORD=…`,
 * `"api_key": "…"`, `session_secret: …`, `FOO_TOKEN=…`, in text and as the keys of structured
 * values. A name ends in a secret word (`_PASSWORD` counts: no word boundary is required before
 * the word, only after it).
 *
 * - A strong name (password, secret, token, api key, credential, 密码 …) has its value redacted
 *   whatever it looks like, unless the value is plainly not a secret (see {@link NOT_SECRET_VALUES}).
 * - A weak name (key, auth, signature, cookie, salt, hmac) has its value redacted only when the value
 *   looks like a random token: 20+ characters, letters and digits, high Shannon entropy, and not a
 *   UUID, a path or a URL.
 */
import type { SecretExample } from "./secret-lexicon.js";

/** Words a secret's name may end with. */
export interface SecretName {
  /** Lower-case words, matched at the end of a name in any case. */
  words: readonly string[];
  strength: "strong" | "weak";
  /** The word counts only at the start of a name or after a separator (`DB_PASS`, not `bypass`). */
  wholeWord?: boolean;
  examples: readonly SecretExample[];
}

const KEY_PREFIXES = [
  "api",
  "access",
  "secret",
  "private",
  "auth",
  "signing",
  "encryption",
  "master",
  "account",
];

/** The words a secret's name ends with; the longest word ending at a place wins (`secret_key` over `key`). */
export const SECRET_NAMES: readonly SecretName[] = [
  {
    words: ["password", "passwd", "passphrase", "pwd"],
    strength: "strong",
    examples: [
      { text: "DB_PASSWORD={secret}", secret: [{ chars: "alnum", length: 14 }] },
      {
        text: 'curl -d "password={secret}" https://api.acme.dev/login',
        secret: [{ chars: "alnum", length: 12 }],
        kept: "https://api.acme.dev/login",
      },
      { text: "MYSQL_PWD='{secret}' mysql", secret: [{ chars: "alnum", length: 10 }] },
      {
        text: 'password: "{secret}"',
        secret: [{ chars: "lower", length: 6 }, " horse ", { chars: "lower", length: 6 }],
      },
    ],
  },
  {
    words: ["pass"],
    strength: "strong",
    wholeWord: true,
    examples: [{ text: "SMTP_PASS={secret}", secret: [{ chars: "alnum", length: 12 }] }],
  },
  {
    words: ["secret"],
    strength: "strong",
    examples: [
      { text: "SESSION_SECRET={secret}", secret: [{ chars: "alnum", length: 32 }] },
      { text: "JWT_SECRET: {secret}", secret: [{ chars: "alnum", length: 24 }] },
      {
        text: "client_secret={secret}&grant_type=client_credentials",
        secret: [{ chars: "urlsafe", length: 30 }],
        kept: "grant_type=client_credentials",
      },
    ],
  },
  {
    words: ["token"],
    strength: "strong",
    examples: [
      { text: "FOO_TOKEN={secret}", secret: [{ chars: "alnum", length: 20 }] },
      { text: "export TWILIO_AUTH_TOKEN={secret}", secret: [{ chars: "hex", length: 32 }] },
      { text: "PRIVATE-TOKEN: {secret}", secret: [{ chars: "alnum", length: 20 }] },
    ],
  },
  {
    words: KEY_PREFIXES.flatMap((prefix) => [`${prefix}_key`, `${prefix}-key`, `${prefix}key`]),
    strength: "strong",
    examples: [
      {
        text: 'tool --api-key=\\"{secret}\\" run',
        secret: ["sk", "_live_", { chars: "alnum", length: 24 }],
        kept: "run",
      },
      { text: "OPENWEATHER_API_KEY = {secret}", secret: [{ chars: "hex", length: 32 }] },
      { text: "x-api-key: {secret}", secret: [{ chars: "alnum", length: 40 }] },
    ],
  },
  {
    words: ["credential", "credentials", "creds"],
    strength: "strong",
    examples: [
      {
        text: "REGISTRY_CREDENTIALS={secret}",
        secret: [{ chars: "alnum", length: 8 }, ":", { chars: "alnum", length: 16 }],
      },
    ],
  },
  {
    words: ["密码", "密碼", "密钥", "密鑰", "秘钥", "口令", "令牌", "私钥"],
    strength: "strong",
    examples: [{ text: '{"数据库密码": "{secret}"}', secret: [{ chars: "alnum", length: 12 }] }],
  },
  {
    words: ["key", "auth", "signature", "sig", "cookie", "salt", "hmac"],
    strength: "weak",
    examples: [
      { text: "STRIPE_KEY={secret}", secret: [{ chars: "alnum", length: 30 }, "7"] },
      {
        text: "X-Amz-Signature={secret}&X-Amz-Date=20260101",
        secret: [{ chars: "hex", length: 63 }, "a"],
        kept: "X-Amz-Date=20260101",
      },
      { text: '"key": "{secret}"', secret: [{ chars: "alnum", length: 43 }, "1"] },
    ],
  },
];

/** Weak names that hold no secret: `public_key`, `primary_key`, `sort_key` … */
const NOT_SECRET_NAME =
  /(?:public|pub|primary|foreign|sort|partition|cache|idempotency|hash|object|row|lookup|session|group|dedup|routing)[_.-]?key$/i;

/** A value that is plainly not a secret, whatever name it is assigned to. */
export interface NotSecretValue {
  id: string;
  pattern: RegExp;
  example: string;
}

/** Values a strong name may hold that are not secrets: placeholders, references, code. */
export const NOT_SECRET_VALUES: readonly NotSecretValue[] = [
  {
    id: "literal",
    pattern:
      /^(?:null|nil|none|true|false|yes|no|on|off|undefined|empty|required|optional|string|str|number|int|integer|bool|boolean|object|any|unknown|bytes|text|varchar|redacted|hidden|masked|secret|password|token|example|await|async|new|typeof|function|lambda|return|yield|self|this|void|const|let|var|def|fn|func|not|and|or|in|is|of|if|else|then|do)$/i,
    example: "password: string",
  },
  { id: "mask", pattern: /^(?:\*+|x{3,}|X{3,}|\.{3,}|…+|•+|-+|_+|#+)$/, example: "password=********" },
  {
    id: "variable",
    pattern:
      /^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*(?::?[-=?+][^}]*)?\}?|%[A-Za-z_][A-Za-z0-9_]*%|\$env:[A-Za-z_]\w*)$/,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template literal
    example: "NPM_TOKEN=${NPM_TOKEN}",
  },
  {
    id: "template",
    pattern: /^(?:\$?\{\{.*\}\}|<[^<>]+>|\[[A-Za-z_ :-]+\]|\{[A-Za-z_]+\})$/,
    example: "api_key: <your-api-key>",
  },
  { id: "expression", pattern: /^[=({<$%&|]/, example: "token: {token}" },
  {
    id: "code-reference",
    pattern: /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*[([]/,
    example: "const token = getToken(user)",
  },
  {
    // A property read: from a receiver (`config.`, `process.env.`, `self.`…) or of a secret-named field.
    id: "property-path",
    pattern:
      /^(?:(?:this|self|cls|config|cfg|conf|settings|process|env|os|options|opts|args|params|props|ctx|context|request|req|secrets|credentials|vars|inputs|app|window|globalThis)(?:\.[A-Za-z_$][\w$]*)+|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\.[A-Za-z_$]*(?:password|passwd|pwd|secret|token|key|credential|auth)[A-Za-z_$]*)$/i,
    example: "apiKey: config.openai.apiKey,",
  },
  {
    id: "named-variable",
    pattern: /^[A-Za-z_]*(?:password|passwd|pwd|secret|token|key|credential|auth)[A-Za-z_]*$/i,
    example: "password: hashedPassword,",
  },
  { id: "path", pattern: /^(?:~|\.{1,2})?\/[\w.~/@+-]*$|^[A-Za-z]:\\/, example: "PWD=/home/dev/shop" },
];

/** True when `value` is one of {@link NOT_SECRET_VALUES}. */
export function isNotSecretValue(value: string): boolean {
  return NOT_SECRET_VALUES.some((entry) => entry.pattern.test(value));
}

/** Shannon entropy of a text in bits per character. */
export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const share = count / text.length;
    entropy -= share * Math.log2(share);
  }
  return entropy;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value looks like a random token: 20–1000 characters of a token alphabet, letters and
 * digits mixed (3+ digits, or both cases and a digit), Shannon entropy at least 3.0 bits per character for hex and 3.5 otherwise (gitleaks'
 * threshold for its generic rule), and not a UUID, a path or a URL.
 */
export function looksLikeRandomToken(value: string): boolean {
  if (value.length < 20 || value.length > 1000) return false;
  if (!/^[A-Za-z0-9+/=_.~:-]+$/.test(value)) return false;
  // Random tokens mix character classes; identifiers (`settings_v2_file`) are words and a digit.
  const count = (pattern: RegExp) => value.match(pattern)?.length ?? 0;
  const [lower, upper, digits] = [count(/[a-z]/g), count(/[A-Z]/g), count(/[0-9]/g)];
  if (!((digits >= 3 && lower + upper >= 3) || (upper >= 2 && lower >= 2 && digits >= 1))) return false;
  if (
    UUID.test(value) ||
    value.includes("://") ||
    /^[~.]{0,2}\//.test(value) ||
    value.split("/").length > 3
  ) {
    return false;
  }
  return shannonEntropy(value) >= (/^[0-9a-f]+$/i.test(value) ? 3 : 3.5);
}

/** Every name word, with its entry: what the redactor's keyword scan looks for. */
export const SECRET_NAME_WORDS: ReadonlyArray<{ word: string; name: SecretName }> = SECRET_NAMES.flatMap(
  (name) => name.words.map((word) => ({ word, name })),
);

/** Whether `text` ends with a name word that may end a name there (a whole word when it must be). */
function endsWithWord(text: string, word: string, name: SecretName): boolean {
  if (!text.endsWith(word)) return false;
  return !name.wholeWord || !/[a-z0-9]/.test(text[text.length - word.length - 1] ?? "");
}

/** Header fields that carry credentials whole (their text form has its own kinds: basic-auth, bearer…). */
const CREDENTIAL_FIELD = /^(?:proxy-)?authorization$|^(?:set-)?cookie$/i;

/** How strongly a field name says its value is a secret: `{"DB_PASSWORD": …}` → strong. */
export function secretNameStrength(name: string): "strong" | "weak" | null {
  if (name.length > 200) return null;
  if (CREDENTIAL_FIELD.test(name)) return "strong";
  const lower = name.toLowerCase();
  let found: SecretName | null = null;
  for (const { word, name: entry } of SECRET_NAME_WORDS) {
    if (!endsWithWord(lower, word, entry)) continue;
    if (entry.strength === "strong") return "strong";
    found = entry;
  }
  return found && !NOT_SECRET_NAME.test(name) ? "weak" : null;
}

/** Whether a value assigned to a name of this strength is to be redacted. */
export function isSecretValue(value: string, strength: "strong" | "weak"): boolean {
  if (strength === "weak") return looksLikeRandomToken(value);
  return value.length >= 4 && !value.startsWith("[REDACTED") && !isNotSecretValue(value);
}

/**
 * After a name: an assignment (`=`, `:`, `:=`, `=>`, `?=`, with quotes or escaped quotes around the
 * name), then the value: quoted (up to its closing quote, lines included) or bare (up to whitespace, a quote, a
 * backslash, `,` or `;`). Escaped quotes stay outside the value, so JSON text stays valid.
 */
const ASSIGNED = new RegExp(
  `(?![A-Za-z0-9_-])[\\s'"\\\\]{0,4}(?:=>|:{1,3}=?|\\?=|=)[ \\t]{0,3}` +
    `(?:\\\\?["'\`](?<quoted>[^"'\`\\\\]{1,300})|(?<bare>[^\\s"'\`\\\\,;]+))`,
  "yd",
);

/** A found secret: where it is in the text and its kind. */
export interface SecretSpan {
  start: number;
  end: number;
  kind: string;
}

/** Where a name word was found: one past its last character, and which word (an index of {@link SECRET_NAME_WORDS}). */
export interface NameWordFound {
  end: number;
  word: number;
}

/**
 * Finds the values assigned to secret names in `text`, given where the keyword scan found name
 * words (kind `assignment` for strong names, `high-entropy-token` for weak ones).
 */
export function findAssignedSecrets(text: string, found: readonly NameWordFound[]): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (let index = 0; index < found.length; index++) {
    const wordEnd = (found[index] as NameWordFound).end;
    // Of the words ending here, the longest wins: `secret_key`, not `key`.
    let entry = SECRET_NAME_WORDS[(found[index] as NameWordFound).word];
    while (found[index + 1]?.end === wordEnd) {
      const other = SECRET_NAME_WORDS[(found[++index] as NameWordFound).word];
      if (other && (!entry || other.word.length > entry.word.length)) entry = other;
    }
    if (!entry) continue;
    const wordStart = wordEnd - entry.word.length;
    if (entry.name.wholeWord && /[A-Za-z0-9]/.test(text[wordStart - 1] ?? "")) continue;
    ASSIGNED.lastIndex = wordEnd;
    const match = ASSIGNED.exec(text);
    if (!match) continue;
    const strength = entry.name.strength;
    if (strength === "weak" && NOT_SECRET_NAME.test(nameBefore(text, wordStart, entry.word))) continue;
    const range = match.indices?.groups?.quoted ?? match.indices?.groups?.bare;
    if (!range) continue;
    let [start, end] = range;
    if (match.groups?.quoted === undefined) {
      // A bare value ends before the brackets and full stop around it (`f(token=abc)`, `{"t":null}`);
      // one with brackets inside is code (`token=getToken(user)`, `key={item.id}`).
      // In a URL query the value ends at the next parameter (`client_secret=…&grant_type=…`).
      const parameter = /&[A-Za-z_][\w.-]*=/.exec(text.slice(start, end));
      if (parameter) end = start + parameter.index;
      while (end > start && ")]}>.:".includes(text[end - 1] as string)) end--;
      if (/[([{<]/.test(text.slice(start, end))) continue;
    }
    if (!isSecretValue(text.slice(start, end), strength)) continue;
    spans.push({ start, end, kind: strength === "strong" ? "assignment" : "high-entropy-token" });
  }
  return spans;
}

/** The whole name that ends with the word found at `index` (`DB_PRIMARY_KEY` for `KEY`). */
function nameBefore(text: string, index: number, word: string): string {
  let start = index;
  while (start > 0 && start > index - 60 && /[A-Za-z0-9_.-]/.test(text[start - 1] ?? "")) start--;
  return text.slice(start, index + word.length);
}
