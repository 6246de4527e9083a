// Enrichment never fails: prices from /api/pricing and the key's quota from /api/usage/token/,
// and undefined for every way an admin can turn them off.
import type http from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ClassifiedModel } from '../../src/core/types.js';
import { attachPricing, fetchKeyInfo, fetchPricing } from '../../src/gateway/client.js';
import { inferPriceGroup, repriced, type SoldModel } from '../../src/gateway/enrich.js';
import { closeHttp } from '../../src/gateway/http.js';
import { KEY, closeAll, deadPort, json, startServer } from './gateway-servers.js';

afterEach(closeAll);
afterAll(closeHttp);

const PRICING = {
  success: true,
  data: [
    {
      model_name: 'claude-sonnet-4-5',
      description: 'Claude Sonnet',
      tags: 'coding, reasoning,,200k',
      vendor_id: 1,
      quota_type: 0,
      model_ratio: 1.5,
      model_price: 0,
      completion_ratio: 5,
      enable_groups: ['default', 'vip'],
      supported_endpoint_types: ['anthropic', 'openai'],
    },
    {
      model_name: 'gpt-image-1',
      quota_type: 1,
      model_ratio: 0,
      model_price: 0.04,
      completion_ratio: 1,
      enable_groups: ['default'],
      vendor_id: 99,
    },
    { model_name: 'deepseek-chat', quota_type: 0, model_ratio: 0.14, completion_ratio: 1.5, enable_groups: ['default'] },
    { description: 'no name' },
  ],
  vendors: [{ id: 1, name: 'Anthropic' }],
  group_ratio: { default: 1, vip: 1.5 },
  usable_group: { default: 'Default' },
  pricing_version: 'x',
};

type H = (req: http.IncomingMessage & { body: string }, res: http.ServerResponse) => void;

describe('fetchPricing', () => {
  it('computes USD prices, splits tags, names vendors; sends no key', async () => {
    const s = await startServer((_req, res) => json(res, 200, PRICING));
    const p = await fetchPricing({ root: s.root, key: KEY });
    expect(s.requests[0]?.url).toBe('/api/pricing');
    expect(s.requests[0]?.headers.authorization).toBeUndefined();
    expect(p?.size).toBe(3);
    expect(p?.get('claude-sonnet-4-5')).toEqual({
      description: 'Claude Sonnet',
      tags: ['coding', 'reasoning', '200k'],
      vendor: 'Anthropic',
      groups: ['default', 'vip'],
      inputPerMTok: 3,
      outputPerMTok: 15,
    });
    expect(p?.get('gpt-image-1')).toEqual({ groups: ['default'], perCall: 0.04 });
    expect(p?.get('deepseek-chat')).toMatchObject({ inputPerMTok: 0.28, outputPerMTok: 0.42 });
  });

  it("applies the key's group ratio when the group is known", async () => {
    const s = await startServer((_req, res) => json(res, 200, PRICING));
    const p = await fetchPricing({ root: s.root, key: KEY, group: 'vip' });
    expect(p?.get('claude-sonnet-4-5')).toMatchObject({ inputPerMTok: 4.5, outputPerMTok: 22.5 });
    expect(p?.get('gpt-image-1')?.perCall).toBe(0.06);
  });

  it("reads v0.13's fields: a cache price at the input's cache ratio, and a model billed by an expression shows no per-token price", async () => {
    const v013 = {
      ...PRICING,
      data: [
        {
          model_name: 'claude-sonnet-4-5',
          quota_type: 0,
          model_ratio: 1.5,
          completion_ratio: 5,
          cache_ratio: 0.1,
          enable_groups: ['default'],
        },
        {
          model_name: 'gpt-5',
          quota_type: 0,
          model_ratio: 0.625,
          completion_ratio: 8,
          billing_mode: 'tiered_expr',
          billing_expr: 'input * 1.25 + output * 10',
          enable_groups: ['default'],
          pricing_version: 'v',
        },
      ],
    };
    const s = await startServer((_req, res) => json(res, 200, v013));
    const p = await fetchPricing({ root: s.root, key: KEY, group: 'vip' });
    expect(p?.get('claude-sonnet-4-5')).toEqual({ groups: ['default'], inputPerMTok: 4.5, outputPerMTok: 22.5, cachedInputPerMTok: 0.45 });
    expect(p?.get('gpt-5')).toEqual({ groups: ['default'], billedByExpression: true });
  });

  it.each<[string, H]>([
    ['403 disabled', (_q, r) => json(r, 403, { success: false, message: 'disabled' })],
    ['401 login', (_q, r) => json(r, 401, { success: false, message: 'login' })],
    [
      'HTML',
      (_q, r) => {
        r.writeHead(200, { 'content-type': 'text/html' });
        r.end('<html></html>');
      },
    ],
    [
      'garbage',
      (_q, r) => {
        r.writeHead(200, { 'content-type': 'application/json' });
        r.end('{{{');
      },
    ],
    ['success false with 200', (_q, r) => json(r, 200, { success: false, message: 'no' })],
    ['data not an array', (_q, r) => json(r, 200, { success: true, data: {} })],
    [
      'a redirect',
      (_q, r) => {
        r.writeHead(302, { location: 'http://elsewhere.example/' });
        r.end();
      },
    ],
  ])('undefined on %s', async (_name, handler) => {
    const s = await startServer(handler);
    expect(await fetchPricing({ root: s.root, key: KEY })).toBeUndefined();
    expect(s.requests).toHaveLength(1);
  });

  it('undefined when the gateway is unreachable or too slow', async () => {
    expect(await fetchPricing({ root: `http://127.0.0.1:${await deadPort()}`, key: KEY })).toBeUndefined();
    const s = await startServer(() => undefined);
    expect(await fetchPricing({ root: s.root, key: KEY, timeoutMs: 200 })).toBeUndefined();
  });

  it('attachPricing adds the entry to matching models only', () => {
    const models: ClassifiedModel[] = [
      { id: 'a', marked: false, protocols: { messages: 'probe', responses: 'probe', chat: 'probe', images: 'probe' } },
      { id: 'b', marked: false, protocols: { messages: 'probe', responses: 'probe', chat: 'probe', images: 'probe' } },
    ];
    const out = attachPricing(models, new Map([['a', { perCall: 1 }]]));
    expect(out[0]?.pricing).toEqual({ perCall: 1 });
    expect(out[1]?.pricing).toBeUndefined();
    expect(attachPricing(models, undefined)).toEqual(models);
  });
});

const USAGE = {
  code: true,
  message: 'ok',
  data: {
    object: 'token_usage',
    name: 'laptop',
    total_granted: 5_000_000,
    total_used: 1_250_000,
    total_available: 3_750_000,
    unlimited_quota: false,
    model_limits: { 'claude-haiku-4-5': true, 'deepseek-chat': true },
    model_limits_enabled: true,
    expires_at: 1893456000,
  },
};

describe('fetchKeyInfo', () => {
  it('reads name, remaining USD, expiry and model limits with the key as Bearer', async () => {
    const s = await startServer((_req, res) => json(res, 200, USAGE));
    const info = await fetchKeyInfo({ root: s.root, key: KEY });
    expect(s.requests[0]?.url).toBe('/api/usage/token/');
    expect(s.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(info).toEqual({
      name: 'laptop',
      unlimited: false,
      remainingUsd: 7.5,
      expiresAt: '2030-01-01T00:00:00.000Z',
      modelLimits: ['claude-haiku-4-5', 'deepseek-chat'],
    });
  });

  it('unlimited, never expiring, limits off', async () => {
    const s = await startServer((_req, res) =>
      json(res, 200, { code: true, data: { ...USAGE.data, unlimited_quota: true, expires_at: 0, model_limits_enabled: false } }),
    );
    expect(await fetchKeyInfo({ root: s.root, key: KEY })).toEqual({ name: 'laptop', unlimited: true });
  });

  it.each<[string, H]>([
    ['401', (_q, r) => json(r, 401, { success: false, message: 'Invalid token' })],
    ['200 with success false', (_q, r) => json(r, 200, { success: false, message: 'no' })],
    [
      'HTML',
      (_q, r) => {
        r.writeHead(200, { 'content-type': 'text/html' });
        r.end('<!doctype html><html></html>');
      },
    ],
    [
      'garbage',
      (_q, r) => {
        r.writeHead(200, { 'content-type': 'application/json' });
        r.end('nope');
      },
    ],
  ])('undefined on %s', async (_name, handler) => {
    const s = await startServer(handler);
    expect(await fetchKeyInfo({ root: s.root, key: KEY })).toBeUndefined();
  });
});

describe('the key group told by its list', () => {
  const sold = new Map<string, SoldModel>([
    ['a', { groups: ['default', 'vip'] }],
    ['b', { groups: ['default'] }],
    ['c', { groups: ['vip', 'cheap'] }],
    ['d', { groups: ['cheap'] }],
    ['u', { groups: ['default'], unpriced: true }],
  ]);
  const groupRatios = { default: 1, vip: 1.5, cheap: 0.5, twin: 0.5 };
  it.each<[string, string[], { group?: string; ratio: number } | undefined]>([
    ['the one group selling all it lists', ['a', 'b'], { group: 'default', ratio: 1 }],
    ['of several, the one selling exactly that', ['a'], undefined],
    ['two groups, one selling exactly the list', ['c'], undefined],
    ['a list no group sells whole', ['b', 'd'], undefined],
    ['a list the marketplace does not show', ['zzz'], undefined],
  ])('%s', (_name, listed, want) => {
    expect(inferPriceGroup({ sold, groupRatios }, listed)).toEqual(want);
  });

  it('the one group selling exactly the list, when several sell all of it; the ratio alone when they share it', () => {
    const exact = new Map<string, SoldModel>([
      ['x', { groups: ['default', 'vip'] }],
      ['y', { groups: ['default'] }],
    ]);
    expect(inferPriceGroup({ sold: exact, groupRatios }, ['x'])).toEqual({ group: 'vip', ratio: 1.5 });
    const shared = new Map<string, SoldModel>([['x', { groups: ['cheap', 'twin'] }]]);
    expect(inferPriceGroup({ sold: shared, groupRatios }, ['x'])).toEqual({ ratio: 0.5 });
  });

  it('reprices every price by the ratio', () => {
    const p = repriced(new Map([['m', { inputPerMTok: 2, outputPerMTok: 8, cachedInputPerMTok: 0.2, perCall: 0.04, groups: ['g'] }]]), 1.5);
    expect(p.get('m')).toEqual({ inputPerMTok: 3, outputPerMTok: 12, cachedInputPerMTok: 0.3, perCall: 0.06, groups: ['g'] });
  });

  it('leaves prices at ratio 1 as they are', () => {
    const prices = new Map([['m', { inputPerMTok: 0.123457, outputPerMTok: 8 }]]);
    expect(repriced(prices, 1)).toBe(prices);
    expect(repriced(prices, 1.0000001).get('m')).toEqual({ inputPerMTok: 0.123457, outputPerMTok: 8.000001 });
  });
});
