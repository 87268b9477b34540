/**
 * The eval scenario format (docs/eval.md): a sequence of sessions, then probes — prompts at a
 * point in time with the lessons expected in the injected context, or nothing at all. One
 * scenario per YAML (or JSON) file; a suite is a folder of them. Validated with zod: a bad file
 * is refused with its path, line and the field that is wrong.
 */
import { z } from "zod";

/** A time offset: `+90s`, `+2m`, `+1.5h`, `+1d`, `+3w` (seconds, minutes, hours, days, weeks). */
export const OFFSET_PATTERN = /^\+(\d+(?:\.\d+)?)(s|m|h|d|w)$/;

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

const isoTime = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: "must be an ISO 8601 time such as 2026-03-02T09:00:00Z",
  });

const offsetOrTime = z.string().refine((value) => OFFSET_PATTERN.test(value) || isIsoTime(value), {
  message: 'must be an offset such as "+2m", "+1d" (s, m, h, d, w) or an ISO 8601 time',
});

/** Words a lesson must contain; a bare number in YAML (`words: [8081]`) is the word "8081". */
const words = z
  .array(z.union([z.string(), z.number().transform(String)]).pipe(z.string().trim().min(1)))
  .min(1, "must name at least one word");

/** One message of a session (or of a probe's live session). */
export const scenarioMessageSchema = z
  .strictObject({
    role: z.enum(["user", "assistant", "tool"]),
    /** What the user or assistant said. */
    text: z.string().optional(),
    /** The tool's name (role tool), e.g. Bash, Edit. */
    tool: z.string().min(1).optional(),
    /** The tool input: a command line, or an object such as `{ command: "npm test" }`. */
    input: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    /** The tool's output. */
    output: z.string().optional(),
    /** The tool call failed. */
    error: z.boolean().optional(),
    /** Offset from the session start, or an ISO time; default 20 s after the previous message. */
    at: offsetOrTime.optional(),
  })
  .superRefine((message, context) => {
    if (message.role === "tool") {
      if (!message.tool)
        context.addIssue({ code: "custom", path: ["tool"], message: "a tool message needs tool" });
    } else {
      if (!message.text?.trim())
        context.addIssue({ code: "custom", path: ["text"], message: `a ${message.role} message needs text` });
      for (const field of ["tool", "input", "output", "error"] as const)
        if (message[field] !== undefined)
          context.addIssue({ code: "custom", path: [field], message: `only tool messages have ${field}` });
    }
  });

const outcomeSchema = z.strictObject({
  success: z.boolean(),
  durationMinutes: z.number().nonnegative().optional(),
  errors: z.number().int().nonnegative().optional(),
  retries: z.number().int().nonnegative().optional(),
});

/** A captured session: written messages, or a Claude Code transcript. */
export const scenarioSessionSchema = z
  .strictObject({
    /** Stable id within the scenario (default s1, s2, …). */
    id: z
      .string()
      .regex(/^[A-Za-z0-9._-]+$/, "letters, digits, '.', '_' and '-' only")
      .optional(),
    agent: z.enum(["generic", "claude-code", "codex", "openclaw", "mcp", "sdk"]).optional(),
    /** Overrides the scenario's project for this session. */
    project: z.string().min(1).optional(),
    /** When the session starts. Required with messages; with a transcript it shifts its timestamps. */
    start: isoTime.optional(),
    /** A transcript file (Claude Code JSONL), relative to the scenario file. */
    transcript: z.string().min(1).optional(),
    messages: z.array(scenarioMessageSchema).min(1).optional(),
    outcome: outcomeSchema.optional(),
  })
  .superRefine((session, context) => {
    if ((session.transcript === undefined) === (session.messages === undefined))
      context.addIssue({
        code: "custom",
        path: [],
        message: "a session needs either messages or transcript",
      });
    if (session.messages && !session.start)
      context.addIssue({ code: "custom", path: ["start"], message: "a session with messages needs start" });
  });

const expectedLessonSchema = z.strictObject({
  /** Words the lesson's text must all contain (case-insensitive, at the start of a word). */
  words,
  /** Words it must not contain (tells an overturned "use yarn" from "use pnpm, not yarn"). */
  without: words.optional(),
});

/** A prompt at a point in time, and what must (or must not) be injected for it. */
export const scenarioProbeSchema = z
  .strictObject({
    /** Offset after the end of the last session (default "+1h"), or an ISO time. */
    at: offsetOrTime.optional(),
    /** Overrides the scenario's project (a prompt in another project). */
    project: z.string().min(1).optional(),
    prompt: z.string().trim().min(1),
    /** Turns of the live session before the prompt; captured into a fresh session first. */
    recent: z.array(scenarioMessageSchema).min(1).optional(),
    /** Lessons that must be among the first three injected lessons. */
    expect: z.array(expectedLessonSchema).min(1).optional(),
    /** Nothing at all may be injected. */
    expectNothing: z.literal(true).optional(),
    /** Lessons that must not be injected (an overturned or unrelated rule). */
    expectAbsent: z.array(expectedLessonSchema).min(1).optional(),
  })
  .superRefine((probe, context) => {
    if (!probe.expect && !probe.expectNothing && !probe.expectAbsent)
      context.addIssue({
        code: "custom",
        path: [],
        message: "a probe needs expect, expectNothing or expectAbsent",
      });
    if (probe.expectNothing && (probe.expect || probe.expectAbsent))
      context.addIssue({
        code: "custom",
        path: ["expectNothing"],
        message: "expectNothing cannot be combined with expect or expectAbsent",
      });
  });

/** One scenario file. */
export const scenarioSchema = z
  .strictObject({
    name: z.string().trim().min(1),
    description: z.string().optional(),
    /** What it is about (package-manager, git, …): reports group by it. */
    topic: z.string().trim().min(1),
    /** The language the user speaks; default: zh when any user message is mostly Chinese, else en. */
    language: z.enum(["en", "zh"]).optional(),
    /** The project path sessions run in (their cwd), e.g. /work/acme-api. */
    project: z.string().min(1),
    sessions: z.array(scenarioSessionSchema).min(1),
    probes: z.array(scenarioProbeSchema).min(1),
  })
  .superRefine((scenario, context) => {
    const seen = new Set<string>();
    for (const [index, session] of scenario.sessions.entries()) {
      const id = session.id ?? `s${index + 1}`;
      if (seen.has(id))
        context.addIssue({ code: "custom", path: ["sessions", index, "id"], message: `duplicate id ${id}` });
      seen.add(id);
    }
  });

export type ScenarioMessage = z.infer<typeof scenarioMessageSchema>;
export type ScenarioSession = z.infer<typeof scenarioSessionSchema>;
export type ScenarioProbe = z.infer<typeof scenarioProbeSchema>;
export type Scenario = z.infer<typeof scenarioSchema>;

/** A scenario as loaded: where it came from and which suite it belongs to. */
export interface LoadedScenario {
  scenario: Scenario;
  /** Absolute path of the scenario file (transcripts resolve relative to it). */
  file: string;
  /** The suite folder's name. */
  suite: string;
  language: "en" | "zh";
}

function isIsoTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value));
}

/** Milliseconds of an offset such as "+2m"; throws on anything else (validated before). */
export function offsetMs(offset: string): number {
  const match = OFFSET_PATTERN.exec(offset);
  if (!match) throw new Error(`not an offset: ${offset}`);
  return Math.round(Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]);
}

/** Resolves `at` (an offset from `base`, or an ISO time) to epoch ms; `fallback` when absent. */
export function resolveTime(at: string | undefined, base: number, fallback: number): number {
  if (at === undefined) return fallback;
  return OFFSET_PATTERN.test(at) ? base + offsetMs(at) : Date.parse(at);
}

/** The scenario's language: as declared, else zh when most user text is Chinese. */
export function scenarioLanguage(scenario: Scenario): "en" | "zh" {
  if (scenario.language) return scenario.language;
  const userText = scenario.sessions
    .flatMap((session) => session.messages ?? [])
    .filter((message) => message.role === "user")
    .map((message) => message.text ?? "")
    .join("");
  const han = userText.match(/[\u3400-\u9fff]/g)?.length ?? 0;
  const latin = userText.match(/[A-Za-z]/g)?.length ?? 0;
  return han > 0 && han * 3 >= latin ? "zh" : "en";
}
