// The model list and the transport against real local servers: every failure becomes a
// GatewayError whose Diagnosis names the cause, and the key never shows up in it.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/core/errors.js';
import type { Diagnosis } from '../../src/core/types.js';
import { listModels, type ClientOptions } from '../../src/gateway/client.js';
import { closeHttp } from '../../src/gateway/http.js';
import { KEY, closeAll, deadPort, json, startRawServer, startRecordingProxy, startServer } from './gateway-servers.js';
import { inEnglish, type English } from '../helpers/english.js';

afterEach(closeAll);
afterAll(closeHttp);

async function failure(opts: ClientOptions): Promise<English<Diagnosis>> {
  try {
    await listModels(opts);
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError);
    const d = (err as GatewayError).diagnosis;
    expect(JSON.stringify(d)).not.toContain(KEY);
    expect(JSON.stringify(d)).not.toContain(KEY.slice(3));
    return inEnglish(d);
  }
  throw new Error('listModels did not fail');
}

const LIST = {
  success: true,
  object: 'list',
  data: [
    {
      id: 'claude-sonnet-4-5',
      object: 'model',
      created: 1626777600,
      owned_by: 'custom',
      supported_endpoint_types: ['anthropic', 'openai'],
    },
    { id: 'gpt-5-codex', object: 'model', supported_endpoint_types: ['openai-response', 'openai-response-compact'], extra: { x: 1 } },
    { id: 'text-embedding-3-small', supported_endpoint_types: ['embeddings'] },
  ],
};

describe('listModels', () => {
  it('sends the key as Bearer with our headers and classifies the marked list', async () => {
    const s = await startServer((_req, res) => json(res, 200, LIST, { 'X-Oneapi-Request-Id': 'req-list-1' }));
    const list = inEnglish(await listModels({ root: `${s.root}/`, key: KEY }));
    expect(s.requests).toHaveLength(1);
    const r = s.requests[0]!;
    expect(r.method).toBe('GET');
    expect(r.url).toBe('/v1/models');
    expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.headers['accept-language']).toBe('en');
    expect(r.headers.accept).toBe('application/json');
    expect(r.headers['user-agent']).toMatch(/^gateway-agent-setup\//);
    expect(list.requestId).toBe('req-list-1');
    expect(list.marked).toBe(true);
    expect(list.warnings).toEqual([]);
    expect(list.models.map((m) => m.id)).toEqual(['claude-sonnet-4-5', 'gpt-5-codex', 'text-embedding-3-small']);
    const [claude, codex, embed] = list.models;
    expect(claude).toMatchObject({
      ownedBy: 'custom',
      created: 1626777600,
      marked: true,
      protocols: { messages: 'yes', responses: 'no', chat: 'yes', images: 'no' },
    });
    expect(codex?.protocols).toEqual({ messages: 'no', responses: 'yes', chat: 'no', images: 'no' });
    expect(embed?.notForAgents).toMatch(/embeddings/);
  });

  it('treats a list without supported_endpoint_types as unmarked', async () => {
    const s = await startServer((_req, res) => json(res, 200, { object: 'list', data: [{ id: 'm1' }, { id: 'm2', owned_by: 'x' }] }));
    const list = inEnglish(await listModels({ root: s.root, key: KEY }));
    expect(list.marked).toBe(false);
    expect(list.models.every((m) => !m.marked && m.protocols.responses === 'probe' && m.protocols.messages === 'probe')).toBe(true);
  });

  it('drops unsafe ids with a warning and keeps vendor/model ids', async () => {
    const ids = ['ok-model', 'Qwen/Qwen2.5-72B-Instruct', 'evil\nmodel', 'quo"te', '../../etc/passwd', 'a/../b', 'back\\slash', "it's", ''];
    const s = await startServer((_req, res) => json(res, 200, { data: ids.map((id) => ({ id, supported_endpoint_types: ['openai'] })) }));
    const list = inEnglish(await listModels({ root: s.root, key: KEY }));
    expect(list.models.map((m) => m.id)).toEqual(['ok-model', 'Qwen/Qwen2.5-72B-Instruct']);
    expect(list.warnings).toHaveLength(7);
    expect(list.warnings[0]).toContain('"evil\\nmodel"');
    expect(list.warnings.join('\n')).not.toMatch(/evil\nmodel/);
  });

  it('reads the request id from the message when the header is missing', async () => {
    const s = await startServer((_req, res) =>
      json(res, 401, { error: { message: 'Invalid token (request id: 20260801120000123abcd)', type: 'new_api_error', code: '' } }),
    );
    const d = await failure({ root: s.root, key: KEY });
    expect(d).toMatchObject({ code: 'bad_key', status: 401, requestId: '20260801120000123abcd', url: `${s.root}/v1/models` });
    expect(d.message).toContain('Invalid token');
    expect(d.message).not.toContain('(request id');
  });

  it('prefers the header request id over the one in the message', async () => {
    const s = await startServer((_req, res) =>
      json(
        res,
        401,
        { error: { message: 'Invalid token (request id: from-body)', type: 'new_api_error' } },
        { 'X-Oneapi-Request-Id': 'from-header' },
      ),
    );
    expect((await failure({ root: s.root, key: KEY })).requestId).toBe('from-header');
  });

  it('scrubs a key the gateway echoes back', async () => {
    const s = await startServer((req, res) =>
      json(res, 401, { error: { message: `Invalid token ${String(req.headers.authorization)}`, type: 'new_api_error' } }),
    );
    const d = await failure({ root: s.root, key: KEY });
    expect(d.code).toBe('bad_key');
    expect(d.message).toContain('sk-Ab…');
  });

  it('wrong_path: names a doubled /v1', async () => {
    const s = await startServer((req, res) =>
      json(res, 404, { error: { message: `Invalid URL (GET ${req.url})`, type: 'invalid_request_error', param: '', code: '' } }),
    );
    const d = await failure({ root: `${s.root}/v1`, key: KEY });
    expect(d.code).toBe('wrong_path');
    expect(d.status).toBe(404);
    expect(d.message).toContain('GET /v1/v1/models');
    expect(d.message).toMatch(/doubled/);
    expect(d.fix).toContain(s.root);
  });

  it('not_api: an HTML 200 is the web console, not a JSON crash', async () => {
    const s = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><body>New API</body></html>');
    });
    const d = await failure({ root: `${s.root}/console`, key: KEY });
    expect(d.code).toBe('not_api');
    expect(d.status).toBe(200);
    expect(d.message).toContain("the base URL points at the gateway's web console, not its API");
  });

  it('redirect: a 301 to another host is not followed and the key never reaches it', async () => {
    const other = await startServer((_req, res) => json(res, 200, LIST));
    const s = await startServer((_req, res) => {
      res.writeHead(301, { location: `${other.root}/v1/models?token=${KEY}` });
      res.end();
    });
    const d = await failure({ root: s.root, key: KEY });
    expect(d.code).toBe('redirect');
    expect(d.status).toBe(301);
    expect(d.message).toContain(other.root);
    expect(d.message).toMatch(/not followed/);
    expect(other.requests).toHaveLength(0);
  });

  it('rate_limited: 429 with an empty body and Retry-After', async () => {
    const s = await startServer((_req, res) => {
      res.writeHead(429, { 'retry-after': '7', 'x-oneapi-request-id': 'rl-1' });
      res.end();
    });
    const d = await failure({ root: s.root, key: KEY });
    expect(d).toMatchObject({ code: 'rate_limited', status: 429, requestId: 'rl-1' });
    expect(d.message).toContain('retry after 7 s');
  });

  it('gateway_error: other 5xx of the gateway itself, with the gateway text', async () => {
    const s = await startServer((_req, res) =>
      json(res, 502, { error: { message: 'something exploded', type: 'new_api_error', code: '' } }),
    );
    const d = await failure({ root: s.root, key: KEY });
    expect(d.code).toBe('gateway_error');
    expect(d.message).toContain('something exploded');
  });

  it('channel_failed: an error of the provider behind the gateway (its own type), never the key', async () => {
    const s = await startServer((_req, res) =>
      json(res, 401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: '', code: 'invalid_api_key' },
      }),
    );
    const d = await failure({ root: s.root, key: KEY });
    expect(d.code).toBe('channel_failed');
    expect(d.message).toContain('Incorrect API key provided.');
    expect(d.message).toMatch(/not the cause/);
    expect(d.fix).toMatch(/administrator/);
  });

  it('an error body with status 200 is diagnosed, not parsed as a list', async () => {
    const s = await startServer((_req, res) => json(res, 200, { success: false, message: 'Invalid token' }));
    expect((await failure({ root: s.root, key: KEY })).code).toBe('bad_key');
  });

  it.each([
    ['invalid JSON', '{"data": [', /not JSON/],
    ['data not an array', '{"data": {"id": "x"}}', /"data" is not an array/],
    ['id not a string', '{"data": [{"id": 42}]}', /data\[0\]\.id is not a string/],
    ['an item not an object', '{"data": ["gpt-4"]}', /data\[0\] is not an object/],
    ['an empty body', '', /empty/],
  ])('bad_response: %s', async (_name, body, pattern) => {
    const s = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const d = await failure({ root: s.root, key: KEY });
    expect(d.code).toBe('bad_response');
    expect(d.message).toMatch(pattern);
  });

  it('bad_response: a body over the size cap, streamed without Content-Length', async () => {
    const s = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 20; i++) res.write('x'.repeat(1000));
      res.end();
    });
    const d = await failure({ root: s.root, key: KEY, maxBytes: 4096 });
    expect(d.code).toBe('bad_response');
    expect(d.message).toMatch(/size cap/);
  });

  it('bad_response: a declared Content-Length over the cap fails before reading', async () => {
    const s = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
      res.end('x'.repeat(100000));
    });
    const d = await failure({ root: s.root, key: KEY, maxBytes: 1000 });
    expect(d.code).toBe('bad_response');
    expect(d.message).toMatch(/over the 1000 bytes size cap/);
  });

  it('timeout: no headers within the limit names the headers phase', async () => {
    const s = await startServer(() => undefined);
    const d = await failure({ root: s.root, key: KEY, timeoutMs: 300 });
    expect(d.code).toBe('timeout');
    expect(d.message).toMatch(/headers timeout/);
    expect(d.message).toContain('0.3 s');
  });

  it('timeout: a body that stalls names the body phase', async () => {
    const s = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-oneapi-request-id': 'stall-1' });
      res.write('{"data": [');
    });
    const d = await failure({ root: s.root, key: KEY, timeoutMs: 300 });
    expect(d.code).toBe('timeout');
    expect(d.message).toMatch(/body timeout/);
    expect(d.requestId).toBe('stall-1');
  });

  it('unreachable: connection refused', async () => {
    const port = await deadPort();
    const d = await failure({ root: `http://127.0.0.1:${port}`, key: KEY });
    expect(d.code).toBe('unreachable');
    expect(d.message).toContain('ECONNREFUSED');
    expect(d.message).toContain(`127.0.0.1:${port}`);
  });

  it('unreachable: TLS to a plain HTTP port fails the handshake', async () => {
    const s = await startServer((_req, res) => json(res, 200, LIST));
    const d = await failure({ root: `https://127.0.0.1:${s.port}`, key: KEY, timeoutMs: 5000 });
    expect(d.code).toBe('unreachable');
    expect(d.message).toMatch(/TLS handshake/);
  });

  it('unreachable: a socket closed without an answer', async () => {
    const s = await startRawServer((socket) => socket.destroy());
    const d = await failure({ root: s.root, key: KEY });
    expect(d.code).toBe('unreachable');
    expect(d.message).toMatch(/closed the connection without answering/);
  });

  it('stream_broken: the connection is reset in the middle of the body', async () => {
    const s = await startRawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"data": [');
      setTimeout(() => socket.resetAndDestroy(), 50);
    });
    const d = await failure({ root: s.root, key: KEY });
    expect(d.code).toBe('stream_broken');
  });
});

describe('addresses', () => {
  it.each(['not a url', 'ftp://gw.example', `gw.example/${KEY}`])('config_invalid for %j, key scrubbed', async (root) => {
    const d = await failure({ root, key: KEY });
    expect(d.code).toBe('config_invalid');
    expect(d.message).toMatch(/is not an http/);
  });
});

describe('proxies', () => {
  it('never sends loopback through HTTP_PROXY, even a dead one', async () => {
    const s = await startServer((_req, res) => json(res, 200, LIST));
    const port = await deadPort();
    const env = { HTTP_PROXY: `http://127.0.0.1:${port}`, https_proxy: `http://127.0.0.1:${port}` };
    const list = inEnglish(await listModels({ root: s.root, key: KEY, env }));
    expect(list.models).toHaveLength(3);
    const local = inEnglish(await listModels({ root: `http://localhost:${s.port}`, key: KEY, env }));
    expect(local.models).toHaveLength(3);
  });

  it('tunnels a non-loopback host through HTTP_PROXY from the passed env', async () => {
    const s = await startServer((_req, res) => json(res, 200, LIST));
    const proxy = await startRecordingProxy(() => s.port);
    const list = inEnglish(await listModels({ root: 'http://gateway.example', key: KEY, env: { HTTP_PROXY: proxy.root } }));
    expect(list.models).toHaveLength(3);
    expect(proxy.tunnels).toEqual(['gateway.example:80']);
    expect(s.requests[0]?.headers.host).toBe('gateway.example');
  });

  it('names the proxy when it cannot be reached', async () => {
    const port = await deadPort();
    const d = await failure({ root: 'http://gateway.example', key: KEY, env: { http_proxy: `http://user:pw@127.0.0.1:${port}` } });
    expect(d.code).toBe('unreachable');
    expect(d.message).toContain(`the proxy http://127.0.0.1:${port} (from http_proxy)`);
    expect(d.message).not.toContain('pw');
  });
});
