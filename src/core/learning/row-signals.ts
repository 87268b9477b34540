/**
 * The signals on given rows, out of a whole session's list: looked up through an index by row seq
 * built once per list, so asking about each task (or each call) of a long session does not scan
 * every signal of the session each time. Pure.
 */
import type { TaskMessage, TaskSignal } from "./task-message.js";

/** The signals that belong to `messages` (matched by `seq`). */
export function signalsWithin(
  signals: readonly TaskSignal[],
  messages: readonly TaskMessage[],
): TaskSignal[] {
  if (signals.length <= SMALL_SIGNAL_LIST) {
    const seqs = new Set(messages.map((message) => message.seq));
    return signals.filter((signal) => seqs.has(signal.seq));
  }
  // A task's rows against a whole session's signals: look each row up instead of scanning them all.
  const { positions } = signalIndex(signals);
  const found: number[] = [];
  for (const seq of new Set(messages.map((message) => message.seq))) {
    for (const position of positions.get(seq) ?? []) found.push(position);
  }
  return found.sort((first, second) => first - second).map((position) => signals[position] as TaskSignal);
}

/** Lists this short are scanned; longer ones are indexed by row (see {@link signalIndex}). */
const SMALL_SIGNAL_LIST = 16;

interface SignalIndex {
  /** The list's length when indexed: a list that grew since is indexed again. */
  length: number;
  /** Row `seq` → positions in the list of the signals on that row, ascending. */
  positions: Map<number, number[]>;
}

const signalIndexes = new WeakMap<readonly TaskSignal[], SignalIndex>();

/**
 * The signals of a list by row, built once per list and kept while the list lives, so a session's
 * rules can ask about each row of the session without scanning every signal each time.
 */
function signalIndex(signals: readonly TaskSignal[]): SignalIndex {
  const known = signalIndexes.get(signals);
  if (known && known.length === signals.length) return known;
  const positions = new Map<number, number[]>();
  signals.forEach((signal, position) => {
    const list = positions.get(signal.seq);
    if (list) list.push(position);
    else positions.set(signal.seq, [position]);
  });
  const index = { length: signals.length, positions };
  signalIndexes.set(signals, index);
  return index;
}

/** The signals on row `seq`, in their order in `signals`. */
export function signalsAt(signals: readonly TaskSignal[], seq: number): TaskSignal[] {
  if (signals.length <= SMALL_SIGNAL_LIST) return signals.filter((signal) => signal.seq === seq);
  return (signalIndex(signals).positions.get(seq) ?? []).map((position) => signals[position] as TaskSignal);
}
