// The key must never reach output, logs, reports, diffs or file names: everything a person or a
// machine reads goes through these helpers.

/** `sk-abcdef…wxyz` → `sk-ab…wxyz`. Short secrets are masked entirely. */
export function maskKey(key: string): string {
  // Too short to show any part of it without revealing most of it.
  if (key.length <= 12) return key.length === 0 ? '' : '…';
  return `${key.slice(0, 5)}…${key.slice(-4)}`;
}

/** Replaces every occurrence of each secret in `text` by its masked form. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    out = out.split(secret).join(maskKey(secret));
  }
  return out;
}
