/**
 * Offline rules over assistant and tool messages: the assistant's self-check, tool failures
 * (execution rejects) and recovery after a failure (execution success).
 */
import { SELF_CHECK_PHRASES } from "./agent-phrases.js";
import type { OfflineSignalRule } from "./rule-context.js";
import { isDataTool, messagePhraseMatch, toolScanText } from "./rule-context.js";
import { lineAt, MAX_EVIDENCE_LENGTH } from "./signal-text.js";
import type { SignalMessage } from "./signal-types.js";

const assistantSelfCheck: OfflineSignalRule = {
  id: "assistant-self-check",
  type: "correction",
  source: "assistant_self_check",
  roles: ["assistant"],
  description:
    "The assistant admits a mistake in its own work ('I made a mistake', 'my bad', 'I misread', '我搞错了'). Typed `correction`: the assistant corrects itself. 'Let me fix that' only counts right after a failed tool result.",
  example: {
    en: "I made a mistake: the port is read from .env, not config.json.",
    zh: "抱歉，我搞错了，端口在 .env 里",
  },
  detect(context) {
    const previous = context.view.nearestNonAssistantBefore(context.index);
    const afterError = previous !== -1 && context.view.toolError(previous) !== undefined;
    return messagePhraseMatch(
      context,
      SELF_CHECK_PHRASES,
      (_masked, match) => afterError || !match.phrase.afterErrorOnly,
    );
  },
};

const toolError: OfflineSignalRule = {
  id: "tool-error",
  type: "reject",
  source: "execution",
  roles: ["tool"],
  description:
    "A tool result flagged isError, or output that reads as a failure (non-zero exit code, Traceback, `XError:`, command not found, ENOENT, `2 failed`, 失败, 报错). Typed `reject`: the environment rejected the attempt. Output of data tools (Read, Grep, …) is file content and is only trusted through isError.",
  example: { en: "Error: Cannot find module 'express'", zh: "安装失败：找不到 pnpm 命令" },
  detect({ view, index, message }) {
    const found = view.toolError(index);
    if (found === undefined) return undefined;
    const scanned = toolScanText(message.content);
    const evidence = found.end > found.start ? lineAt(scanned, found.start) : firstLine(message.content);
    return { confidence: found.confidence, evidence, start: found.start, end: found.end };
  },
};

const recovery: OfflineSignalRule = {
  id: "recovery",
  type: "success",
  source: "execution",
  roles: ["tool"],
  description:
    "A tool succeeds after the same tool failed, with a different step in between (an assistant message or another tool call): the new approach worked. The success is the first later output that says so ('passed', 'listening on', 成功); plain output without such a marker only counts when it is that tool's last result in the conversation.",
  example: {
    en: "(Bash: Error: listen EADDRINUSE :3000) … (assistant: switching to 3001) … (Bash) Server listening on :3001",
    zh: "（Bash：安装失败）……（助手：改用 pnpm）……（Bash）安装成功",
  },
  detect({ view, index, message }) {
    if (isDataTool(message.toolName) || view.toolError(index) !== undefined) return undefined;
    const name = message.toolName?.toLowerCase();
    const sameTool = (other: SignalMessage): boolean => {
      const otherName = other.toolName?.toLowerCase();
      return name === undefined || otherName === undefined || otherName === name;
    };
    const marked = view.successMarker(index) >= 0;
    if (!marked) {
      for (let position = index + 1; position < view.messages.length; position += 1) {
        const later = view.messages[position];
        if (later?.role === "tool" && sameTool(later) && !isDataTool(later.toolName)) return undefined;
      }
    }
    let steppedAside = false;
    for (let position = index - 1; position >= 0; position -= 1) {
      const earlier = view.messages[position];
      if (earlier === undefined || earlier.role === "user" || earlier.role === "system") continue;
      if (earlier.role === "assistant" || !sameTool(earlier) || isDataTool(earlier.toolName)) {
        steppedAside = true;
        continue;
      }
      if (view.toolError(position) === undefined) {
        if (view.successMarker(position) >= 0) return undefined;
        steppedAside = true;
        continue;
      }
      const namesKnown = name !== undefined && earlier.toolName !== undefined;
      if (!steppedAside || (!namesKnown && !marked)) return undefined;
      const evidence = marked
        ? lineAt(toolScanText(message.content), view.successMarker(index))
        : firstLine(message.content);
      return { confidence: marked ? 0.8 : 0.6, evidence, start: 0, end: 0 };
    }
    return undefined;
  },
};

function firstLine(content: string): string {
  const line = content.trim().split("\n", 1)[0] ?? "";
  return line.slice(0, MAX_EVIDENCE_LENGTH);
}

/** The assistant and tool rules, in the order findings are reported within a message. */
export const AGENT_SIGNAL_RULES: readonly OfflineSignalRule[] = [assistantSelfCheck, toolError, recovery];
