// The key's balance and expiry from /api/usage/token/: quota units read as USD, the key's state
// (expiring within a week, expired, used up), and undefined wherever the gateway does not tell.
// Against the simulator over real HTTP, and servers that answer what admins make them answer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeHttp } from '../../src/gateway/http.js';
import { keyState, keyUsage, parseKeyUsage, usageFacts, usageWarning, type KeyUsage } from '../../src/gateway/key-usage.js';
import { english } from '../../src/i18n/index.js';
import {
  BROKE_KEY,
  DEMO_KEY,
  DISABLED_KEY,
  EXHAUSTED_KEY,
  EXPIRED_KEY,
  EXPIRING_KEY,
  LIMITED_KEY,
  QUOTA_PER_USD,
  type Simulator,
} from '../../src/simulator/index.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { KEY, closeAll, json, startServer } from './gateway-servers.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(async () => {
  await stopAll();
  await closeHttp();
});
afterEach(closeAll);

const DAY = 86_400;
const NOW = 1_800_000_000;

describe('keyUsage against the simulator', () => {
  it('reads a limited key in USD, with its model limits', async () => {
    expect(await keyUsage(sim.root, LIMITED_KEY)).toEqual({
      name: 'limited',
      unlimited: false,
      grantedUsd: 5,
      usedUsd: 0,
      availableUsd: 5,
      expiresAt: 0,
      modelLimits: ['deepseek-chat', 'claude-haiku-4-5'],
    });
  });

  it('reads an unlimited key without amounts', async () => {
    expect(await keyUsage(sim.root, DEMO_KEY)).toEqual({ name: 'demo', unlimited: true, usedUsd: 0, expiresAt: 0 });
  });

  it('tells a key about to expire, and one whose quota is spent but whose token auth still passes', async () => {
    const expiring = await keyUsage(sim.root, EXPIRING_KEY);
    expect(expiring).toMatchObject({ name: 'expiring', grantedUsd: 10, usedUsd: 6.5, availableUsd: 3.5 });
    expect(keyState(expiring!)).toBe('expiring');
    expect(keyState((await keyUsage(sim.root, BROKE_KEY))!)).toBe('exhausted');
  });

  it('undefined for keys the token auth refuses (expired, used up, disabled): new-api v0.10.2 answers them with its 401', async () => {
    const old = await startSim({ newApi: 'v0.10.2' });
    for (const key of [EXPIRED_KEY, EXHAUSTED_KEY, DISABLED_KEY]) expect(await keyUsage(old.root, key)).toBeUndefined();
  });

  it('reads expired, used-up and disabled keys on v0.13, whose route answers every key it knows', async () => {
    const [expired, exhausted, disabled] = await Promise.all([EXPIRED_KEY, EXHAUSTED_KEY, DISABLED_KEY].map((k) => keyUsage(sim.root, k)));
    expect([keyState(expired!), keyState(exhausted!), keyState(disabled!)]).toEqual(['expired', 'exhausted', 'ok']);
  });

  it('reads an expired key where a gateway does answer for it', async () => {
    const s = await startServer((_q, r) =>
      json(r, 200, {
        code: true,
        message: 'ok',
        data: {
          object: 'token_usage',
          name: 'old',
          total_granted: QUOTA_PER_USD,
          total_used: QUOTA_PER_USD,
          total_available: 0,
          unlimited_quota: false,
          model_limits: {},
          model_limits_enabled: false,
          expires_at: 1_000_000_000,
        },
      }),
    );
    const u = await keyUsage(s.root, KEY);
    expect(u).toEqual({ name: 'old', unlimited: false, grantedUsd: 1, usedUsd: 1, availableUsd: 0, expiresAt: 1_000_000_000 });
    expect(keyState(u!)).toBe('expired');
  });

  it('undefined for an unknown key (401)', async () => {
    expect(await keyUsage(sim.root, `sk-${'q'.repeat(48)}`)).toBeUndefined();
  });

  it('undefined where the console is hidden: 200 with success false, HTML, 403', async () => {
    for (const answer of [
      (r: Parameters<Parameters<typeof startServer>[0]>[1]) => json(r, 200, { success: false, message: '无权进行此操作' }),
      (r: Parameters<Parameters<typeof startServer>[0]>[1]) => {
        r.writeHead(200, { 'content-type': 'text/html' });
        r.end('<!doctype html><html></html>');
      },
      (r: Parameters<Parameters<typeof startServer>[0]>[1]) => json(r, 403, { success: false, message: 'forbidden' }),
    ]) {
      const s = await startServer((_q, r) => answer(r));
      expect(await keyUsage(s.root, KEY)).toBeUndefined();
      expect(s.requests[0]?.url).toBe('/api/usage/token/');
      expect(s.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    }
  });
});

describe('parseKeyUsage', () => {
  const data = {
    object: 'token_usage',
    name: 'ci',
    total_granted: 3 * QUOTA_PER_USD,
    total_used: QUOTA_PER_USD / 4,
    total_available: 2.75 * QUOTA_PER_USD,
    unlimited_quota: false,
    model_limits: {},
    model_limits_enabled: false,
    expires_at: NOW + DAY,
  };

  it('converts quota units to USD and keeps the expiry in Unix seconds', () => {
    expect(parseKeyUsage({ code: true, message: 'ok', data })).toEqual({
      name: 'ci',
      unlimited: false,
      grantedUsd: 3,
      usedUsd: 0.25,
      availableUsd: 2.75,
      expiresAt: NOW + DAY,
    });
  });

  it('reads -1 and 0 as never, derives granted when absent, and refuses other shapes', () => {
    const { total_granted: _g, ...noGranted } = data;
    expect(parseKeyUsage({ code: true, data: { ...noGranted, expires_at: -1 } })).toMatchObject({ grantedUsd: 3, expiresAt: 0 });
    expect(parseKeyUsage({ code: false, data })).toBeUndefined();
    expect(parseKeyUsage({ success: false, message: 'x' })).toBeUndefined();
    expect(parseKeyUsage([])).toBeUndefined();
  });
});

describe('state, facts and warnings', () => {
  const base: KeyUsage = { name: 'k', unlimited: false, grantedUsd: 10, usedUsd: 4, availableUsd: 6, expiresAt: 0 };

  it('warns from seven days before the expiry on, not before', () => {
    expect(keyState({ ...base, expiresAt: NOW + 8 * DAY }, NOW)).toBe('ok');
    expect(keyState({ ...base, expiresAt: NOW + 7 * DAY }, NOW)).toBe('expiring');
    expect(keyState({ ...base, expiresAt: NOW - 1 }, NOW)).toBe('expired');
    expect(keyState({ ...base, availableUsd: 0 }, NOW)).toBe('exhausted');
    expect(keyState({ ...base, unlimited: true, availableUsd: undefined }, NOW)).toBe('ok');
  });

  it('says balance and expiry in one line each', () => {
    expect(usageFacts({ ...base, expiresAt: NOW + 3 * DAY }, NOW).map(english)).toEqual([
      '$6.00 left of $10.00 ($4.00 used)',
      'expires 2027-01-18 (in 3 days)',
    ]);
    expect(usageFacts({ ...base, unlimited: true }, NOW).map(english)).toEqual(['unlimited quota', 'never expires']);
    expect(usageFacts({ ...base, expiresAt: NOW - DAY }, NOW).map(english)[1]).toBe('expired 2027-01-14');
  });

  it('warns with the masked key and what to do', () => {
    expect(usageWarning('sk-ab…wxyz', base, NOW)).toBeUndefined();
    expect(english(usageWarning('sk-ab…wxyz', { ...base, expiresAt: NOW + 2 * DAY }, NOW)!)).toMatch(
      /^warning: key sk-ab…wxyz expires in 2 day\(s\), on 2027-01-17: create a new key/,
    );
    expect(english(usageWarning('sk-ab…wxyz', { ...base, availableUsd: 0 }, NOW)!)).toMatch(/no quota left \(\$4\.00 used\): top it up/);
    expect(english(usageWarning('sk-ab…wxyz', { ...base, expiresAt: NOW - 5 }, NOW)!)).toMatch(
      /expired on 2027-01-15: the gateway refuses it \(401\)/,
    );
  });
});
