/**
 * Echoes: the agent's short reply right after a user's statement about the project, when it says
 * the statement back, shows the statement was taken as a standing rule — "Private fields are
 * _camelCase, like _productRepository." → "_camelCase private fields, got it.", 样式全部用 tailwind
 * 的 class → "明白，样式用 tailwind。". People state most conventions as plain descriptions with no
 * marker ("docstrings are Google style", "Tests are xUnit, mocks with Moq"); the reply is what
 * tells them apart from a remark. A reply that does work (code, a long answer), sets out to look
 * into what it was told ("Let me check…", 我查一下) or asks back is no echo. See docs/learning.md
 * ("a statement the agent says back is a convention"). Pure.
 */
import { ACKNOWLEDGEMENTS, LOOKING_INTO } from "../lexicon/acknowledgements.js";
import { hasHan } from "../lexicon/language.js";
import { tokens } from "../lexicon/tokenizer.js";

/** What the agent did right after a user message: a text reply, or a command it ran (`ran`). */
export interface AgentReply {
  text: string;
  ran?: boolean;
}

/** The longest reply read as an echo: an acknowledgement is short. */
const MAX_ECHO_WORDS = 45;
const MAX_ECHO_HAN = 90;

/** A token that names a thing rather than an everyday word: code-like, or not all lower case as written. */
function namedTokens(text: string): Set<string> {
  const named = new Set<string>();
  for (const raw of text.match(/[@#]?[\p{L}\p{N}_][\p{L}\p{N}_.:@#/-]*/gu) ?? []) {
    const word = raw.replace(/[.:/-]+$/, "");
    if (word.length < 2 || /^\p{Script=Han}+$/u.test(word)) continue;
    const codeLike = /[_.@#:/\d]/.test(word) || /\p{Ll}\p{Lu}/u.test(word) || /^\p{Lu}{2,}/u.test(word);
    if (codeLike || (hasHan(text) && /[A-Za-z]/.test(word))) named.add(word.toLowerCase());
  }
  return named;
}

/** True when `reply` is short enough to be an acknowledgement rather than work or an answer. */
function isShortReply(reply: string): boolean {
  if (reply.includes("```") || reply.includes("\n\n")) return false;
  const han = (reply.match(/\p{Script=Han}/gu) ?? []).length;
  return (
    han <= MAX_ECHO_HAN &&
    reply.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word)).length <= MAX_ECHO_WORDS
  );
}

/**
 * True when the agent's `reply` echoes `said`, one unit of the user's message: the reply is short,
 * does not set out to look into it ("Let me check…"), does not end in a question unless it
 * acknowledges first, and shares two of the words of `said`
 * (or one name — code, a tool, a mixed-case word — with a word of acknowledgement: "got it",
 * "noted", 收到; see lexicon/acknowledgements.ts).
 */
export function echoes(agent: AgentReply | null | undefined, said: string): boolean {
  if (!agent) return false;
  if (agent.ran === true) return ranWhatWasSaid(agent.text, said);
  const reply = agent.text;
  // "Let me check why /users returns 500": a report or a task the agent sets out to look into.
  if (!isShortReply(reply) || LOOKING_INTO.test(reply)) return false;
  const acknowledged = ACKNOWLEDGEMENTS.test(reply);
  if (!acknowledged && /[?？]\s*$/.test(reply)) return false;
  const theirs = tokens(reply, { parts: true, stem: true });
  const shared = [...tokens(said, { parts: true, stem: true })].filter((token) => theirs.has(token));
  if (shared.length >= 2) return true;
  const names = namedTokens(reply);
  return acknowledged && [...namedTokens(said)].some((name) => names.has(name));
}

/**
 * True when `command`, run right after the user said `said`, is the command they named: "unit tests
 * are `make test-unit`" and the agent runs `make test-unit`. Files the command happens to touch are
 * no echo: the command has to start with what was said.
 */
function ranWhatWasSaid(command: string, said: string): boolean {
  const run = command.trim().toLowerCase();
  const named = [...said.matchAll(/`([^`]+)`/g)].map((found) => (found[1] as string).trim().toLowerCase());
  const head = run.split(/\s+/).slice(0, 2).join(" ");
  return (
    named.some((name) => name !== "" && run.startsWith(name)) ||
    (head.includes(" ") && said.toLowerCase().includes(head))
  );
}
