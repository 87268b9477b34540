/**
 * Lesson text compared as text: the normalisation that makes two wordings of a trigger or rule equal
 * for exact-duplicate detection (English and Chinese), and the FNV-1a hash content hashes are built
 * on. Pure.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}]/u;
const PUNCTUATION = /\p{P}/u;
/** Punctuation that may join two words (`config.ts`, `snake_case`, `don't`, `src/core`, `@scope`). */
const JOINERS = new Set([".", "_", "-", "'", "/", "@", "#", "&"]);
const INVISIBLE = /\p{Cf}/gu;
const QUOTE_MAP: Readonly<Record<string, string>> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201C": '"',
  "\u201D": '"',
};

/**
 * Normalize lesson text for exact-duplicate detection, in English and Chinese:
 * NFKC (full-width letters, digits and punctuation become half-width), lower case, curly quotes
 * and dashes unified, invisible characters dropped, punctuation turned into a space unless it is
 * one of `. _ - ' / @ # &` joining two non-CJK word characters (`file.ts`, `don't`, `snake_case`
 * survive; `a,b` becomes `a b`), whitespace
 * collapsed, and spaces next to CJK characters removed (`按 文件 类型` = `按文件类型`).
 */
export function normalizeLessonText(text: string): string {
  const known = NORMALIZED.get(text);
  if (known !== undefined) return known;
  const normalized = normalizeUncached(text);
  // A lesson merged in every task of a long session has its evidence keyed again on each merge:
  // the memo keeps that linear. Bounded, and dropped whole when full (the keys are cheap to redo).
  if (NORMALIZED.size >= MAX_NORMALIZED) NORMALIZED.clear();
  NORMALIZED.set(text, normalized);
  return normalized;
}

const MAX_NORMALIZED = 20_000;
const NORMALIZED = new Map<string, string>();

function normalizeUncached(text: string): string {
  const chars = Array.from(text.normalize("NFKC").toLowerCase().replace(INVISIBLE, ""), (char) =>
    /\p{Pd}/u.test(char) ? "-" : (QUOTE_MAP[char] ?? char),
  );
  let out = "";
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] as string;
    if (/\s/u.test(char)) {
      out += " ";
    } else if (PUNCTUATION.test(char)) {
      const previous = chars[index - 1];
      const next = chars[index + 1];
      const joins =
        JOINERS.has(char) &&
        previous !== undefined &&
        next !== undefined &&
        WORD.test(previous) &&
        WORD.test(next) &&
        !CJK.test(previous) &&
        !CJK.test(next);
      out += joins ? char : " ";
    } else {
      out += char;
    }
  }
  const collapsed = out.replace(/\s+/gu, " ").trim();
  let result = "";
  const parts = Array.from(collapsed);
  for (let index = 0; index < parts.length; index++) {
    const char = parts[index] as string;
    if (char === " ") {
      const previous = parts[index - 1] ?? "";
      const next = parts[index + 1] ?? "";
      if (CJK.test(previous) || CJK.test(next)) continue;
    }
    result += char;
  }
  return result;
}

const FNV_OFFSET_64 = 0xcbf29ce484222325n;
const FNV_PRIME_64 = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/** FNV-1a 64-bit hash of the UTF-8 bytes of `text`, as 16 lower-case hex digits. */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET_64;
  for (const byte of utf8Bytes(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME_64) & MASK_64;
  }
  return hash.toString(16).padStart(16, "0");
}

function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code < 0x80) {
      bytes.push(code);
    } else if (code < 0x800) {
      bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
    }
  }
  return bytes;
}
