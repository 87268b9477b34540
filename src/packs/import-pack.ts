/**
 * `tacit pack import`: merges a validated pack into the lesson book through the same path learning
 * takes (`LessonBook.learn`: redaction, exact and near dedup, the book's supersession rules), then
 * applies the pack's own supersession: a lesson the pack marks superseded is archived locally as
 * "superseded by" its successor, and never recalled. Each imported lesson gets one piece of
 * evidence naming the pack (who exported it, from where, as of when, and the track record it had
 * there). Importing the same pack again changes nothing.
 */

import type { Lesson } from "../core/lessons/lesson.js";
import { RECALLABLE_STATUSES } from "../core/lessons/quality.js";
import { PACK_SESSION_ID } from "../core/packs/build-pack.js";
import type { Pack, PackLesson } from "../core/packs/pack-format.js";
import { conventionInput } from "../core/packs/pack-slot.js";
import type { LessonBook, LessonChange } from "../lessons/index.js";

/** What importing did to one pack lesson. */
export interface ImportedLesson {
  /** Its id in the pack. */
  packId: string;
  /** The local lesson it was created as or merged into. */
  lessonId: string;
  rule: string;
  action: "created" | "merged" | "unchanged";
  /** Archived during this import as superseded by another lesson. */
  superseded: boolean;
}

/** A local lesson superseded during the import, and by which lesson. */
export interface SupersededLesson {
  lessonId: string;
  rule: string;
  supersededBy: string;
}

/** What an import did: per pack lesson, the lessons it superseded, and anything worth a note. */
export interface PackImportReport {
  provenance: Pack["provenance"];
  lessons: ImportedLesson[];
  superseded: SupersededLesson[];
  counts: { created: number; merged: number; unchanged: number; superseded: number };
  notes: string[];
}

/** The pack's lessons, each after the lessons it supersedes (so chains are learnt oldest first). */
function oldestFirst(lessons: readonly PackLesson[]): PackLesson[] {
  const byId = new Map(lessons.map((lesson) => [lesson.id, lesson]));
  const ordered: PackLesson[] = [];
  const placed = new Set<string>();
  const place = (lesson: PackLesson) => {
    if (placed.has(lesson.id)) return;
    placed.add(lesson.id);
    for (const id of lesson.supersedes) {
      const older = byId.get(id);
      if (older) place(older);
    }
    ordered.push(lesson);
  };
  for (const lesson of lessons) place(lesson);
  return ordered;
}

/** The evidence an imported lesson gets: the pack it came from and the record it had there. */
export function packEvidence(pack: Pack, lesson: PackLesson, now: number) {
  const { author, machine, project, asOf, tacitVersion } = pack.provenance;
  const record = lesson.trackRecord;
  const where = `${author} on ${machine}${project ? ` (project ${project})` : ""}`;
  const quote = `from the lesson pack of ${where}, tacit ${tacitVersion}, as of ${asOf ?? "an empty store"}: ${lesson.maturity}, ${record.helpful} helpful, ${record.harmful} harmful, ${record.supportTasks} task(s)`;
  const at = Date.parse(lesson.evidence.last ?? asOf ?? "");
  return { quote, sessionId: PACK_SESSION_ID, at: Number.isNaN(at) ? now : at };
}

/** True when the pack says the lesson is no longer in use (and no successor explains why). */
function retiredInPack(lesson: PackLesson): boolean {
  return !RECALLABLE_STATUSES.includes(lesson.status) || lesson.maturity === "deprecated";
}

function changed(change: LessonChange): Lesson {
  if (!change.ok) throw change.error;
  if (change.lesson === null) throw new Error("a lesson change returned no lesson");
  return change.lesson;
}

/**
 * Merges `pack` into the book. Project lessons are imported into `projectId` (the team's clone of
 * the project here, whatever its path was where the pack was exported).
 */
export async function importPack(input: {
  book: LessonBook;
  pack: Pack;
  projectId: string;
  now: () => number;
}): Promise<PackImportReport> {
  const { book, pack } = input;
  const local = new Map<string, string>();
  const results: ImportedLesson[] = [];
  const superseded = new Map<string, SupersededLesson>();
  const notes: string[] = [];
  for (const lesson of oldestFirst(pack.lessons)) {
    const learnt = await book.learn(
      {
        kind: lesson.kind,
        trigger: lesson.trigger,
        rule: lesson.rule,
        why: lesson.why,
        domain: lesson.domain,
        scope: lesson.scope,
        projectId: lesson.scope === "project" ? input.projectId : null,
        confidence: lesson.confidence,
        evidence: [packEvidence(pack, lesson, input.now())],
        ...conventionInput(lesson),
      },
      // A lesson the pack marks superseded is history, not a new statement: it overturns nothing.
      { overturns: lesson.supersededBy === null },
    );
    local.set(lesson.id, learnt.lesson.id);
    for (const old of learnt.superseded)
      superseded.set(old.id, { lessonId: old.id, rule: old.rule, supersededBy: learnt.lesson.id });
    results.push({
      packId: lesson.id,
      lessonId: learnt.lesson.id,
      rule: learnt.lesson.rule,
      action: learnt.events.length === 0 ? "unchanged" : learnt.action === "created" ? "created" : "merged",
      superseded: false,
    });
  }
  for (const lesson of pack.lessons) {
    const id = local.get(lesson.id) as string;
    const successor = lesson.supersededBy === null ? null : (local.get(lesson.supersededBy) as string);
    if (successor === id) {
      notes.push(
        `${lesson.id} and its successor ${lesson.supersededBy} merged into one lesson here (${id}); nothing superseded`,
      );
      continue;
    }
    const reason = successor
      ? `superseded by ${successor}`
      : retiredInPack(lesson)
        ? `archived in the pack (${lesson.statusReason ?? lesson.status})`
        : null;
    if (reason === null) continue;
    let current = (await book.get(id)) as Lesson;
    if (current.status === "archived") continue;
    if (successor && current.status !== "stale")
      current = changed(await book.demote(id, { kind: "superseded", supersededById: successor }));
    current = changed(await book.archive(id, reason));
    if (successor) superseded.set(id, { lessonId: id, rule: current.rule, supersededBy: successor });
  }
  for (const result of results) result.superseded = superseded.has(result.lessonId);
  const count = (action: ImportedLesson["action"]) => results.filter((item) => item.action === action).length;
  return {
    provenance: pack.provenance,
    lessons: results,
    superseded: [...superseded.values()],
    counts: {
      created: count("created"),
      merged: count("merged"),
      unchanged: count("unchanged"),
      superseded: superseded.size,
    },
    notes,
  };
}
