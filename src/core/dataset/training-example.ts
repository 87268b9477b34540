/**
 * Each kind of sample as one supervised example: an instruction (the task, as a system prompt),
 * the input (what the model sees) and the output (what it should answer). Every export format is
 * a layout of these three. Pure.
 */
import type { ContentOf, ConversationMessage, SampleContent, SampleType } from "./sample-types.js";

/** A sample as instruction, input and output; `extras` are the structured labels ShareGPT carries. */
export interface TrainingExample {
  instruction: string;
  input: string;
  output: string;
  extras: Record<string, string>;
}

/** The instruction of each kind of sample. */
export const INSTRUCTIONS: Readonly<Record<SampleType, string>> = {
  memory_gate_positive:
    "Based on the following conversation, decide if the user's last message should be written to a memory file (MEMORY.md, USER.md, SOUL.md, IDENTITY.md or TOOLS.md) and which, with the fact to write and why.",
  memory_gate_negative:
    "Based on the following conversation, decide if the user's last message should be written to a memory file (MEMORY.md, USER.md, SOUL.md, IDENTITY.md or TOOLS.md) and which, with the fact to write and why.",
  annotated_turn:
    "Based on the following conversation, decide if the user's last message should be written to a memory file and which, then whether the memory file should take the fact given its current content.",
  write_guardian_decision:
    "Decide whether the candidate fact should be written to the memory file, given the file's current content. Answer written or refused, with the reason.",
  task_experience:
    "An approach to a task failed. Given the task, the approach and how it failed, say what to do instead.",
  lesson_outcome:
    "A lesson was recalled into a task. Given the situation and the lesson, judge whether following it helped or harmed.",
  adherence_correction:
    "A tool call was denied because it went against a lesson. Given the lesson and the denied call, give the call to make instead.",
};

/** A conversation as lines `User: …` / `Agent: …`. */
export function conversationText(conversation: readonly ConversationMessage[]): string {
  return conversation
    .map((message) => `${message.role === "user" ? "User" : "Agent"}: ${message.message}`)
    .join("\n");
}

function lines(entries: Array<[string, string | null | undefined]>): string {
  return entries
    .filter(
      (entry): entry is [string, string] => entry[1] !== null && entry[1] !== undefined && entry[1] !== "",
    )
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
}

type Layout<T extends SampleType> = (content: ContentOf<T>) => Omit<TrainingExample, "instruction">;

const LAYOUTS: { [T in SampleType]: Layout<T> } = {
  memory_gate_positive: (content) => ({
    input: conversationText(content.conversation),
    output: lines([
      ["Decision", content.correctDecision],
      ["Fact", content.correctFact],
      ["Reason", content.reason],
    ]),
    extras: { memory_gate_decision: content.correctDecision, candidate_fact: content.correctFact },
  }),
  memory_gate_negative: (content) => ({
    input: conversationText(content.conversation),
    output: lines([
      ["Decision", content.correctDecision],
      ["Fact", content.correctFact],
      ["Reason", content.rejectionReason],
    ]),
    extras: {
      memory_gate_decision: content.correctDecision,
      ...(content.correctFact ? { candidate_fact: content.correctFact } : {}),
    },
  }),
  annotated_turn: (content) => {
    const gate = content.memoryGate.correctedOutput ?? content.memoryGate.output;
    const guardian = content.writeGuardian.correctedOutput ?? content.writeGuardian.output;
    return {
      input: [
        conversationText(content.context),
        "",
        `Current content of ${content.writeGuardian.input.targetFile}:`,
        content.writeGuardian.input.currentContent || "(empty)",
      ].join("\n"),
      output: lines([
        ["Decision", gate.decision],
        ["Fact", gate.candidateFact],
        ["Memory file", `${guardian.decision} (${guardian.targetFile})`],
        ["Reason", guardian.reason],
      ]),
      extras: {
        memory_gate_decision: gate.decision,
        ...(gate.candidateFact ? { candidate_fact: gate.candidateFact } : {}),
        write_guardian_decision: guardian.decision,
      },
    };
  },
  write_guardian_decision: (content) => {
    const corrected = content.userCorrection;
    return {
      input: [
        `Target file: ${content.targetFile}`,
        `Candidate fact: ${content.candidateFact}`,
        "Current content:",
        content.currentFileContent || "(empty)",
      ].join("\n"),
      output: corrected
        ? lines([
            ["Decision", corrected.correctedDecision],
            ["Fact", corrected.correctedFact],
            ["Reason", corrected.reason],
          ])
        : lines([
            ["Decision", content.decision],
            ["Reason", content.reason],
          ]),
      extras: { write_guardian_decision: corrected?.correctedDecision ?? content.decision },
    };
  },
  task_experience: (content) => ({
    input: lines([
      ["Task", content.task.goal || content.task.title],
      ["Failed approach", content.failedAttempt.approach || content.failedAttempt.label],
      ["How it failed", content.failedAttempt.failureReason],
    ]),
    output: content.workingApproach,
    extras: {},
  }),
  lesson_outcome: (content) => ({
    input: lines([
      ["Situation", content.situation],
      ["Lesson", `${content.lesson.rule} (when: ${content.lesson.trigger})`],
    ]),
    output: lines([
      ["Outcome", content.outcome],
      ["Reason", content.reason],
    ]),
    extras: { lesson_outcome: content.outcome },
  }),
  adherence_correction: (content) => ({
    input: lines([
      ["Lesson", content.lesson.rule],
      ["Denied call", `${content.deniedCall.toolName} ${content.deniedCall.input}`],
    ]),
    output: `${content.followingCall.toolName} ${content.followingCall.input}`,
    extras: {},
  }),
};

/** The example a sample's content makes. */
export function trainingExample(content: SampleContent): TrainingExample {
  const layout = LAYOUTS[content.type] as Layout<SampleType>;
  return { instruction: INSTRUCTIONS[content.type], ...layout(content as ContentOf<SampleType>) };
}
