/**
 * The guardian's judgement of one candidate fact for one file, without touching the file: either
 * the file's new text (the fact in its section, or replacing the older line it contradicts) or a
 * refusal with its reason. Each check is a rule object that returns what it found; they run in
 * order and the first finding decides. Rules marked `judgement` weigh what a fact means (temporary,
 * wrong file, contradicted, corrected before); a user's own correction overrides them. The others
 * (secrets and personal data, duplicates, size caps) hold for everyone.
 */
import { InvalidInputError } from "../errors.js";
import type { Redactor } from "../redaction.js";
import { type FutureCorrection, findMatchingCorrection } from "./correction-match.js";
import { duplicateKind } from "./fact-similarity.js";
import { type FactShape, shapeFact, shapesContradict } from "./fact-slots.js";
import { wrongFile } from "./file-routing.js";
import { initialContent, type MemoryFileName } from "./memory-file-layouts.js";
import { MAX_FACT_CHARS, type MemoryFilesSettings } from "./memory-file-settings.js";
import { entriesOf, insertFact, type MemoryEntry, replaceEntry } from "./memory-file-text.js";
import { findSensitive, secretLines } from "./personal-data.js";
import { placeFact } from "./section-placement.js";
import { capStatus, describeProposals, proposeRoom, type RoomProposals } from "./size-caps.js";
import { findTemporarySignal } from "./temporary-signals.js";

/** What the guardian is asked to judge. */
export interface ReviewInput {
  file: MemoryFileName;
  /** The candidate as given (one line; surrounding space and a leading bullet are dropped). */
  fact: string;
  /** The file's text, or null when it does not exist yet. */
  content: string | null;
  settings: Pick<MemoryFilesSettings, "maxFileBytes" | "maxFileLines" | "nearCapRatio">;
  redact: Redactor;
  /** When the fact was stated; null: now, newer than anything in the file. */
  observedAt: number | null;
  /** When the file last changed: none of its lines is newer. Null when it does not exist. */
  fileChangedAt: number | null;
  /** Corrections that apply to future candidates (see correction-match.ts). */
  corrections: readonly FutureCorrection[];
  /** A user's correction asks for this write: `judgement` rules do not refuse it. */
  userOverride: boolean;
}

/** The checks, by name (stored with a refusal as its rule). */
export type GuardianRuleId =
  | "sensitive"
  | "file-secret"
  | "too-long"
  | "correction"
  | "temporary"
  | "wrong-file"
  | "duplicate"
  | "contradicted"
  | "size-cap"
  | "near-cap";

/** What a rule found: the outcome it decides and why. */
export interface RuleFinding {
  action: "refused" | "skipped";
  reason: string;
  proposals?: RoomProposals;
}

/** What the rules see. */
export interface ReviewContext {
  input: ReviewInput;
  /** The cleaned fact. */
  fact: string;
  /** The file's entries (none when it does not exist), each with its shape. */
  entries: Array<{ entry: MemoryEntry; shape: FactShape }>;
  /** The fact's shape. */
  shape: FactShape;
  /** The first entry the fact contradicts, and why. */
  contradicted: { entry: MemoryEntry; why: string } | null;
}

/** One check: its name, whether it is a judgement, and what it finds. */
export interface GuardianRule {
  id: GuardianRuleId;
  judgement: boolean;
  check(context: ReviewContext): RuleFinding | null;
}

/** The guardian's verdict. */
export type ReviewOutcome =
  | {
      action: "write";
      fact: string;
      section: string;
      /** The file's new text. */
      after: string;
      /** The older line the fact replaces, when it contradicts one. */
      superseded: { line: number; text: string; why: string } | null;
      reason: string;
    }
  | {
      action: "refused" | "skipped";
      rule: GuardianRuleId;
      /** The fact as it may be stored: secrets and personal data masked. */
      fact: string;
      reason: string;
      proposals: RoomProposals | null;
    };

const quote = (text: string) => `"${text.length > 80 ? `${text.slice(0, 79)}…` : text}"`;

/** A candidate as one line: whitespace runs (newlines included) to one space, no leading bullet. */
export function cleanFact(fact: string): string {
  const clean = fact
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:[-*+]|\d{1,3}[.)])\s+/, "")
    .trim();
  if (clean === "") throw new InvalidInputError({ message: "the fact is empty", field: "fact" });
  return clean;
}

/** The entry that repeats the fact, by wording or by stating the same value of the same slot. */
function duplicateOf(context: ReviewContext): { entry: MemoryEntry; how: string } | null {
  const mine = context.shape;
  for (const { entry, shape } of context.entries) {
    if (shapesContradict(mine, shape)) continue;
    const kind = duplicateKind(mine, shape);
    if (kind) return { entry, how: kind === "exact" ? "says the same" : "says nearly the same" };
    if (mine.slot && shape.slot && mine.slot.key === shape.slot.key && mine.slot.value === shape.slot.value)
      return { entry, how: `gives the same ${mine.slot.key.replace(/^\//, "")}` };
  }
  return null;
}

/** The guardian's checks before a write is planned, in the order they run. */
export const GUARDIAN_RULES: readonly GuardianRule[] = [
  {
    id: "sensitive",
    judgement: false,
    check: ({ fact, input }) => {
      const found = findSensitive(fact, input.redact);
      if (found.kinds.length === 0) return null;
      return {
        action: "refused",
        reason: `the fact holds ${found.kinds.join(", ")}: secrets and personal data are never written to a memory file`,
      };
    },
  },
  {
    id: "file-secret",
    judgement: false,
    check: ({ input }) => {
      const found = input.content === null ? [] : secretLines(input.content, input.redact);
      if (found.length === 0) return null;
      const where = found.map((item) => `line ${item.line} (${item.kinds.join(", ")})`).join(", ");
      return {
        action: "refused",
        reason: `${input.file} already holds what looks like a secret on ${where}; tacit will not copy it into its history: remove it from the file first`,
      };
    },
  },
  {
    id: "too-long",
    judgement: false,
    check: ({ fact }) =>
      fact.length > MAX_FACT_CHARS
        ? {
            action: "refused",
            reason: `a fact is one line of at most ${MAX_FACT_CHARS} characters; this one has ${fact.length}`,
          }
        : null,
  },
  {
    id: "duplicate",
    judgement: false,
    check: (context) => {
      const found = duplicateOf(context);
      return found
        ? {
            action: "refused",
            reason: `duplicate: line ${found.entry.line} of ${context.input.file} ${found.how} (${quote(found.entry.text)})`,
          }
        : null;
    },
  },
  {
    id: "correction",
    judgement: true,
    check: ({ fact, input }) => {
      const found = findMatchingCorrection(input.corrections, { fact, file: input.file });
      if (found?.correctedStatus !== "refused") return null;
      return {
        action: "refused",
        reason: `matches correction ${found.id} (pattern ${quote(found.pattern)}): ${found.reason}`,
      };
    },
  },
  {
    id: "temporary",
    judgement: true,
    check: ({ fact }) => {
      const found = findTemporarySignal(fact);
      return found
        ? {
            action: "refused",
            reason: `temporary signal "${found.matched}"${found.matched === found.marker ? "" : ` (${found.marker})`}: a memory file keeps what stays true, and this holds only for now`,
          }
        : null;
    },
  },
  {
    id: "wrong-file",
    judgement: true,
    check: ({ fact, input }) => {
      const found = wrongFile(input.file, fact);
      return found
        ? {
            action: "refused",
            reason: `wrong file: this reads as ${found.reads}, which belongs in ${found.belongsIn}, not ${input.file}`,
          }
        : null;
    },
  },
  {
    id: "contradicted",
    judgement: true,
    check: ({ contradicted: found, input }) => {
      const lineAge = input.fileChangedAt;
      if (!found || input.observedAt === null || lineAge === null || lineAge <= input.observedAt) return null;
      return {
        action: "refused",
        reason: `contradicted by a newer fact: line ${found.entry.line} of ${input.file} (${quote(found.entry.text)}) was written after this fact was stated, and ${found.why}`,
      };
    },
  },
];

/** Judges one candidate for one file. Throws only on an empty fact. */
export function reviewFact(input: ReviewInput): ReviewOutcome {
  const fact = cleanFact(input.fact);
  const shape = shapeFact(fact, input.file);
  const entries = (input.content === null ? [] : entriesOf(input.content)).map((entry) => ({
    entry,
    shape: shapeFact(entry.text, input.file),
  }));
  let contradicted: ReviewContext["contradicted"] = null;
  for (const { entry, shape: theirs } of entries) {
    const why = shapesContradict(shape, theirs);
    if (why) {
      contradicted = { entry, why };
      break;
    }
  }
  const context: ReviewContext = { input, fact, entries, shape, contradicted };
  for (const rule of GUARDIAN_RULES) {
    if (rule.judgement && input.userOverride) continue;
    const finding = rule.check(context);
    if (!finding) continue;
    const masked = rule.id === "sensitive" ? findSensitive(fact, input.redact).masked : fact;
    return {
      action: finding.action,
      rule: rule.id,
      fact: masked,
      reason: finding.reason,
      proposals: finding.proposals ?? null,
    };
  }
  const placement = placeFact(input.file, fact);
  const base = input.content ?? initialContent(input.file);
  const after = contradicted
    ? replaceEntry(base, contradicted.entry.line, fact)
    : insertFact(base, placement.titles, fact);
  const caps = capStatus(after, input.settings);
  // Caps stop growth: a fact that replaces an older line without making the file longer or larger
  // is written even in a file that is near (or, edited by hand, past) its cap.
  const was = input.content === null ? null : capStatus(input.content, input.settings);
  const grows = was === null || caps.bytes > was.bytes || caps.lines > was.lines;
  if (grows && (caps.over || caps.near)) {
    const proposals = proposeRoom(base);
    const cap =
      (caps.over ?? caps.near) === "bytes"
        ? `${input.settings.maxFileBytes}-byte`
        : `${input.settings.maxFileLines}-line`;
    const size = `${caps.bytes} bytes, ${caps.lines} lines`;
    return caps.over
      ? {
          action: "refused",
          rule: "size-cap",
          fact,
          reason: `size cap: the write would make ${input.file} ${size}, past its ${cap} cap; make room first: ${describeProposals(proposals)}`,
          proposals,
        }
      : {
          action: "skipped",
          rule: "near-cap",
          fact,
          reason: `near cap: ${input.file} would be at ${Math.round(caps.share * 100)}% of its ${cap} cap (${size}); instead of growing it, merge or retire old entries: ${describeProposals(proposals)}`,
          proposals,
        };
  }
  const created = input.content === null ? `created ${input.file}; ` : "";
  if (contradicted) {
    const { entry, why } = contradicted;
    return {
      action: "write",
      fact,
      section: entry.section ?? placement.section,
      after,
      superseded: { line: entry.line, text: entry.text, why },
      reason: `${created}replaced line ${entry.line} (${quote(entry.text)}), which the new fact supersedes: ${why}`,
    };
  }
  return {
    action: "write",
    fact,
    section: placement.section,
    after,
    superseded: null,
    reason: `${created}written to ## ${placement.section}`,
  };
}
