/**
 * A pure function of a text, remembered for the last `size` distinct texts. Recall asks the same
 * questions of the same lesson and evidence texts prompt after prompt (the hook daemon lives
 * across prompts), and tokenising or running a few dozen patterns over each is most of its CPU
 * time. The results are shared: they must not be mutated (hence the readonly types at call sites).
 */
export function memoizeText<T>(compute: (text: string) => T, size = 4096): (text: string) => T {
  const remembered = new Map<string, T>();
  return (text) => {
    const known = remembered.get(text);
    if (known !== undefined) {
      // Most recently used last, so the first entry is the one to forget.
      remembered.delete(text);
      remembered.set(text, known);
      return known;
    }
    const value = compute(text);
    remembered.set(text, value);
    if (remembered.size > size) remembered.delete(remembered.keys().next().value as string);
    return value;
  };
}
