/**
 * Reading a tool's result as a hook delivers it: `tool_response` is whatever the tool returned
 * (Claude Code's Bash gives `{stdout, stderr, interrupted, …}`, file tools give objects, MCP tools
 * give content parts, Codex gives text), and `error` on PostToolUseFailure is usually text.
 * Anything else is stored as JSON, nested at most 64 levels deep (see json-text.ts).
 */
import { boundedJsonText } from "../../core/json-text.js";

/** The text tacit stores as a tool call's output. */
export function toolResponseText(response: unknown): string {
  if (response === undefined || response === null) return "";
  if (typeof response === "string") return response;
  if (isRecord(response)) {
    if (typeof response.stdout === "string" || typeof response.stderr === "string") {
      return [response.stdout, response.stderr]
        .filter((part): part is string => typeof part === "string" && part.length > 0)
        .join("\n");
    }
    if (typeof response.output === "string") return response.output;
    const parts = contentText(response.content);
    if (parts !== null) return parts;
  }
  const parts = contentText(response);
  return parts ?? boundedJsonText(response);
}

/** Exit status written in a shell tool's output text (`Exit code: 1`, `Process exited with code 1`). */
const EXIT_CODE_TEXT = /^(?:Exit code:? |Process exited with code )(-?\d+)/m;

/**
 * Whether a successful-looking PostToolUse still carries a failure: a non-zero exit code, an
 * `is_error`/`success: false` flag, or an interrupted command. Codex has no PostToolUseFailure
 * event, so for it the exit status written in the output text counts too.
 */
export function responseIsError(response: unknown, options: { readExitCodeText: boolean }): boolean {
  if (isRecord(response)) {
    for (const key of ["exit_code", "exitCode"]) {
      const code = response[key];
      if (typeof code === "number") return code !== 0;
    }
    if (isRecord(response.metadata) && typeof response.metadata.exit_code === "number") {
      return response.metadata.exit_code !== 0;
    }
    if (response.is_error === true || response.isError === true || response.success === false) return true;
    if (response.interrupted === true) return true;
    return false;
  }
  if (typeof response === "string" && options.readExitCodeText) {
    const match = EXIT_CODE_TEXT.exec(response);
    return match?.[1] !== undefined && Number(match[1]) !== 0;
  }
  return false;
}

/** The text of PostToolUseFailure's `error` (a string in practice; anything else as JSON). */
export function errorText(error: unknown): string {
  if (typeof error === "string") return error;
  if (error === undefined || error === null) return "";
  return boundedJsonText(error);
}

/** Text of MCP-style content: a string, or an array of `{type: "text", text}` parts; else null. */
function contentText(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  const texts = content
    .filter(isRecord)
    .map((part) => part.text)
    .filter((text): text is string => typeof text === "string");
  return texts.length > 0 ? texts.join("\n") : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
