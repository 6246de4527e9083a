// Memos that hold for one run: a command asks each agent's binary for its version once, each gateway
// once why it refused a key. A process may make many runs (a script calling the library, the
// in-process tests): each starts with them empty, so nothing learned in one is taken for true in the next.
const caches = new Set<{ clear(): void }>();

/** A map emptied at the start of every run. */
export function runMemo<K, V>(): Map<K, V> {
  const memo = new Map<K, V>();
  caches.add(memo);
  return memo;
}

/** Starts a run: every memo emptied. */
export function newRun(): void {
  for (const memo of caches) memo.clear();
}
