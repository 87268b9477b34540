/**
 * Hand-labelled conversations for measuring the offline signal detector.
 *
 * Every message of a case is labelled: a case lists all signals a careful reader finds, so
 * anything else the detector reports is a false positive. Labels follow docs/signal-rules.md:
 * a correction is not also a reject; a failed tool result is `reject`/`execution`; the
 * assistant admitting a mistake is `correction`/`assistant_self_check`; a bare "not bad" and
 * "thanks" before any answer are no signal.
 *
 * Transcript format (labeled-set-en.ts, labeled-set-zh.ts):
 * ```
 * # case-id | 2 reject; 4 success/exec; 3 correction/self
 * U: user message
 * A: assistant message
 * T: tool output (tool `Bash`)      T!: failed tool output      T(Read): output of tool `Read`
 * a line without a tag continues the previous message
 * ```
 */
import { ENGLISH_LABELED_TRANSCRIPTS } from "./labeled-set-en.js";
import { CHINESE_LABELED_TRANSCRIPTS } from "./labeled-set-zh.js";
import type { FeedbackSignalSource, FeedbackSignalType, SignalMessage } from "./signal-types.js";
import { FEEDBACK_SIGNAL_TYPES } from "./signal-types.js";

/** One expected signal: the turn it sits on, its type and source. */
export interface ExpectedSignal {
  turn: number;
  type: FeedbackSignalType;
  source: FeedbackSignalSource;
}

/** A short conversation with every signal it contains. */
export interface LabeledSignalCase {
  id: string;
  language: "en" | "zh";
  messages: SignalMessage[];
  expected: ExpectedSignal[];
}

const HEADER = /^# (\S+)(?: \| (.*))?$/;
const MESSAGE = /^(U|A|T!?)(?:\((\w+)\))?: ?(.*)$/;
const SOURCES: Readonly<Record<string, FeedbackSignalSource>> = {
  "": "user",
  exec: "execution",
  self: "assistant_self_check",
};

function parseExpected(text: string, caseId: string): ExpectedSignal[] {
  return text
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => {
      const [turnText = "", label = ""] = part.split(" ");
      const [type = "", sourceKey = ""] = label.split("/");
      const source = SOURCES[sourceKey];
      const known = (FEEDBACK_SIGNAL_TYPES as readonly string[]).includes(type);
      if (!known || source === undefined || !/^\d+$/.test(turnText)) {
        throw new Error(`labeled case ${caseId}: cannot read expectation "${part}"`);
      }
      return { turn: Number(turnText), type: type as FeedbackSignalType, source };
    });
}

function toMessage(tag: string, toolName: string | undefined, content: string): SignalMessage {
  if (tag === "U") return { role: "user", content };
  if (tag === "A") return { role: "assistant", content };
  const message: SignalMessage = { role: "tool", content, toolName: toolName ?? "Bash" };
  if (tag === "T!") message.isError = true;
  return message;
}

/** Parse labelled transcripts (format above). Throws on a malformed case: the data is a bug then. */
export function parseLabeledTranscripts(text: string): LabeledSignalCase[] {
  const cases: LabeledSignalCase[] = [];
  let current: LabeledSignalCase | undefined;
  for (const line of text.split("\n")) {
    const header = HEADER.exec(line);
    if (header) {
      const id = header[1] ?? "";
      current = { id, language: id.startsWith("zh") ? "zh" : "en", messages: [], expected: [] };
      current.expected = parseExpected(header[2] ?? "", id);
      cases.push(current);
      continue;
    }
    if (current === undefined) {
      if (line.trim().length > 0) throw new Error(`labeled transcripts: text before the first case: ${line}`);
      continue;
    }
    const message = MESSAGE.exec(line);
    const last = current.messages.at(-1);
    if (message) {
      current.messages.push(toMessage(message[1] ?? "U", message[2], message[3] ?? ""));
    } else if (last !== undefined) {
      last.content += `\n${line}`;
    }
  }
  for (const parsed of cases) {
    for (const message of parsed.messages) message.content = message.content.trimEnd();
    for (const expected of parsed.expected) {
      if (expected.turn >= parsed.messages.length)
        throw new Error(`labeled case ${parsed.id}: turn out of range`);
    }
  }
  return cases;
}

/** The labelled set: English (`en-*`) and Chinese (`zh-*`) cases, negatives included. */
export const LABELED_SIGNAL_CASES: readonly LabeledSignalCase[] = [
  ...parseLabeledTranscripts(ENGLISH_LABELED_TRANSCRIPTS),
  ...parseLabeledTranscripts(CHINESE_LABELED_TRANSCRIPTS),
];
