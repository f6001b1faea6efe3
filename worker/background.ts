/**
 * Background work shares the isolate (and, under `wrangler dev`, the process) with people's requests: a
 * loop of sync pages, chunks or reminders gives the event loop back between slices, so a request that
 * arrives meanwhile is served before the next slice rather than after the whole run. A timer, not a
 * microtask: only a timer lets the runtime poll for new requests.
 */
export const giveWay = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/**
 * Maps `items` through `work` with at most `limit` in flight, answers in the items' order (settled, never
 * thrown). Each lane gives way after every `giveWayEvery` items: work that answers without real I/O (an
 * in-process source) would otherwise run the whole list in one stretch.
 */
export async function settledInOrder<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>, giveWayEvery = 16): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    let done = 0;
    for (let i = next++; i < items.length; i = next++) {
      try {
        results[i] = { status: "fulfilled", value: await work(items[i]!) };
      } catch (reason) {
        results[i] = { status: "rejected", reason };
      }
      if (++done % giveWayEvery === 0) await giveWay();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
