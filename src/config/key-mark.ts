// The state a run leaves is kept for a later `remove`, but never the key: wherever a key of the run
// stands, the copy holds this mark instead. What `remove` compares with the file then reads the
// mark as "any key" (take-ours.ts).
export const KEY_MARK = 'GAS-KEY-NOT-KEPT';

/** `text` with every key of the run (and its form without `sk-`) replaced by the mark. */
export function withoutKeys(text: string, secrets: readonly string[]): string {
  // The bare form only where it is long enough not to stand for other text of the file.
  const forms = [...new Set(secrets.flatMap((s) => (s.startsWith('sk-') && s.length >= 11 ? [s, s.slice(3)] : [s])))]
    .filter((s) => s.length >= 4)
    // Longest first: the key before its bare form inside it.
    .sort((a, b) => b.length - a.length);
  let out = text;
  for (const form of forms) out = out.split(form).join(KEY_MARK);
  return out;
}
