/**
 * Text rules behind offline task experiences and instincts, in English and Chinese: what a user
 * correction replaces (X → Y), what a preference prefers, whether two shell commands are
 * attempts at the same thing, and a situational trigger for a command or sentence. Pure.
 */

import { sentenceCase } from "../lexicon/code-terms.js";
import { CORRECTION_FORMS, ONLY_FOR, ZH_ONLY_FOR } from "../lexicon/correction-forms.js";
import { compiledEntries } from "../lexicon/define-lexicon.js";
import { LANGUAGE_NAMES } from "../lexicon/human-languages.js";
import { hasHan } from "../lexicon/language.js";
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { ZH_MODIFIER } from "../lexicon/use-and-avoid.js";
import { type TaskMessage, toolCommand, toolInputObject } from "./task-message.js";

export { activityTrigger, titleActivity } from "./topics.js";

/** What a correction says was wrong and what is right; either may be unknown. */
export interface Correction {
  wrong: string | null;
  right: string | null;
}

const DEICTIC =
  /^(?:(?:this|that|these|those|the|it|one|ones|something|other|wrong|old|previous)\b\s*)+(?:one|ones|file|files|path|directory|dir|folder|command|branch|package|version|port|function|method|approach|way|thing|value|config|option|setting)?$/i;
const ZH_DEICTIC =
  /^(?:这|那|此)(?:个|些|里|边)?(?:文件|路径|目录|命令|分支|包|版本|端口|函数|方法|配置|值|方案|办法)?$/;
/** Words that fill a correction's slot without naming anything ("not really, it's fine"). */
const NOT_A_THING =
  /^(?:really|quite|sure|fine|good|bad|right|wrong|ok|okay|yet|now|so|correct|true|false|working|broken|done|needed|necessary|enough|it|that|this|好|对|错|可以|不行|没用)$/i;
const FILE_WORDS = /file|path|directory|dir|folder|config|文件|路径|目录|配置/i;
const COMMAND_WORDS = /command|script|命令|脚本/i;

/** Command-line programs whose names make a term code-like ("pnpm install"). */
const PROGRAMS =
  /^(?:npm|pnpm|yarn|bun|npx|node|nvm|deno|tsx|tsc|vitest|jest|mocha|pytest|pip3?|uv|poetry|python3?|cargo|go|git|gh|docker|podman|kubectl|helm|terraform|aws|gcloud|psql|mysql|make|cmake|brew|apt(?:-get)?|curl|wget|gem|bundle|mvn|gradle|dotnet|ls|cat|grep|rg|sed|awk)\b/i;

/** Trim quotes, backticks and trailing filler; take the backticked or quoted part when there is one. */
function cleanTerm(raw: string): string {
  const quoted = /`([^`]+)`|"([^"]+)"|“([^”]+)”|「([^」]+)」|'([^']+)'/.exec(raw);
  const inner = quoted ? (quoted.slice(1).find((group) => group !== undefined) ?? raw) : raw;
  const cleaned = inner
    .trim()
    .replace(
      /\s+(?:instead|please|here|then|now|anymore|any more|again|by hand|manually|directly|yourself)$/i,
      "",
    )
    .replace(/[了吧哦啊呀]+$/, "")
    .replace(/^[`"'“「]+|[`"'”」.。]+$/g, "")
    .trim();
  // "the compose.override.yml" / "the .env file" name one file: keep just its name.
  const bare = cleaned.replace(/^(?:the|a|an)\s+/i, "").replace(/\s+(?:file|folder|directory|dir|one)$/i, "");
  return bare !== cleaned && !/\s/.test(bare) && /[./_]/.test(bare) ? bare : cleaned;
}

/** True for a term too vague to teach anything: "this file", "the other one", "这个文件", or too long. */
export function isVagueTerm(term: string): boolean {
  const words = term.split(/\s+/).length;
  return (
    term.length < 2 ||
    term.length > 60 ||
    words > 8 ||
    DEICTIC.test(term) ||
    ZH_DEICTIC.test(term) ||
    NOT_A_THING.test(term) ||
    /\bones?$/i.test(term)
  );
}

/**
 * True for a term that reads well on its own inside "Use Y, not X": anything without Chinese, or
 * a short Chinese noun ("普通用户"). "admin 账号连生产库" does not: the user's sentence says it better.
 */
export function readsAsTerm(term: string | null): boolean {
  return term === null || !/\p{Script=Han}/u.test(term) || /^\p{Script=Han}{1,6}$/u.test(term);
}

/** True for code: one token with a dot, slash, digit or similar, or a command starting with a known program. */
export function isCodeLike(term: string): boolean {
  if (hasHan(term)) return false;
  return (!/\s/.test(term) && /[./_@:\\\-\d]/.test(term)) || PROGRAMS.test(term);
}

/** `term` in backticks when it is code-like and not already quoted. */
export function formatTerm(term: string): string {
  return term.includes("`") || !isCodeLike(term) ? term : `\`${term}\``;
}

function basename(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/**
 * The file or command the agent last acted on before a correction, for "not this file": a file
 * when the category or the right term is one, a command when either is one, else the last of both.
 */
function lastTarget(before: readonly TaskMessage[], category: string, right: string): string | null {
  // "not that one, it should be config.yaml": the right term says what kind of thing "that one" was.
  const fileLike = !/\s/.test(right) && /\.[a-z][a-z0-9]{0,7}$/i.test(right) && !PROGRAMS.test(right);
  const wantsCommand = COMMAND_WORDS.test(category) || (!fileLike && PROGRAMS.test(right));
  const wantsFile = FILE_WORDS.test(category) || fileLike;
  for (const row of [...before].reverse()) {
    if (row.kind !== "tool_call") continue;
    const command = toolCommand(row);
    const input = toolInputObject(row);
    const file = [input?.file_path, input?.path, input?.notebook_path].find(
      (value): value is string => typeof value === "string" && value.trim() !== "",
    );
    if (file !== undefined && !wantsCommand) return file;
    if (command !== null && !wantsFile) return command;
  }
  return null;
}

const ONLY_FOR_PATTERNS: readonly RegExp[] = [new RegExp(ONLY_FOR, "i"), new RegExp(ZH_ONLY_FOR)];

/** The term a sentence says is "only for" something else ("config.json is only for the old CLI"), or null. */
function onlyForTerm(sentence: string): string | null {
  for (const pattern of ONLY_FOR_PATTERNS) {
    const match = pattern.exec(sentence);
    const term = match ? cleanTerm(match[1] ?? "") : "";
    if (term !== "" && !isVagueTerm(term)) return term;
  }
  return null;
}

const FORMS = compiledEntries(CORRECTION_FORMS);

/**
 * What a correction sentence replaces (lexicon/correction-forms.ts). English: "instead of X, use Y", "use Y instead of X",
 * "don't use X, use Y", "Y, not X", "use Y, never X", "not X, it's Y", "not X, the app reads Y",
 * "X is only for …, use Y", "not X but Y", "wrong file, it's Y", "no, use Y", "use Y instead",
 * "I meant Y". Chinese: "不是X，应该是Y", "别用X，用Y", "不能用X，要用Y", "用Y，别用X" (not
 * "不能用X，不要用Y": two prohibitions are a constraint), "是Y不是X", "X只给…用，应用读的是Y",
 * "文件搞错了，应该是Y", "应该用Y", "我的意思是Y". A vague wrong term ("this file", "这个文件") is
 * replaced by the term the sentence says is "only for" something else ("config.json is only for
 * the old CLI"), else by the file or command the agent last acted on (`before`: the task's rows
 * before the correction); a vague right term is dropped. Null when neither term is usable.
 */
export function extractCorrection(sentence: string, before: readonly TaskMessage[] = []): Correction | null {
  for (const { entry, pattern } of FORMS) {
    const { wrong, right, wrongCategory } = entry;
    const match = pattern.exec(sentence);
    if (!match) continue;
    const rightTerm = right > 0 ? cleanTerm(match[right] ?? "") : "";
    let wrongTerm = wrong > 0 ? cleanTerm(match[wrong] ?? "") : "";
    const category = wrongCategory !== undefined ? (match[wrongCategory] ?? "") : wrongTerm;
    if ((wrongTerm === "" && wrongCategory !== undefined) || (wrongTerm !== "" && isVagueTerm(wrongTerm))) {
      const named = onlyForTerm(sentence);
      const target = named ?? lastTarget(before, category, rightTerm);
      wrongTerm =
        target === null ? "" : named !== null || rightTerm.includes("/") ? target : basename(target);
    }
    const result: Correction = {
      wrong: wrongTerm !== "" && !isVagueTerm(wrongTerm) ? wrongTerm : null,
      right: rightTerm !== "" && !isVagueTerm(rightTerm) ? rightTerm : null,
    };
    if (result.wrong !== null && result.wrong === result.right) return null;
    // "Use Y" / "Avoid X" alone teach something only when the term is concrete (code, a file, a command).
    if (result.wrong === null && (result.right === null || !isCodeLike(result.right))) return null;
    if (result.right === null && (result.wrong === null || !isCodeLike(result.wrong))) return null;
    return result;
  }
  return null;
}

/**
 * A correction as a rule: "Use `Y`, not `X`" / "应使用 `Y`，而不是 `X`"; "Use `Y`" / "应使用 `Y`"
 * when only Y is known; "Avoid `X`" / "避免使用 `X`" when only X is.
 */
export function phraseCorrection(correction: Correction, zh: boolean): string {
  const x = correction.wrong === null ? null : formatTerm(correction.wrong);
  const y = correction.right === null ? null : formatTerm(correction.right);
  if (y !== null && x !== null) return zh ? `应使用 ${y}，而不是 ${x}` : `Use ${y}, not ${x}`;
  if (y !== null) return zh ? `应使用 ${y}` : `Use ${y}`;
  return zh ? `避免使用 ${x}` : `Avoid ${x}`;
}

/** A preference as a rule: "Prefer `pnpm` over `npm`" / "优先使用 `pnpm`，而不是 `npm`". */
export function phrasePreference(preference: Preference, zh: boolean): string {
  const preferred = formatTerm(preference.preferred);
  const over = preference.over === null ? "" : formatTerm(preference.over);
  if (zh) return `优先使用 ${preferred}${over ? `，而不是 ${over}` : ""}`;
  return `Prefer ${preferred}${over ? ` over ${over}` : ""}`;
}

/** What a preference prefers, and over what. */
export interface Preference {
  preferred: string;
  over: string | null;
}

const PREFERENCE_LEAD = String.raw`\b(?:i(?:'d| would)?\s+(?:really\s+|generally\s+|usually\s+|much\s+|strongly\s+|personally\s+)?prefer(?:\s+to\s+use|\s+using)?|i'?d\s+(?:much\s+)?rather\s+(?:use|have)|always\s+use|(?:from now on|going forward|in the future|next time),?\s*(?:please\s+)?(?:always\s+)?use|i(?:'m|\s+am)\s+used\s+to(?:\s+using)?|we\s+(?:always\s+|usually\s+|normally\s+|generally\s+)?(?:use|prefer)|i\s+(?:usually|typically|normally|tend\s+to)\s+use|(?:let'?s\s+)?stick\s+(?:to|with)|i\s+(?:like|love)\s+(?:to\s+use|using)|my\s+preferred\s+\w+\s+is)`;
const PREFERENCE_OBJECT = String.raw`((?:[^,;!?\n]|\.(?=\S)){1,40}?)`;
const PREFERENCE_STOP = String.raw`(?=\s+(?:over|instead of|rather than|because|since|as|when|in (?:this|our)|here)\b|\s*[,;!?\n]|\.(?:\s|$)|$)`;
const ENGLISH_PREFERENCE = new RegExp(`${PREFERENCE_LEAD}\\s+${PREFERENCE_OBJECT}${PREFERENCE_STOP}`, "i");
/** The "over X" part stops at a preposition: "over npm for the install step" → npm. */
const OVER_STOP = String.raw`(?=\s+(?:for|in|on|with|when|because|since|as|here)\b|\s*[,;!?\n]|\.(?:\s|$)|$)`;
const ENGLISH_OVER = new RegExp(
  `^\\s+(?:over|instead of|rather than)\\s+${PREFERENCE_OBJECT}${OVER_STOP}`,
  "i",
);
/**
 * The thing a Chinese preference names: a modifier before a name in Latin letters is skipped
 * ("统一用他们封装的 @corp/logger", the modifier use-and-avoid.ts skips too), and an aside in brackets
 * ends it ("（底层其实也是 pino）").
 */
const ZH_OBJECT = `(?:${ZH_MODIFIER})?([^，,。；;！？!?\\n（(]{1,30}?)(?=\\s*(?:[，,。；;！？!?\\n（(]|$|吧|了|而不是|不要|别用))`;
const CHINESE_PREFERENCES: readonly RegExp[] = [
  new RegExp(
    `(?:更|比较|还是|一般|通常|平时|个人|一直)?(?:喜欢|偏好|倾向于?|习惯)(?:用|使用)?\\s*${ZH_OBJECT}`,
    "u",
  ),
  new RegExp(`(?:优先|首选|尽量)(?:用|使用|采用)\\s*${ZH_OBJECT}`, "u"),
  new RegExp(`以后(?:都|一律|统一|请|就)?(?:用|使用|改用)\\s*${ZH_OBJECT}`, "u"),
  new RegExp(`统一(?:用|使用)\\s*${ZH_OBJECT}`, "u"),
  new RegExp(`还是(?:先)?用\\s*${ZH_OBJECT}`, "u"),
];
const CHINESE_OVER =
  /^\s*[，,]?\s*(?:而不是|不要用|别用|不用)\s*([^，,。；;！？!?\n]{1,30}?)(?=[，,。；;！？!?\n]|$)/;

/**
 * The object of a stated preference: "I prefer pnpm over npm" → {pnpm, npm}; "From now on, use
 * named exports" → {named exports}; "我更喜欢用 pnpm" → {pnpm}; "以后都用 dayjs，而不是 moment" →
 * {dayjs, moment}. Null when no object of at most 6 words can be read, or the object is a human
 * language alone ("注释统一用英文": the sentence says what is written in it).
 */
export function extractPreference(sentence: string): Preference | null {
  const patterns: Array<{ pattern: RegExp; over: RegExp }> = [
    { pattern: ENGLISH_PREFERENCE, over: ENGLISH_OVER },
    ...CHINESE_PREFERENCES.map((pattern) => ({ pattern, over: CHINESE_OVER })),
  ];
  for (const { pattern, over } of patterns) {
    const match = pattern.exec(sentence);
    if (!match) continue;
    const preferred = cleanTerm(match[1] ?? "");
    if (preferred === "" || isVagueTerm(preferred) || preferred.split(/\s+/).length > 6) continue;
    // A language alone is no thing to prefer: "注释统一用英文" says what is written in it, kept whole.
    if (LANGUAGE_NAMES[preferred.toLowerCase()] !== undefined) continue;
    const rest = sentence.slice(match.index + match[0].length);
    const other = over.exec(rest);
    const overTerm = other ? cleanTerm(other[1] ?? "") : "";
    return { preferred, over: overTerm !== "" && !isVagueTerm(overTerm) ? overTerm : null };
  }
  return null;
}

/** `global` for a first-person-singular taste that does not name the project; else `project`. */
export function preferenceScope(sentence: string): "project" | "global" {
  if (/\b(?:we|our|us)\b|this (?:repo|project|codebase)|\bhere\b|我们|项目|仓库|团队|这里/i.test(sentence))
    return "project";
  return /\bi\b|\bi'[a-z]+|\bm[ey]\b|我/i.test(sentence) ? "global" : "project";
}

/**
 * A sentence without the lead-ins it opens with (see core/lexicon/lead-ins.ts: "And", "Also",
 * "Firstly,", "而且", "另外"), first letter upper-cased (English).
 */
export function stripConnectives(sentence: string): string {
  const text = stripLeadIns(sentence);
  // "build 之前先设置…" and "httpx.AsyncClient …" stay as written (see sentenceCase).
  return sentenceCase(text);
}

/** The words of a command's first real step: `cd x &&`, env assignments and `sudo` are skipped. */
function commandWords(command: string): string[] {
  const steps = command.split(/\s*(?:&&|\|\||;|\|)\s*/).filter((step) => !/^cd\s/.test(step.trim()));
  const words = (steps[0] ?? "").trim().split(/\s+/);
  while (words.length > 0 && (/^\w+=/.test(words[0] ?? "") || words[0] === "sudo")) words.shift();
  return words.filter((word) => word !== "");
}

/**
 * True when `replacement` looks like another way to do what `failed` tried: the same program
 * with the same subcommand (`npm install` → `npm install --legacy-peer-deps`), or another
 * program sharing an argument (`npm install` → `pnpm install`, `python x.py` → `python3 x.py`).
 * `tree /a` → `ls -la /a/b` is not.
 */
export function relatedCommands(failed: string | null, replacement: string | null): boolean {
  if (failed === null || replacement === null || failed === replacement) return false;
  // A set-up step, then the same command: `ulimit -n 10240 && npm run dev` after `npm run dev`.
  const steps = replacement.split(/\s*(?:&&|;)\s*/);
  if (steps.length > 1 && steps.at(-1)?.trim() === failed.trim()) return true;
  const [first, second] = [commandWords(failed), commandWords(replacement)];
  const argumentsOf = (words: string[]) => words.slice(1).filter((word) => !word.startsWith("-"));
  const [firstArguments, secondArguments] = [argumentsOf(first), argumentsOf(second)];
  if (first[0] === undefined || second[0] === undefined) return false;
  // The same program doing the same thing, wherever a flag's value puts it (`idf.py -p
  // /dev/ttyACM0 flash` for `idf.py flash`).
  if (first[0] === second[0])
    return firstArguments[0] !== undefined && secondArguments.includes(firstArguments[0]);
  return firstArguments.some((word) => secondArguments.includes(word));
}

/** Commands that only look around (status, logs, listings): never the step that fixed a failure. */
const LOOK_ONLY_COMMAND =
  /^(?:git (?:status|log|diff|show|branch|remote|rev-parse|ls-files|config --get|fetch --dry-run)|(?:npm|pnpm|yarn|bun) (?:ls|list|view|info|outdated|why|config get)|docker (?:ps|images|logs|inspect)|kubectl (?:get|describe|logs))\b|\s--?(?:version|help|v|h)$/;

/**
 * True when `fix` can be the step that made a failed `retried` command pass when re-run: the
 * same program, another command, and not one that only looks around. `git pull --rebase origin
 * main` before `git push origin main` is; `git status` or `ls` before it is not.
 */
export function isFixBeforeRetry(fix: string, retried: string): boolean {
  const [fixWords, retriedWords] = [commandWords(fix), commandWords(retried)];
  if (fixWords[0] === undefined || fixWords[0] !== retriedWords[0]) return false;
  const fixCommand = fixWords.join(" ");
  return fixCommand !== retriedWords.join(" ") && !LOOK_ONLY_COMMAND.test(fixCommand);
}
