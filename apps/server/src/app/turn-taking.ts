/**
 * Starts the wrapped handler for at most `perTurn` requests per event-loop turn, in arrival order.
 *
 * Node 20's libuv accepts one new connection per turn of the event loop, and a turn lasts as long
 * as the handlers it starts: with thirty requests read in one turn and about a millisecond of
 * CPU each, a connection waiting in the accept queue waited 30 ms per connection ahead of it
 * (a client opening 64 connections at once saw its last first answers after one to two seconds).
 * Taking turns keeps a turn to a few handlers, so accepting keeps pace with answering; requests
 * on open connections are served in the order they arrived, as before. An idle server starts a
 * request's handler in the turn that read it. A few per turn rather than one: the writes of the
 * handlers of one turn share a commit (`createGroupCommit`).
 */
export function handlersTakingTurns<Args extends unknown[], Result>(
  handler: (...args: Args) => Result,
  perTurn: number,
): (...args: Args) => Promise<Awaited<Result>> {
  const waiting: Array<() => void> = [];
  let scheduled = false;
  const startNext = () => {
    for (let started = 0; started < perTurn && waiting.length > 0; started++) waiting.shift()?.();
    scheduled = waiting.length > 0;
    // Queued from the check phase, it runs after the next poll phase (which accepts).
    if (scheduled) setImmediate(startNext);
  };
  return (...args) =>
    new Promise((resolve, reject) => {
      waiting.push(() => {
        try {
          resolve(handler(...args) as Awaited<Result>);
        } catch (error) {
          reject(error);
        }
      });
      if (!scheduled) {
        scheduled = true;
        setImmediate(startNext);
      }
    });
}
