/**
 * Helpers shared by every transcript parser: flattening content blocks to text, reading
 * timestamps, naming sessions after files and pairing tool results with their calls. All pure.
 */
import type { z } from "zod";
import { boundedJsonText, depthMarker, MAX_JSON_DEPTH } from "../../core/json-text.js";

/** A parsed JSON object. */
export type JsonRecord = Record<string, unknown>;

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value when it is a non-empty string, else undefined. */
export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** Block types whose `text` field is readable text, across Anthropic, OpenAI and pi-ai shapes. */
const TEXT_BLOCK_TYPES = new Set([
  "text",
  "Text",
  "input_text",
  "inputText",
  "output_text",
  "summary_text",
  "reasoning_text",
]);
const IMAGE_BLOCK_TYPES = new Set(["image", "input_image", "image_url", "inputImage"]);

/**
 * Flattens message or tool-output content to plain text: a string stays as it is; an array of
 * blocks becomes its text blocks joined by a newline; images become `[image]` and documents
 * `[document]`; nested `tool_result` / `content` blocks are flattened in place. Blocks that
 * carry no readable text (encrypted reasoning, fallback markers) are dropped. Never throws.
 */
export function flattenContent(value: unknown, depth = 0): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  // Content nested past any real transcript's depth: say so rather than recurse without end.
  if (depth >= MAX_JSON_DEPTH) return depthMarker(MAX_JSON_DEPTH);
  if (Array.isArray(value)) {
    return value
      .map((block) => flattenContent(block, depth + 1))
      .filter((text) => text.length > 0)
      .join("\n");
  }
  if (!isRecord(value)) return "";
  const type = typeof value.type === "string" ? value.type : undefined;
  if (type !== undefined && IMAGE_BLOCK_TYPES.has(type)) return "[image]";
  if (type === "document") return "[document]";
  if (typeof value.text === "string" && (type === undefined || TEXT_BLOCK_TYPES.has(type))) return value.text;
  if (type === "tool_result" || type === undefined) return flattenContent(value.content, depth + 1);
  return "";
}

/** Epoch numbers below this are read as seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const SECONDS_LIMIT = 1e11;

/**
 * Reads a timestamp as epoch milliseconds: ISO strings, epoch seconds or epoch milliseconds
 * (numbers or numeric strings). Anything unreadable gives undefined.
 */
export function toEpochMs(value: unknown): number | undefined {
  let epoch: number | undefined;
  if (typeof value === "number") epoch = value;
  else if (typeof value === "string" && value.trim().length > 0) {
    epoch = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Date.parse(value);
  }
  if (epoch === undefined || !Number.isFinite(epoch) || epoch < 0) return undefined;
  return Math.round(epoch < SECONDS_LIMIT ? epoch * 1000 : epoch);
}

/**
 * Tool input as JSON text: strings are kept as written (Codex already stores JSON text, custom
 * tools store raw text), other values are serialized, null/undefined give null.
 */
export function toJsonText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  return boundedJsonText(value);
}

/** The file name without directory and without a `.jsonl` / `.json` extension. */
export function fileStem(file: string): string {
  const name = file.split(/[\\/]/).pop() ?? file;
  return name.replace(/\.jsonl?$/i, "");
}

/** The file name without directory. */
export function fileName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/** A skip reason naming the first wrong field, e.g. `user: message.content: expected string or array`. */
export function describeZodError(prefix: string, error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return `${prefix}: invalid record`;
  const path = issue.path.length > 0 ? issue.path.map(String).join(".") : "record";
  return `${prefix}: ${path}: ${issue.message}`;
}

/** A tool call that is still waiting for its result. */
interface PendingCall {
  id: string;
  name: string | null;
}

/**
 * Pairs tool results with earlier tool calls. Results that name their call id are paired
 * directly; results without an id (older or drifted shapes) take the oldest open call with the
 * same tool name, else the oldest open call. State lives for one file.
 */
/** Answered calls remembered by id: results arrive right after their calls, not 10,000 calls later. */
const REMEMBERED_CALLS = 10_000;

export class PendingToolCalls {
  private readonly open: PendingCall[] = [];
  /** Names of the most recent calls, open or answered: bounded, so a long transcript keeps memory flat. */
  private readonly names = new Map<string, string | null>();

  /** Records a call so a later result can find it. */
  add(id: string, name: string | null): void {
    this.open.push({ id, name });
    this.names.delete(id);
    this.names.set(id, name);
    if (this.names.size > REMEMBERED_CALLS) {
      const oldest = this.names.keys().next();
      if (!oldest.done) this.names.delete(oldest.value);
    }
  }

  /** True when a call with this id has been seen (open, or among the last 10,000 answered). */
  has(id: string): boolean {
    return this.names.has(id) || this.open.some((call) => call.id === id);
  }

  /**
   * Closes the call a result belongs to and returns its id and tool name. With `id` given, that
   * call is closed; without it, the oldest open call (preferring a matching `name`). Returns
   * undefined when no call can be found.
   */
  resolve(id: string | undefined, name?: string | null): PendingCall | undefined {
    if (id !== undefined) {
      const index = this.open.findIndex((call) => call.id === id);
      const [call] = index >= 0 ? this.open.splice(index, 1) : [];
      return { id, name: this.names.get(id) ?? call?.name ?? name ?? null };
    }
    let index = name ? this.open.findIndex((call) => call.name === name) : -1;
    if (index < 0) index = this.open.length > 0 ? 0 : -1;
    if (index < 0) return undefined;
    const [call] = this.open.splice(index, 1);
    return call;
  }
}
