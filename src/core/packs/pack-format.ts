/**
 * The lesson pack (docs/packs.md): lessons and conventions a team shares and reviews like code,
 * as one YAML file. Each lesson carries its rule, slot, track record, a summary of its evidence
 * (never the transcripts behind it) and its supersession links; the pack says who exported it,
 * from where and as of when. Validated with zod as a whole: a pack with one bad field is refused.
 * Pure.
 */
import { z } from "zod";
import {
  LESSON_DOMAINS,
  LESSON_KINDS,
  LESSON_SCOPES,
  LESSON_STATUSES,
  type LessonScope,
  MATURITY_STATES,
  type MaturityState,
} from "../lessons/lesson.js";

/** The format line every pack starts with; a pack of another format is refused. */
export const PACK_FORMAT = "tacit-lesson-pack/1";

/** Maturities a pack can be limited to (`--min-maturity`), lowest first. */
export const PACK_MIN_MATURITIES = ["candidate", "established", "proven"] as const;
export type PackMinMaturity = (typeof PACK_MIN_MATURITIES)[number];

/** Where a lesson's evidence came from: a task, a session without a task, a person, another pack. */
export const EVIDENCE_KINDS = ["task", "session", "manual", "pack"] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** Longest evidence quote a pack carries, in characters; longer ones are left out. */
export const MAX_PACK_QUOTE_CHARS = 160;
/** Most evidence quotes a pack carries per lesson. */
export const MAX_PACK_QUOTES = 3;

const text = z
  .string({ error: "must be a string" })
  .refine((value) => value.trim() !== "", "must not be empty");
const count = z.number({ error: "must be a number" }).int("must be a whole number").nonnegative();
const isoTime = z
  .string({ error: "must be an ISO 8601 time such as 2026-03-02T09:00:00.000Z" })
  .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: "must be an ISO 8601 time such as 2026-03-02T09:00:00.000Z",
  });
const oneOf = <T extends string>(values: readonly T[]) =>
  z.enum(values as [T, ...T[]], { error: `must be one of ${values.join(", ")}` });

/** What a lesson governs (`package-manager`) and the value it sets there (`pnpm`). */
export const packSlotSchema = z.strictObject({ id: text, value: z.string().nullable() });
export type PackSlot = z.output<typeof packSlotSchema>;

const trackRecordSchema = z.strictObject({
  /** Helpful and harmful feedback events, as recorded (not decayed). */
  helpful: count,
  harmful: count,
  /** Distinct tasks among the evidence. */
  supportTasks: count,
  lastValidated: isoTime.nullable(),
});

const evidenceSummarySchema = z.strictObject({
  count,
  /** Evidence per kind; kinds with none are left out. */
  kinds: z.strictObject(Object.fromEntries(EVIDENCE_KINDS.map((kind) => [kind, count.optional()]))),
  first: isoTime.nullable(),
  last: isoTime.nullable(),
  /** Short quotes that passed the privacy check, when any. */
  quotes: z
    .array(
      text.refine(
        (quote) => quote.length <= MAX_PACK_QUOTE_CHARS,
        `at most ${MAX_PACK_QUOTE_CHARS} characters`,
      ),
    )
    .max(MAX_PACK_QUOTES)
    .optional(),
});

/** One lesson or convention of a pack. */
export const packLessonSchema = z
  .strictObject({
    /** Its id in the store it was exported from. */
    id: text,
    kind: oneOf(LESSON_KINDS),
    trigger: text,
    rule: text,
    why: z.string({ error: "must be a string" }),
    domain: oneOf(LESSON_DOMAINS),
    scope: oneOf(LESSON_SCOPES),
    /** The project it applies to where it was exported (null for a global lesson learnt nowhere in particular). */
    project: z.string({ error: "must be a string or null" }).nullable(),
    slot: packSlotSchema.optional(),
    /** A standing convention of its project. */
    convention: z.boolean({ error: "must be true or false" }).optional(),
    status: oneOf(LESSON_STATUSES),
    statusReason: z.string({ error: "must be a string or null" }).nullable(),
    maturity: oneOf(MATURITY_STATES),
    confidence: z.number({ error: "must be a number" }).min(0).max(1),
    trackRecord: trackRecordSchema,
    evidence: evidenceSummarySchema,
    /** The pack lesson that replaced this one. */
    supersededBy: text.nullable(),
    /** Pack lessons this one replaced. */
    supersedes: z.array(text),
  })
  .superRefine((lesson, context) => {
    if (lesson.scope === "project" && !lesson.project)
      context.addIssue({ code: "custom", path: ["project"], message: "a project lesson needs its project" });
  });
export type PackLesson = z.output<typeof packLessonSchema>;

/** Who exported a pack, from where, as of when, and what was asked for. */
export const packProvenanceSchema = z.strictObject({
  author: text,
  machine: text,
  /** The project the export was limited to, or null. */
  project: z.string({ error: "must be a string or null" }).nullable(),
  /** The latest change among the exported lessons (null for an empty pack): re-exporting an unchanged store gives the same file. */
  asOf: isoTime.nullable(),
  tacitVersion: text,
  selection: z.strictObject({
    scope: oneOf(LESSON_SCOPES).nullable(),
    minMaturity: oneOf(PACK_MIN_MATURITIES),
    conventions: z.boolean({ error: "must be true or false" }),
  }),
});
export type PackProvenance = z.output<typeof packProvenanceSchema>;

/** A whole pack, its supersession links checked against its own lessons. */
export const packSchema = z
  .strictObject({
    format: z.literal(PACK_FORMAT, { error: `must be ${PACK_FORMAT}` }),
    provenance: packProvenanceSchema,
    lessons: z.array(packLessonSchema, { error: "must be a list" }),
  })
  .superRefine((pack, context) => {
    const index = new Map<string, number>();
    pack.lessons.forEach((lesson, position) => {
      if (index.has(lesson.id))
        context.addIssue({
          code: "custom",
          path: ["lessons", position, "id"],
          message: `id ${lesson.id} is used twice`,
        });
      else index.set(lesson.id, position);
    });
    pack.lessons.forEach((lesson, position) => {
      const successor = lesson.supersededBy === null ? undefined : index.get(lesson.supersededBy);
      if (lesson.supersededBy !== null && successor === undefined)
        context.addIssue({
          code: "custom",
          path: ["lessons", position, "supersededBy"],
          message: `names ${lesson.supersededBy}, which is not in the pack`,
        });
      if (lesson.supersededBy === lesson.id)
        context.addIssue({
          code: "custom",
          path: ["lessons", position, "supersededBy"],
          message: "a lesson cannot supersede itself",
        });
      lesson.supersedes.forEach((id, item) => {
        const older = index.get(id);
        if (older === undefined || pack.lessons[older]?.supersededBy !== lesson.id)
          context.addIssue({
            code: "custom",
            path: ["lessons", position, "supersedes", item],
            message: `names ${id}, which is not in the pack superseded by ${lesson.id}`,
          });
      });
      if (successor !== undefined && !pack.lessons[successor]?.supersedes.includes(lesson.id))
        context.addIssue({
          code: "custom",
          path: ["lessons", position, "supersededBy"],
          message: `${lesson.supersededBy} does not list ${lesson.id} in its supersedes`,
        });
    });
    const cycle = supersessionCycle(pack.lessons, index);
    if (cycle !== null)
      context.addIssue({
        code: "custom",
        path: ["lessons", cycle, "supersededBy"],
        message: "supersession goes round in a circle",
      });
  });
export type Pack = z.output<typeof packSchema>;

/** The position of a lesson whose supersededBy chain comes back to it, or null. */
function supersessionCycle(
  lessons: readonly PackLesson[],
  index: ReadonlyMap<string, number>,
): number | null {
  for (let start = 0; start < lessons.length; start++) {
    const seen = new Set<number>([start]);
    let next = lessons[start]?.supersededBy;
    while (next) {
      const position = index.get(next);
      if (position === undefined) break;
      if (seen.has(position)) return start;
      seen.add(position);
      next = lessons[position]?.supersededBy;
    }
  }
  return null;
}

/** Whether a maturity meets the minimum asked for (deprecated never does). */
export function meetsMaturity(maturity: MaturityState, minimum: PackMinMaturity): boolean {
  const rank = PACK_MIN_MATURITIES.indexOf(maturity as PackMinMaturity);
  return rank >= 0 && rank >= PACK_MIN_MATURITIES.indexOf(minimum);
}

/** What to export: the lessons of a scope, a project, a minimum maturity, only conventions. */
export interface PackSelection {
  scope: LessonScope | null;
  /** A project's own lessons (and the global ones unless scope is `project`); null for every project. */
  project: string | null;
  minMaturity: PackMinMaturity;
  conventions: boolean;
}
