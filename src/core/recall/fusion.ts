/**
 * Reciprocal rank fusion: each ranked list contributes 1 / (k + rank) to an item's score (rank
 * from 1). Items found by both lexical and vector search rise; k = 60 is the usual constant.
 * Returns ids by fused score, best first (ties keep first-seen order).
 */
export function reciprocalRankFusion(
  lists: ReadonlyArray<readonly string[]>,
  k = 60,
): Array<{ id: string; score: number }> {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, index) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1));
    });
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
