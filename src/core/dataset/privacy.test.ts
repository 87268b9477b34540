import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contentOf, draftOf, sampleOf } from "../../testing/dataset-samples.js";
import { email, secret, words } from "../../testing/private-text.js";
import { InvalidInputError } from "../errors.js";
import { createRedactor } from "../redaction.js";
import { assessSample } from "./assess-sample.js";
import { DEFAULT_DATASET_SETTINGS } from "./dataset-settings.js";
import { EXPORT_FORMATS, formatWriter } from "./formats.js";
import { checkPrivacy, checkText, PRIVACY_DETECTORS, privacyCheck } from "./privacy.js";
import { SAMPLE_TYPES } from "./sample-types.js";

const check = privacyCheck(createRedactor(), []);

function scan(text: string) {
  const findings = { secrets: {}, personal: {} } as {
    secrets: Record<string, number>;
    personal: Record<string, number>;
  };
  return { ...checkText(text, check, findings), ...findings };
}

describe("the privacy detectors", () => {
  it("find the example of every entry, as its class", () => {
    for (const detector of PRIVACY_DETECTORS) {
      const found = scan(detector.example);
      const kind = detector.kind.replace(/ /g, "-");
      const where = detector.class === "secret" ? found.secrets : found.personal;
      expect(where[kind], detector.example).toBeGreaterThan(0);
      expect(found.masked).toContain(`[REDACTED:${kind}]`);
    }
  });

  it("remove secrets from the stored text and mask personal data only in the second copy", () => {
    const found = scan("key sk-abcdefghijklmnopqrstuvwx, mail li.wei@example.com, host 203.0.113.42");
    expect(found.clean).toBe("key [REDACTED:api-key], mail li.wei@example.com, host 203.0.113.42");
    expect(found.masked).toBe("key [REDACTED:api-key], mail [REDACTED:email], host [REDACTED:ip-address]");
    expect(found.secrets).toEqual({ "api-key": 1 });
    expect(found.personal).toEqual({ email: 1, "ip-address": 1 });
  });

  it("leave loopback addresses, versions, package specs and times alone", () => {
    const text = "serve on 127.0.0.1 and ::1, install react@18.2.0 (v1.2.3) at 12:30:45";
    expect(scan(text)).toMatchObject({ masked: text, secrets: {}, personal: {} });
  });

  it("mask IPv6 addresses and phone numbers", () => {
    expect(scan("the box is 2001:db8::8a2e:370:7334, call +1 415 555 0132").masked).toBe(
      "the box is [REDACTED:ip-address], call [REDACTED:phone]",
    );
  });

  it("count a marker of an earlier redaction as what it stands for: the text held it", () => {
    const text = "token [REDACTED:api-key] was rotated, mail [REDACTED:email]";
    expect(scan(text)).toEqual({
      clean: text,
      masked: text,
      secrets: { "api-key": 1 },
      personal: { email: 1 },
    });
  });

  it("treat the configured patterns as personal data, and name a bad one", () => {
    const custom = privacyCheck(createRedactor(), ["ACME-\\d{4}"]);
    const findings = { secrets: {}, personal: {} as Record<string, number> };
    expect(checkText("ticket acme-1234", custom, findings).masked).toBe("ticket [REDACTED:custom]");
    expect(findings.personal).toEqual({ custom: 1 });
    expect(() => privacyCheck(createRedactor(), ["ok", "(unclosed"])).toThrow(InvalidInputError);
    expect(() => privacyCheck(createRedactor(), ["ok", "(unclosed"])).toThrow(
      /dataset\.privacy\.patterns\[1\]/,
    );
  });

  it("checks every text of a sample and keeps its shape", () => {
    const content = contentOf("write_guardian_decision", "reach me at li.wei@example.com");
    const result = checkPrivacy(content, check);
    expect(result.content).toEqual(content);
    expect(result.masked).toEqual(contentOf("write_guardian_decision", "reach me at [REDACTED:email]"));
    expect(result.personal).toEqual({ email: 5 });
    expect(checkPrivacy(contentOf("task_experience"), check).masked).toBeNull();
  });
});

describe("a default export", () => {
  it("never carries a generated secret or email, and one with personal data never a secret", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SAMPLE_TYPES),
        words,
        fc.array(secret, { minLength: 1, maxLength: 3 }),
        fc.array(email, { minLength: 1, maxLength: 3 }),
        words,
        (type, before, secrets, emails, after) => {
          const text = [before, ...secrets.map((item) => item.text), ...emails, after].join(" ");
          const assessed = assessSample(
            draftOf(contentOf(type, text), { evidence: { confidence: 1, humanJudged: true, stood: false } }),
            {
              settings: DEFAULT_DATASET_SETTINGS,
              privacy: check,
              approvedPatterns: new Set(),
              autoApprove: true,
            },
          );
          if (!assessed.kept) throw new Error(`left out: ${assessed.reasons.join("; ")}`);
          expect(assessed.sample.status).toBe("needs_review");
          const sample = sampleOf(assessed.sample.content, assessed.sample);
          for (const format of EXPORT_FORMATS) {
            const masked = formatWriter(format, false).row(sample);
            const withPii = formatWriter(format, true).row(sample);
            for (const item of secrets) {
              expect(masked).not.toContain(item.leak);
              expect(withPii).not.toContain(item.leak);
            }
            for (const address of emails) expect(masked).not.toContain(address);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
