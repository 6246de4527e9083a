// Successful answers: the three stream formats parsed to their final events, and the plain JSON shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, REPLY_TEXT, VIP_KEY, startSimulator, type Simulator } from '../../src/simulator/index.js';
import { call, chatBody, parseSse, responsesBody } from './simulator-helpers.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.stop();
});

function dataOf(event: { data: string } | undefined): Record<string, unknown> {
  if (!event) throw new Error('missing event');
  return JSON.parse(event.data) as Record<string, unknown>;
}

describe('chat completions', () => {
  it('streams chunks, a usage chunk with no choices, then [DONE]', async () => {
    const res = await call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('deepseek-chat', { stream: true }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseSse(res.text);
    expect(events.every((e) => e.event === undefined)).toBe(true);
    expect(events.at(-1)?.data).toBe('[DONE]');
    const usage = dataOf(events.at(-2));
    expect(usage.choices).toEqual([]);
    expect(usage.usage).toMatchObject({ completion_tokens: 1 });
    const text = events
      .slice(0, -2)
      .map((e) => {
        const choices = dataOf(e).choices as { delta: { content?: string } }[];
        return choices[0]?.delta.content ?? '';
      })
      .join('');
    expect(text).toBe(REPLY_TEXT);
    expect(dataOf(events[0]).object).toBe('chat.completion.chunk');
  });

  it('answers plain JSON without stream', async () => {
    const res = await call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('claude-sonnet-4-5') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json).toMatchObject({
      object: 'chat.completion',
      model: 'claude-sonnet-4-5',
      choices: [{ index: 0, message: { role: 'assistant', content: REPLY_TEXT }, finish_reason: 'stop' }],
    });
  });
});

describe('messages', () => {
  it('streams the Anthropic event sequence ending in message_stop, no [DONE]', async () => {
    const res = await call(sim, 'POST', '/v1/messages?beta=true', {
      bearer: DEMO_KEY,
      headers: { 'anthropic-version': '2023-06-01' },
      body: chatBody('claude-sonnet-4-5', { stream: true }),
    });
    expect(res.status).toBe(200);
    const events = parseSse(res.text);
    expect(events.map((e) => e.event)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    for (const e of events) expect(dataOf(e).type).toBe(e.event);
    expect(res.text).not.toContain('[DONE]');
    expect(dataOf(events[3]).delta).toEqual({ type: 'text_delta', text: REPLY_TEXT });
    expect(dataOf(events[5]).delta).toMatchObject({ stop_reason: 'end_turn' });
  });

  it('answers a message object without stream', async () => {
    const res = await call(sim, 'POST', '/v1/messages', { bearer: VIP_KEY, body: chatBody('claude-opus-4-1') });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-4-1',
      content: [{ type: 'text', text: REPLY_TEXT }],
      stop_reason: 'end_turn',
    });
  });
});

describe('responses', () => {
  it('streams events ending in response.completed, no [DONE]', async () => {
    const res = await call(sim, 'POST', '/v1/responses', { bearer: DEMO_KEY, body: responsesBody('gpt-5.1-codex', { stream: true }) });
    expect(res.status).toBe(200);
    const events = parseSse(res.text);
    const names = events.map((e) => e.event);
    for (const required of ['response.created', 'response.output_item.added', 'response.output_text.delta', 'response.output_item.done']) {
      expect(names).toContain(required);
    }
    expect(names[0]).toBe('response.created');
    expect(names.at(-1)).toBe('response.completed');
    expect(res.text).not.toContain('[DONE]');
    const completed = dataOf(events.at(-1)).response as { status: string; output: { content: { text: string }[] }[] };
    expect(completed.status).toBe('completed');
    expect(completed.output[0]?.content[0]?.text).toBe(REPLY_TEXT);
    const delta = events.find((e) => e.event === 'response.output_text.delta');
    expect(dataOf(delta).delta).toBe(REPLY_TEXT);
  });

  it('answers a response object without stream', async () => {
    const res = await call(sim, 'POST', '/v1/responses', { bearer: DEMO_KEY, body: responsesBody('gpt-5.1') });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ object: 'response', status: 'completed', model: 'gpt-5.1' });
  });
});

describe('images', () => {
  it('generates with an image model', async () => {
    const res = await call(sim, 'POST', '/v1/images/generations', { bearer: DEMO_KEY, body: { model: 'gpt-image-1', prompt: 'a cat' } });
    expect(res.status).toBe(200);
    const body = res.json as { created: number; data: { url: string }[] };
    expect(typeof body.created).toBe('number');
    expect(body.data[0]?.url).toMatch(/^https:\/\//);
  });

  it('refuses a chat request for the image model', async () => {
    const res = await call(sim, 'POST', '/v1/chat/completions', { bearer: DEMO_KEY, body: chatBody('gpt-image-1') });
    expect(res.status).toBe(500);
  });
});
