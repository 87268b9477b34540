/**
 * The secrets corpus the redaction tests replay: every example of every secret kind
 * (core/secret-lexicon.ts) and secret name (core/secret-names.ts), with its secret generated from
 * the example's parts by a seeded generator. Nothing real-looking is committed: a key exists only
 * while a test runs.
 */

import { KeywordScanner } from "../core/keyword-scan.js";
import {
  EXAMPLE_CHARSETS,
  type ExamplePart,
  SECRET_KINDS,
  type SecretExample,
} from "../core/secret-lexicon.js";
import { SECRET_NAMES } from "../core/secret-names.js";

/** One generated example. */
export interface SecretCase {
  /** The lexicon entry: a kind id, or `name:<first word>` for a secret name. */
  kind: string;
  /** The example text with the secret in it. */
  text: string;
  /** The whole secret. */
  secret: string;
  /** Its random parts: none of them may survive redaction anywhere. */
  parts: string[];
  /** Text around the secret that redaction must keep. */
  kept?: string;
}

/** A small seeded generator (mulberry32): the same seed gives the same corpus. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Builds an example's secret: literal parts as they are, random parts drawn from their charset. */
export function buildSecret(
  parts: readonly ExamplePart[],
  random: () => number,
): { secret: string; random: string[] } {
  const drawn: string[] = [];
  const secret = parts
    .map((part) => {
      if (typeof part === "string") return part;
      const chars = EXAMPLE_CHARSETS[part.chars];
      let text = "";
      for (let index = 0; index < part.length; index++) text += chars[Math.floor(random() * chars.length)];
      drawn.push(text);
      return text;
    })
    .join("");
  return { secret, random: drawn };
}

function exampleCase(kind: string, example: SecretExample, random: () => number): SecretCase {
  const { secret, random: drawn } = buildSecret(example.secret, random);
  return {
    kind,
    text: example.text.replace("{secret}", secret),
    secret,
    parts: drawn.filter((part) => part.length >= 6),
    ...(example.kept ? { kept: example.kept } : {}),
  };
}

/** Every example of every secret kind and secret name, generated with `seed`. */
export function secretCorpus(seed = 20_261_125): SecretCase[] {
  const random = seededRandom(seed);
  return [
    ...SECRET_KINDS.flatMap((kind) => kind.examples.map((example) => exampleCase(kind.id, example, random))),
    ...SECRET_NAMES.flatMap((name) =>
      name.examples.map((example) => exampleCase(`name:${name.words[0]}`, example, random)),
    ),
  ];
}

/** A scanner over every secret and random part of a corpus, built once per corpus. */
const scanners = new WeakMap<readonly SecretCase[], { scanner: KeywordScanner; owners: SecretCase[] }>();

/**
 * The cases whose secret (or any random part of it) appears in `haystack`, in one pass (the
 * database is tens of megabytes; searching it once per part would take minutes).
 */
export function leakedCases(haystack: string | Buffer, corpus: readonly SecretCase[]): SecretCase[] {
  let entry = scanners.get(corpus);
  if (!entry) {
    const owners: SecretCase[] = [];
    const needles: string[] = [];
    for (const item of corpus) {
      for (const part of [item.secret, ...item.parts]) {
        needles.push(part);
        owners.push(item);
      }
    }
    entry = { scanner: new KeywordScanner(needles), owners };
    scanners.set(corpus, entry);
  }
  // Secrets are ASCII: a byte-for-character reading of a buffer finds them wherever they are.
  const text = typeof haystack === "string" ? haystack : haystack.toString("latin1");
  const { scanner, owners } = entry;
  const leaked = new Set<SecretCase>();
  scanner.scan(text, (needle, end) => {
    const part = scanner.keywords[needle] as string;
    // The scanner ignores ASCII case; a leak is the exact text.
    if (text.startsWith(part, end - part.length)) leaked.add(owners[needle] as SecretCase);
  });
  return corpus.filter((item) => leaked.has(item));
}
