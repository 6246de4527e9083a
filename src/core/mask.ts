// The key must never reach output, logs, reports, diffs or file names: everything a person or a
// machine reads goes through these helpers.

/** `sk-abcdef…wxyz` → `sk-ab…wxyz`. Short secrets are masked entirely. */
export function maskKey(key: string): string {
  // Too short to show any part of it without revealing most of it.
  if (key.length <= 12) return key.length === 0 ? '' : '…';
  return `${key.slice(0, 5)}…${key.slice(-4)}`;
}

/**
 * Every form a key is shown in: as given, and without its `sk-` prefix (new-api stores and some
 * upstream errors echo keys that way) — longest first, so the full form is masked as a whole.
 */
function formsOf(secret: string): { form: string; masked: string }[] {
  const forms = [{ form: secret, masked: maskKey(secret) }];
  const bare = /^sk-/i.test(secret) ? secret.slice(3) : undefined;
  // Shown as the full key's mask without its prefix: no more of the secret than that one reveals.
  const masked = maskKey(secret);
  if (bare !== undefined && bare.length >= 8) forms.push({ form: bare, masked: /^sk-/i.test(masked) ? masked.slice(3) : masked });
  return forms;
}

/** Replaces every occurrence of each secret in `text` (with or without its `sk-` prefix) by its masked form. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  const forms: { form: string; masked: string }[] = [];
  for (const secret of secrets) {
    if (secret === undefined || secret.length < 4) continue;
    const own = formsOf(secret);
    // Every form of a secret holds its last (the key without its prefix): text without that holds
    // none of them. One search per secret, not one per form: a `--json` document can be megabytes.
    if (text.includes(own[own.length - 1]?.form ?? secret)) forms.push(...own);
  }
  forms.sort((a, b) => b.form.length - a.form.length);
  let out = text;
  for (const { form, masked } of forms) if (out.includes(form)) out = out.split(form).join(masked);
  return out;
}
