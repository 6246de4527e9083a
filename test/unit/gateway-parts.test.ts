// The small parts of the gateway client: SSE parsing, request IDs, the concurrency bound, proxy
// selection, transport error mapping, and the diagnosis texts.
import { describe, expect, it } from 'vitest';
import { mapBounded } from '../../src/gateway/concurrency.js';
import { describeDiagnosis, diagnoseAnswer, diagnoseError, safeUrl, v1Problem, type DiagnoseContext } from '../../src/gateway/diagnosis.js';
import { bypassesProxy, isLoopbackHost, proxyFor } from '../../src/gateway/proxy.js';
import { requestIdFrom, requestIdInMessage, stripRequestId } from '../../src/gateway/request-id.js';
import { SseParser } from '../../src/gateway/sse.js';
import { diagnoseTransportError, type TransportFailure } from '../../src/gateway/transport-errors.js';
import { inEnglish } from '../helpers/english.js';
import { msg } from '../../src/i18n/index.js';

describe('SseParser', () => {
  it('parses event/data pairs, multi-line data, comments and CRLF, across any split', () => {
    const text = ': PING\r\nevent: message_start\r\ndata: {"a":1}\r\n\r\ndata: line1\ndata: line2\n\nevent: message_stop\ndata: {}\n\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      const p = new SseParser();
      const events = [];
      for (let i = 0; i < text.length; i += size) events.push(...p.push(text.slice(i, i + size)));
      events.push(...p.end());
      expect(events).toEqual([
        { event: 'message_start', data: '{"a":1}' },
        { data: 'line1\nline2' },
        { event: 'message_stop', data: '{}' },
      ]);
    }
  });

  it('keeps a last event that lacks its blank line', () => {
    const p = new SseParser();
    expect(p.push('data: [DONE]')).toEqual([]);
    expect(p.end()).toEqual([{ data: '[DONE]' }]);
  });

  it('takes data without a space after the colon', () => {
    expect(new SseParser().push('data:x\n\n')).toEqual([{ data: 'x' }]);
  });
});

describe('request ids', () => {
  it('reads the header first, then the message suffix', () => {
    expect(requestIdFrom({ 'x-oneapi-request-id': 'h1' }, '{"error":{"message":"x (request id: b1)"}}')).toBe('h1');
    expect(requestIdFrom({}, '{"error":{"message":"Invalid token (request id: 2026080112000012345)"}}')).toBe('2026080112000012345');
    expect(requestIdFrom({ 'x-oneapi-request-id': ['a2', 'b2'] })).toBe('a2');
    expect(requestIdFrom({}, '{"error":{"message":"Invalid URL (GET /v1/x)"}}')).toBeUndefined();
    expect(requestIdFrom({})).toBeUndefined();
  });

  it('finds and strips the suffix of a message', () => {
    expect(requestIdInMessage('No available channel (request id: abc-1)')).toBe('abc-1');
    expect(requestIdInMessage('no id here')).toBeUndefined();
    expect(stripRequestId('Invalid token (request id: abc)')).toBe('Invalid token');
  });
});

describe('mapBounded', () => {
  it('never runs more than the limit and keeps the order', async () => {
    let inFlight = 0;
    let max = 0;
    const out = await mapBounded([30, 5, 20, 1, 10, 2, 8], 3, async (ms, i) => {
      inFlight++;
      max = Math.max(max, inFlight);
      await new Promise((r) => setTimeout(r, ms));
      inFlight--;
      return i * 10;
    });
    expect(out).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(max).toBe(3);
  });

  it('treats a limit below 1 as 1', async () => {
    let inFlight = 0;
    let max = 0;
    await mapBounded([1, 2, 3], 0, async () => {
      inFlight++;
      max = Math.max(max, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
    });
    expect(max).toBe(1);
  });
});

describe('proxy selection', () => {
  const u = (s: string): URL => new URL(s);

  it.each(['localhost', 'api.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '[::ffff:127.0.0.1]'])('%s is loopback', (host) => {
    expect(isLoopbackHost(u(`http://${host}:4000`).hostname)).toBe(true);
  });

  it.each(['10.0.0.1', 'gateway.example', '128.0.0.1', 'localhost.example.com'])('%s is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('never proxies loopback', () => {
    expect(proxyFor(u('http://127.0.0.1:3000'), { HTTP_PROXY: 'http://proxy:8080' })).toBeUndefined();
    expect(proxyFor(u('https://localhost'), { HTTPS_PROXY: 'http://proxy:8080' })).toBeUndefined();
  });

  it('picks the variable by scheme, lower case first, and adds a missing scheme', () => {
    expect(proxyFor(u('http://gw.example'), { HTTP_PROXY: 'http://up:1', http_proxy: 'http://low:2' })).toEqual({ uri: 'http://low:2', variable: 'http_proxy' });
    expect(proxyFor(u('https://gw.example'), { HTTPS_PROXY: 'proxy:3128', HTTP_PROXY: 'http://h:1' })).toEqual({ uri: 'http://proxy:3128', variable: 'HTTPS_PROXY' });
    expect(proxyFor(u('https://gw.example'), { HTTP_PROXY: 'http://h:1' })).toEqual({ uri: 'http://h:1', variable: 'HTTP_PROXY' });
    expect(proxyFor(u('http://gw.example'), { HTTPS_PROXY: 'http://s:1' })).toBeUndefined();
    expect(proxyFor(u('http://gw.example'), { HTTP_PROXY: '  ' })).toBeUndefined();
    expect(proxyFor(u('http://gw.example'), undefined)).toBeUndefined();
  });

  it('honours NO_PROXY from the passed env', () => {
    expect(proxyFor(u('http://gw.example'), { HTTP_PROXY: 'http://p:1', NO_PROXY: 'gw.example' })).toBeUndefined();
    expect(proxyFor(u('http://gw.example'), { HTTP_PROXY: 'http://p:1', no_proxy: 'other.example' })).toBeDefined();
  });

  it.each([
    ['*', 'http://anything.example', true],
    ['example.com', 'http://example.com', true],
    ['example.com', 'http://api.example.com', true],
    ['example.com', 'http://notexample.com', false],
    ['.example.com', 'http://api.example.com', true],
    ['*.example.com', 'http://a.b.example.com', true],
    ['a.com, b.com', 'http://b.com', true],
    ['a.com b.com', 'http://b.com', true],
    ['gw.example:8080', 'http://gw.example:8080', true],
    ['gw.example:8080', 'http://gw.example:9090', false],
    ['gw.example:443', 'https://gw.example', true],
    ['10.0.0.0/8', 'http://10.1.2.3', true],
    ['10.0.0.0/8', 'http://11.1.2.3', false],
    ['192.168.1.5', 'http://192.168.1.5:4000', true],
    ['[fd00::1]:4000', 'http://[fd00::1]:4000', true],
    ['fd00::1', 'http://[fd00::1]:4000', true],
    ['EXAMPLE.COM', 'http://Api.Example.com', true],
    ['', 'http://example.com', false],
  ])('NO_PROXY %j for %s: %s', (noProxy, url, bypass) => {
    expect(bypassesProxy(u(url), noProxy)).toBe(bypass);
  });
});

describe('transport errors', () => {
  const f: TransportFailure = { ctx: { url: 'http://gw.example:4000/v1/models', method: 'GET' }, phase: 'request', connectTimeoutMs: 10_000, timeoutMs: 30_000 };
  const err = (code: string, message = 'boom'): Error => Object.assign(new Error(message), { code });

  it.each([
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout', /within 10 s \(connect timeout\)/],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout', /within 30 s \(headers timeout\)/],
    ['UND_ERR_BODY_TIMEOUT', 'timeout', /for 30 s \(body timeout\)/],
    ['ENOTFOUND', 'unreachable', /gw.example:4000: the name does not resolve \(ENOTFOUND\)/],
    ['EAI_AGAIN', 'unreachable', /DNS lookup failed for now \(EAI_AGAIN\)/],
    ['ECONNREFUSED', 'unreachable', /connection refused/],
    ['CERT_HAS_EXPIRED', 'unreachable', /TLS handshake .* \(CERT_HAS_EXPIRED\)/],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'unreachable', /TLS handshake/],
    ['EHOSTUNREACH', 'unreachable', /no route/],
    ['UND_ERR_SOCKET', 'unreachable', /without answering/],
    ['EWHATEVER', 'unreachable', /failed: boom \(EWHATEVER\)/],
  ])('%s → %s', (code, diag, pattern) => {
    const d = inEnglish(diagnoseTransportError(err(code), f));
    expect(d.code).toBe(diag);
    expect(d.message).toMatch(pattern);
    expect(d.url).toBe('http://gw.example:4000/v1/models');
  });

  it('finds codes in causes and aggregate errors', () => {
    const wrapped = Object.assign(new Error('fetch failed'), { cause: new AggregateError([err('ECONNREFUSED'), err('ECONNREFUSED')]) });
    expect(inEnglish(diagnoseTransportError(wrapped, f)).message).toMatch(/ECONNREFUSED/);
  });

  it('a cut in the body is stream_broken', () => {
    expect(inEnglish(diagnoseTransportError(err('ECONNRESET'), { ...f, phase: 'body' })).code).toBe('stream_broken');
  });

  it('names the proxy', () => {
    const d = inEnglish(diagnoseTransportError(err('ECONNREFUSED'), { ...f, proxy: { uri: 'http://u:secret@proxy.corp:3128', variable: 'HTTPS_PROXY' } }));
    expect(d.message).toContain('the proxy http://proxy.corp:3128 (from HTTPS_PROXY)');
    expect(d.message).not.toContain('secret');
    expect(d.fix).toContain('NO_PROXY');
  });
});

describe('diagnoses', () => {
  const ctx: DiagnoseContext = { url: 'http://gw:4000/v1/messages', method: 'POST', model: 'claude-x', protocol: 'messages', requestId: 'r1', status: 503 };

  it('describeDiagnosis is one line with code, cause, fix and request id', () => {
    const d = diagnoseError(ctx, 503, { message: 'No available channel for model claude-x under group default (distributor)', code: 'model_not_found', type: 'new_api_error' });
    expect(describeDiagnosis(d)).toBe(
      '[model_not_in_group] the key\'s group "default" has no channel serving model "claude-x" (503 model_not_found "No available channel for model claude-x under group default (distributor)") — ' +
      'pick a model the key\'s group serves: run `gateway-agent-setup models`; or ask the gateway admin to enable "claude-x" for group "default" (request id: r1)');
  });

  it('describeDiagnosis without a request id', () => {
    const d = { code: 'timeout' as const, message: msg('net.body_timeout', { host: 'gw', seconds: '5 s' }), fix: msg('net.headers_timeout_fix') };
    expect(describeDiagnosis(d)).toBe('[timeout] gw stopped sending its answer for 5 s (body timeout) — try again; if the gateway is just slow, allow more time with --timeout SECONDS');
  });

  it.each([
    ['该令牌无权访问模型 claude-x', '', 403, 'model_not_allowed'],
    ['当前分组 vip 下对于模型 claude-x 无可用渠道', '', 503, 'model_not_in_group'],
    ['用户额度不足, 剩余额度: 0', '', 403, 'quota'],
    ['令牌额度不足', '', 403, 'quota'],
    ['模型 claude-x 倍率或价格未配置', '', 400, 'model_unpriced'],
    ['codex channel: /v1/messages endpoint not supported', '', 400, 'wrong_protocol'],
    ['anything', 'insufficient_user_quota', undefined, 'quota'],
    ['Invalid token', '', undefined, 'bad_key'],
    ['forbidden', '', 403, 'gateway_error'],
  ] as const)('%s (%s, %s) → %s', (message, code, status, expected) => {
    expect(inEnglish(diagnoseError(ctx, status, { message, code, type: '' })).code).toBe(expected);
  });

  it('names the group from Chinese texts', () => {
    expect(inEnglish(diagnoseError(ctx, 503, { message: '当前分组 vip 下对于模型 claude-x 无可用渠道', code: '', type: '' })).message).toContain('"vip"');
  });

  it('takes the model from the text when the context has none', () => {
    const d = inEnglish(diagnoseError({ url: 'http://gw/v1/chat/completions', method: 'POST' }, 403, { message: 'This token has no access to model gpt-9', code: '', type: '' }));
    expect(d.message).toContain('"gpt-9"');
  });

  it('HTML answers other than 200 blame something in front of the gateway', () => {
    const d = inEnglish(diagnoseAnswer({ url: 'https://gw/v1/models', method: 'GET' }, { status: 403, contentType: 'text/html', body: '<html>Access denied</html>' }));
    expect(d.code).toBe('not_api');
    expect(d.message).toMatch(/WAF/);
  });

  it('a 404 without JSON is still wrong_path, with /v1 missing named', () => {
    const d = inEnglish(diagnoseAnswer({ url: 'http://gw/models', method: 'GET' }, { status: 404, contentType: 'text/plain', body: '404 page not found' }));
    expect(d.code).toBe('wrong_path');
    expect(d.message).toMatch(/\/v1 is missing/);
  });

  it('v1Problem', () => {
    expect(v1Problem('/v1/v1/messages')).toBe('doubled');
    expect(v1Problem('/chat/completions')).toBe('missing');
    expect(v1Problem('/v1/messages/count_tokens')).toBeUndefined();
    expect(v1Problem('/proxy/v1/messages')).toBeUndefined();
  });

  it('safeUrl drops credentials, query and fragment', () => {
    expect(safeUrl('https://user:sk-secret@gw.example/v1/models?key=sk-secret#x')).toBe('https://gw.example/v1/models');
  });

  it('scrubs the key from gateway text', () => {
    const key = 'sk-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKL';
    const d = inEnglish(diagnoseError({ url: 'http://gw/v1/models', method: 'GET', key }, 401, { message: `Invalid token ${key}`, code: '', type: '' }));
    expect(JSON.stringify(d)).not.toContain(key);
  });
});
