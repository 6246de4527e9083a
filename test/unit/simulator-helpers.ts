// Small HTTP helpers for the simulator tests: real requests over loopback, no mocks.
import type { Simulator } from '../../src/simulator/index.js';

export interface CallOptions {
  /** Sent as `Authorization: Bearer <key>`. */
  bearer?: string;
  /** Sent as `x-api-key`. */
  apiKey?: string;
  body?: unknown;
  /** A raw body string, sent as is. */
  rawBody?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  requestId: string | null;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export async function call(sim: Simulator, method: string, path: string, opts: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.bearer !== undefined) headers.authorization = `Bearer ${opts.bearer}`;
  if (opts.apiKey !== undefined) headers['x-api-key'] = opts.apiKey;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${sim.root}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
    redirect: 'manual',
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, requestId: res.headers.get('x-oneapi-request-id'), json };
}

export interface SseEvent {
  event?: string;
  data: string;
}

/** Splits an SSE body into events (blank-line separated), keeping `event:` names and joined data. */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split(/\n\n/)) {
    if (block.trim() === '') continue;
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    events.push(event === undefined ? { data: data.join('\n') } : { event, data: data.join('\n') });
  }
  return events;
}

export function chatBody(model: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model, messages: [{ role: 'user', content: 'Say OK' }], max_tokens: 8, ...extra };
}

export function responsesBody(model: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model, input: 'Say OK', max_output_tokens: 16, ...extra };
}
