import {
  LESSON_DOMAINS,
  LESSON_KINDS,
  LESSON_SCOPES,
  LESSON_STATUSES,
  type Lesson,
  type LessonDomain,
  type LessonKind,
  type LessonScope,
  type LessonStatus,
  MATURITY_STATES,
  type MaturityState,
} from "../../core/lessons/lesson.js";
import type { LessonAdherence } from "../../guard/adherence-report.js";
import { type LessonBook, type LessonChange, MAX_FEEDBACK_REASON_CHARS } from "../../lessons/index.js";
import type { StoredFeedback } from "../../store/lesson-store.js";
import {
  CliError,
  type CliIo,
  firstOf,
  type GlobalOptions,
  oneLine,
  oneOf,
  type StoreAccess,
  shortTime,
  withRuntime,
  writeJson,
  writeLine,
  writeListing,
} from "./cli-io.js";

/** Runs `work` with the lesson book of the configured store and embedder. */
function withLessonBook<T>(
  io: CliIo,
  options: GlobalOptions,
  work: (book: LessonBook) => Promise<T>,
  access: StoreAccess = "write",
): Promise<T> {
  return withRuntime(io, options, (runtime) => work(runtime.lessons), access);
}

export interface LessonListOptions extends GlobalOptions {
  json?: boolean;
  limit: number;
  status?: string;
  maturity?: string;
  scope?: string;
  kind?: string;
  project?: string;
}

/** `tacit lessons list` */
export async function lessonsList(options: LessonListOptions, io: CliIo): Promise<number> {
  const filter = {
    limit: options.limit,
    status: oneOf<LessonStatus>(options.status, LESSON_STATUSES, "--status"),
    maturity: oneOf<MaturityState>(options.maturity, MATURITY_STATES, "--maturity"),
    scope: oneOf<LessonScope>(options.scope, LESSON_SCOPES, "--scope")?.[0],
    kind: oneOf<LessonKind>(options.kind, LESSON_KINDS, "--kind"),
    projectId: options.project,
  };
  const { items: lessons, total } = firstOf(
    await withLessonBook(io, options, (book) => book.list({ ...filter, limit: -1 }), "read"),
    options.limit,
  );
  return writeListing(io, options.json, lessons, {
    total,
    empty: "No lessons match.",
    headers: ["ID", "KIND", "STATUS", "MATURITY", "SCOPE", "TASKS", "RULE"],
    row: (lesson) => [
      lesson.id,
      lesson.kind,
      lesson.status,
      lesson.maturity,
      lesson.scope,
      String(lesson.supportTaskCount),
      oneLine(lesson.rule, 70),
    ],
  });
}

/** `tacit lessons show ID` */
export async function lessonsShow(
  id: string,
  options: GlobalOptions & { json?: boolean },
  io: CliIo,
): Promise<number> {
  const details = await withRuntime(
    io,
    options,
    async (runtime) => {
      const { lessonAdherence } = await import("../../guard/adherence-report.js");
      return { ...(await runtime.lessons.details(id)), adherence: await lessonAdherence(runtime.store, id) };
    },
    "read",
  );
  if (options.json) {
    writeJson(io, details);
    return 0;
  }
  const { lesson, feedback, weight } = details;
  writeLine(
    io.stdout,
    `${lesson.id}  ${lesson.kind} · ${lesson.domain} · ${lesson.scope}${lesson.projectId ? ` (${lesson.projectId})` : ""}`,
  );
  writeLine(io.stdout, `when:   ${lesson.trigger}`);
  writeLine(io.stdout, `rule:   ${lesson.rule}`);
  if (lesson.why) writeLine(io.stdout, `why:    ${lesson.why}`);
  writeLine(io.stdout, `status: ${lesson.status}${lesson.statusReason ? ` (${lesson.statusReason})` : ""}`);
  writeLine(
    io.stdout,
    `maturity: ${lesson.maturity}${lesson.maturityReason ? ` (${lesson.maturityReason})` : ""}`,
  );
  writeLine(
    io.stdout,
    `track record: ${feedback.length} feedback events, weight ${weight.weight.toFixed(2)} (decayed helpful ${weight.decayedHelpful.toFixed(2)}, harmful ${weight.decayedHarmful.toFixed(2)})`,
  );
  writeLine(
    io.stdout,
    `support: ${lesson.supportTaskCount} task(s), ${lesson.evidenceCount} evidence, confidence ${lesson.confidence}`,
  );
  if (lesson.successCount + lesson.failureCount > 0) {
    writeLine(io.stdout, `observed: ${lesson.successCount} successes, ${lesson.failureCount} failures`);
  }
  if (lesson.invertedFromId) writeLine(io.stdout, `inverted from: ${lesson.invertedFromId}`);
  if (lesson.invertedToId) writeLine(io.stdout, `inverted into: ${lesson.invertedToId}`);
  writeLine(
    io.stdout,
    `created ${shortTime(lesson.createdAt)}, updated ${shortTime(lesson.updatedAt)}, validated ${shortTime(lesson.lastValidatedAt)}`,
  );
  writeLine(io.stdout, "evidence:");
  for (const item of lesson.evidence)
    writeLine(
      io.stdout,
      `  - "${oneLine(item.quote, 120)}" (${item.sessionId}${item.taskId ? `, task ${item.taskId}` : ""})`,
    );
  writeFeedback(io, feedback);
  writeAdherence(io, details.adherence);
  writeLine(io.stdout, `history: ${details.events} event(s) — tacit lessons history ${lesson.id}`);
  return 0;
}

/** Feedback events shown by `lessons show` (the latest; `--json` has them all). */
const SHOWN_FEEDBACK = 10;

/** The latest feedback events, newest first: when, what, from where, and the reason given. */
function writeFeedback(io: CliIo, feedback: readonly StoredFeedback[]): void {
  if (feedback.length === 0) return;
  const shown = feedback.slice(-SHOWN_FEEDBACK).reverse();
  writeLine(
    io.stdout,
    feedback.length > shown.length ? `feedback (latest ${shown.length} of ${feedback.length}):` : "feedback:",
  );
  for (const item of shown) {
    const where = item.taskId ? `, task ${item.taskId}` : item.sessionId ? `, session ${item.sessionId}` : "";
    const reason = item.reason ? ` — "${oneLine(item.reason, 100)}"` : "";
    writeLine(io.stdout, `  - ${shortTime(item.at)} ${item.type} (${item.source}${where})${reason}`);
  }
}

/** How the lesson fared at the tool call: counts, then the latest events, newest first. */
function writeAdherence(io: CliIo, adherence: LessonAdherence): void {
  const { followed, ignored, overridden, denied, asked, reminded, recalled } = adherence;
  if (denied + asked + reminded + recalled === 0) return;
  const share = adherence.rate === null ? "" : `, ${Math.round(adherence.rate * 100)}% followed`;
  writeLine(
    io.stdout,
    `adherence: followed ${followed}, ignored ${ignored}, overridden ${overridden}${share} (denied ${denied}, asked ${asked}, reminded ${reminded}, recalled ${recalled})`,
  );
  for (const event of adherence.recent) {
    const verdict = event.adherence ?? (event.closed ? "no verdict" : "open");
    const detail = event.detail ? ` — ${oneLine(event.detail, 100)}` : "";
    const tool = event.toolName ? ` ${event.toolName}` : "";
    writeLine(io.stdout, `  - ${shortTime(event.at)} ${event.kind}${tool}: ${verdict}${detail}`);
  }
}

/** Prints the outcome of a curation command; a refused change exits 1 with its reason. */
function report(io: CliIo, json: boolean | undefined, change: LessonChange, verb: string): number {
  if (!change.ok) throw new CliError(change.error.message);
  if (json) writeJson(io, change);
  else
    writeLine(
      io.stdout,
      `${verb} ${change.lesson?.id ?? change.events[0]?.lessonId}: ${describe(change.lesson)}.`,
    );
  return 0;
}

function describe(lesson: Lesson | null): string {
  return lesson ? `status ${lesson.status}, maturity ${lesson.maturity}` : "removed";
}

type CurationOptions = GlobalOptions & { json?: boolean; reason?: string };

/** `tacit lessons promote|deprecate|reset|archive ID` */
export async function lessonsCurate(
  action: "promote" | "deprecate" | "reset" | "archive",
  id: string,
  options: CurationOptions,
  io: CliIo,
): Promise<number> {
  if (action === "deprecate" && !options.reason?.trim()) throw new CliError("deprecate needs --reason TEXT");
  const change = await withLessonBook(io, options, (book) => {
    if (action === "deprecate") return book.deprecate(id, options.reason as string);
    return book[action](id, options.reason || undefined);
  });
  const verbs = { promote: "Promoted", deprecate: "Deprecated", reset: "Reset", archive: "Archived" };
  return report(io, options.json, change, verbs[action]);
}

/** `tacit lessons feedback ID --helpful|--harmful [--reason TEXT]` */
export async function lessonsFeedback(
  id: string,
  options: GlobalOptions & { json?: boolean; helpful?: boolean; harmful?: boolean; reason?: string },
  io: CliIo,
): Promise<number> {
  if (Boolean(options.helpful) === Boolean(options.harmful))
    throw new CliError("give exactly one of --helpful or --harmful");
  if (options.reason !== undefined && options.reason.trim().length > MAX_FEEDBACK_REASON_CHARS) {
    throw new CliError(
      `--reason is ${options.reason.trim().length} characters long; at most ${MAX_FEEDBACK_REASON_CHARS} are kept`,
    );
  }
  const change = await withLessonBook(io, options, (book) =>
    book.feedback(id, {
      type: options.helpful ? "helpful" : "harmful",
      source: "user",
      reason: options.reason,
    }),
  );
  return report(io, options.json, change, "Recorded feedback on");
}

/** `tacit lessons history ID` */
export async function lessonsHistory(
  id: string,
  options: GlobalOptions & { json?: boolean },
  io: CliIo,
): Promise<number> {
  const events = await withLessonBook(io, options, (book) => book.history(id), "read");
  if (events.length === 0)
    throw new CliError(`lesson ${id} has no history (list lessons with: tacit lessons list)`);
  if (options.json) {
    writeJson(io, events);
    return 0;
  }
  for (const event of events) {
    writeLine(io.stdout, `${event.id}  ${shortTime(event.at)}  ${event.type}  ${oneLine(event.reason, 90)}`);
    for (const line of diffLines(event.before, event.after)) writeLine(io.stdout, `    ${line}`);
  }
  writeLine(io.stdout, "Undo one change with: tacit lessons revert EVENT_ID");
  return 0;
}

/** The fields an event changed, as `field: before → after`. */
function diffLines(before: Lesson | null, after: Lesson | null): string[] {
  if (!before || !after) return [before ? "(lesson removed)" : "(lesson created)"];
  const lines: string[] = [];
  for (const key of Object.keys(after) as Array<keyof Lesson>) {
    if (key === "updatedAt" || key === "evidence") continue;
    const from = JSON.stringify(before[key]);
    const to = JSON.stringify(after[key]);
    if (from !== to) lines.push(`${key}: ${oneLine(from ?? "-", 50)} → ${oneLine(to ?? "-", 50)}`);
  }
  if (before.evidence.length !== after.evidence.length)
    lines.push(`evidence: ${before.evidence.length} → ${after.evidence.length} quotes`);
  return lines;
}

/** `tacit lessons revert EVENT_ID` */
export async function lessonsRevert(
  eventId: string,
  options: GlobalOptions & { json?: boolean },
  io: CliIo,
): Promise<number> {
  const change = await withLessonBook(io, options, (book) => book.revert(eventId));
  return report(io, options.json, change, "Reverted; lesson");
}

/** `tacit lessons add`: writes a lesson by hand (dedup applies, as for learnt ones). */
export async function lessonsAdd(
  options: GlobalOptions & {
    json?: boolean;
    kind: string;
    trigger: string;
    rule: string;
    why?: string;
    domain: string;
    scope: string;
    project?: string;
  },
  io: CliIo,
): Promise<number> {
  const kind = oneOf<LessonKind>(options.kind, LESSON_KINDS, "--kind")?.[0] as LessonKind;
  const domain = oneOf<LessonDomain>(options.domain, LESSON_DOMAINS, "--domain")?.[0] as LessonDomain;
  const scope = oneOf<LessonScope>(options.scope, LESSON_SCOPES, "--scope")?.[0] as LessonScope;
  if (scope === "project" && !options.project) throw new CliError("a project lesson needs --project PATH");
  const result = await withLessonBook(io, options, (book) =>
    book.learn({
      kind,
      trigger: options.trigger,
      rule: options.rule,
      why: options.why ?? "",
      domain,
      scope,
      projectId: options.project ?? null,
      evidence: [{ quote: "added by hand", sessionId: "manual", at: io.now() }],
    }),
  );
  if (options.json) writeJson(io, result);
  else
    writeLine(
      io.stdout,
      `${result.action === "created" ? "Added" : `Merged (${result.action}) into`} ${result.lesson.id}.`,
    );
  return 0;
}
