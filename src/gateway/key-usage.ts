// The key's own balance and expiry: `GET /api/usage/token/` (new-api's token usage, Bearer only).
// new-api v0.10.2 puts it behind its usual key check: expired, used-up, disabled and unknown keys get
// a 401 and keys of a group users may not use a 403, so a warning is possible only before a key fails
// (the agent's own request then says why). An admin may hide the console (HTML, 403,
// `{success:false}` with 200): then the gateway does not tell, and nothing here fails.
import { nowSeconds } from '../core/clock.js';
import { GatewayError } from '../core/errors.js';
import type { Diagnosis, DiagnosisCode } from '../core/types.js';
import { isHtml, isObject } from './diagnosis.js';
import { authHeaders, endpoint } from './endpoint.js';
import { send, type HttpOptions } from './http.js';
import type { ClientOptions } from './types.js';
import { msg, type Message } from '../i18n/index.js';

/** new-api's quota unit: 500000 units = 1 USD (its QuotaPerUnit). */
const QUOTA_PER_USD = 500_000;

/** A warning is due this many days before a key expires. */
const EXPIRY_WARNING_DAYS = 7;

/** What the gateway tells of a key, in USD (quota units converted). */
export interface KeyUsage {
  /** The token's name in the console, as given (escape it before it reaches a terminal). */
  name?: string;
  unlimited: boolean;
  /** Granted, used and left, in USD; `granted` and `available` are absent for an unlimited key. */
  grantedUsd?: number;
  usedUsd: number;
  availableUsd?: number;
  /** Unix seconds; 0 = never. */
  expiresAt: number;
  /** The only models the key may call, when the console limits it. */
  modelLimits?: string[];
  /** The gateway told the balance alone (sub2api's `/v1/usage`): nothing of use or expiry. */
  balanceOnly?: true;
}

/** How a key stands: `exhausted` and `expired` fail every call, `expiring` soon will. */
export type KeyState = 'ok' | 'expiring' | 'exhausted' | 'expired';

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** USD as people read it: the float noise of unit arithmetic removed. */
function usd(units: number): number {
  return Math.round((units / QUOTA_PER_USD) * 1e6) / 1e6;
}

/** Reads the answer's `data`; undefined for anything that is not new-api's shape. */
export function parseKeyUsage(payload: unknown): KeyUsage | undefined {
  if (!isObject(payload) || payload.success === false || payload.code === false) return undefined;
  const data = payload.data;
  if (!isObject(data)) return undefined;
  const unlimited = data.unlimited_quota === true;
  const used = num(data.total_used) ?? 0;
  const available = num(data.total_available);
  const granted = num(data.total_granted);
  const expires = num(data.expires_at);
  const out: KeyUsage = { unlimited, usedUsd: usd(used), expiresAt: expires !== undefined && expires > 0 ? Math.floor(expires) : 0 };
  if (typeof data.name === 'string') out.name = data.name;
  if (!unlimited) {
    if (available !== undefined) out.availableUsd = usd(available);
    if (granted !== undefined) out.grantedUsd = usd(granted);
    else if (available !== undefined) out.grantedUsd = usd(available + used);
  }
  if (data.model_limits_enabled === true) {
    const limits = data.model_limits;
    out.modelLimits = isObject(limits)
      ? Object.keys(limits).filter((k) => limits[k] !== false)
      : Array.isArray(limits)
        ? limits.filter((x): x is string => typeof x === 'string')
        : typeof limits === 'string'
          ? limits
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [];
  }
  return out;
}

/**
 * What asking a key's usage came to: the usage; the gateway not telling (a closed console, another
 * shape: nothing fails); or no answer at all, the diagnosis saying why (no answer in time, none).
 */
export type KeyUsageAnswer = { usage: KeyUsage } | { untold: true } | { failed: Diagnosis };

/** Failures that mean the gateway did not answer, rather than answered without telling. */
const NO_ANSWER: ReadonlySet<DiagnosisCode> = new Set(['timeout', 'unreachable']);

/**
 * sub2api's `/v1/usage` (the route CC Switch reads): `{isValid, remaining, unit}` in its basic
 * form; only the balance is taken from it.
 */
function parseBalanceOnly(payload: unknown): KeyUsage | undefined {
  if (!isObject(payload) || payload.isValid === false) return undefined;
  const remaining = num(payload.remaining);
  if (remaining === undefined || (payload.unit !== undefined && payload.unit !== 'USD')) return undefined;
  return { unlimited: false, usedUsd: 0, availableUsd: Math.round(remaining * 1e6) / 1e6, expiresAt: 0, balanceOnly: true };
}

/**
 * The routes that tell a key's usage, in order: new-api's own, the same without its trailing slash
 * (gateways that register it so answer the first with a 404 or `{success: false}`), then sub2api's.
 */
const USAGE_ROUTES: readonly { path: string; parse: (payload: unknown) => KeyUsage | undefined }[] = [
  { path: '/api/usage/token/', parse: parseKeyUsage },
  { path: '/api/usage/token', parse: parseKeyUsage },
  { path: '/v1/usage', parse: parseBalanceOnly },
];

/** `GET /api/usage/token/` with the key, then the next route while the gateway does not tell. */
export async function askKeyUsage(opts: ClientOptions): Promise<KeyUsageAnswer> {
  let answer: KeyUsageAnswer = { untold: true };
  for (const route of USAGE_ROUTES) {
    answer = await askAt(opts, route.path, route.parse);
    if (!('untold' in answer)) return answer;
  }
  return answer;
}

async function askAt(opts: ClientOptions, route: string, parse: (payload: unknown) => KeyUsage | undefined): Promise<KeyUsageAnswer> {
  const untold = { untold: true } as const;
  if (opts.key === '') return untold;
  try {
    const res = await send(
      { method: 'GET', url: endpoint(opts.root, route), headers: authHeaders(opts.key), context: { key: opts.key } },
      opts,
    );
    if (res.status < 200 || res.status >= 300) {
      res.discard();
      return untold;
    }
    const body = await res.text();
    if (isHtml(res.contentType, body)) return untold;
    const usage = parse(JSON.parse(body));
    return usage ? { usage } : untold;
  } catch (err) {
    return err instanceof GatewayError && NO_ANSWER.has(err.diagnosis.code) ? { failed: err.diagnosis } : untold;
  }
}

/** `GET /api/usage/token/` with the key; undefined when the gateway does not tell (or does not answer). */
export async function fetchKeyUsage(opts: ClientOptions): Promise<KeyUsage | undefined> {
  const answer = await askKeyUsage(opts);
  return 'usage' in answer ? answer.usage : undefined;
}

/** The key's usage for the profiles list and other callers: data, or undefined when the gateway does not tell. */
export function keyUsage(root: string, key: string, http: HttpOptions = {}): Promise<KeyUsage | undefined> {
  return fetchKeyUsage({ root, key, ...http });
}

/** Whole days from `now` to `expiresAt` (both Unix seconds), rounded up: 0.5 days left is "1 day". */
export function daysLeft(expiresAt: number, now: number): number {
  return Math.ceil((expiresAt - now) / 86_400);
}

/** How the key stands at `now` (Unix seconds). */
export function keyState(u: Pick<KeyUsage, 'unlimited' | 'availableUsd' | 'expiresAt'>, now = nowSeconds()): KeyState {
  if (u.expiresAt > 0 && u.expiresAt <= now) return 'expired';
  if (!u.unlimited && u.availableUsd !== undefined && u.availableUsd <= 0) return 'exhausted';
  if (u.expiresAt > 0 && u.expiresAt - now <= EXPIRY_WARNING_DAYS * 86_400) return 'expiring';
  return 'ok';
}

const dollars = (x: number): string => `$${x.toFixed(2)}`;
/** A Unix time as its UTC date, YYYY-MM-DD. */
export const dateOf = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The key's balance and expiry as short facts: "$3.50 left of $10.00 ($6.50 used)", "expires 2026-11-26 (in 3 days)". */
export function usageFacts(u: KeyUsage, now = nowSeconds()): Message[] {
  if (u.balanceOnly) return [msg('usage.left_only', { left: dollars(u.availableUsd ?? 0) })];
  const quota = u.unlimited
    ? msg('usage.unlimited')
    : msg('usage.left', { left: dollars(u.availableUsd ?? 0), granted: dollars(u.grantedUsd ?? u.usedUsd), used: dollars(u.usedUsd) });
  if (u.expiresAt <= 0) return [quota, msg('usage.never_expires')];
  const date = dateOf(u.expiresAt);
  const days = daysLeft(u.expiresAt, now);
  const expiry =
    u.expiresAt <= now
      ? msg('usage.expired_on', { date })
      : days <= 1
        ? msg('usage.expires_tomorrow', { date })
        : msg('usage.expires_in', { date, days });
  return [quota, expiry];
}

/** The warning a key's state calls for (`masked` is the key as shown), or undefined when all is well. */
export function usageWarning(masked: string, u: KeyUsage, now = nowSeconds()): Message | undefined {
  const state = keyState(u, now);
  if (state === 'expired') return msg('usage.warn.expired', { key: masked, date: dateOf(u.expiresAt) });
  if (state === 'exhausted') return msg('usage.warn.exhausted', { key: masked, used: dollars(u.usedUsd) });
  if (state === 'expiring')
    return msg('usage.warn.expiring', { key: masked, days: Math.max(1, daysLeft(u.expiresAt, now)), date: dateOf(u.expiresAt) });
  return undefined;
}
