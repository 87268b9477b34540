/**
 * The privacy check of a sample. Two classes of finding:
 *
 * - **secrets** (what the capture redactor's `findSecrets` finds: API keys, tokens, private key
 *   blocks, …, and a marker of an earlier redaction, which stands for the secret capture removed;
 *   and credentials stated in words) are removed from the stored content itself: no export carries
 *   them;
 * - **personal data** (email addresses, phone numbers, IP addresses, payment card numbers, national
 *   IDs, and the configured patterns) is kept in the content and masked in a second copy; exports
 *   carry the masked copy unless `--include-pii` is given.
 *
 * Each match becomes `[REDACTED:kind]`. The detectors are a lexicon, each entry with an example.
 * Pure.
 */
import { InvalidInputError } from "../errors.js";
import { PERSONAL_DATA, type PersonalDataEntry } from "../memory-files/personal-data.js";
import type { Redactor } from "../redaction.js";
import { findSecrets } from "../secret-redactor.js";
import type { PrivacyFindings, SampleContent } from "./sample-types.js";

/** One detector: what it finds, whether it is a secret or personal data, its pattern (global), an example. */
export interface PrivacyDetector extends PersonalDataEntry {
  readonly class: "secret" | "personal";
}

const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";

/** Loopback, unspecified and link-local addresses name no one. */
function namesAHost(address: string): boolean {
  return !/^(?:127\.|0\.0\.0\.0$|::1?$)/.test(address);
}

/** The dataset's own detectors of personal data, besides the personal-data lexicon of the memory files. */
const DATASET_DETECTORS: readonly PrivacyDetector[] = [
  {
    kind: "ip-address",
    class: "personal",
    pattern: new RegExp(`(?<![\\d.])${OCTET}(?:\\.${OCTET}){3}(?![\\d.]*\\d)`, "g"),
    example: "ssh into 203.0.113.42 and restart it",
    verify: namesAHost,
  },
  {
    kind: "ip-address",
    class: "personal",
    pattern:
      /(?<![\w:])(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}(?![\w:])|(?<![\w:])(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?::(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?(?![\w:])/gi,
    example: "the box answers on 2001:db8::8a2e:370:7334",
    verify: (address) => namesAHost(address) && (address.match(/[0-9a-f]+/gi)?.length ?? 0) >= 3,
  },
];

/**
 * Every built-in detector besides the redactor's, in the order they run (secrets first, so personal
 * data never splits one).
 */
export const PRIVACY_DETECTORS: readonly PrivacyDetector[] = [
  ...PERSONAL_DATA.filter((entry) => entry.kind === "credential").map((entry) => ({
    ...entry,
    class: "secret" as const,
  })),
  ...PERSONAL_DATA.filter((entry) => entry.kind === "email").map((entry) => ({
    ...entry,
    class: "personal" as const,
  })),
  ...DATASET_DETECTORS,
  ...PERSONAL_DATA.filter((entry) => entry.kind !== "credential" && entry.kind !== "email").map((entry) => ({
    ...entry,
    class: "personal" as const,
  })),
];

/** The check's configuration: the redactor of secrets and the extra personal-data patterns. */
export interface PrivacyCheck {
  redact: Redactor;
  detectors: readonly PrivacyDetector[];
}

/**
 * The check with the configured patterns as personal data (`custom`). An invalid pattern is an
 * error naming the setting and its position.
 */
export function privacyCheck(redact: Redactor, patterns: readonly string[]): PrivacyCheck {
  const custom = patterns.map((source, index): PrivacyDetector => {
    try {
      return { kind: "custom", class: "personal", pattern: new RegExp(source, "gi"), example: source };
    } catch (error) {
      throw new InvalidInputError({
        message: `${JSON.stringify(source)} is not a valid regular expression`,
        field: `dataset.privacy.patterns[${index}]`,
        cause: error,
      });
    }
  });
  return { redact, detectors: [...PRIVACY_DETECTORS, ...custom] };
}

function apply(text: string, detectors: readonly PrivacyDetector[], findings: PrivacyFindings): string {
  let result = text;
  for (const detector of detectors) {
    result = result.replace(detector.pattern, (match) => {
      if (match.startsWith("[REDACTED") || match === "" || (detector.verify && !detector.verify(match)))
        return match;
      const kind = markerKind(detector);
      findings[kind] = (findings[kind] ?? 0) + 1;
      return `[REDACTED:${kind}]`;
    });
  }
  return result;
}

/** The marker kind of a detector (`card number` → `card-number`). */
function markerKind(detector: PrivacyDetector): string {
  return detector.kind.replace(/ /g, "-");
}

/**
 * One text checked: secrets removed (`clean`), and personal data masked too (`masked`). A kind
 * `findSecrets` reports counts once per text: a secret it removed, or the marker of one removed
 * before (at capture), which says the text held it; a marker of personal data (the guardian masks
 * what it refused) counts as personal data. Credentials in words and personal data count per match.
 */
export function checkText(
  text: string,
  check: PrivacyCheck,
  findings: { secrets: PrivacyFindings; personal: PrivacyFindings },
): { clean: string; masked: string } {
  const secrets = findSecrets(text, check.redact);
  for (const kind of secrets.kinds) {
    const personal = check.detectors.some(
      (detector) => detector.class === "personal" && markerKind(detector) === kind,
    );
    const where = personal ? findings.personal : findings.secrets;
    where[kind] = (where[kind] ?? 0) + 1;
  }
  const clean = apply(
    secrets.redacted.text,
    check.detectors.filter((detector) => detector.class === "secret"),
    findings.secrets,
  );
  const masked = apply(
    clean,
    check.detectors.filter((detector) => detector.class === "personal"),
    findings.personal,
  );
  return { clean, masked };
}

/** What the check made of a sample's content. */
export interface PrivacyResult {
  /** The content with secrets removed: what is stored. */
  content: SampleContent;
  /** The content with personal data masked as well, or null when it holds none. */
  masked: SampleContent | null;
  /**
   * Secrets by kind: how many texts held one, removed now or already by capture (its marker), and
   * credentials stated in words.
   */
  secrets: PrivacyFindings;
  /** Personal data found, by kind. */
  personal: PrivacyFindings;
}

/** Both copies of a value: every text checked, everything else as it is. */
function checkValue(
  value: unknown,
  check: PrivacyCheck,
  findings: { secrets: PrivacyFindings; personal: PrivacyFindings },
): { clean: unknown; masked: unknown } {
  if (typeof value === "string") return checkText(value, check, findings);
  if (Array.isArray(value)) {
    const items = value.map((item) => checkValue(item, check, findings));
    return { clean: items.map((item) => item.clean), masked: items.map((item) => item.masked) };
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(
      ([key, item]) => [key, checkValue(item, check, findings)] as const,
    );
    return {
      clean: Object.fromEntries(entries.map(([key, item]) => [key, item.clean])),
      masked: Object.fromEntries(entries.map(([key, item]) => [key, item.masked])),
    };
  }
  return { clean: value, masked: value };
}

/** Checks every text of a sample's content. */
export function checkPrivacy(content: SampleContent, check: PrivacyCheck): PrivacyResult {
  const findings = { secrets: {} as PrivacyFindings, personal: {} as PrivacyFindings };
  const { clean, masked } = checkValue(content, check, findings);
  const holdsPersonal = Object.keys(findings.personal).length > 0;
  return {
    content: clean as SampleContent,
    masked: holdsPersonal ? (masked as SampleContent) : null,
    secrets: findings.secrets,
    personal: findings.personal,
  };
}
