import { describe, expect, it } from "vitest";
import { createRedactor, sanitizeForCapture } from "./redaction.js";

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

describe("sanitizeForCapture", () => {
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
