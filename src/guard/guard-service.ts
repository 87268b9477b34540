/**
 * The guard at the tool call: before a call runs, match it against the project's lessons (their
 * checks, see core/guard/checks.ts) and answer — deny, ask, remind or nothing (core/guard/decide.ts)
 * — recording what it did; then follow what the agent does next and what the user says, and record
 * whether each lesson was followed, ignored or overridden (core/guard/adherence.ts). An override
 * lets the same call through once; repeated overrides make the lesson stale.
 *
 * Agent-neutral: the Claude Code and Codex hooks, the OpenClaw plugin and the SDK call it with the
 * call and what their agent can answer, and put the verdict in their agent's words.
 */
import { ulid } from "ulid";
import {
  type AdherenceStep,
  adherenceAfterCall,
  adherenceAfterPrompt,
  isJudgeable,
  type PendingAdherence,
} from "../core/guard/adherence.js";
import type { GuardCheck } from "../core/guard/checks.js";
import {
  decideGuard,
  type GuardAbilities,
  type GuardMatch,
  type GuardVerdict,
} from "../core/guard/decide.js";
import type { GuardSettings } from "../core/guard/guard-settings.js";
import { type CallContext, hasFlag, matchesTarget } from "../core/guard/match.js";
import { suggestInstead } from "../core/guard/suggest.js";
import { type ToolAction, type ToolCall, toolActions } from "../core/guard/tool-call.js";
import { boundedJsonText } from "../core/json-text.js";
import type { GuardEventRecord, GuardEventUpdate } from "../store/guard-store.js";
import type { Store } from "../store/store.js";
import { type CheckableLesson, checkableLesson, checkableLessons } from "./checkable-lessons.js";
import { currentBranch } from "./git-branch.js";

/** What the guard works with. */
export interface GuardDeps {
  store: Pick<Store, "listLessons" | "guard" | "pendingRecalls" | "getLesson">;
  settings: GuardSettings;
  now: () => number;
  /** Removes secrets from what is stored (the tool input, the user's override words). */
  redact: (text: string) => string;
  /** Makes sure the session is stored before an event about it is (capture's session upsert). */
  ensureSession: () => Promise<void>;
  /** Makes a lesson stale (the lesson book's demote), when the user overrode it too often. */
  demote?: (lessonId: string, detail: string) => Promise<void>;
  /** The branch checked out in a project; default: read from its `.git/HEAD`. */
  branchOf?: (projectRoot: string | null) => string | null;
  ids?: () => string;
  /**
   * Takes what a tool call's check writes (what it answered, how the open events came out): the
   * answer does not depend on it, so a process that serves the agent (the hook daemon) sends the
   * answer first and writes it next, before it checks another call. Absent: written before the
   * verdict is returned.
   */
  defer?: (writes: () => Promise<void>) => void;
}

/** A tool call about to run, in one session of one project. */
export interface GuardCallRequest extends ToolCall {
  sessionId: string;
  /** The project (its git root, else the session's folder), or null: only global lessons then. */
  projectId: string | null;
  /** What the agent's hook can answer. */
  abilities: GuardAbilities;
}

const NOTHING: GuardVerdict = { answer: null, acts: [], reason: "", context: "" };
/** Characters of a tool input kept with an event. */
const MAX_INPUT_CHARS = 2_000;
/** Characters of the user's words kept as an override's evidence. */
const MAX_DETAIL_CHARS = 300;

/**
 * Checks one tool call before it runs; records what it answered (through `deps.defer` when given).
 * Never throws for a call it cannot read.
 */
export async function guardToolCall(deps: GuardDeps, request: GuardCallRequest): Promise<GuardVerdict> {
  if (deps.settings.mode === "off") return NOTHING;
  const now = deps.now();
  const actions = toolActions(request);
  const context = callContext(deps, request.projectId, actions);
  const updates: GuardEventUpdate[] = [];
  const open = await deps.store.guard.openGuardEvents(request.sessionId);
  if (open.length > 0) {
    const steps = adherenceAfterCall(open.map(pending), actions, context, deps.settings.adherenceWindow);
    updates.push(...steps.map((step) => toUpdate(step, now)));
  }
  /** The writes, in order: the events of this answer, then the updates of the open ones. */
  const writes: Array<() => Promise<void>> = [];
  const verdict =
    actions.length === 0 ? NOTHING : await decide(deps, request, actions, context, { updates, writes, now });
  writes.push(() => deps.store.guard.updateGuardEvents(updates));
  const write = async () => {
    for (const next of writes) await next();
  };
  if (deps.defer) deps.defer(write);
  else await write();
  return verdict;
}

async function decide(
  deps: GuardDeps,
  request: GuardCallRequest,
  actions: readonly ToolAction[],
  context: CallContext,
  call: { updates: GuardEventUpdate[]; writes: Array<() => Promise<void>>; now: number },
): Promise<GuardVerdict> {
  const { updates, now } = call;
  const lessons = await checkableLessons(deps.store, request.projectId);
  let matches = matchesOf(lessons, actions, context);
  if (matches.length === 0) return NOTHING;
  // The user let this call through once: the pass is used, the lesson is not enforced this time.
  const passes = await deps.store.guard.overridePasses(request.sessionId);
  for (const pass of passes) {
    const passed = matches.filter(
      (match) => match.lesson.id === pass.lessonId && match.check.kind === "forbid",
    );
    if (passed.length === 0) continue;
    updates.push({ id: pass.id, passUsedAt: now });
    matches = matches.filter((match) => !passed.includes(match));
  }
  if (matches.length === 0) return NOTHING;
  const reminded = matches.some((match) => match.check.kind === "about")
    ? new Set(await deps.store.guard.remindedLessons(request.sessionId))
    : new Set<string>();
  const verdict = decideGuard({ matches, settings: deps.settings, abilities: request.abilities, reminded });
  if (verdict.answer === null) return verdict;
  // What the answer was, recorded once it is given; the session is stored before an event about it.
  call.writes.push(async () => {
    const callId = (deps.ids ?? ulid)();
    const input = deps.redact(boundedJsonText(request.input ?? {}).slice(0, MAX_INPUT_CHARS));
    await deps.ensureSession();
    await deps.store.guard.recordGuardEvents(
      verdict.acts.map((act) =>
        eventRecord(deps, {
          callId,
          sessionId: request.sessionId,
          projectId: request.projectId,
          lessonId: act.match.lesson.id,
          kind: act.answer,
          check: act.match.check,
          suggestion: act.match.suggestion,
          toolName: request.toolName,
          toolInput: input,
          reason: verdict.answer === "remind" ? verdict.context : verdict.reason,
          now,
        }),
      ),
    );
  });
  return verdict;
}

/** Every check of every lesson that an action of the call matches. */
function matchesOf(
  lessons: readonly CheckableLesson[],
  actions: readonly ToolAction[],
  context: CallContext,
): GuardMatch[] {
  const matches: GuardMatch[] = [];
  for (const { lesson, checks } of lessons) {
    for (const check of checks) {
      const action = actions.find((candidate) => appliesTo(check, candidate, context));
      if (action) matches.push({ lesson, check, action, suggestion: suggestInstead(check, action) });
    }
  }
  return matches;
}

/** A forbid check applies to the call it names; an about check asking for a flag, to a run without it. */
function appliesTo(check: GuardCheck, action: ToolAction, context: CallContext): boolean {
  const target = check.target;
  if (check.kind === "about" && target.type === "command" && target.flag !== undefined) {
    const { flag, ...rest } = target;
    return (
      matchesTarget(rest, action, context) && action.kind === "command" && !hasFlag(action.command, flag)
    );
  }
  return matchesTarget(target, action, context);
}

/**
 * Settles the open events of a session at the user's next prompt (an override cue lets the stopped
 * call through once; repeated overrides demote the lesson), then opens events for the lessons recall
 * just put into this prompt that have a check, so the agent's next calls judge them too.
 */
export async function guardPrompt(
  deps: GuardDeps,
  request: {
    sessionId: string;
    projectId: string | null;
    prompt: string;
    /** The recall logged for this prompt: its id, or the time it was logged at. */
    recallId?: string;
    recalledAt?: number;
  },
): Promise<void> {
  if (deps.settings.mode === "off") return;
  const now = deps.now();
  const open = await deps.store.guard.openGuardEvents(request.sessionId);
  const steps = adherenceAfterPrompt(open.map(pending), request.prompt);
  await deps.store.guard.updateGuardEvents(
    steps.map((step) => {
      const update = toUpdate(step, now);
      if (update.adherence === "overridden") {
        update.adherenceDetail = deps.redact(request.prompt).slice(0, MAX_DETAIL_CHARS);
      }
      return update;
    }),
  );
  const overridden = new Set(
    steps
      .filter((step) => step.closed?.outcome === "overridden")
      .map((step) => open.find((event) => event.id === step.id)?.lessonId)
      .filter((id): id is string => id !== undefined),
  );
  for (const lessonId of overridden) await demoteWhenOverridden(deps, lessonId);
  if (request.recallId !== undefined || request.recalledAt !== undefined)
    await openRecalled(deps, request, now);
}

/** Demotes a lesson the user overrode `demoteAfterOverrides` times since its record was last reset. */
async function demoteWhenOverridden(deps: GuardDeps, lessonId: string): Promise<void> {
  const limit = deps.settings.demoteAfterOverrides;
  if (limit <= 0 || !deps.demote) return;
  const lesson = await deps.store.getLesson(lessonId);
  if (!lesson || lesson.status === "stale" || lesson.status === "archived") return;
  const overrides = await deps.store.guard.countOverrides(lessonId, lesson.maturityResetAt ?? 0);
  if (overrides < limit) return;
  await deps.demote(lessonId, `the user overrode it ${overrides} times at the tool call`);
}

/** Opens an event for each recalled lesson of this prompt whose check the next calls can judge. */
async function openRecalled(
  deps: GuardDeps,
  request: { sessionId: string; projectId: string | null; recallId?: string; recalledAt?: number },
  now: number,
): Promise<void> {
  const recalls =
    request.recallId !== undefined
      ? (await deps.store.pendingRecalls(request.sessionId, 0, Number.MAX_SAFE_INTEGER)).filter(
          (recall) => recall.id === request.recallId,
        )
      : await deps.store.pendingRecalls(
          request.sessionId,
          request.recalledAt ?? now,
          request.recalledAt ?? now,
        );
  const recalled = new Set(
    recalls.flatMap((recall) =>
      recall.items.filter((item) => item.kind === "lesson").map((item) => item.itemId),
    ),
  );
  if (recalled.size === 0) return;
  // Only the recalled lessons are read: a prompt in a hook's own process need not read them all.
  const lessons: CheckableLesson[] = [];
  for (const id of recalled) {
    const lesson = await deps.store.getLesson(id);
    const reading = lesson ? await checkableLesson(deps.store, lesson) : null;
    if (reading) lessons.push(reading);
  }
  const events = lessons.flatMap(({ lesson, checks }) => {
    const check = checks.find((candidate) => isJudgeable("recall", candidate));
    return check
      ? [
          eventRecord(deps, {
            callId: recalls[0]?.id ?? (deps.ids ?? ulid)(),
            sessionId: request.sessionId,
            projectId: request.projectId,
            lessonId: lesson.id,
            kind: "recall",
            check,
            suggestion: check.instead ?? null,
            toolName: null,
            toolInput: null,
            reason: "recalled into the prompt",
            now,
          }),
        ]
      : [];
  });
  await deps.store.guard.recordGuardEvents(events);
}

function eventRecord(
  deps: GuardDeps,
  fields: Pick<
    GuardEventRecord,
    | "callId"
    | "sessionId"
    | "projectId"
    | "lessonId"
    | "kind"
    | "check"
    | "suggestion"
    | "toolName"
    | "toolInput"
    | "reason"
  > & { now: number },
): GuardEventRecord {
  const judged = isJudgeable(fields.kind, fields.check);
  return {
    id: (deps.ids ?? ulid)(),
    callId: fields.callId,
    sessionId: fields.sessionId,
    projectId: fields.projectId,
    lessonId: fields.lessonId,
    kind: fields.kind,
    check: fields.check,
    suggestion: fields.suggestion,
    toolName: fields.toolName,
    toolInput: fields.toolInput,
    reason: fields.reason,
    createdAt: fields.now,
    callsSeen: 0,
    // A reminder about a file or a command in general has no wrong next call: closed at once.
    closedAt: judged ? null : fields.now,
    adherence: null,
    adherenceDetail: judged ? null : "nothing to judge it by",
    passUsedAt: null,
  };
}

function pending(event: GuardEventRecord): PendingAdherence {
  return {
    id: event.id,
    kind: event.kind,
    check: event.check,
    suggestion: event.suggestion,
    callsSeen: event.callsSeen,
  };
}

function toUpdate(step: AdherenceStep, now: number): GuardEventUpdate {
  if (!step.closed) return { id: step.id, callsSeen: step.callsSeen };
  return {
    id: step.id,
    callsSeen: step.callsSeen,
    closedAt: now,
    adherence: step.closed.outcome,
    adherenceDetail: step.closed.detail,
  };
}

/** Where the call runs: the project, and its branch when a git command needs it. */
function callContext(deps: GuardDeps, projectId: string | null, actions: readonly ToolAction[]): CallContext {
  const runsGit = actions.some((action) => action.kind === "command" && action.command.program === "git");
  return { projectRoot: projectId, branch: runsGit ? (deps.branchOf ?? currentBranch)(projectId) : null };
}
