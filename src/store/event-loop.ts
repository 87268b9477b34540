/**
 * A turn of the event loop between two units of long work (a task learnt, a batch of messages
 * embedded). Offline learning awaits only promises that settle at once, so without such a turn
 * Node never runs a signal handler: Ctrl-C during `tacit learn` did nothing until the whole run
 * ended. With it, an interrupt lands between two committed tasks.
 */
export function nextEventLoopTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
