/**
 * tacit's configuration schema: every setting, its type, default and description, in one zod
 * schema composed of sections. It is the single source of truth: `tacit config`, the environment
 * variables, the runtime and docs/config.md (`npm run docs:config`) are all read from it.
 *
 * Adding a section is one line in {@link CONFIG_SECTIONS}: a zod object whose every setting has a
 * default (or is optional) and a description (see setting.ts), and whether a project file may set it.
 */
import * as z from "zod/mini";
import { captureSettingsSchema, retentionSettingsSchema } from "./sections/capture.js";
import { datasetSettingsSection } from "./sections/dataset.js";
import { guardSettingsSchema } from "./sections/guard.js";
import { hooksSettingsSchema } from "./sections/hooks.js";
import { learningSettingsSchema, skillsSettingsSchema } from "./sections/learning.js";
import { lessonsSettingsSchema } from "./sections/lessons.js";
import { memoryFilesSettingsSection } from "./sections/memory-files.js";
import { memoryGateSettingsSection } from "./sections/memory-gate.js";
import { embeddingsSettingsSchema, llmSettingsSchema } from "./sections/models.js";
import { recallSettingsSchema } from "./sections/recall.js";
import { serveSettingsSection } from "./sections/serve.js";

/** One registered section. */
export interface ConfigSection {
  /** Its settings (a `zod/mini` or `zod` object). */
  schema: z.core.$ZodObject;
  /** What the section is about, one sentence for docs/config.md. */
  description: string;
  /**
   * Whether a project's `.tacit/config.json` may set it. Model endpoints, keys and the daemon are the
   * user's: a cloned repository must not be able to send your sessions elsewhere.
   */
  project: boolean;
}

/** Every section, in the order docs/config.md lists them. */
export const CONFIG_SECTIONS = {
  llm: {
    schema: llmSettingsSchema,
    description: "The language model used for learning; none keeps tacit offline.",
    project: false,
  },
  embeddings: {
    schema: embeddingsSettingsSchema,
    description: "The embeddings endpoint; none means the offline hashing embedder.",
    project: false,
  },
  learning: {
    schema: learningSettingsSchema,
    description: "How captured sessions are turned into lessons.",
    project: true,
  },
  lessons: {
    schema: lessonsSettingsSchema,
    description:
      "The lesson model: decay, track record, anti-patterns, outcome scoring, dedup and lifecycle.",
    project: true,
  },
  recall: {
    schema: recallSettingsSchema,
    description: "What is recalled into a prompt: candidates, scoring, relevance floors and the budget.",
    project: true,
  },
  skills: {
    schema: skillsSettingsSchema,
    description: "How skills are made from repeated successful tasks.",
    project: true,
  },
  capture: {
    schema: captureSettingsSchema,
    description: "What is kept of each captured session.",
    project: true,
  },
  retention: {
    schema: retentionSettingsSchema,
    description: "How long captured sessions are kept.",
    project: false,
  },
  guard: {
    schema: guardSettingsSchema,
    description:
      "The guard at the tool call: lessons that deny, ask about or remind a call before it runs, and adherence.",
    project: true,
  },
  hooks: {
    schema: hooksSettingsSchema,
    description: "The Claude Code and Codex hooks and their resident daemon.",
    project: false,
  },
  serve: {
    schema: serveSettingsSection,
    description: "Where `tacit serve` listens: the viewer, its JSON API and MCP.",
    project: false,
  },
  memoryGate: {
    schema: memoryGateSettingsSection,
    description: "The memory gate: which turns hold a fact for a memory file, and which file.",
    project: false,
  },
  memoryFiles: {
    schema: memoryFilesSettingsSection,
    description:
      "The write guardian of the memory files (MEMORY.md, USER.md, SOUL.md, IDENTITY.md, TOOLS.md): caps, snapshots, retention.",
    project: false,
  },
  dataset: {
    schema: datasetSettingsSection,
    description:
      "The training dataset: which samples `tacit dataset collect` takes and how it labels them, their quality weights, personal-data patterns and the export's split.",
    project: false,
  },
} satisfies Record<string, ConfigSection>;

type Sections = typeof CONFIG_SECTIONS;
/** A section's name. */
export type SectionName = keyof Sections;

/** The whole configuration: every section, each defaulting to its defaults. */
export const configSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(CONFIG_SECTIONS).map(([name, section]) => [name, z.prefault(section.schema, {} as never)]),
  ) as { [K in SectionName]: z.ZodMiniPrefault<Sections[K]["schema"]> },
);

/** The effective configuration: every setting with a value (optional ones may be undefined). */
export type TacitConfig = z.output<typeof configSchema>;

/** The configuration with nothing set: every default. */
export function defaultConfig(): TacitConfig {
  return z.parse(configSchema, {});
}
