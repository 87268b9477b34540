/**
 * Human languages as a rule names them, in English and Chinese, each stored by its code however
 * it is written ("English", 英文, 英语 → en; "Chinese", 中文, 汉语 → zh): the value of a slot that says
 * which language a kind of text is written in, or answers are (slots-language.ts). Programming
 * languages are not here: "write it in Go" names none. Pure.
 */
import { escapeRegExp } from "../regexp.js";
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";
import { CJK_CHARACTER } from "./language.js";

/** One human language: the code it is stored as and the names a rule writes it with. */
export interface HumanLanguage extends LexiconEntry {
  /** The code it is stored as ("en", "zh"). */
  code: string;
  /** How a rule writes it, the usual name of each script first ("English", 英文, 英语). */
  names: readonly string[];
}

/** A name as a word of its own: not inside a longer Latin word ("Englishman" is no name here). */
const asWord = (name: string) =>
  CJK_CHARACTER.test(name) ? escapeRegExp(name) : `(?<![A-Za-z])${escapeRegExp(name)}(?![A-Za-z])`;

/** Names longest first, so "简体中文" wins over "中文". */
const longestFirst = (names: readonly string[]) =>
  [...names].sort((first, second) => second.length - first.length);

const language = (code: string, names: readonly string[], example: string): HumanLanguage => ({
  code,
  names,
  pattern: new RegExp(longestFirst(names).map(asWord).join("|")),
  example,
});

/** Every human language a rule may name, in English and Chinese. */
export const HUMAN_LANGUAGES = defineLexicon("human-languages", [
  language("en", ["English", "英文", "英语"], "comments in English please"),
  language("zh", ["Chinese", "Mandarin", "中文", "汉语", "简体中文", "华文"], "提交信息用中文写"),
  language("ja", ["Japanese", "日文", "日语"], "error messages are in Japanese"),
  language("ko", ["Korean", "韩文", "韩语"], "UI text in Korean"),
  language("de", ["German", "Deutsch", "德文", "德语"], "write commit messages in German"),
  language("fr", ["French", "法文", "法语"], "docs in French"),
  language("es", ["Spanish", "西班牙文", "西班牙语"], "log messages in Spanish"),
  language("pt", ["Portuguese", "葡萄牙文", "葡萄牙语"], "UI strings in Portuguese"),
  language("it", ["Italian", "意大利文", "意大利语"], "docs in Italian"),
  language("ru", ["Russian", "俄文", "俄语"], "comments in Russian"),
]);

/** Every name of a language, lower case → its code. */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  HUMAN_LANGUAGES.entries.flatMap((entry) => entry.names.map((name) => [name.toLowerCase(), entry.code])),
);

/** Any name of a language, as a word of its own; `capture` makes it a capture group. */
export function languageName(capture: boolean): string {
  const names = longestFirst(HUMAN_LANGUAGES.entries.flatMap((entry) => entry.names)).map(asWord);
  return `(${capture ? "" : "?:"}${names.join("|")})`;
}
