/**
 * The offline default Embedder: signed feature hashing of word, phrase and character n-grams.
 * Pure TypeScript, deterministic, no IO, no model files. It measures shared wording, not meaning:
 * "use pnpm" and "prefer pnpm" match, "use pnpm" and "avoid npm" do not. Calibrated on
 * `bench/embedder-calibration.ts` so the dedup thresholds (0.85 / 0.60) are meaningful.
 */
import { InvalidInputError } from "../core/errors.js";
import { normalizeInPlace } from "../core/vector.js";
import type { Embedder, EmbedOptions, EmbedResult } from "./embedder.js";

/**
 * How much each feature group counts. A group's share of the cosine is its weight divided by the
 * sum of the weights of the groups both texts have, so the similarity is a weighted average of
 * per-group similarities.
 */
export interface HashingFeatureWeights {
  /** Word unigrams (light-stemmed), whole identifiers, and CJK character bigrams. */
  words: number;
  /** Unordered pairs of neighbouring content words (within `phraseWindow`). */
  phrases: number;
  /** Character 3- and 4-grams of Latin words, and single CJK characters. */
  characters: number;
  /**
   * Weight of a feature every text shares, relative to the content groups. With `shared = c`, a
   * content similarity r becomes about (r + c) / (1 + c) (exactly, when both texts have the same
   * groups): one affine lift for every pair, the way neural embeddings share a common direction. It places the fixed
   * 0.60 / 0.85 dedup thresholds where lexical scores separate and never changes which lesson is nearer.
   */
  shared: number;
  /** Multiplier for English function words and Chinese particles (the, is, 的, 了 …). */
  stopWord: number;
}

/** Options of {@link createHashingEmbedder}. */
export interface HashingEmbedderOptions {
  /** Vector length. Default 512: fewer collisions than 384 at 2 KB per vector. */
  dimensions?: number;
  /** Override feature weights (changes `modelId`, so old vectors are not compared with new). */
  weights?: Partial<HashingFeatureWeights>;
  /** Content words this far apart still form a phrase pair. Default 2. */
  phraseWindow?: number;
}

/** The hashing embedder: the async port plus a synchronous call for the hook path. */
export interface HashingEmbedder extends Embedder {
  /**
   * Embeds one text synchronously, with unit length. Texts with no words (empty, only
   * punctuation) all embed to one vector that scores `shared / (1 + shared)` (0.375 by default)
   * against any other text.
   */
  embedSync(text: string): Float32Array;
}

/** Default feature weights, chosen on the calibration set (see `bench/embedder-calibration.ts`). */
export const DEFAULT_HASHING_WEIGHTS: Readonly<HashingFeatureWeights> = Object.freeze({
  words: 0.45,
  phrases: 0.15,
  characters: 0.4,
  shared: 0.6,
  stopWord: 0.15,
});

const DEFAULT_DIMENSIONS = 512;
const DEFAULT_PHRASE_WINDOW = 2;
const MODEL_VERSION = "hashing-v1";

/** Creates the offline hashing embedder. Pure: equal text and options give equal vectors. */
export function createHashingEmbedder(options: HashingEmbedderOptions = {}): HashingEmbedder {
  const dimensions = options.dimensions ?? DEFAULT_DIMENSIONS;
  if (!Number.isInteger(dimensions) || dimensions < 16) {
    throw new InvalidInputError({
      message: `must be an integer ≥ 16, got ${dimensions}`,
      field: "dimensions",
    });
  }
  const weights = { ...DEFAULT_HASHING_WEIGHTS, ...options.weights };
  const phraseWindow = options.phraseWindow ?? DEFAULT_PHRASE_WINDOW;
  const custom = options.weights !== undefined || phraseWindow !== DEFAULT_PHRASE_WINDOW;
  // A different recipe gets a different id, so its vectors are never compared with the default's.
  const modelId = custom
    ? `${MODEL_VERSION}-${(fnv1a(JSON.stringify([weights, phraseWindow])) >>> 0).toString(16)}`
    : MODEL_VERSION;

  const embedSync = (text: string): Float32Array => {
    const features = extractFeatures(text, weights.stopWord, phraseWindow);
    const vector = new Float32Array(dimensions);
    let present = 0;
    for (const [group, bag] of features) {
      if (addBag(vector, bag, Math.sqrt(weights[group]))) present += weights[group];
    }
    // A text without words gets one marker feature rather than a zero vector, which sqlite-vec
    // would return first with a NULL distance.
    if (present === 0) {
      present = 1;
      addBag(vector, EMPTY, 1);
    }
    // Scaled by the groups present, so the lift is the same for Chinese-only and English text.
    if (weights.shared > 0) addBag(vector, SHARED, Math.sqrt(weights.shared * present));
    return normalizeInPlace(vector);
  };

  return {
    provider: "tacit",
    modelId,
    dimensions,
    embedSync,
    async embed({ values, abortSignal }: EmbedOptions): Promise<EmbedResult> {
      abortSignal?.throwIfAborted();
      return { embeddings: values.map(embedSync) };
    },
  };
}

/** The feature groups of {@link HashingFeatureWeights} that come from the text. */
export type HashingFeatureGroup = "words" | "phrases" | "characters";
/** Feature → weight before normalization, per group. */
export type HashingFeatures = Map<HashingFeatureGroup, Map<string, number>>;

const SHARED = new Map([["\u0000shared", 1]]);
const EMPTY = new Map([["\u0000empty", 1]]);

/**
 * Adds one group, unit-normalized then scaled, into `vector` by signed feature hashing.
 * Returns false (adding nothing) for a group with no weight, e.g. only stop words at weight 0.
 */
function addBag(vector: Float32Array, bag: Map<string, number>, scale: number): boolean {
  let norm = 0;
  for (const weight of bag.values()) norm += weight * weight;
  if (norm === 0 || scale === 0) return false;
  const factor = scale / Math.sqrt(norm);
  for (const [feature, weight] of bag) {
    const hash = fmix32(fnv1a(feature));
    const index = (hash >>> 0) % vector.length;
    const sign = fmix32(hash ^ 0x9e3779b9) & 1 ? 1 : -1;
    vector[index]! += sign * weight * factor;
  }
  return true;
}

/**
 * The features of one text, grouped, with sublinear term frequency (1 + ln tf) already applied.
 * Exported for tests and the calibration bench.
 */
export function extractFeatures(
  text: string,
  stopWordWeight: number = DEFAULT_HASHING_WEIGHTS.stopWord,
  phraseWindow: number = DEFAULT_PHRASE_WINDOW,
): HashingFeatures {
  const counts: Record<HashingFeatureGroup, Map<string, { count: number; weight: number }>> = {
    words: new Map(),
    phrases: new Map(),
    characters: new Map(),
  };
  const add = (group: HashingFeatureGroup, feature: string, weight: number) => {
    const entry = counts[group].get(feature);
    if (entry) {
      entry.count++;
      entry.weight = Math.max(entry.weight, weight);
    } else counts[group].set(feature, { count: 1, weight });
  };
  const content: string[] = [];

  for (const match of text.normalize("NFKC").matchAll(SEGMENT)) {
    const segment = match[0];
    if (CJK_CHAR.test(segment)) {
      addCjk(segment, stopWordWeight, add);
      continue;
    }
    for (const token of splitToken(segment)) {
      if (token.compound) {
        add("words", `w:${token.text}`, 1);
        continue;
      }
      const stop = STOP_WORDS.has(token.text) || token.text.length === 1;
      const weight = stop ? stopWordWeight : 1;
      add("words", `w:${stop ? token.text : stem(token.text)}`, weight);
      if (!/^\d+$/.test(token.text)) {
        for (const gram of characterGrams(token.text)) add("characters", `c:${gram}`, weight);
      }
      if (!stop) content.push(stem(token.text));
    }
  }
  for (let left = 0; left < content.length; left++) {
    for (let right = left + 1; right <= left + phraseWindow && right < content.length; right++) {
      const a = content[left]!;
      const b = content[right]!;
      if (a !== b) add("phrases", a < b ? `p:${a} ${b}` : `p:${b} ${a}`, right === left + 1 ? 1 : 0.5);
    }
  }

  const bags: HashingFeatures = new Map();
  for (const group of ["words", "phrases", "characters"] as const) {
    const bag = new Map<string, number>();
    for (const [feature, { count, weight }] of counts[group])
      bag.set(feature, weight * (1 + Math.log(count)));
    bags.set(group, bag);
  }
  return bags;
}

/** CJK runs or identifier-like runs (letters, digits and the connectors . _ - / : @ # $ ~ '). */
const SEGMENT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}\p{M}_.\-/:@#$~'’]+/gu;
const CJK_CHAR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CONNECTORS = /[_.\-/:@#$~]+/;
const CAMEL_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

interface Token {
  text: string;
  /** A whole identifier such as `config.yaml`, emitted beside its parts. */
  compound: boolean;
}

/**
 * Splits one Latin segment into lowercase tokens: `config.yaml` → `config.yaml`, `config`,
 * `yaml`; `getUserName` → `getusername`, `get`, `user`, `name`; `don't` → `do`, `not`.
 * Common abbreviations are expanded (`repo` → `repository`).
 */
function splitToken(segment: string): Token[] {
  const trimmed = segment.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  if (trimmed === "") return [];
  const contraction = /^(\p{L}+)n['’]t$/u.exec(trimmed);
  if (contraction) {
    const head = contraction[1]!.toLowerCase();
    return [
      { text: head === "wo" ? "will" : head === "ca" ? "can" : head, compound: false },
      { text: "not", compound: false },
    ];
  }
  const clean = trimmed.replace(/['’]s$/u, "").replace(/['’]/gu, "");
  const parts = clean
    .split(CONNECTORS)
    .flatMap((part) => part.split(CAMEL_BOUNDARY))
    .filter((part) => part !== "")
    .map((part) => expand(part.toLowerCase()));
  if (parts.length <= 1) return parts.map((text) => ({ text, compound: false }));
  return [{ text: clean.toLowerCase(), compound: true }, ...parts.map((text) => ({ text, compound: false }))];
}

/** CJK: single characters as character features, bigrams as word features. */
function addCjk(
  run: string,
  stopWordWeight: number,
  add: (group: HashingFeatureGroup, feature: string, weight: number) => void,
): void {
  const characters = Array.from(run);
  for (let index = 0; index < characters.length; index++) {
    const character = characters[index]!;
    const stop = CJK_STOP.has(character);
    add("characters", `h:${character}`, stop ? stopWordWeight : 1);
    const next = characters[index + 1];
    if (next !== undefined) {
      add("words", `w:${character}${next}`, stop || CJK_STOP.has(next) ? stopWordWeight : 1);
    }
  }
  // A lone character is also a word (e.g. 用 between two Latin identifiers).
  if (characters.length === 1) add("words", `w:${run}`, CJK_STOP.has(run) ? stopWordWeight : 1);
}

/** Character 3- and 4-grams of `<word>` (with boundary marks). */
function characterGrams(word: string): string[] {
  const marked = `<${word}>`;
  const grams: string[] = [];
  for (const size of [3, 4]) {
    for (let start = 0; start + size <= marked.length; start++) grams.push(marked.slice(start, start + size));
  }
  return grams;
}

/**
 * A light English stemmer, consistent rather than correct: use/uses/used/using → `us`,
 * file/files → `fil`, test/tests/testing/tested → `test`, run/running → `run`.
 */
export function stem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  let result = word;
  if (result.endsWith("ies") && result.length > 4) result = `${result.slice(0, -3)}y`;
  else if (result.endsWith("sses")) result = result.slice(0, -2);
  else if (/(ches|shes|xes|zes|ses|es)$/.test(result) && result.length > 4 && /[^aeiou]es$/.test(result)) {
    result = result.slice(0, -2);
  } else if (result.endsWith("s") && !/(ss|us|is)$/.test(result)) result = result.slice(0, -1);
  const suffix = /(ing|ed)$/.exec(result);
  // "need" and "thing" keep their endings: the rest must be 2+ letters with a vowel, not "ee".
  const rest = suffix ? result.slice(0, -suffix[0].length) : "";
  if (suffix && rest.length >= 2 && /[aeiouy]/.test(rest) && !result.endsWith("eed")) {
    result = rest;
    if (/([^aeiouylsz])\1$/.test(result)) result = result.slice(0, -1);
  }
  if (result.endsWith("e") && result.length >= 3) result = result.slice(0, -1);
  return result;
}

/** Spelling variants and abbreviations common in coding-agent lessons. */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  repo: "repository",
  repos: "repositories",
  dir: "directory",
  dirs: "directories",
  folder: "directory",
  folders: "directories",
  env: "environment",
  envs: "environments",
  var: "variable",
  vars: "variables",
  deps: "dependencies",
  dep: "dependency",
  pkg: "package",
  pkgs: "packages",
  db: "database",
  config: "configuration",
  configs: "configurations",
  cfg: "configuration",
  auth: "authentication",
  creds: "credentials",
  perms: "permissions",
  docs: "documentation",
  doc: "documentation",
  msg: "message",
  prod: "production",
  dev: "development",
  args: "arguments",
  arg: "argument",
  params: "parameters",
  param: "parameter",
  info: "information",
  impl: "implementation",
};

function expand(word: string): string {
  return ABBREVIATIONS[word] ?? word;
}

/** English function words: kept, but down-weighted. Negations (not, never, no) are content. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the this that these those is are was were be been being am to of in on at for with by from as " +
    "and or but it its into onto than then so if when while do does did done i we you they he she me my " +
    "our your their them us will would should shall can could may might must just also here there all " +
    "any some such only very please make sure ensure always instead rather over about which what who whom " +
    "via per each every both either"
  ).split(" "),
);

/** Chinese particles and fillers, down-weighted like English function words. 不 and 别 stay. */
const CJK_STOP: ReadonlySet<string> = new Set(
  Array.from("的了是在和与及就都也把被这那个们吗呢吧啊着过之其或而给让对将所得地请该"),
);

/** 32-bit FNV-1a over UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** murmur3's 32-bit finalizer: spreads FNV's weak low bits across the word. */
function fmix32(value: number): number {
  let hash = value;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
