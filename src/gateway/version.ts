// The gateway's own version: newer new-api releases send `X-New-Api-Version` on every answer. It is
// the gateway's text, so only a version's characters are taken; it is shown beside the versions the
// real-gateway tier verifies.

/** The new-api releases the real-gateway tier runs, oldest first (a test holds them equal to its pins). */
export const VERIFIED_NEW_API = ['v0.10.2', 'v0.13.2'] as const;

/** The version as the gateway says it, when it is a version's characters only. */
export function gatewayVersion(header: string | undefined): string | undefined {
  const v = header?.trim();
  return v && /^[A-Za-z0-9][A-Za-z0-9.+_-]{0,39}$/.test(v) ? v : undefined;
}
