// URL and auth-header building shared by the list, the probes and the enrichment calls.

/** `root` + `path`, without doubled slashes. */
export function endpoint(root: string, path: string): string {
  return `${root.replace(/\/+$/, '')}${path}`;
}

/** The auth header for `key`; none at all for '' (to test what a keyless agent would get). */
export function authHeaders(key: string, auth: 'bearer' | 'x-api-key' = 'bearer'): Record<string, string> {
  if (key === '') return {};
  return auth === 'x-api-key' ? { 'x-api-key': key } : { authorization: `Bearer ${key}` };
}
