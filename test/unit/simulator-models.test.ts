// GET /v1/models: the key's group, its limits, marks vs omitMarks, Anthropic's list format,
// and live option changes taking effect on the next request.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEY, LIMITED_KEY, VIP_KEY, startSimulator, type Simulator } from '../../src/simulator/index.js';
import { call, chatBody } from './simulator-helpers.js';

interface ListedModel {
  id: string;
  object: string;
  created: number;
  owned_by: string;
  supported_endpoint_types?: string[];
}
interface ModelList {
  success: boolean;
  object: string;
  data: ListedModel[];
}

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(async () => {
  await sim.stop();
});

async function list(key: string): Promise<ModelList> {
  const res = await call(sim, 'GET', '/v1/models', { bearer: key });
  expect(res.status).toBe(200);
  return res.json as ModelList;
}

describe('GET /v1/models', () => {
  it('lists every default model with its channel marks', async () => {
    const body = await list(DEMO_KEY);
    expect(body.success).toBe(true);
    expect(body.object).toBe('list');
    const byId = new Map(body.data.map((m) => [m.id, m]));
    expect(byId.get('claude-sonnet-4-5')).toEqual({
      id: 'claude-sonnet-4-5',
      object: 'model',
      created: 1626777600,
      owned_by: 'custom',
      supported_endpoint_types: ['anthropic', 'openai'],
    });
    expect(byId.get('gpt-5.1')?.supported_endpoint_types).toEqual(['openai']);
    expect(byId.get('gpt-5.1-codex')?.supported_endpoint_types).toEqual([
      'openai-response',
      'openai-response-compact',
      'openai-alpha-search',
    ]);
    // xAI channels: chat and Responses from v0.13 (before, the default marks by name: see below).
    expect(byId.get('grok-4')?.supported_endpoint_types).toEqual(['openai', 'openai-response']);
    expect(byId.get('gemini-2.5-pro')?.supported_endpoint_types).toEqual(['gemini', 'openai']);
    expect(byId.get('gpt-image-1')?.supported_endpoint_types).toEqual(['image-generation', 'openai']);
    // An OpenAI channel marks everything `openai`, embeddings included.
    expect(byId.get('text-embedding-3-small')?.supported_endpoint_types).toEqual(['openai']);
    // Listed although it has no channel (so no marks): the key's list and reality disagree.
    expect(byId.get('kimi-k2')?.supported_endpoint_types).toEqual([]);
    // Unpriced models are left out of the list (self-use mode off), as new-api does.
    expect(byId.has('glm-4.6')).toBe(false);
    expect(body.data).toHaveLength(11);
  });

  it('marks xAI models by name and for chat alone on v0.10.2', async () => {
    const old = await startSimulator({ newApi: 'v0.10.2' });
    try {
      const res = await fetch(`${old.root}/v1/models`, { headers: { authorization: `Bearer ${DEMO_KEY}` } });
      const body = (await res.json()) as { data: { id: string; supported_endpoint_types: string[] }[] };
      expect(body.data.find((m) => m.id === 'grok-4')?.supported_endpoint_types).toEqual(['openai']);
      expect(res.headers.get('x-new-api-version')).toBeNull();
    } finally {
      await old.stop();
    }
  });

  it('shows the vip group only its models', async () => {
    const ids = (await list(VIP_KEY)).data.map((m) => m.id).sort();
    expect(ids).toEqual(['claude-haiku-4-5', 'claude-opus-4-1', 'claude-sonnet-4-5', 'gpt-5.1-codex']);
  });

  it('cuts the list down to the key model limits', async () => {
    const ids = (await list(LIMITED_KEY)).data.map((m) => m.id).sort();
    expect(ids).toEqual(['claude-haiku-4-5', 'deepseek-chat']);
  });

  it("lists a limited key's limits even where its group has no channel for them (new-api v0.10)", async () => {
    const key = {
      key: `sk-${'c'.repeat(48)}`,
      name: 'c',
      group: 'vip',
      modelLimits: ['deepseek-chat', 'claude-haiku-4-5', 'no-such-model'],
    };
    const own = await startSimulator({ keys: [key] });
    try {
      const body = (await call(own, 'GET', '/v1/models', { bearer: key.key })).json as ModelList;
      expect(body.data.map((m) => [m.id, m.supported_endpoint_types])).toEqual([
        ['claude-haiku-4-5', ['anthropic', 'openai']],
        ['deepseek-chat', ['openai']],
        ['no-such-model', []],
      ]);
      const call503 = await call(own, 'POST', '/v1/chat/completions', {
        bearer: key.key,
        body: { model: 'deepseek-chat', messages: [{ role: 'user', content: 'hi' }] },
      });
      expect(call503.status).toBe(503);
    } finally {
      await own.stop();
    }
  });

  it('omits supported_endpoint_types when omitMarks is set, live', async () => {
    expect((await list(DEMO_KEY)).data.every((m) => Array.isArray(m.supported_endpoint_types))).toBe(true);
    sim.options.omitMarks = true;
    const body = await list(DEMO_KEY);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.some((m) => 'supported_endpoint_types' in m)).toBe(false);
  });

  it('answers in Anthropic format to x-api-key plus anthropic-version', async () => {
    const res = await call(sim, 'GET', '/v1/models', { apiKey: LIMITED_KEY, headers: { 'anthropic-version': '2023-06-01' } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        { id: 'claude-haiku-4-5', created_at: '2021-07-20T10:40:00Z', display_name: 'claude-haiku-4-5', type: 'model' },
        { id: 'deepseek-chat', created_at: '2021-07-20T10:40:00Z', display_name: 'deepseek-chat', type: 'model' },
      ],
      first_id: 'claude-haiku-4-5',
      last_id: 'deepseek-chat',
      has_more: false,
    });
    // Bearer with anthropic-version, or x-api-key alone, keeps the OpenAI format.
    const bearer = await call(sim, 'GET', '/v1/models', { bearer: LIMITED_KEY, headers: { 'anthropic-version': '2023-06-01' } });
    expect((bearer.json as ModelList).object).toBe('list');
    const apiKeyOnly = await call(sim, 'GET', '/v1/models', { apiKey: LIMITED_KEY });
    expect((apiKeyOnly.json as ModelList).object).toBe('list');
  });
});

describe('live options', () => {
  it('setModels, custom marks and keys apply to the next request', async () => {
    sim.setModels([{ id: 'my-model', channel: 'openai', marks: ['openai', 'custom-mark'] }]);
    const body = await list(DEMO_KEY);
    expect(body.data).toEqual([
      { id: 'my-model', object: 'model', created: 1626777600, owned_by: 'custom', supported_endpoint_types: ['openai', 'custom-mark'] },
    ]);
    const chat = await call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('my-model') });
    expect(chat.status).toBe(200);

    const newKey = `sk-${'fresh'.repeat(10).slice(0, 48)}`;
    expect((await call(sim, 'GET', '/v1/models', { bearer: newKey })).status).toBe(401);
    sim.options.keys.push({ key: newKey, name: 'fresh', group: 'default' });
    expect((await call(sim, 'GET', '/v1/models', { bearer: newKey })).status).toBe(200);
  });

  it('latencyMs delays the next answer', async () => {
    sim.options.latencyMs = 150;
    const started = Date.now();
    await call(sim, 'GET', '/v1/models', { bearer: DEMO_KEY });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});
