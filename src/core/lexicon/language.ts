/**
 * The one language detector: which language derived text (titles, triggers, rules) is written in.
 * Chinese when the text has Han characters and no Japanese kana; English otherwise (Japanese and
 * other text get English). Pure.
 */

/** Han characters (Chinese, and the kanji of Japanese). */
export const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Characters of Chinese, Japanese and Korean, which are written without spaces. */
export const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** "zh" for Chinese text (Han characters without Japanese kana), else "en". */
export function languageOf(text: string): "zh" | "en" {
  return HAN.test(text) && !KANA.test(text) ? "zh" : "en";
}

/** True when `text` has a Han character ("用 pnpm", "config.yaml 不对"). */
export function hasHan(text: string): boolean {
  return HAN.test(text);
}

/** The number of Han characters in `text`. */
export function hanCount(text: string): number {
  return text.match(/\p{Script=Han}/gu)?.length ?? 0;
}
