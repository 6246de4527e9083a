// Every error row of new-api's error table, with the exact status and body shape, plus the auth rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROKE_KEY,
  DEMO_KEY,
  DISABLED_KEY,
  LIMITED_KEY,
  VIP_KEY,
  defaultKeys,
  startSimulator,
  type Simulator,
} from '../../src/simulator/index.js';
import { call, chatBody, responsesBody } from './simulator-helpers.js';

let sim: Simulator;
let legacy: Simulator;

const EXPIRED_KEY = `sk-${'expired'.repeat(7).slice(0, 48)}`;
const EXHAUSTED_KEY = `sk-${'exhausted'.repeat(6).slice(0, 48)}`;

beforeAll(async () => {
  const keys = [
    ...defaultKeys(),
    { key: EXPIRED_KEY, name: 'expired', group: 'default', expiresAt: 1_600_000_000 },
    { key: EXHAUSTED_KEY, name: 'exhausted', group: 'default', status: 'exhausted' as const },
  ];
  sim = await startSimulator({ keys });
  legacy = await startSimulator({ newApi: 'v0.10.2' });
});

afterAll(async () => {
  await sim.stop();
  await legacy.stop();
});

const owned: Simulator[] = [];
/** A simulator of a test's own, stopped with the file's. */
async function own(opts: Parameters<typeof startSimulator>[0]): Promise<Simulator> {
  const s = await startSimulator(opts);
  owned.push(s);
  return s;
}
afterAll(async () => {
  await Promise.all(owned.map((s) => s.stop()));
});

interface OpenAiError {
  error: { message: string; type: string; code?: string; param?: string };
}
interface ClaudeError {
  type: string;
  error: { type: string; message: string };
}

function expectRoutingError(res: { json: unknown; requestId: string | null }, message: string, code: string): void {
  expect(res.requestId).toMatch(/^\w{16,}$/);
  expect(res.json).toEqual({
    error: { message: `${message} (request id: ${res.requestId})`, type: 'new_api_error', code },
  });
}

function expectRelayError(res: { json: unknown; requestId: string | null }, message: string, code: string): void {
  expect(res.json).toEqual({
    error: { message: `${message} (request id: ${res.requestId})`, type: 'new_api_error', param: '', code },
  });
}

describe('auth: 401 Invalid token', () => {
  const cases: [string, Record<string, string>][] = [
    ['missing key', {}],
    ['unknown key', { authorization: `Bearer sk-${'x'.repeat(48)}` }],
    ['disabled key', { authorization: `Bearer ${DISABLED_KEY}` }],
    ['expired key', { authorization: `Bearer ${EXPIRED_KEY}` }],
    ['exhausted key', { authorization: `Bearer ${EXHAUSTED_KEY}` }],
  ];
  for (const [name, headers] of cases) {
    it(`${name} on chat, messages and models`, async () => {
      for (const [method, path] of [
        ['POST', '/v1/chat/completions'],
        ['POST', '/v1/messages'],
        ['GET', '/v1/models'],
      ] as const) {
        const res = await call(sim, method, path, { headers, ...(method === 'POST' ? { body: chatBody('gpt-5.1') } : {}) });
        expect(res.status).toBe(401);
        expectRoutingError(res, 'Invalid token', '');
      }
    });
  }

  it('accepts the key without its sk- prefix', async () => {
    const res = await call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY.slice(3), body: chatBody('gpt-5.1') });
    expect(res.status).toBe(200);
  });

  it('x-api-key works on /v1/messages and /v1/models only', async () => {
    const messages = await call(sim, 'POST', '/v1/messages?beta=true', { apiKey: DEMO_KEY, body: chatBody('claude-sonnet-4-5') });
    expect(messages.status).toBe(200);
    const models = await call(sim, 'GET', '/v1/models', { apiKey: DEMO_KEY });
    expect(models.status).toBe(200);
    for (const [path, body] of [
      ['/v1/chat/completions', chatBody('gpt-5.1')],
      ['/v1/responses', responsesBody('gpt-5.1')],
    ] as const) {
      const res = await call(sim, 'POST', path, { apiKey: DEMO_KEY, body });
      expect(res.status).toBe(401);
      expectRoutingError(res, 'Invalid token', '');
    }
  });

  it('x-api-key wins over Authorization where it is read', async () => {
    const good = await call(sim, 'POST', '/v1/messages', {
      apiKey: DEMO_KEY,
      bearer: `sk-${'y'.repeat(48)}`,
      body: chatBody('claude-haiku-4-5'),
    });
    expect(good.status).toBe(200);
    const bad = await call(sim, 'POST', '/v1/messages', {
      apiKey: `sk-${'y'.repeat(48)}`,
      bearer: DEMO_KEY,
      body: chatBody('claude-haiku-4-5'),
    });
    expect(bad.status).toBe(401);
    // Elsewhere the Authorization header is what counts.
    const chat = await call(sim, 'POST', '/v1/chat/completions', {
      apiKey: `sk-${'y'.repeat(48)}`,
      bearer: DEMO_KEY,
      body: chatBody('gpt-5.1'),
    });
    expect(chat.status).toBe(200);
  });
});

describe('routing errors (OpenAI shape even on /v1/messages)', () => {
  it('400 when the model is missing', async () => {
    const res = await call(sim, 'POST', '/v1/chat/completions', {
      bearer: DEMO_KEY,
      body: { messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(res.status).toBe(400);
    expectRoutingError(res, 'Model name not specified, please specify a model name', '');
  });

  it('403 for a model outside the key limits, on messages too', async () => {
    const res = await call(sim, 'POST', '/v1/messages', { bearer: LIMITED_KEY, body: chatBody('claude-sonnet-4-5') });
    expect(res.status).toBe(403);
    expectRoutingError(res, 'This token has no access to model claude-sonnet-4-5', '');
    const allowed = await call(sim, 'POST', '/v1/messages', { bearer: LIMITED_KEY, body: chatBody('claude-haiku-4-5') });
    expect(allowed.status).toBe(200);
  });

  it('503 model_not_found for a listed model without a channel', async () => {
    const res = await call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('kimi-k2') });
    expect(res.status).toBe(503);
    expectRoutingError(res, 'No available channel for model kimi-k2 under group default (distributor)', 'model_not_found');
  });

  it('503 for a model outside the key group, and for an unknown model', async () => {
    const vip = await call(sim, 'POST', '/v1/messages', { bearer: VIP_KEY, body: chatBody('deepseek-chat') });
    expect(vip.status).toBe(503);
    expectRoutingError(vip, 'No available channel for model deepseek-chat under group vip (distributor)', 'model_not_found');
    const unknown = await call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('no-such-model') });
    expect(unknown.status).toBe(503);
  });

  it('503 in Chinese on an older gateway', async () => {
    const res = await call(legacy, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('kimi-k2') });
    expect(res.status).toBe(503);
    expect((res.json as OpenAiError).error.message).toBe(`当前分组 default 下对于模型 kimi-k2 无可用渠道 (request id: ${res.requestId})`);
  });

  it('400 for a body that is not JSON', async () => {
    const res = await call(sim, 'POST', '/v1/chat/completions', {
      bearer: DEMO_KEY,
      rawBody: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect((res.json as OpenAiError).error.type).toBe('new_api_error');
  });
});

describe('relay errors', () => {
  it("500 model_price_error for a model without a price, in both releases' words", async () => {
    const res = await call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('glm-4.6') });
    expect(res.status).toBe(500);
    expectRelayError(
      res,
      'Model glm-4.6 has not been priced by the administrator yet, please contact the administrator or enable self-use mode',
      'model_price_error',
    );
    const old = await call(legacy, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('glm-4.6') });
    expect(old.status).toBe(500);
    expectRelayError(
      old,
      '模型 glm-4.6 倍率或价格未配置，请联系管理员设置或开始自用模式；Model glm-4.6 ratio or price not set, please set or start self-use mode',
      'model_price_error',
    );
  });

  it('an error of the provider behind the channel passes through as new-api relays it', async () => {
    const revoked = await own({
      models: [
        { id: 'gpt-4.1', channel: 'openai', upstreamKey: 'revoked' },
        { id: 'tts-1', channel: 'openai', upstream: 'speech' },
      ],
    });
    const chat = await call(revoked, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('gpt-4.1') });
    expect(chat.status).toBe(401);
    // The provider's object, param emptied, no request id in the text.
    expect(chat.json).toEqual({
      error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: '', code: 'invalid_api_key' },
    });
    const messages = await call(revoked, 'POST', '/v1/messages', { bearer: DEMO_KEY, body: chatBody('gpt-4.1') });
    expect(messages.status).toBe(401);
    // Claude's shape, the provider's code as the type, the request id appended.
    expect(messages.json).toEqual({
      type: 'error',
      error: { type: 'invalid_api_key', message: `Incorrect API key provided. (request id: ${messages.requestId})` },
    });
    const speech = await call(revoked, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('tts-1') });
    expect(speech.status).toBe(404);
    expect((speech.json as OpenAiError).error.message).toMatch(/not a chat model/);
  });

  it("the auth middleware names the key's problem and refuses groups users may not use or that lost their ratio", async () => {
    const keys = [
      { key: `sk-${'e'.repeat(48)}`, name: 'e', group: 'default', expiresAt: 1_000_000_000 },
      { key: `sk-${'s'.repeat(48)}`, name: 's', group: 'secret' },
      { key: `sk-${'r'.repeat(48)}`, name: 'r', group: 'retired' },
    ];
    const strict = await own({ newApi: 'v0.10.2', keys, groupRatios: { default: 1, secret: 2 }, usableGroups: ['default', 'retired'] });
    const [expired, secret, retired] = keys.map((k) => k.key);
    const e = await call(strict, 'GET', '/v1/models', { bearer: expired ?? '' });
    expect(e.status).toBe(401);
    expect((e.json as OpenAiError).error.message).toBe(`该令牌已过期 (request id: ${e.requestId})`);
    const s = await call(strict, 'POST', '/v1/chat/completions', { bearer: secret ?? '', body: chatBody('deepseek-chat') });
    expect(s.status).toBe(403);
    expect((s.json as OpenAiError).error.message).toBe(`无权访问 secret 分组 (request id: ${s.requestId})`);
    const r = await call(strict, 'GET', '/v1/models', { bearer: retired ?? '' });
    expect(r.status).toBe(403);
    expect((r.json as OpenAiError).error.message).toBe(`分组 retired 已被弃用 (request id: ${r.requestId})`);
  });

  it('403 insufficient_user_quota for a key with no money, Chinese on an older gateway', async () => {
    const res = await call(sim, 'POST', '/v1/chat/completions', { bearer: BROKE_KEY, body: chatBody('deepseek-chat') });
    expect(res.status).toBe(403);
    expectRelayError(res, 'user quota is not enough, remaining quota: $0.000000', 'insufficient_user_quota');
    const old = await call(legacy, 'POST', '/v1/chat/completions', { bearer: BROKE_KEY, body: chatBody('deepseek-chat') });
    expect(old.status).toBe(403);
    expect((old.json as OpenAiError).error.message).toMatch(/^用户额度不足/);
    expect((old.json as OpenAiError).error.code).toBe('insufficient_user_quota');
  });

  it('500 invalid_request when messages or input is missing', async () => {
    const chat = await call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: { model: 'gpt-5.1' } });
    expect(chat.status).toBe(500);
    expectRelayError(chat, 'field messages is required', 'invalid_request');
    const responses = await call(sim, 'POST', '/v1/responses', { bearer: DEMO_KEY, body: { model: 'gpt-5.1' } });
    expect(responses.status).toBe(500);
    expectRelayError(responses, 'input is required', 'invalid_request');
  });

  it('500 convert_request_failed for a pairing the channel cannot serve', async () => {
    for (const model of ['claude-sonnet-4-5', 'deepseek-chat', 'gemini-2.5-pro']) {
      const res = await call(sim, 'POST', '/v1/responses', { bearer: DEMO_KEY, body: responsesBody(model) });
      expect(res.status, model).toBe(500);
      expectRelayError(res, 'not implemented', 'convert_request_failed');
    }
    const image = await call(sim, 'POST', '/v1/images/generations', { bearer: DEMO_KEY, body: { model: 'gpt-5.1', prompt: 'a cat' } });
    expect(image.status).toBe(500);
    expectRelayError(image, 'not implemented', 'convert_request_failed');
  });

  it('the codex channel names the endpoint it refuses', async () => {
    const chat = await call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('gpt-5.1-codex') });
    expect(chat.status).toBe(500);
    expectRelayError(chat, 'codex channel: /v1/chat/completions endpoint not supported', 'convert_request_failed');
    const messages = await call(sim, 'POST', '/v1/messages', { bearer: DEMO_KEY, body: chatBody('gpt-5.1-codex') });
    expect(messages.status).toBe(500);
    expect(messages.json).toEqual({
      type: 'error',
      error: { type: 'new_api_error', message: `codex channel: /v1/messages endpoint not supported (request id: ${messages.requestId})` },
    });
  });

  it('later errors on /v1/messages use the Anthropic shape', async () => {
    const res = await call(sim, 'POST', '/v1/messages', { bearer: BROKE_KEY, body: chatBody('claude-haiku-4-5') });
    expect(res.status).toBe(403);
    const body = res.json as ClaudeError;
    expect(body.type).toBe('error');
    expect(body.error.type).toBe('new_api_error');
    expect(body.error.message).toBe(`user quota is not enough, remaining quota: $0.000000 (request id: ${res.requestId})`);
    const missing = await call(sim, 'POST', '/v1/messages', { bearer: DEMO_KEY, body: { model: 'claude-haiku-4-5' } });
    expect(missing.status).toBe(500);
    expect((missing.json as ClaudeError).error.message).toMatch(/^field messages is required \(request id: /);
  });

  it('Responses rejects max_output_tokens below 16 with the upstream error, no request id', async () => {
    const res = await call(sim, 'POST', '/v1/responses', {
      bearer: DEMO_KEY,
      body: responsesBody('gpt-5.1-codex', { max_output_tokens: 8 }),
    });
    expect(res.status).toBe(400);
    const body = res.json as OpenAiError;
    expect(body.error.param).toBe('max_output_tokens');
    expect(body.error.message).toContain('>= 16');
    expect(body.error.message).not.toContain('request id');
    expect(res.requestId).not.toBeNull();
  });

  it('what really works per channel: OpenAI passes Responses through, xAI serves chat (and Responses from v0.13)', async () => {
    expect((await call(sim, 'POST', '/v1/responses', { bearer: DEMO_KEY, body: responsesBody('gpt-5.1') })).status).toBe(200);
    expect((await call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('grok-4') })).status).toBe(200);
    expect((await call(sim, 'POST', '/v1/responses', { bearer: DEMO_KEY, body: responsesBody('grok-4') })).status).toBe(200);
    const responses = await call(legacy, 'POST', '/v1/responses', { bearer: DEMO_KEY, body: responsesBody('grok-4') });
    expect([responses.status, (responses.json as { error: { message: string } }).error.message]).toEqual([
      500,
      expect.stringContaining('not implemented'),
    ]);
    expect((await call(sim, 'POST', '/v1/messages', { bearer: DEMO_KEY, body: chatBody('gpt-5.1') })).status).toBe(200);
    expect((await call(sim, 'POST', '/v1/messages', { bearer: DEMO_KEY, body: chatBody('gemini-2.5-pro') })).status).toBe(200);
    expect((await call(sim, 'POST', '/v1/messages', { bearer: DEMO_KEY, body: chatBody('grok-4') })).status).toBe(500);
    // An OpenAI channel forwards an embedding model; its provider refuses it (404, passed through).
    expect((await call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('text-embedding-3-small') })).status).toBe(
      404,
    );
  });
});

describe('paths', () => {
  it('404 Invalid URL for unknown paths under /v1, without a request id suffix but with the header', async () => {
    const cases: [string, string, string][] = [
      ['POST', '/v1/v1/messages', 'Invalid URL (POST /v1/v1/messages)'],
      ['POST', '/v1/messages/count_tokens?beta=true', 'Invalid URL (POST /v1/messages/count_tokens)'],
      ['GET', '/v1/chat/completions', 'Invalid URL (GET /v1/chat/completions)'],
      ['GET', '/api/nothing', 'Invalid URL (GET /api/nothing)'],
    ];
    for (const [method, path, message] of cases) {
      const res = await call(sim, method, path, { bearer: DEMO_KEY, ...(method === 'POST' ? { body: chatBody('claude-haiku-4-5') } : {}) });
      expect(res.status, path).toBe(404);
      expect(res.json).toEqual({ error: { message, type: 'invalid_request_error', param: '', code: '' } });
      expect(res.requestId).toMatch(/^\w{16,}$/);
    }
  });

  it('200 text/html for paths outside /v1, /api and /assets', async () => {
    for (const [method, path] of [
      ['POST', '/chat/completions'],
      ['GET', '/'],
      ['POST', '/messages'],
    ] as const) {
      const res = await call(sim, method, path, { bearer: DEMO_KEY, ...(method === 'POST' ? { body: chatBody('gpt-5.1') } : {}) });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root">');
      expect(res.requestId).not.toBeNull();
    }
    const head = await call(sim, 'HEAD', '/');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/html/);
    expect(head.text).toBe('');
  });

  it('redirects a trailing-slash mismatch like gin does', async () => {
    const usage = await call(sim, 'GET', '/api/usage/token', { bearer: DEMO_KEY });
    expect(usage.status).toBe(301);
    expect(usage.headers.get('location')).toBe('/api/usage/token/');
    const chat = await call(sim, 'POST', '/v1/chat/completions/', { bearer: DEMO_KEY, body: chatBody('gpt-5.1') });
    expect(chat.status).toBe(307);
    expect(chat.headers.get('location')).toBe('/v1/chat/completions');
  });

  it('GET /v1/models/:id answers 200 with an error body for custom models', async () => {
    const res = await call(sim, 'GET', '/v1/models/claude-sonnet-4-5', { bearer: DEMO_KEY });
    expect(res.status).toBe(200);
    expect((res.json as OpenAiError).error.code).toBe('model_not_found');
  });

  it('every request id is unique', async () => {
    const ids = new Set<string | null>();
    for (let i = 0; i < 20; i++) ids.add((await call(sim, 'GET', '/v1/nope')).requestId);
    expect(ids.size).toBe(20);
    expect(ids.has(null)).toBe(false);
  });
});
