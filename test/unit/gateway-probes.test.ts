// Probes against real local servers: the exact request each protocol sends, what counts as a pass,
// a diagnosis for each way a gateway can fail them, and the concurrency bound of probeMany.
import type http from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { probe, probeMany, type ClientOptions, type ProbeRequest } from '../../src/gateway/client.js';
import { closeHttp } from '../../src/gateway/http.js';
import { KEY, closeAll, json, sse, startRawServer, startServer } from './gateway-servers.js';
import { inEnglish } from '../helpers/english.js';

afterEach(closeAll);
afterAll(closeHttp);

const MESSAGES_OK = [
  { event: 'message_start', data: '{"type":"message_start","message":{"id":"msg_1"}}' },
  { event: 'content_block_delta', data: '{"type":"content_block_delta","delta":{"type":"text_delta","text":"OK"}}' },
  { event: 'message_delta', data: '{"type":"message_delta","delta":{"stop_reason":"end_turn"}}' },
  { event: 'message_stop', data: '{"type":"message_stop"}' },
];
const RESPONSES_OK = [
  { event: 'response.created', data: '{"type":"response.created","response":{"id":"r1"}}' },
  { event: 'response.output_text.delta', data: '{"type":"response.output_text.delta","delta":"OK"}' },
  { event: 'response.completed', data: '{"type":"response.completed","response":{"id":"r1","error":null}}' },
];
const CHAT_OK = [
  { data: '{"id":"c1","choices":[{"delta":{"content":"OK"}}]}' },
  { data: '{"id":"c1","choices":[],"usage":{"total_tokens":3}}' },
  { data: '[DONE]' },
];

/** Fails the test if the key shows up anywhere in a result. */
function noKey(r: unknown): void {
  const text = JSON.stringify(r);
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(KEY.slice(3));
}

async function run(
  handler: (req: http.IncomingMessage & { body: string }, res: http.ServerResponse) => void,
  req: ProbeRequest,
  extra: Partial<ClientOptions> = {},
) {
  const s = await startServer(handler);
  const result = inEnglish(await probe({ root: s.root, key: KEY, ...extra }, req));
  noKey(result);
  return { s, result: inEnglish(result) };
}

describe('probe: passing requests', () => {
  it('messages: Bearer, anthropic-version, max_tokens 16, stream; passes on message_stop', async () => {
    const { s, result } = await run((_req, res) => sse(res, MESSAGES_OK, { 'x-oneapi-request-id': 'm-1' }), {
      protocol: 'messages',
      model: 'claude-x',
    });
    expect(result).toMatchObject({
      ok: true,
      protocol: 'messages',
      model: 'claude-x',
      status: 200,
      requestId: 'm-1',
      url: `${s.root}/v1/messages`,
    });
    expect(result.diagnosis).toBeUndefined();
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const r = s.requests[0]!;
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/v1/messages');
    expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.headers['anthropic-version']).toBe('2023-06-01');
    expect(r.headers.accept).toBe('text/event-stream');
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual({
      model: 'claude-x',
      max_tokens: 16,
      stream: true,
      messages: [{ role: 'user', content: 'Reply with OK' }],
    });
  });

  it("messages with x-api-key at the agent's own URL", async () => {
    const { s, result } = await run((_req, res) => sse(res, MESSAGES_OK), { protocol: 'messages', model: 'c', auth: 'x-api-key' });
    expect(result.ok).toBe(true);
    expect(s.requests[0]!.headers['x-api-key']).toBe(KEY);
    expect(s.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('an explicit url and key override the defaults', async () => {
    const s = await startServer((_req, res) => sse(res, CHAT_OK));
    const other = 'sk-OtherKey0123456789012345678901234567890123456789';
    const result = inEnglish(
      await probe(
        { root: 'http://127.0.0.1:9', key: KEY },
        { protocol: 'chat', model: 'm', url: `${s.root}/custom/v1/chat/completions`, key: other },
      ),
    );
    expect(result.ok).toBe(true);
    expect(s.requests[0]!.url).toBe('/custom/v1/chat/completions');
    expect(s.requests[0]!.headers.authorization).toBe(`Bearer ${other}`);
  });

  it("key '' sends no auth header at all", async () => {
    const { s, result } = await run(
      (req, res) =>
        req.headers.authorization || req.headers['x-api-key']
          ? sse(res, CHAT_OK)
          : json(res, 401, { error: { message: 'Invalid token', type: 'new_api_error' } }),
      { protocol: 'chat', model: 'm', key: '' },
    );
    expect(s.requests[0]!.headers.authorization).toBeUndefined();
    expect(s.requests[0]!.headers['x-api-key']).toBeUndefined();
    expect(result.diagnosis?.code).toBe('bad_key');
    expect(result.diagnosis?.message).toMatch(/no key was sent/);
  });

  it('responses: max_output_tokens 16, input text; passes on response.completed', async () => {
    const { s, result } = await run((_req, res) => sse(res, RESPONSES_OK), { protocol: 'responses', model: 'gpt-5' });
    expect(result.ok).toBe(true);
    expect(s.requests[0]!.url).toBe('/v1/responses');
    expect(JSON.parse(s.requests[0]!.body)).toEqual({ model: 'gpt-5', input: 'Reply with OK', max_output_tokens: 16, stream: true });
  });

  it('chat: max_tokens 16; passes on data: [DONE], even split across tiny chunks', async () => {
    const { s, result } = await run(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const text = CHAT_OK.map((e) => `data: ${e.data}\r\n\r\n`).join('');
        let i = 0;
        const tick = (): void => {
          if (i >= text.length) return void res.end();
          res.write(text.slice(i, i + 7));
          i += 7;
          setImmediate(tick);
        };
        tick();
      },
      { protocol: 'chat', model: 'ds' },
    );
    expect(result.ok).toBe(true);
    expect(JSON.parse(s.requests[0]!.body)).toMatchObject({ model: 'ds', max_tokens: 16, stream: true });
  });

  it('chat: keep-alive comments are ignored', async () => {
    const { result } = await run(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(': PING\n\ndata: {"choices":[{"delta":{"content":"OK"}}]}\n\n: PING\n\ndata: [DONE]\n\n');
      },
      { protocol: 'chat', model: 'ds' },
    );
    expect(result.ok).toBe(true);
  });

  it('images: not streaming, n 1, 1024x1024; passes with a data array', async () => {
    const { s, result } = await run((_req, res) => json(res, 200, { created: 1, data: [{ url: 'https://x/img.png' }] }), {
      protocol: 'images',
      model: 'gpt-image-1',
    });
    expect(result.ok).toBe(true);
    expect(s.requests[0]!.headers.accept).toBe('application/json');
    expect(JSON.parse(s.requests[0]!.body)).toMatchObject({ model: 'gpt-image-1', n: 1, size: '1024x1024' });
    expect(JSON.parse(s.requests[0]!.body).stream).toBeUndefined();
  });
});

const routing =
  (status: number, message: string, code = '') =>
  (_req: unknown, res: http.ServerResponse) =>
    json(res, status, { error: { message: `${message} (request id: rid-${status})`, type: 'new_api_error', code } });

describe('probe: diagnoses', () => {
  it.each([
    ['bad_key', routing(401, 'Invalid token'), /does not know this key/],
    ['model_not_allowed', routing(403, 'This token has no access to model claude-x'), /model limits do not include model "claude-x"/],
    [
      'model_not_in_group',
      routing(503, 'No available channel for model claude-x under group vip (distributor)', 'model_not_found'),
      /group "vip" has no channel serving model "claude-x"/,
    ],
    ['model_not_in_group', routing(503, '当前分组 default 下对于模型 claude-x 无可用渠道'), /group "default"/],
    ['quota', routing(403, 'user quota is not enough', 'insufficient_user_quota'), /too little quota/],
    ['quota', routing(403, 'pre-consume failed', 'pre_consume_token_quota_failed'), /too little quota/],
    ['quota', routing(403, '用户额度不足'), /too little quota/],
    ['model_unpriced', routing(400, 'model claude-x ratio or price not set', 'model_price_error'), /no price/],
    ['wrong_protocol', routing(500, 'not implemented', 'convert_request_failed'), /cannot speak Anthropic Messages/],
    ['gateway_error', routing(502, 'bad gateway'), /failed the call/],
    ['gateway_error', routing(400, 'Model name not specified'), /Model name not specified/],
  ] as const)('%s from %#', async (code, handler, pattern) => {
    const { result } = await run(handler, { protocol: 'messages', model: 'claude-x' });
    expect(result.ok).toBe(false);
    expect(result.diagnosis?.code).toBe(code);
    expect(result.diagnosis?.message).toMatch(pattern);
    expect(result.requestId).toMatch(/^rid-\d+$/);
    expect(result.diagnosis?.requestId).toBe(result.requestId);
    expect(result.diagnosis?.status).toBe(result.status);
    expect(result.diagnosis?.url).toBe(result.url);
    expect(result.diagnosis?.fix.length).toBeGreaterThan(10);
  });

  it('model_not_in_group tells to pick a model the group serves', async () => {
    const { result } = await run(routing(503, 'No available channel for model m under group default (distributor)', 'model_not_found'), {
      protocol: 'chat',
      model: 'm',
    });
    expect(result.diagnosis?.fix).toContain('`gateway-agent-setup models`');
  });

  it('wrong_protocol: a panic body on Responses', async () => {
    const { result } = await run(
      (_req, res) =>
        json(res, 500, {
          error: {
            message: 'Panic detected, error: runtime error: invalid memory address or nil pointer dereference.',
            type: 'new_api_panic',
          },
        }),
      { protocol: 'responses', model: 'claude-x' },
    );
    expect(result.diagnosis?.code).toBe('wrong_protocol');
    expect(result.diagnosis?.message).toContain('OpenAI Responses');
    expect(result.diagnosis?.fix).toContain('openai-response');
  });

  it('wrong_path: /v1 doubled in the agent URL', async () => {
    const srv = await startServer((req, res) =>
      json(res, 404, { error: { message: `Invalid URL (POST ${req.url})`, type: 'invalid_request_error', param: '', code: '' } }),
    );
    const r = inEnglish(await probe({ root: srv.root, key: KEY }, { protocol: 'messages', model: 'c', url: `${srv.root}/v1/v1/messages` }));
    expect(r.diagnosis?.code).toBe('wrong_path');
    expect(r.diagnosis?.message).toContain('POST /v1/v1/messages');
    expect(r.diagnosis?.message).toMatch(/doubled/);
  });

  it('not_api: /v1 missing lands on the console page', async () => {
    const srv = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>console</html>');
    });
    const r = inEnglish(await probe({ root: srv.root, key: KEY }, { protocol: 'chat', model: 'c', url: `${srv.root}/chat/completions` }));
    expect(r.diagnosis?.code).toBe('not_api');
    expect(r.diagnosis?.message).toMatch(/\/v1 is missing/);
  });

  it('rate_limited: 429 with Retry-After', async () => {
    const { result } = await run(
      (_req, res) => {
        res.writeHead(429, { 'retry-after': '3' });
        res.end();
      },
      { protocol: 'chat', model: 'm' },
    );
    expect(result.diagnosis?.code).toBe('rate_limited');
    expect(result.diagnosis?.message).toContain('3 s');
  });

  it.each([
    ['messages', [MESSAGES_OK[0]!, MESSAGES_OK[1]!], /before its final message_stop/],
    ['responses', [RESPONSES_OK[0]!, RESPONSES_OK[1]!], /before its final response.completed/],
    ['chat', [CHAT_OK[0]!], /before its final data: \[DONE\]/],
    ['chat', [], /without a single event/],
  ] as const)('stream_broken: a %s stream without its final event', async (protocol, events, pattern) => {
    const { result } = await run((_req, res) => sse(res, [...events]), { protocol, model: 'm' });
    expect(result.ok).toBe(false);
    expect(result.diagnosis?.code).toBe('stream_broken');
    expect(result.diagnosis?.message).toMatch(pattern);
  });

  it('stream_broken: the connection is reset mid-stream', async () => {
    const s = await startRawServer((socket) => {
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\nX-Oneapi-Request-Id: cut-1\r\n\r\n',
      );
      const ev = 'event: message_start\ndata: {"type":"message_start"}\n\n';
      socket.write(`${ev.length.toString(16)}\r\n${ev}\r\n`);
      setTimeout(() => socket.resetAndDestroy(), 50);
    });
    const r = inEnglish(await probe({ root: s.root, key: KEY }, { protocol: 'messages', model: 'm' }));
    expect(r.diagnosis?.code).toBe('stream_broken');
    expect(r.diagnosis?.message).toMatch(/cut in the middle/);
    expect(r.requestId).toBe('cut-1');
  });

  it('timeout: a stream that stalls', async () => {
    const { result } = await run(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: message_start\ndata: {}\n\n');
      },
      { protocol: 'messages', model: 'm' },
      { timeoutMs: 300 },
    );
    expect(result.diagnosis?.code).toBe('timeout');
    expect(result.diagnosis?.message).toMatch(/body timeout/);
  });

  it('errors inside a 200 stream are diagnosed like the same error with a status', async () => {
    const messages = await run(
      (_req, res) =>
        sse(res, [
          MESSAGES_OK[0]!,
          {
            event: 'error',
            data: '{"type":"error","error":{"type":"new_api_error","message":"当前分组 vip 下对于模型 m 无可用渠道 (request id: in-stream-1)"}}',
          },
        ]),
      { protocol: 'messages', model: 'm' },
    );
    expect(messages.result.diagnosis?.code).toBe('model_not_in_group');
    expect(messages.result.diagnosis?.message).toContain('"vip"');
    expect(messages.result.requestId).toBe('in-stream-1');

    const chat = await run(
      (_req, res) =>
        sse(res, [CHAT_OK[0]!, { data: '{"error":{"message":"not implemented","type":"new_api_error","code":"convert_request_failed"}}' }]),
      { protocol: 'chat', model: 'm' },
    );
    expect(chat.result.diagnosis?.code).toBe('wrong_protocol');

    const responses = await run(
      (_req, res) =>
        sse(res, [
          RESPONSES_OK[0]!,
          {
            event: 'response.failed',
            data: '{"type":"response.failed","response":{"error":{"code":"insufficient_user_quota","message":"quota"}}}',
          },
        ]),
      { protocol: 'responses', model: 'm' },
    );
    expect(responses.result.diagnosis?.code).toBe('quota');
  });

  it('a plain JSON error with status 200 on a stream request', async () => {
    const { result } = await run(
      (_req, res) => json(res, 200, { error: { message: 'This token has no access to model m', type: 'new_api_error' } }),
      { protocol: 'chat', model: 'm' },
    );
    expect(result.diagnosis?.code).toBe('model_not_allowed');
  });

  it('bad_response: plain JSON instead of a stream, and images without data', async () => {
    const chat = await run((_req, res) => json(res, 200, { choices: [{ message: { content: 'OK' } }] }), { protocol: 'chat', model: 'm' });
    expect(chat.result.diagnosis?.code).toBe('bad_response');
    const images = await run((_req, res) => json(res, 200, { created: 1 }), { protocol: 'images', model: 'i' });
    expect(images.result.diagnosis?.code).toBe('bad_response');
    expect(images.result.diagnosis?.message).toMatch(/no "data" array/);
    const garbage = await run(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{nope');
      },
      { protocol: 'images', model: 'i' },
    );
    expect(garbage.result.diagnosis?.message).toMatch(/not JSON/);
  });

  it('bad_response: a stream over the size cap', async () => {
    const { result } = await run(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (let i = 0; i < 50; i++) res.write(`data: {"choices":[{"delta":{"content":"${'x'.repeat(100)}"}}]}\n\n`);
        res.end('data: [DONE]\n\n');
      },
      { protocol: 'chat', model: 'm' },
      { maxBytes: 2000 },
    );
    expect(result.diagnosis?.code).toBe('bad_response');
    expect(result.diagnosis?.message).toMatch(/size cap/);
  });

  it('redirect on a probe: the key is not sent to the other host', async () => {
    const other = await startServer((_req, res) => sse(res, CHAT_OK));
    const { result } = await run(
      (_req, res) => {
        res.writeHead(302, { location: `${other.root}/v1/chat/completions` });
        res.end();
      },
      { protocol: 'chat', model: 'm' },
    );
    expect(result.diagnosis?.code).toBe('redirect');
    expect(other.requests).toHaveLength(0);
  });

  it('the key never appears in a result, even when echoed in every field', async () => {
    const { result } = await run(
      (req, res) =>
        json(
          res,
          403,
          {
            error: {
              message: `This token has no access to model ${String(req.headers.authorization)} (request id: ${KEY})`,
              type: 'new_api_error',
              code: KEY,
            },
          },
          { 'x-oneapi-request-id': KEY },
        ),
      { protocol: 'messages', model: 'm' },
    );
    expect(result.ok).toBe(false);
    expect(result.diagnosis?.code).toBe('model_not_allowed');
  });
});

describe('probeMany', () => {
  it('keeps the order of the requests and never exceeds the bound', async () => {
    const s = await startServer((req, res) => {
      const model = JSON.parse(req.body).model as string;
      // Later requests finish first, so completion order differs from request order.
      setTimeout(() => sse(res, CHAT_OK), 80 - Number(model.slice(1)) * 5);
    });
    const reqs: ProbeRequest[] = Array.from({ length: 10 }, (_, i) => ({ protocol: 'chat', model: `m${i}` }));
    const results = await probeMany({ root: s.root, key: KEY }, reqs, 3);
    noKey(results);
    expect(results.map((r) => r.model)).toEqual(reqs.map((r) => r.model));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(s.requests).toHaveLength(10);
    expect(s.maxInFlight).toBe(3);
  });

  it('defaults to 4 in flight', async () => {
    const s = await startServer((_req, res) => {
      setTimeout(() => sse(res, CHAT_OK), 60);
    });
    const reqs: ProbeRequest[] = Array.from({ length: 9 }, (_, i) => ({ protocol: 'chat', model: `m${i}` }));
    await probeMany({ root: s.root, key: KEY }, reqs);
    expect(s.maxInFlight).toBe(4);
  });

  it('an empty list gives an empty result', async () => {
    expect(await probeMany({ root: 'http://127.0.0.1:9', key: KEY }, [])).toEqual([]);
  });
});

describe('what new-api does that other gateways do not', () => {
  it('an error written as bare JSON after the stream began is read and shown, not taken for a cut stream', async () => {
    const { result } = await run(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-oneapi-request-id': 'rid-bare-json' });
        res.write('data: {"id":"c1","choices":[{"delta":{"content":"O"}}]}\n\n');
        res.end(
          '{"error":{"message":"upstream stream broke: context deadline exceeded","type":"new_api_error","code":"bad_response_body"}}',
        );
      },
      { protocol: 'chat', model: 'm' },
    );
    expect(result.ok).toBe(false);
    expect(result.diagnosis?.code).toBe('channel_failed');
    expect(result.diagnosis?.message).toContain('context deadline exceeded');
    expect(result.requestId).toBe('rid-bare-json');
  });

  it('a chat stream closed with [DONE] but no answer (new-api closing for a provider that sent nothing) fails', async () => {
    const { result } = await run(
      (_req, res) => sse(res, [{ data: '{"id":"","choices":[],"usage":{"total_tokens":11}}' }, { data: '[DONE]' }]),
      { protocol: 'chat', model: 'm' },
    );
    expect(result.ok).toBe(false);
    expect(result.diagnosis?.code).toBe('stream_broken');
    expect(result.diagnosis?.message).toContain('without an answer');
  });

  it('a key limited to one call at once: the probes refused for it are sent again alone and pass', async () => {
    let inFlight = 0;
    let refused = 0;
    const s = await startServer((_req, res) => {
      if (inFlight > 0) {
        refused++;
        json(res, 429, {
          error: { message: 'token concurrency limit reached', type: 'new_api_error', code: 'token_concurrency_limit_reached' },
        });
        return;
      }
      inFlight++;
      setTimeout(() => {
        inFlight--;
        sse(res, CHAT_OK);
      }, 50);
    });
    const reqs: ProbeRequest[] = ['a', 'b', 'c'].map((model) => ({ protocol: 'chat', model }));
    const results = await probeMany({ root: s.root, key: KEY }, reqs, 4);
    expect(refused).toBeGreaterThan(0);
    expect(results.map((r) => [r.model, r.ok])).toEqual([
      ['a', true],
      ['b', true],
      ['c', true],
    ]);
  });

  it('one refused for concurrency alone is named for what it is', async () => {
    const { result } = await run(
      (_req, res) =>
        json(res, 429, {
          error: { message: 'token concurrency limit reached', type: 'new_api_error', code: 'token_concurrency_limit_reached' },
        }),
      { protocol: 'chat', model: 'm' },
    );
    expect(result.diagnosis?.code).toBe('rate_limited');
    expect(result.diagnosis?.message).toMatch(/fewer requests at once/);
    expect(result.diagnosis?.fix).toContain('--concurrency 1');
  });
});

describe('the group new-api names', () => {
  it.each([
    ['No available channel for model m under group vip (distributor)', '"vip"'],
    ['分组 default 下模型 m 无可用渠道（distributor）', '"default"'],
    ['分组 auto(vip) 下模型 m 无可用渠道（distributor）', '"auto(vip)"'],
    ['No available channel for model m under group auto(cheap) (distributor)', '"auto(cheap)"'],
  ])('%s → %s', async (message, group) => {
    const { result } = await run((_req, res) => json(res, 503, { error: { message, type: 'new_api_error', code: 'model_not_found' } }), {
      protocol: 'chat',
      model: 'm',
    });
    expect(result.diagnosis?.code).toBe('model_not_in_group');
    expect(result.diagnosis?.message).toContain(`group ${group}`);
  });

  it("channels that all failed on retry are the gateway's channel failing, not the group", async () => {
    const message = '分组 auto(vip) 下模型 m 的可用渠道不存在（retry）';
    const { result } = await run((_req, res) => json(res, 500, { error: { message, type: 'new_api_error', code: 'get_channel_failed' } }), {
      protocol: 'chat',
      model: 'm',
    });
    expect(result.diagnosis?.code).toBe('channel_failed');
    expect(result.diagnosis?.message).toContain('auto(vip)');
  });
});

describe('the key refused, for its own reason', () => {
  it.each([
    [401, '该令牌已过期', /the key has expired/, /extend its expiry/],
    [401, '[sk-abc***xyz] 该令牌额度已用尽 !token.UnlimitedQuota && token.RemainQuota = 0', /quota is used up/, /raise the key's quota/],
    [401, '该令牌状态不可用', /the key is disabled/, /enable it/],
    [403, '您的 IP 不在令牌允许访问的列表中', /from this IP address/, /IP allow-list/],
    [403, '用户已被封禁', /account that owns the key is banned/, /administrator/],
  ] as const)('%i "%s"', async (status, text, message, fix) => {
    const { result } = await run(
      (_req, res) => json(res, status, { error: { message: `${text} (request id: rid-1)`, type: 'new_api_error', code: '' } }),
      { protocol: 'chat', model: 'm' },
    );
    expect(result.diagnosis?.code).toBe('bad_key');
    expect(result.diagnosis?.message).toMatch(message);
    expect(result.diagnosis?.fix).toMatch(fix);
  });

  it('an endpoint new-api does not implement (501) is named as such', async () => {
    const { result } = await run(
      (_req, res) =>
        json(res, 501, { error: { message: 'API not implemented', type: 'new_api_error', param: '', code: 'api_not_implemented' } }),
      { protocol: 'images', model: 'm' },
    );
    expect(result.diagnosis?.code).toBe('wrong_path');
    expect(result.diagnosis?.message).toContain('does not implement POST /v1/images/generations');
  });
});
