// The gateway client against the project's gateway simulator: every diagnosis the simulator can
// provoke, the passes, and the enrichment calls.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/core/errors.js';
import type { Diagnosis, Protocol } from '../../src/core/types.js';
import {
  fetchKeyInfo,
  fetchPricing,
  listModels,
  probe,
  probeMany,
  type ClientOptions,
  type ProbeRequest,
} from '../../src/gateway/client.js';
import { closeHttp } from '../../src/gateway/http.js';
import {
  BROKE_KEY,
  DEMO_KEY,
  DISABLED_KEY,
  LIMITED_KEY,
  VIP_KEY,
  startSimulator,
  type Fault,
  type Simulator,
} from '../../src/simulator/index.js';
import { inEnglish, type English } from '../helpers/english.js';

const KEYS = [DEMO_KEY, LIMITED_KEY, VIP_KEY, BROKE_KEY, DISABLED_KEY];

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterEach(() => {
  sim.clearFaults();
  sim.resetStats();
});
afterAll(async () => {
  await sim.stop();
  await closeHttp();
});

function noKey(x: unknown): void {
  const text = JSON.stringify(x);
  for (const k of KEYS) expect(text).not.toContain(k.slice(3));
}

function opts(key = DEMO_KEY, extra: Partial<ClientOptions> = {}): ClientOptions {
  return { root: sim.root, key, ...extra };
}

async function diagnose(key: string, req: ProbeRequest, extra: Partial<ClientOptions> = {}): Promise<English<Diagnosis> | undefined> {
  const r = await probe(opts(key, extra), req);
  noKey(r);
  if (r.diagnosis) {
    expect(r.requestId === undefined || r.diagnosis.requestId === r.requestId).toBe(true);
  }
  return inEnglish(r.diagnosis);
}

describe('against the simulator', () => {
  it("lists and classifies the demo key's models", async () => {
    const list = await listModels(opts());
    noKey(list);
    expect(list.marked).toBe(true);
    expect(list.requestId).toBeTruthy();
    const by = new Map(list.models.map((m) => [m.id, m]));
    expect(by.get('claude-sonnet-4-5')?.protocols).toEqual({ messages: 'yes', responses: 'no', chat: 'yes', images: 'no' });
    expect(by.get('gpt-5.1')?.protocols.responses).toBe('probe');
    expect(by.get('gpt-5.1-codex')?.protocols.responses).toBe('yes');
    expect(by.get('text-embedding-3-small')?.notForAgents).toBeDefined();
    expect(by.get('gpt-image-1')?.protocols.images).toBe('yes');
  });

  it('an older gateway without marks gives an unmarked list', async () => {
    const old = await startSimulator({ omitMarks: true });
    try {
      const list = await listModels({ root: old.root, key: DEMO_KEY });
      expect(list.marked).toBe(false);
      expect(list.models.length).toBeGreaterThan(0);
      expect(list.models.every((m) => m.protocols.messages === 'probe')).toBe(true);
    } finally {
      await old.stop();
    }
  });

  it('the limited key lists only its model limits', async () => {
    const list = await listModels(opts(LIMITED_KEY));
    expect(list.models.map((m) => m.id).sort()).toEqual(['claude-haiku-4-5', 'deepseek-chat']);
  });

  it.each<[Protocol, string, 'bearer' | 'x-api-key']>([
    ['messages', 'claude-sonnet-4-5', 'bearer'],
    ['messages', 'claude-sonnet-4-5', 'x-api-key'],
    ['responses', 'gpt-5.1-codex', 'bearer'],
    ['responses', 'gpt-5.1', 'bearer'],
    ['chat', 'deepseek-chat', 'bearer'],
    ['images', 'gpt-image-1', 'bearer'],
  ])('%s probe of %s (%s) passes', async (protocol, model, auth) => {
    const r = await probe(opts(), { protocol, model, auth });
    expect(r.diagnosis).toBeUndefined();
    expect(r).toMatchObject({ ok: true, status: 200, protocol, model });
    expect(r.requestId).toBeTruthy();
  });

  it.each<[string, string, ProbeRequest, RegExp]>([
    ['bad_key', DISABLED_KEY, { protocol: 'messages', model: 'claude-sonnet-4-5' }, /the key is disabled/],
    ['model_not_allowed', LIMITED_KEY, { protocol: 'messages', model: 'claude-sonnet-4-5' }, /"claude-sonnet-4-5"/],
    ['model_not_in_group', DEMO_KEY, { protocol: 'chat', model: 'kimi-k2' }, /group "default"/],
    ['model_not_in_group', VIP_KEY, { protocol: 'chat', model: 'deepseek-chat' }, /group "vip"/],
    ['quota', BROKE_KEY, { protocol: 'chat', model: 'deepseek-chat' }, /quota/],
    ['model_unpriced', DEMO_KEY, { protocol: 'chat', model: 'glm-4.6' }, /"glm-4.6" has no price/],
    ['wrong_protocol', DEMO_KEY, { protocol: 'responses', model: 'claude-sonnet-4-5' }, /OpenAI Responses/],
    ['wrong_protocol', DEMO_KEY, { protocol: 'responses', model: 'deepseek-chat' }, /OpenAI Responses/],
    ['wrong_protocol', DEMO_KEY, { protocol: 'chat', model: 'gpt-5.1-codex' }, /Chat Completions/],
  ])('%s (%#)', async (code, key, req, pattern) => {
    const d = await diagnose(key, req);
    expect(d?.code).toBe(code);
    expect(d?.message).toMatch(pattern);
    expect(d?.requestId).toBeTruthy();
  });

  it('bad_key without any key sent', async () => {
    const d = await diagnose(DEMO_KEY, { protocol: 'chat', model: 'deepseek-chat', key: '' });
    expect(d?.code).toBe('bad_key');
    expect(d?.message).toMatch(/no key was sent/);
  });

  it('legacy Chinese texts still name the group and the quota', async () => {
    const old = await startSimulator({ newApi: 'v0.10.2' });
    try {
      const group = inEnglish(await probe({ root: old.root, key: VIP_KEY }, { protocol: 'chat', model: 'deepseek-chat' }));
      expect(group.diagnosis?.code).toBe('model_not_in_group');
      expect(group.diagnosis?.message).toContain('"vip"');
      const quota = await probe({ root: old.root, key: BROKE_KEY }, { protocol: 'chat', model: 'deepseek-chat' });
      expect(quota.diagnosis?.code).toBe('quota');
    } finally {
      await old.stop();
    }
  });

  it('wrong_path: a doubled /v1', async () => {
    const d = await diagnose(DEMO_KEY, { protocol: 'messages', model: 'claude-sonnet-4-5', url: `${sim.root}/v1/v1/messages` });
    expect(d?.code).toBe('wrong_path');
    expect(d?.message).toMatch(/doubled/);
    const list = await listModels(opts(DEMO_KEY, { root: `${sim.root}/v1` })).catch((e: unknown) => e);
    expect((list as GatewayError).diagnosis.code).toBe('wrong_path');
  });

  it('not_api: /v1 missing lands on the console page', async () => {
    const d = await diagnose(DEMO_KEY, { protocol: 'chat', model: 'deepseek-chat', url: `${sim.root}/chat/completions` });
    expect(d?.code).toBe('not_api');
    expect(d?.status).toBe(200);
  });

  const faulted: Array<[string, Fault, RegExp, Partial<ClientOptions>?]> = [
    ['not_api', { kind: 'html' }, /web console/],
    ['rate_limited', { kind: 'rate-limit', retryAfter: 5 }, /retry after 5 s/],
    ['channel_failed', { kind: 'server-error' }, /502/],
    ['wrong_protocol', { kind: 'panic' }, /cannot speak/],
    ['stream_broken', { kind: 'truncate-stream' }, /before its final/],
    ['timeout', { kind: 'slow-headers', ms: 3000 }, /headers timeout/, { timeoutMs: 300 }],
    ['timeout', { kind: 'stall-body' }, /body timeout/, { timeoutMs: 300 }],
    ['unreachable', { kind: 'drop' }, /without answering/],
  ];
  it.each(faulted)('%s from a %j fault', async (code, fault, pattern, extra) => {
    sim.addFault({ ...fault, path: '/v1/chat/completions' });
    const d = await diagnose(DEMO_KEY, { protocol: 'chat', model: 'deepseek-chat' }, extra);
    expect(d?.code).toBe(code);
    expect(d?.message).toMatch(pattern);
  });

  it('redirect: a 301 to another gateway never carries the key there', async () => {
    const other = await startSimulator();
    try {
      sim.addFault({ kind: 'redirect', location: `${other.root}/v1/models`, path: '/v1/models' });
      const err = await listModels(opts()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GatewayError);
      const d = inEnglish((err as GatewayError).diagnosis);
      expect(d.code).toBe('redirect');
      expect(d.message).toContain(other.root);
      expect(other.log).toHaveLength(0);
    } finally {
      await other.stop();
    }
  });

  it('probeMany keeps the bound on the simulator', async () => {
    const slow = await startSimulator({ latencyMs: 40 });
    try {
      const reqs: ProbeRequest[] = Array.from({ length: 8 }, () => ({ protocol: 'chat', model: 'deepseek-chat' }));
      const results = await probeMany({ root: slow.root, key: DEMO_KEY }, reqs, 2);
      expect(results.every((r) => r.ok)).toBe(true);
      expect(slow.maxInFlight).toBe(2);
    } finally {
      await slow.stop();
    }
  });

  it('pricing and key info', async () => {
    const pricing = await fetchPricing(opts());
    expect(pricing?.get('claude-sonnet-4-5')).toMatchObject({ inputPerMTok: 3, outputPerMTok: 15, tags: ['coding', 'reasoning', '200k'] });
    expect(pricing?.get('gpt-image-1')?.perCall).toBe(0.04);
    const vip = await fetchPricing(opts(VIP_KEY, { group: 'vip' }));
    expect(vip?.get('claude-sonnet-4-5')?.inputPerMTok).toBe(4.5);
    const info = await fetchKeyInfo(opts(LIMITED_KEY));
    expect(info).toMatchObject({ name: 'limited', unlimited: false, remainingUsd: 5 });
    expect(info?.modelLimits?.sort()).toEqual(['claude-haiku-4-5', 'deepseek-chat']);
    expect(await fetchKeyInfo(opts(DEMO_KEY))).toMatchObject({ unlimited: true });
  });

  it.each(['forbidden', 'login'] as const)('pricing %s gives undefined', async (pricing) => {
    const closed = await startSimulator({ pricing });
    try {
      expect(await fetchPricing({ root: closed.root, key: DEMO_KEY })).toBeUndefined();
    } finally {
      await closed.stop();
    }
  });
});
