import { describe, expect, it } from "vitest";
import { createRedactor, redactJsonText, redactStructured, sanitizeForCapture } from "./redaction.js";
import { looksLikeRandomToken, secretNameStrength, shannonEntropy } from "./secret-names.js";

const redact = createRedactor();

describe("createRedactor", () => {
  const secrets: Array<[string, string]> = [
    ["openai key", "key is sk-proj-abcdefghijklmnopqrstuvwx1234"],
    ["anthropic key", "ANTHROPIC_API_KEY=sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA"],
    ["github token", "token ghp_abcdefghijklmnopqrstuvwxyz0123456789"],
    ["aws key", "AKIAIOSFODNN7EXAMPLE is the id"],
    ["slack token", "xoxb-1234567890-abcdefghij"],
    ["tacit hook token", "TACIT_HOOK_TOKEN_1A2B3C4D=tacit_hook_Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eA"],
    ["bearer", "Authorization: Bearer abc.def-ghi_jkl123456"],
    ["url password", "postgres://admin:hunter2secret@db.local:5432/app"],
    ["assignment", 'password = "correct-horse-battery"'],
  ];

  for (const [name, text] of secrets) {
    it(`redacts ${name}`, () => {
      const result = redact(text);
      expect(result.count).toBeGreaterThanOrEqual(1);
      expect(result.text).toContain("[REDACTED:");
      const secret = text.match(
        /(sk-[\w-]+|ghp_\w+|AKIA\w+|xoxb-[\w-]+|tacit_hook_[\w-]+|abc\.def-ghi_jkl123456|hunter2secret|correct-horse-battery)/,
      )?.[0];
      expect(secret).toBeDefined();
      expect(result.text).not.toContain(secret);
    });
  }

  it("redacts a private key block whole", () => {
    const key = "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA1234\nabcd\n-----END RSA PRIVATE KEY-----";
    const result = redact(`before\n${key}\nafter`);
    expect(result.text).toBe("before\n[REDACTED:private-key]\nafter");
  });

  it("redacts each of two private key blocks on one line, the second's body too", () => {
    const key = (body: string) => `-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`;
    const result = redact(`keys ${key("A0AAa0aaaAaaAa0aA0a0aAAA")} ${key("0A0aa0a00a0A0AAAaAaA0AAa")} done`);
    expect(result.text).toBe("keys [REDACTED:private-key] [REDACTED:private-key] done");
    expect(result.count).toBe(2);
  });

  it("keeps ordinary text and the user part of URLs", () => {
    const text = "Run npm test on https://example.com/docs and skip tokens of praise";
    expect(redact(text)).toEqual({ text, count: 0 });
    expect(redact("https://user:pw12345@host/x").text).toBe("https://user:[REDACTED:url-password]@host/x");
  });

  it("applies configured patterns, with or without a capture group", () => {
    const custom = createRedactor({ patterns: ["internal-[0-9]{4}", "session_cookie"] });
    expect(custom("id internal-1234 here").text).toBe("id [REDACTED:custom] here");
    expect(custom("session_cookie=abcdef").text).not.toContain("abcdef");
  });

  it("names an invalid configured pattern", () => {
    expect(() => createRedactor({ patterns: ["(unclosed"] })).toThrow(/"\(unclosed"/);
  });
});

describe("secrets named by what they are assigned to", () => {
  it("finds names that end in the keyword, whatever comes before it", () => {
    const text =
      "FOO_TOKEN=a1b2c3d4e5 DB_PASSWORD=hunter2x SESSION_SECRET=s3cr3tv4l TWILIO_AUTH_TOKEN=0f9e8d7c6b";
    const result = redact(text);
    expect(result.count).toBe(4);
    for (const value of ["a1b2c3d4e5", "hunter2x", "s3cr3tv4l", "0f9e8d7c6b"])
      expect(result.text).not.toContain(value);
    expect(result.text).toContain("DB_PASSWORD=[REDACTED:assignment]");
  });

  it("keeps escaped quotes outside the value, so JSON-encoded text still parses", () => {
    const raw = JSON.stringify({ command: 'curl -d "password=hunter2x" --api-key="abcd1234efgh" https://x' });
    const result = redact(raw);
    expect(result.count).toBe(2);
    expect(JSON.parse(result.text)).toEqual({
      command: 'curl -d "password=[REDACTED:assignment]" --api-key="[REDACTED:assignment]" https://x',
    });
  });

  it("leaves code, types, references and placeholders assigned to secret names", () => {
    for (const text of [
      "const token = await getToken(user);",
      "function check(token: string): boolean {",
      "password: hashedPassword,",
      "apiKey: config.openai.apiKey,",
      'if (token == null) throw new Error("no token")',
      "export NPM_TOKEN=$NPM_TOKEN",
      "password: <your password>",
      '{"next_page_token":null}',
    ]) {
      expect(redact(text), text).toEqual({ text, count: 0 });
    }
  });

  it("ends a value at the next URL parameter", () => {
    expect(redact("https://x/token?client_secret=abc123def&grant_type=client_credentials").text).toBe(
      "https://x/token?client_secret=[REDACTED:assignment]&grant_type=client_credentials",
    );
  });
});

describe("entropy after key-like names", () => {
  it("redacts a long random token after a weak name, not a word, a hash, a UUID or a path", () => {
    expect(redact("STRIPE_KEY=Zq8mN2vX7pL4kR9tW3yB6cD1").text).toBe(
      "STRIPE_KEY=[REDACTED:high-entropy-token]",
    );
    for (const text of [
      "key: 550e8400-e29b-41d4-a716-446655440000",
      "cache_key=3f2a1b4c5d6e7f8091a2b3c4d5e6f708192a3b4c",
      "public_key: AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
      "key: /home/dev/shop/config/settings.production.json",
      "sort_key = created_at_descending_then_name",
      "sessionKey: agent:main:discord:channel:1187443322110099887",
    ]) {
      expect(redact(text), text).toEqual({ text, count: 0 });
    }
  });

  it("never touches hex commit SHAs, UUIDs and paths in ordinary text", () => {
    const text =
      "commit 3f2a1b4c5d6e7f8091a2b3c4d5e6f708192a3b4c (session 550e8400-e29b-41d4-a716-446655440000) touched /srv/app/key/token_store.py";
    expect(redact(text)).toEqual({ text, count: 0 });
  });

  it("scores entropy and token shape", () => {
    expect(shannonEntropy("aaaa")).toBe(0);
    expect(shannonEntropy("abcd")).toBe(2);
    expect(looksLikeRandomToken("Zq8mN2vX7pL4kR9tW3yB6cD1")).toBe(true);
    expect(looksLikeRandomToken("application_settings_v2_file")).toBe(false);
  });

  it("tells strong, weak and ordinary field names apart", () => {
    expect(secretNameStrength("DB_PASSWORD")).toBe("strong");
    expect(secretNameStrength("clientSecret")).toBe("strong");
    expect(secretNameStrength("x-api-key")).toBe("strong");
    expect(secretNameStrength("Authorization")).toBe("strong");
    expect(secretNameStrength("数据库密码")).toBe("strong");
    expect(secretNameStrength("STRIPE_KEY")).toBe("weak");
    expect(secretNameStrength("public_key")).toBeNull();
    expect(secretNameStrength("bypass")).toBeNull();
    expect(secretNameStrength("max_tokens")).toBeNull();
  });
});

describe("structured redaction", () => {
  it("redacts by field name, in name/value pairs, and in every string and key", () => {
    const value = {
      password: "hunter2x",
      headers: { Authorization: "Basic dXNlcjpwYXNz", "x-trace": "abc" },
      env: [{ name: "GITHUB_TOKEN", value: "plainvalue" }],
      pin: 1234,
      api_key: 98765432,
      notes: ["run with DB_PASSWORD=hunter2x", 3, null, true],
      __proto__: "kept as a key",
    };
    const parsed = JSON.parse(JSON.stringify(value).replace('"__proto__"', '"__proto__"'));
    const result = redactStructured(parsed, redact);
    expect(result.value).toEqual(
      JSON.parse(
        JSON.stringify({
          password: "[REDACTED:assignment]",
          headers: { Authorization: "[REDACTED:assignment]", "x-trace": "abc" },
          env: [{ name: "GITHUB_TOKEN", value: "[REDACTED:assignment]" }],
          pin: 1234,
          api_key: 98765432,
          notes: ["run with DB_PASSWORD=[REDACTED:assignment]", 3, null, true],
        }),
      ),
    );
    // Numbers stay numbers: a count under `max_token` is no secret, and a numeric key is rare.
    expect(result.count).toBe(4);
  });

  it("keeps a __proto__ key a key", () => {
    const result = redactJsonText('{"__proto__":{"token":"abcd1234"},"a":1}', redact);
    expect(result?.text).toBe('{"__proto__":{"token":"[REDACTED:assignment]"},"a":1}');
  });

  it("returns clean JSON unchanged, and null for text that is not a JSON object or array", () => {
    expect(redactJsonText('{ "a": 1,\n  "b": "x" }', redact)).toEqual({
      text: '{ "a": 1,\n  "b": "x" }',
      count: 0,
    });
    expect(redactJsonText("password=hunter2x", redact)).toBeNull();
    expect(redactJsonText('{"unclosed": "x', redact)).toBeNull();
  });
});

describe("sanitizeForCapture", () => {
  it("redacts JSON tool input as a structured value, so it stays JSON", () => {
    const input = JSON.stringify({ command: 'curl -d "password=hunter2x" https://api', token: "abcd1234" });
    const result = sanitizeForCapture(input, { redact, maxChars: 10_000, json: true });
    expect(JSON.parse(result.text)).toEqual({
      command: 'curl -d "password=[REDACTED:assignment]" https://api',
      token: "[REDACTED:assignment]",
    });
    expect(result.redactions).toBe(2);
  });

  it("truncates with a marker naming the original size", () => {
    const big = "x".repeat(5000);
    const result = sanitizeForCapture(big, { redact, maxChars: 1000 });
    expect(result.text.startsWith("x".repeat(1000))).toBe(true);
    expect(result.text).toContain("[tacit: truncated, original 5000 bytes]");
    expect(result.originalSize).toBe(5000);
  });

  it("redacts a secret that straddles the cut", () => {
    const text = `${"a".repeat(990)} sk-abcdefghijklmnopqrstuvwxyz123456 ${"b".repeat(100)}`;
    const result = sanitizeForCapture(text, { redact, maxChars: 1000 });
    expect(result.text).not.toContain("sk-abcdefgh");
    expect(result.redactions).toBe(1);
  });

  it("counts multi-byte characters in the original size", () => {
    const result = sanitizeForCapture("好".repeat(20), { redact, maxChars: 10 });
    expect(result.originalSize).toBe(60);
  });
});
