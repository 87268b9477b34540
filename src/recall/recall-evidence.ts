/**
 * Memory evidence for recall: what users and assistants said and the tool calls that failed, in
 * the project's other sessions, found by full text and by vector; the situations (asks and errors)
 * lessons were learnt in; and the vector helpers recall shares. See docs/recall.md.
 */
import { errorExcerpt } from "../core/error-line.js";
import { harnessOrigin } from "../core/harness-text.js";
import { isChitChat } from "../core/lexicon/small-talk-cues.js";
import type { EvidenceAttribution, RecallCandidate } from "../core/recall/context.js";
import { contentTerms, ftsMatchQuery } from "../core/recall/fts-text.js";
import { reciprocalRankFusion } from "../core/recall/fusion.js";
import { type PromptProfile, relevance } from "../core/recall/scoring.js";
import { evidenceStatement } from "../core/recall/statements.js";
import { cosineSimilarity } from "../core/vector.js";
import type { Embedder } from "../models/embedder.js";
import type { EvidenceRow } from "../store/recall-store.js";
import type { Store } from "../store/store.js";
import type { RecallConfig } from "./recall.js";

export async function evidenceFor(search: {
  store: Store;
  embedder: Embedder;
  id: string;
  config: RecallConfig;
  projectId: string | null;
  match: string | null;
  queryVector: Float32Array;
  queryTerms: ReadonlySet<string>;
  profile: PromptProfile;
  sessionId?: string;
}): Promise<{ candidates: RecallCandidate[]; asks: Ask[] }> {
  const { config } = search;
  const { lexical, near } = await messagesLike(search, search.match, search.queryVector);
  const rows = new Map<string, EvidenceRow>();
  for (const row of [...lexical, ...near.map((hit) => hit.row)]) rows.set(row.messageId, row);
  const fused = reciprocalRankFusion([
    lexical.map((row) => row.messageId),
    near.map((hit) => hit.row.messageId),
  ]).slice(0, config.pool);
  const chosen = fused
    .map((hit) => rows.get(hit.id) as EvidenceRow)
    .filter((row) => !isNarration(row) && !isHarnessText(row) && !isChitChat(evidenceText(row)));
  if (chosen.length === 0) return { candidates: [], asks: [] };
  const vectors = await messageVectorsOf(search, chosen, near);
  const texts = chosen.map(evidenceText);
  const lexicalHits = new Set(lexical.map((row) => row.messageId));
  const asks: Ask[] = [];
  const candidates = chosen.map((row, index): RecallCandidate => {
    const topic = cosineSimilarity(search.queryVector, vectors.get(row.pk) as Float32Array);
    const shared = overlap(search.queryTerms, texts[index] as string);
    const rowRelevance = relevance(
      config.relevance,
      {
        topic,
        sharedTerms: shared,
        lexicalHit: lexicalHits.has(row.messageId),
        text: texts[index] as string,
      },
      search.profile,
    );
    // What the user asked, or an error the agent ran into: the situations lessons were learnt in.
    if (row.role === "user" || row.isError) asks.push({ messagePk: row.pk, relevance: rowRelevance });
    const attribution = evidenceAttribution(row);
    return {
      kind: "evidence",
      id: row.messageId,
      text: evidenceStatement({
        attribution,
        text: texts[index] as string,
        at: row.createdAt,
        toolName: row.toolName,
      }),
      attribution,
      score: round(topic),
      relevance: rowRelevance,
      parts: { topicSimilarity: round(topic), sharedTerms: shared },
    };
  });
  return { candidates, asks };
}

/** What a user asked in an earlier session of the project, and how relevant it is to the prompt. */
export interface Ask {
  messagePk: number;
  relevance: number;
}

/**
 * The same error, met in an earlier session of the project: the session's latest failed tool call
 * against the project's other failed calls (full text and vectors). Its situations are the tasks
 * where that error was met, and the lessons learnt there ("run `npx prisma generate` first") come
 * back when it happens again, whatever the user types ("why are they failing?"). Each as an ask
 * whose relevance is the two errors' similarity.
 */
export async function errorsMetBefore(
  search: MessageSearch & { embedder: Embedder },
  failed: Pick<EvidenceRow, "content" | "toolOutput" | "isError">,
): Promise<Ask[]> {
  const text = evidenceText(failed);
  const [vector] = (await embedAll(search.embedder, [text])) as [Float32Array];
  const { lexical, near } = await messagesLike(search, ftsMatchQuery(text), vector);
  const byPk = new Map([...lexical, ...near.map((hit) => hit.row)].map((row) => [row.pk, row]));
  const errors = [...byPk.values()].filter((row) => row.isError);
  const vectors = await messageVectorsOf(search, errors, near);
  return errors.map((row) => ({
    messagePk: row.pk,
    relevance: cosineSimilarity(vector, vectors.get(row.pk) as Float32Array),
  }));
}

/** Where and how recall searches captured messages: the project's other sessions, `pool` each way. */
interface MessageSearch {
  store: Store;
  id: string;
  config: RecallConfig;
  projectId: string | null;
  sessionId?: string | null;
}

/** Messages like a text: its full-text hits and its vector's nearest neighbours (with their vectors). */
async function messagesLike(search: MessageSearch, match: string | null, vector: Float32Array) {
  const { store, config } = search;
  const excludeSessionId = search.sessionId ?? undefined;
  const lexical = match
    ? await store.searchMessages({ match, projectId: search.projectId, excludeSessionId, limit: config.pool })
    : [];
  const near = await store.nearestMessages({
    embedderId: search.id,
    vector,
    projectId: search.projectId,
    excludeSessionId,
    k: config.pool,
  });
  return { lexical, near };
}

/** The vectors of evidence rows (see {@link vectorsOf}). */
function messageVectorsOf(
  search: MessageSearch & { embedder: Embedder },
  rows: readonly EvidenceRow[],
  near: ReadonlyArray<{ row: EvidenceRow; vector: Float32Array }>,
): Promise<Map<number, Float32Array>> {
  return vectorsOf({
    items: rows,
    key: (row) => row.pk,
    known: near.map((hit) => [hit.row.pk, hit.vector]),
    read: (pks) => search.store.messageVectors(search.id, pks),
    embedder: search.embedder,
    text: evidenceText,
  });
}

/** The lessons learnt in the tasks of these asks, each with its most relevant ask's relevance. */
export async function situationsOf(store: Store, asks: readonly Ask[]): Promise<Map<string, number>> {
  const situations = new Map<string, number>();
  if (asks.length === 0) return situations;
  const byPk = new Map<number, number>();
  for (const ask of asks) byPk.set(ask.messagePk, Math.max(ask.relevance, byPk.get(ask.messagePk) ?? 0));
  for (const link of await store.lessonsLearntAt([...byPk.keys()])) {
    const value = byPk.get(link.messagePk) ?? 0;
    if (value > (situations.get(link.lessonId) ?? 0)) situations.set(link.lessonId, value);
  }
  return situations;
}

/**
 * The separate asks of a prompt ("install the deps, start the api and check its health" → three),
 * each of at least two words; none when the prompt is a single ask.
 */
export function promptClauses(prompt: string): string[] {
  const parts = prompt
    .split(/[,;，；。]|\s+(?:and then|then|and|also)\s+|然后|并且|再把|接着/i)
    .map((part) => part.trim())
    .filter((part) => part.split(/\s+/).length >= 2 || /[\u3400-\u9fff]{3,}/.test(part));
  return parts.length >= 2 ? parts.slice(0, 4) : [];
}

export function overlap(terms: ReadonlySet<string>, text: string): number {
  let shared = 0;
  for (const term of contentTerms(text)) if (terms.has(term)) shared++;
  return shared;
}

/** An assistant announcing its next step ("I'll run the tests first") is not a fact worth recalling. */
const NARRATION =
  /^\s*(?:i'?ll|i will|i'm going to|let me|let's|now i|next,? i|okay|ok[,.]|sure|first,? i|好的|我先|让我|接下来我|下面我)/i;

/**
 * A user row whose text the harness wrote (command output, a caveat…), stored before capture
 * marked such rows: never evidence of what the user said.
 */
function isHarnessText(row: EvidenceRow): boolean {
  return row.role === "user" && harnessOrigin(row.content) !== null;
}

/** Who said an evidence row: a failed call's text is tool output, whoever's turn carried it. */
function evidenceAttribution(row: EvidenceRow): EvidenceAttribution {
  if (row.kind === "tool_call" || row.role === "tool" || row.isError) return "tool_output";
  return row.role === "user" ? "user" : "assistant";
}

function isNarration(row: EvidenceRow): boolean {
  return row.role === "assistant" && !row.isError && NARRATION.test(row.content);
}

/** The shell an error line starts with ("bash: psql: command not found") says nothing about the work. */
const SHELL_PREFIX = /^(?:\/[\w/]*\/)?(?:ba|z|da|k)?sh:\s*(?:line \d+:\s*|\d+:\s*)?/;

function evidenceText(row: Pick<EvidenceRow, "content" | "toolOutput" | "isError">): string {
  return row.isError && row.toolOutput
    ? errorExcerpt(row.toolOutput, { maxChars: 240, maxLines: 3 })
        .replaceAll("\n", " ")
        .replace(SHELL_PREFIX, "")
    : row.content.slice(0, 240);
}

/**
 * The vectors of `items`: those a nearest-neighbour query already returned, then the stored ones
 * (read in one query), then, for any not indexed yet, embedded now.
 */
export async function vectorsOf<T, K>(options: {
  items: readonly T[];
  key: (item: T) => K;
  known: Iterable<readonly [K, Float32Array]>;
  read: (keys: K[]) => Promise<Map<K, Float32Array>>;
  embedder: Embedder;
  text: (item: T) => string;
}): Promise<Map<K, Float32Array>> {
  const { items, key } = options;
  const vectors = new Map<K, Float32Array>(options.known);
  const unread = items.filter((item) => !vectors.has(key(item))).map(key);
  for (const [itemKey, vector] of await options.read(unread)) vectors.set(itemKey, vector);
  const missing = items.filter((item) => !vectors.has(key(item)));
  const fresh = await embedAll(options.embedder, missing.map(options.text));
  for (const [index, item] of missing.entries()) vectors.set(key(item), fresh[index] as Float32Array);
  return vectors;
}

export async function embedAll(embedder: Embedder, values: string[]): Promise<Float32Array[]> {
  if (values.length === 0) return [];
  return (await embedder.embed({ values })).embeddings;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
