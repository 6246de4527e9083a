// The console routes: the marketplace (/api/pricing) and the key's usage (/api/usage/token/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROKE_KEY,
  DEMO_KEY,
  DISABLED_KEY,
  LIMITED_KEY,
  QUOTA_PER_USD,
  startSimulator,
  type Simulator,
} from '../../src/simulator/index.js';
import { call } from './simulator-helpers.js';

interface PricingEntry {
  model_name: string;
  description?: string;
  tags?: string;
  vendor_id?: number;
  quota_type: number;
  model_ratio: number;
  model_price: number;
  completion_ratio: number;
  enable_groups: string[];
  supported_endpoint_types: string[];
}
interface Pricing {
  success: boolean;
  data: PricingEntry[];
  vendors: { id: number; name: string }[];
  group_ratio: Record<string, number>;
  usable_group: Record<string, string>;
  supported_endpoint: Record<string, { path: string; method: string }>;
  auto_groups: string[];
  pricing_version: string;
}
interface Usage {
  code: boolean;
  message: string;
  data: {
    object: string;
    name: string;
    total_granted: number;
    total_used: number;
    total_available: number;
    unlimited_quota: boolean;
    model_limits: Record<string, boolean>;
    model_limits_enabled: boolean;
    expires_at: number;
  };
}

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.stop();
});

describe('GET /api/pricing', () => {
  it('needs no key and lists prices, groups, vendors and endpoints', async () => {
    const res = await call(sim, 'GET', '/api/pricing');
    expect(res.status).toBe(200);
    expect(res.requestId).not.toBeNull();
    const body = res.json as Pricing;
    expect(body.success).toBe(true);
    const sonnet = body.data.find((m) => m.model_name === 'claude-sonnet-4-5');
    expect(sonnet).toMatchObject({
      quota_type: 0,
      model_ratio: 1.5,
      completion_ratio: 5,
      enable_groups: ['default', 'vip'],
      supported_endpoint_types: ['anthropic', 'openai'],
    });
    expect(sonnet?.tags).toMatch(/^[\w.-]+(,[\w.-]+)*$/);
    expect(typeof sonnet?.description).toBe('string');
    const vendor = body.vendors.find((v) => v.id === sonnet?.vendor_id);
    expect(vendor?.name).toBe('Anthropic');
    const image = body.data.find((m) => m.model_name === 'gpt-image-1');
    expect(image).toMatchObject({ quota_type: 1, model_price: 0.04 });
    expect(body.group_ratio).toEqual({ default: 1, vip: 1.5 });
    expect(Object.keys(body.usable_group).sort()).toEqual(['default', 'vip']);
    expect(body.supported_endpoint.anthropic).toEqual({ path: '/v1/messages', method: 'POST' });
    expect(body.supported_endpoint['openai-response']).toEqual({ path: '/v1/responses', method: 'POST' });
    expect(Array.isArray(body.auto_groups)).toBe(true);
    expect(body.pricing_version).not.toBe('');
    // Unpriced models are in the marketplace at new-api's fallback ratio (the real tier checks it).
    expect(body.data.find((m) => m.model_name === 'glm-4.6')).toMatchObject({ quota_type: 0, model_ratio: 37.5 });
  });

  it("v0.13's shape: only models sold to a group users may choose, cache and expression billing; v0.10 lists them all", async () => {
    const models = [
      { id: 'acme-cached', channel: 'openai' as const, modelRatio: 1, cacheRatio: 0.1 },
      { id: 'acme-expr', channel: 'openai' as const, modelRatio: 1, billingExpr: 'input * 2' },
      { id: 'acme-secret', channel: 'openai' as const, groups: ['secret'], modelRatio: 1 },
    ];
    const groupRatios = { default: 1, secret: 3 };
    const v13 = await startSimulator({ models, groupRatios, usableGroups: ['default'] });
    const v10 = await startSimulator({ models, groupRatios, usableGroups: ['default'], newApi: 'v0.10.2' });
    try {
      const now = (await call(v13, 'GET', '/api/pricing')).json as Pricing & { data: Record<string, unknown>[] };
      expect(now.data.map((m) => m.model_name)).toEqual(['acme-cached', 'acme-expr']);
      expect(now.data[0]).toMatchObject({ cache_ratio: 0.1 });
      expect(now.data[1]).toMatchObject({ billing_mode: 'tiered_expr', billing_expr: 'input * 2' });
      expect(now.group_ratio).toEqual({ default: 1 });
      const before = (await call(v10, 'GET', '/api/pricing')).json as Pricing & { data: Record<string, unknown>[] };
      expect(before.data.map((m) => m.model_name)).toEqual(['acme-cached', 'acme-expr', 'acme-secret']);
      expect(before.data[1]).not.toHaveProperty('billing_mode');
      expect(before).not.toHaveProperty('pricing_version');
    } finally {
      await v13.stop();
      await v10.stop();
    }
  });

  it('403 when the admin disabled it, 401 when it needs a login', async () => {
    sim.options.pricing = 'forbidden';
    const forbidden = await call(sim, 'GET', '/api/pricing');
    expect(forbidden.status).toBe(403);
    expect((forbidden.json as { success: boolean; message: string }).success).toBe(false);
    expect(typeof (forbidden.json as { message: string }).message).toBe('string');
    sim.options.pricing = 'login';
    const login = await call(sim, 'GET', '/api/pricing', { bearer: DEMO_KEY });
    expect(login.status).toBe(401);
    expect((login.json as { success: boolean }).success).toBe(false);
    sim.options.pricing = 'public';
    expect((await call(sim, 'GET', '/api/pricing')).status).toBe(200);
  });
});

describe('GET /api/usage/token/', () => {
  it('reports a limited key in quota units', async () => {
    const res = await call(sim, 'GET', '/api/usage/token/', { bearer: LIMITED_KEY });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      code: true,
      message: 'ok',
      data: {
        object: 'token_usage',
        name: 'limited',
        total_granted: 5 * QUOTA_PER_USD,
        total_used: 0,
        total_available: 5 * QUOTA_PER_USD,
        unlimited_quota: false,
        model_limits: { 'deepseek-chat': true, 'claude-haiku-4-5': true },
        model_limits_enabled: true,
        expires_at: 0,
      },
    } satisfies Usage);
  });

  it('reports unlimited keys and keys with no quota left; refuses disabled ones as the token auth does', async () => {
    const demo = (await call(sim, 'GET', '/api/usage/token/', { bearer: DEMO_KEY })).json as Usage;
    expect(demo.data.unlimited_quota).toBe(true);
    expect(demo.data.model_limits_enabled).toBe(false);
    const broke = (await call(sim, 'GET', '/api/usage/token/', { bearer: BROKE_KEY })).json as Usage;
    expect(broke.data.total_available).toBe(0);
    expect(broke.data.unlimited_quota).toBe(false);
    // v0.13: read-only token auth, a disabled key is told too.
    const disabled = await call(sim, 'GET', '/api/usage/token/', { bearer: DISABLED_KEY.slice(3) });
    expect([disabled.status, (disabled.json as Usage).data.name]).toEqual([200, 'disabled']);
    // new-api v0.10.2: the route is behind the relay's token auth, whose texts name the reason.
    const old = await startSimulator({ newApi: 'v0.10.2' });
    try {
      const refused = await call(old, 'GET', '/api/usage/token/', { bearer: DISABLED_KEY.slice(3) });
      expect(refused.status).toBe(401);
      expect((refused.json as { error: { message: string } }).error.message).toMatch(/^该令牌状态不可用 \(request id: /);
    } finally {
      await old.stop();
    }
  });

  it("answers an unknown key with 401 Invalid token (in the caller's language), and takes Bearer only", async () => {
    const unknown = await call(sim, 'GET', '/api/usage/token/', { bearer: `sk-${'q'.repeat(48)}` });
    expect([unknown.status, (unknown.json as { success: boolean; message: string }).message]).toEqual([401, 'Invalid token']);
    const zh = await call(sim, 'GET', '/api/usage/token/', {
      bearer: `sk-${'q'.repeat(48)}`,
      headers: { 'accept-language': 'zh-TW,zh;q=0.9' },
    });
    expect((zh.json as { message: string }).message).toBe('無效的令牌');
    const apiKey = await call(sim, 'GET', '/api/usage/token/', { apiKey: DEMO_KEY });
    expect(apiKey.status).toBe(401);
    expect((apiKey.json as { success: boolean }).success).toBe(false);
  });
});
