// Probes run in parallel so wall time is the network's, but never more than `limit` at once:
// a gateway's rate limiter would otherwise turn our own burst into 429 diagnoses.

/** Maps `items` through `fn` with at most `limit` calls in flight; results keep the input order. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  const width = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  }
  await Promise.all(Array.from({ length: width }, () => worker()));
  return results;
}
