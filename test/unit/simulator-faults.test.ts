// Injected faults, the request log and the in-flight high-water mark.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEY, startSimulator, type Simulator } from '../../src/simulator/index.js';
import { call, chatBody, parseSse, responsesBody } from './simulator-helpers.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(async () => {
  await sim.stop();
});

const chat = (extra: Record<string, unknown> = {}) =>
  call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('gpt-5.1', extra) });

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))]);
}

describe('faults', () => {
  it('slow-headers holds the status line back', async () => {
    sim.addFault({ kind: 'slow-headers', ms: 300 });
    const started = Date.now();
    const res = await fetch(`${sim.root}/v1/models`, { headers: { authorization: `Bearer ${DEMO_KEY}` } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(res.status).toBe(200);
    await res.text();
  });

  it('stall-body sends headers and the first event, then nothing; stop() still finishes', async () => {
    sim.addFault({ kind: 'stall-body', path: '/v1/responses' });
    const res = await fetch(`${sim.root}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(responsesBody('gpt-5.1-codex', { stream: true })),
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('event: response.created');
    const pending = reader.read();
    pending.catch(() => undefined);
    expect(await withTimeout(pending, 200)).toBe('timeout');
    const stopped = await withTimeout(sim.stop(), 2_000);
    expect(stopped).not.toBe('timeout');
    await expect(pending).rejects.toThrow();
  });

  it('drip sends the answer a byte every `ms`: whole in the end, and stop() still finishes one under way', async () => {
    sim.addFault({ kind: 'drip', path: '/api/usage/token', ms: 2, times: 1 });
    const started = Date.now();
    const res = await fetch(`${sim.root}/api/usage/token/`, { headers: { authorization: `Bearer ${DEMO_KEY}` } });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const parts: Uint8Array[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
    const text = Buffer.concat(parts).toString('utf8');
    // One byte per write, each after the last: as many reads as bytes (or close), and the time they took.
    expect(parts.length).toBeGreaterThan(text.length / 2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(text.length * 2 * 0.5);
    expect(JSON.parse(text)).toMatchObject({ data: { object: 'token_usage' } });

    sim.addFault({ kind: 'drip', path: '/v1/models', ms: 60_000 });
    const slow = await fetch(`${sim.root}/v1/models`, { headers: { authorization: `Bearer ${DEMO_KEY}` } });
    expect(slow.status).toBe(200);
    const pending = slow.text();
    pending.catch(() => undefined);
    expect(await withTimeout(pending, 200)).toBe('timeout');
    expect(await withTimeout(sim.stop(), 2_000)).not.toBe('timeout');
    await expect(pending).rejects.toThrow();
  });

  it('drop closes the connection without an answer', async () => {
    sim.addFault({ kind: 'drop', times: 1 });
    await expect(chat()).rejects.toThrow();
    expect(sim.log[0]?.status).toBe(0);
    expect((await chat()).status).toBe(200);
  });

  it('truncate-stream drops the final event of streams only', async () => {
    sim.addFault({ kind: 'truncate-stream', times: 2 });
    const plain = await chat();
    expect(plain.status).toBe(200);
    expect(plain.json).toMatchObject({ object: 'chat.completion' });

    const chatStream = await chat({ stream: true });
    expect(chatStream.status).toBe(200);
    const chatEvents = parseSse(chatStream.text);
    expect(chatEvents.length).toBeGreaterThan(1);
    expect(chatEvents.some((e) => e.data === '[DONE]')).toBe(false);

    const responses = await call(sim, 'POST', '/v1/responses', {
      bearer: DEMO_KEY,
      body: responsesBody('gpt-5.1-codex', { stream: true }),
    });
    const names = parseSse(responses.text).map((e) => e.event);
    expect(names).toContain('response.output_text.delta');
    expect(names).not.toContain('response.completed');

    // Spent: the next stream is whole again.
    expect(parseSse((await chat({ stream: true })).text).at(-1)?.data).toBe('[DONE]');
  });

  it('html answers the console page with 200', async () => {
    sim.addFault({ kind: 'html' });
    const res = await chat();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('rate-limit answers 429 with an empty body and Retry-After', async () => {
    sim.addFault({ kind: 'rate-limit', retryAfter: 7 });
    const res = await chat();
    expect(res.status).toBe(429);
    expect(res.text).toBe('');
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.requestId).not.toBeNull();
  });

  it('redirect answers 301 to another host', async () => {
    sim.addFault({ kind: 'redirect', location: 'https://elsewhere.example.invalid/' });
    const res = await chat();
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('https://elsewhere.example.invalid/');
  });

  it('server-error answers 502, panic answers the new_api_panic body', async () => {
    sim.addFault({ kind: 'server-error', times: 1 });
    sim.addFault({ kind: 'panic', times: 1 });
    const upstream = await chat();
    expect(upstream.status).toBe(502);
    expect((upstream.json as { error: { message: string } }).error.message).toContain(`(request id: ${upstream.requestId})`);
    const panic = await chat();
    expect(panic.status).toBe(500);
    expect((panic.json as { error: { type: string } }).error.type).toBe('new_api_panic');
    expect((await chat()).status).toBe(200);
  });

  it('honours path, model and times, and clearFaults', async () => {
    sim.addFault({ kind: 'rate-limit', path: '/v1/responses' });
    expect((await chat()).status).toBe(200);
    sim.clearFaults();
    sim.addFault({ kind: 'server-error', model: 'deepseek-chat', times: 2 });
    expect((await chat()).status).toBe(200);
    const deepseek = () => call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('deepseek-chat') });
    expect((await deepseek()).status).toBe(502);
    expect((await deepseek()).status).toBe(502);
    expect((await deepseek()).status).toBe(200);
    sim.addFault({ kind: 'panic' });
    expect((await chat()).status).toBe(500);
    sim.clearFaults();
    expect((await chat()).status).toBe(200);
  });

  it('takes faults from the start options', async () => {
    const other = await startSimulator({ faults: [{ kind: 'rate-limit', times: 1 }] });
    try {
      expect((await call(other, 'GET', '/v1/models', { bearer: DEMO_KEY })).status).toBe(429);
      expect((await call(other, 'GET', '/v1/models', { bearer: DEMO_KEY })).status).toBe(200);
    } finally {
      await other.stop();
    }
  });
});

describe('request log and maxInFlight', () => {
  it('logs each request with how the key arrived, the model, the status and the request id', async () => {
    const res = await call(sim, 'POST', '/v1/messages?beta=true', {
      apiKey: DEMO_KEY,
      headers: { 'anthropic-version': '2023-06-01' },
      body: chatBody('claude-haiku-4-5', { stream: true }),
    });
    await call(sim, 'GET', '/v1/models', { bearer: DEMO_KEY });
    await call(sim, 'POST', '/v1/chat/completions', { apiKey: DEMO_KEY, body: chatBody('gpt-5.1') });
    expect(sim.log).toHaveLength(3);
    const [messages, models, ignored] = sim.log;
    expect(messages).toMatchObject({
      method: 'POST',
      path: '/v1/messages?beta=true',
      auth: { scheme: 'x-api-key', key: DEMO_KEY },
      model: 'claude-haiku-4-5',
      stream: true,
      status: 200,
      requestId: res.requestId,
    });
    expect(messages?.headers['anthropic-version']).toBe('2023-06-01');
    expect(messages?.endedAt).toBeGreaterThanOrEqual(messages?.startedAt ?? Infinity);
    expect(models).toMatchObject({ method: 'GET', path: '/v1/models', auth: { scheme: 'bearer', key: DEMO_KEY }, status: 200 });
    expect(models?.model).toBeUndefined();
    // x-api-key is not read on chat completions: no key was used, and the gateway said 401.
    expect(ignored).toMatchObject({ auth: { scheme: 'none' }, status: 401, stream: false });
  });

  it('records the highest number of concurrent requests; resetStats starts over', async () => {
    sim.options.latencyMs = 200;
    await Promise.all(Array.from({ length: 5 }, () => call(sim, 'GET', '/v1/models', { bearer: DEMO_KEY })));
    expect(sim.maxInFlight).toBe(5);
    expect(sim.log).toHaveLength(5);
    sim.resetStats();
    expect(sim.maxInFlight).toBe(0);
    expect(sim.log).toHaveLength(0);
    sim.options.latencyMs = 0;
    await call(sim, 'GET', '/v1/models', { bearer: DEMO_KEY });
    await call(sim, 'GET', '/v1/models', { bearer: DEMO_KEY });
    expect(sim.maxInFlight).toBe(1);
    expect(sim.log).toHaveLength(2);
  });

  it('listens on loopback and reports its root', async () => {
    expect(sim.root).toBe(`http://127.0.0.1:${sim.port}`);
    expect(sim.port).toBeGreaterThan(0);
  });
});
