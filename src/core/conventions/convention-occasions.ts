/**
 * When a convention applies: the occasion its words name ("Every time you touch .gitlab-ci.yml",
 * "Before committing", 提交之前), used as its trigger before its kind of work. Pure.
 */

/**
 * The situation of a rule: up to a clause break (a "." inside ".gitlab-ci.yml" is not one) or the
 * verb that starts the instruction ("every time you touch .gitlab-ci.yml | run glab ci lint").
 */
const OCCASION =
  /\b(before|after|when(?:ever)?|every ?time|each time)\s+((?:(?!\s(?:(?:you|we)\s+)?(?:run|use|do|make sure|always|never|please|don'?t|dont|check|add|put|ask|tell)\s)(?:[^,.;!?]|[.!?](?=\S))){3,60})/i;
const ZH_OCCASION = /(?:每次|在)([^，,。；;！？!?]{2,30}?)(之前|前|之后|后|时|的时候)/;

/** The occasion a rule names ("Before committing", "提交之前"), or null. */
export function occasionOf(text: string, zh: boolean): string | null {
  if (zh) {
    const found = ZH_OCCASION.exec(text);
    return found ? `${found[1]}${/时|的时候/.test(found[2] ?? "") ? "" : found[2]}` : null;
  }
  const found = OCCASION.exec(text);
  if (!found) return null;
  // "before you tell me something is done" says when it is checked, not a situation to recall in.
  if (/\b(?:done|finished|complete)\b/i.test(found[2] ?? "")) return null;
  const word = found[1] ?? "";
  return `${word.charAt(0).toUpperCase()}${word.slice(1)} ${(found[2] ?? "").trim()}`;
}
