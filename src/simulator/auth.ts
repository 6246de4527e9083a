// How new-api finds the key in a request, and whether that key may be used.
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestLogEntry, SimKey } from './types.js';

export type AuthSeen = RequestLogEntry['auth'];

/** new-api reads x-api-key only on Anthropic-style routes, where it wins over Authorization. */
function acceptsApiKeyHeader(pathname: string): boolean {
  return pathname.includes('/v1/messages') || pathname.includes('/v1/models');
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The key the gateway will use, and how it arrived. `scheme` says what the gateway used, so an
 * x-api-key sent on a route that ignores it shows as `none` (the header itself is in the log).
 */
export function extractKey(headers: IncomingHttpHeaders, pathname: string, bearerOnly = false): AuthSeen {
  const apiKey = header(headers, 'x-api-key')?.trim();
  if (!bearerOnly && apiKey && acceptsApiKeyHeader(pathname)) return { scheme: 'x-api-key', key: apiKey };
  const authorization = header(headers, 'authorization')?.trim();
  if (authorization) {
    // new-api strips a "Bearer " prefix and otherwise takes the header value as the key.
    const key = authorization.replace(/^bearer\s+/i, '').trim();
    if (key) return { scheme: 'bearer', key };
  }
  return { scheme: 'none' };
}

/** The `sk-` prefix is optional on the wire. */
function bare(key: string): string {
  return key.startsWith('sk-') ? key.slice(3) : key;
}

export function findKey(keys: readonly SimKey[], sent: string | undefined): SimKey | undefined {
  if (!sent) return undefined;
  const wanted = bare(sent);
  return keys.find((k) => bare(k.key) === wanted);
}

/** Why a key fails auth (all four answer 401), or undefined when it may be used. */
export function keyProblem(
  key: SimKey | undefined,
  nowSeconds = Date.now() / 1000,
): 'unknown' | 'disabled' | 'expired' | 'exhausted' | undefined {
  if (!key) return 'unknown';
  const status = key.status ?? 'active';
  if (status !== 'active') return status;
  if (key.expiresAt && key.expiresAt > 0 && key.expiresAt < nowSeconds) return 'expired';
  return undefined;
}

export function isUnlimited(key: SimKey): boolean {
  return key.unlimited ?? key.quotaUsd === undefined;
}
