/**
 * One Claude Code turn written two ways, as the agent writes them: the lines it appends to the
 * session's transcript (2.1.x: `promptId` on the prompt's line and on its tool results, `tool_use`
 * blocks in assistant lines) and the hook events it sends for the same turn. Tests drop some of the
 * events (a hook daemon that missed them) and check what reading the transcript fills in.
 */

/** One tool call of a turn. */
export interface TurnCall {
  id: string;
  command: string;
  output: string;
  isError: boolean;
}

/** A turn: the user's prompt, the tool calls the model made, its final reply. */
export interface Turn {
  sessionId: string;
  cwd: string;
  transcriptPath: string;
  promptId: string;
  prompt: string;
  calls: TurnCall[];
  reply: string;
  /** When the turn started, ms since the epoch; each line is a second later. */
  at: number;
}

/** The transcript lines of the turn, newline-terminated. */
export function transcriptLines(turn: Turn): string {
  let clock = turn.at;
  let uuid = 0;
  const line = (record: Record<string, unknown>) => {
    clock += 1000;
    return JSON.stringify({
      sessionId: turn.sessionId,
      cwd: turn.cwd,
      version: "2.1.328",
      uuid: `${turn.promptId}-line-${uuid++}`,
      timestamp: new Date(clock).toISOString(),
      ...record,
    });
  };
  const lines = [
    line({
      type: "user",
      promptId: turn.promptId,
      message: { role: "user", content: turn.prompt },
    }),
  ];
  for (const call of turn.calls) {
    lines.push(
      line({
        type: "assistant",
        message: {
          id: `msg-${call.id}`,
          role: "assistant",
          content: [{ type: "tool_use", id: call.id, name: "Bash", input: { command: call.command } }],
        },
      }),
      line({
        type: "user",
        promptId: turn.promptId,
        message: {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: call.id, content: call.output, is_error: call.isError },
          ],
        },
      }),
    );
  }
  lines.push(
    line({
      type: "assistant",
      message: {
        id: `msg-${turn.promptId}-reply`,
        role: "assistant",
        content: [{ type: "text", text: turn.reply }],
      },
    }),
  );
  return `${lines.join("\n")}\n`;
}

/** The hook events of the turn, in the order Claude Code sends them, by a name for each. */
export function turnEvents(turn: Turn): Array<{ name: string; payload: Record<string, unknown> }> {
  const base = {
    session_id: turn.sessionId,
    transcript_path: turn.transcriptPath,
    cwd: turn.cwd,
    prompt_id: turn.promptId,
    permission_mode: "default",
  };
  const events: Array<{ name: string; payload: Record<string, unknown> }> = [
    { name: "prompt", payload: { ...base, hook_event_name: "UserPromptSubmit", prompt: turn.prompt } },
  ];
  for (const call of turn.calls) {
    const tool = { tool_name: "Bash", tool_input: { command: call.command }, tool_use_id: call.id };
    events.push({ name: `pre:${call.id}`, payload: { ...base, ...tool, hook_event_name: "PreToolUse" } });
    events.push({
      name: call.id,
      payload: call.isError
        ? { ...base, ...tool, hook_event_name: "PostToolUseFailure", error: call.output }
        : {
            ...base,
            ...tool,
            hook_event_name: "PostToolUse",
            tool_response: { stdout: call.output, stderr: "", interrupted: false },
          },
    });
  }
  events.push({
    name: "stop",
    payload: {
      ...base,
      hook_event_name: "Stop",
      stop_hook_active: false,
      last_assistant_message: turn.reply,
    },
  });
  return events;
}
