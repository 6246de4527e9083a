// A refused key whose 401 names no reason (new-api v0.13's "Invalid token"): the key's token usage
// is asked once, and what it tells becomes the reason; where it tells nothing, the diagnosis stays.
import { afterAll, describe, expect, it } from 'vitest';
import { probe } from '../../src/gateway/client.js';
import { closeHttp } from '../../src/gateway/http.js';
import { english } from '../../src/i18n/index.js';
import { closeAll, json, startServer, type Handler } from './gateway-servers.js';

afterAll(async () => {
  await closeAll();
  await closeHttp();
});

const KEYS = { expired: 'sk-expired', exhausted: 'sk-exhausted', disabled: 'sk-disabled', unknown: 'sk-unknown' } as const;
const usage = (data: Record<string, unknown>) => ({
  code: true,
  message: 'ok',
  data: { object: 'token_usage', name: 'k', total_used: 0, model_limits: {}, model_limits_enabled: false, ...data },
});

/** A v0.13 in small: every relay call refused alike, the usage route answering for the keys it knows. */
const v013: Handler = (req, res) => {
  const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  if (req.url === '/api/usage/token/') {
    if (key === KEYS.expired) return json(res, 200, usage({ unlimited_quota: true, total_available: 0, expires_at: 1_000_000_000 }));
    if (key === KEYS.exhausted) return json(res, 200, usage({ unlimited_quota: false, total_available: 0, expires_at: 0 }));
    if (key === KEYS.disabled) return json(res, 200, usage({ unlimited_quota: true, total_available: 0, expires_at: 0 }));
    return json(res, 401, { success: false, message: 'Invalid token' });
  }
  json(res, 401, { error: { message: 'Invalid token (request id: rid-1)', type: 'new_api_error', code: '' } });
};

describe('a key refused without a reason', () => {
  it.each([
    ['expired', KEYS.expired, 'the key expired on 2001-09-09'],
    ['exhausted', KEYS.exhausted, "the key's own quota is used up"],
    ['disabled', KEYS.disabled, 'the key is disabled'],
    ['unknown', KEYS.unknown, 'the gateway does not know this key'],
  ] as const)('%s: told by the token usage, the refused call’s request id kept', async (reason, key, words) => {
    const s = await startServer(v013);
    const r = await probe({ root: s.root, key }, { protocol: 'chat', model: 'm' });
    expect(r.diagnosis).toMatchObject({ code: 'bad_key', reason, requestId: 'rid-1' });
    expect(english(r.diagnosis!.message)).toContain(words);
    expect(english(r.diagnosis!.message)).toContain('Invalid token');
    if (reason === 'expired') expect(r.diagnosis?.date).toBe('2001-09-09');
  });

  it('a gateway whose usage route tells nothing (404, a console page): untold, said as before', async () => {
    const s = await startServer((req, res) => {
      if (req.url?.startsWith('/api/')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>console</html>');
        return;
      }
      json(res, 401, { error: { message: 'Invalid token', type: 'new_api_error', code: '' } });
    });
    const r = await probe({ root: s.root, key: 'sk-whatever' }, { protocol: 'chat', model: 'm' });
    expect(r.diagnosis).toMatchObject({ code: 'bad_key', reason: 'untold' });
    expect(english(r.diagnosis!.message)).toContain('unknown, disabled, expired or used up');
  });

  it('asks once per gateway and key, however many probes the key failed', async () => {
    const s = await startServer(v013);
    // A key of its own for this test: the answer is kept for the run.
    const key = 'sk-expired';
    const again = await startServer(v013);
    for (const server of [s, again]) {
      await Promise.all(['a', 'b', 'c'].map((m) => probe({ root: server.root, key }, { protocol: 'chat', model: m })));
    }
    expect(s.requests.filter((r) => r.url === '/api/usage/token/')).toHaveLength(1);
    expect(again.requests.filter((r) => r.url === '/api/usage/token/')).toHaveLength(1);
  });

  it('a reason the 401 names (v0.10) is taken as it is: no question asked', async () => {
    const s = await startServer((_req, res) => json(res, 401, { error: { message: '该令牌已过期', type: 'new_api_error', code: '' } }));
    const r = await probe({ root: s.root, key: 'sk-x' }, { protocol: 'chat', model: 'm' });
    expect(r.diagnosis).toMatchObject({ code: 'bad_key', reason: 'expired' });
    expect(s.requests.some((q) => q.url?.startsWith('/api/usage'))).toBe(false);
  });
});
