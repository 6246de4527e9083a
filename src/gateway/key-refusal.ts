// A refused key whose answer names no reason. Up to v0.10 new-api's 401 said why (expired, used up,
// disabled); from v0.13 it says "Invalid token" to every refused key, in the caller's language. Its
// token usage route then answers for any key it knows, whatever the key's state (read-only token
// auth), so one more request tells the cause: past its expiry, no quota left, or neither (its status
// refuses it). A 401 from that route means the gateway does not know the key at all. Where the
// route is closed or answers something else, the diagnosis says the gateway does not tell which.
import type { Diagnosis, KeyRefusalReason } from '../core/types.js';
import { sha256Hex } from '../core/builtins.js';
import { msg, type Message, type MessageParam } from '../i18n/index.js';
import { errorInfo, isHtml, keyReason } from './diagnosis.js';
import { authHeaders, endpoint } from './endpoint.js';
import { send } from './http.js';
import { dateOf, keyState, parseKeyUsage } from './key-usage.js';
import { stripRequestId } from './request-id.js';
import type { ClientOptions } from './types.js';

import { runMemo } from '../core/run-cache.js';

type Told = { reason: Exclude<KeyRefusalReason, 'untold'>; date?: string } | undefined;

/** One question per gateway and key in a run, however many probes the key failed. */
const asked = runMemo<string, Promise<Told>>();

async function ask(opts: ClientOptions): Promise<Told> {
  try {
    const res = await send(
      { method: 'GET', url: endpoint(opts.root, '/api/usage/token/'), headers: authHeaders(opts.key), context: { key: opts.key } },
      { ...opts, timeoutMs: Math.min(opts.timeoutMs ?? 10_000, 10_000) },
    );
    const body = await res.text();
    if (isHtml(res.contentType, body)) return undefined;
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return undefined;
    }
    if (res.status >= 200 && res.status < 300) {
      const usage = parseKeyUsage(payload);
      if (!usage) return undefined;
      const state = keyState(usage);
      if (state === 'expired') return { reason: 'expired', date: dateOf(usage.expiresAt) };
      if (state === 'exhausted') return { reason: 'exhausted' };
      return { reason: 'disabled' };
    }
    if (res.status === 401 || res.status === 403) {
      // v0.10 guards the route with the relay's own check, whose texts name the reason; its and
      // v0.13's "Invalid token" here means no such key.
      const text = stripRequestId(errorInfo(payload)?.message ?? '');
      const reason = keyReason(text);
      if (reason) return { reason };
      if (res.status === 401 && /invalid token|无效的令牌|無效的令牌/i.test(text)) return { reason: 'unknown' };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

function told(opts: ClientOptions): Promise<Told> {
  const id = sha256Hex(`${opts.root}\0${opts.key}`);
  let answer = asked.get(id);
  if (!answer) {
    answer = ask(opts);
    asked.set(id, answer);
  }
  return answer;
}

/** The words the gateway said, kept from the first diagnosis. */
function saidOf(d: Diagnosis): MessageParam {
  return d.message.params?.said ?? '';
}

const MESSAGES: Record<Exclude<KeyRefusalReason, 'untold'>, (said: MessageParam, date?: string) => [Message, Message]> = {
  expired: (said, date) => [
    date ? msg('diag.bad_key_expired_on', { date, said }) : msg('diag.bad_key_expired', { said }),
    msg('diag.bad_key_expired_fix'),
  ],
  exhausted: (said) => [msg('diag.bad_key_exhausted', { said }), msg('diag.bad_key_exhausted_fix')],
  disabled: (said) => [msg('diag.bad_key_told_disabled', { said }), msg('diag.bad_key_disabled_fix')],
  unknown: (said) => [msg('diag.bad_key_unknown', { said }), msg('diag.bad_key_unknown_fix')],
  ip: (said) => [msg('diag.bad_key_ip', { said }), msg('diag.bad_key_ip_fix')],
  banned: (said) => [msg('diag.bad_key_banned', { said }), msg('diag.bad_key_banned_fix')],
};

/**
 * The diagnosis with the key's reason filled in, when the gateway refused the key without one and
 * its token usage tells; otherwise the diagnosis as it was. The request id stays the refused call's.
 */
export async function explainKeyRefusal(d: Diagnosis, opts: ClientOptions): Promise<Diagnosis> {
  if (d.code !== 'bad_key' || d.reason !== 'untold' || opts.key === '') return d;
  const answer = await told(opts);
  if (!answer) return d;
  const [message, fix] = MESSAGES[answer.reason](saidOf(d), answer.date);
  return { ...d, message, fix, reason: answer.reason, ...(answer.date !== undefined && { date: answer.date }) };
}
